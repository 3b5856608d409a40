import { Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Report } from '@patlas/contracts';
import { TaskStateTag } from '../../tasks/TaskTable';

/** A report's state (spec 2 §4): generating (with a spinner), done, failed (its message), expired, deleted. */
export function ReportStateTag({ report }: { report: Report }) {
  const { t } = useTranslation('report');
  return (
    <TaskStateTag
      state={report.state}
      error={report.state === 'failed' ? report.error : null}
      label={t(`states.${report.state}`)}
      icon={report.state === 'generating' ? <LoadingOutlined /> : undefined}
      testId={`report-state-${report.state}`}
    />
  );
}

/** What a report was made of: its origin and, when known, the set as the user saw it. */
function ReportSet({ report, maxWidth }: { report: Report; maxWidth: number }) {
  const { t } = useTranslation('report');
  return (
    <Typography.Text ellipsis={{ tooltip: report.originLabel }} style={{ maxWidth }}>
      {report.originLabel
        ? t('originWithLabel', { origin: t(`origins.${report.origin}`), label: report.originLabel })
        : t(`origins.${report.origin}`)}
    </Typography.Text>
  );
}

/** The set and state columns both report lists show (the user's and the operators'). */
export function reportColumns(
  titles: { set: string; state: string },
  options: { setWidth?: number; setMaxWidth: number },
): { set: ColumnType<Report>; state: ColumnType<Report> } {
  return {
    set: {
      key: 'set',
      title: titles.set,
      ...(options.setWidth ? { width: options.setWidth } : {}),
      render: (_, report) => <ReportSet report={report} maxWidth={options.setMaxWidth} />,
    },
    state: { key: 'state', title: titles.state, width: 110, render: (_, report) => <ReportStateTag report={report} /> },
  };
}
