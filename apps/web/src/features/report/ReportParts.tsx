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
