import { Tag, Tooltip } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Report } from '@patlas/contracts';

const STATE_COLORS: Record<Report['state'], string> = {
  generating: 'processing',
  done: 'success',
  failed: 'error',
  expired: 'warning',
  deleted: 'default',
};

/** A report's state (spec 2 §4): generating (with a spinner), done, failed (its message), expired, deleted. */
export function ReportStateTag({ report }: { report: Report }) {
  const { t } = useTranslation('report');
  const tag = (
    <Tag
      color={STATE_COLORS[report.state]}
      icon={report.state === 'generating' ? <LoadingOutlined /> : undefined}
      data-testid={`report-state-${report.state}`}
    >
      {t(`states.${report.state}`)}
    </Tag>
  );
  return report.state === 'failed' && report.error ? <Tooltip title={report.error}>{tag}</Tooltip> : tag;
}
