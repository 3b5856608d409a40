import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportRunStatus } from '@patlas/contracts';

const COLORS: Record<ImportRunStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  interrupted: 'warning',
};

export function RunStatusTag({ status }: { status: ImportRunStatus }) {
  const { t } = useTranslation('dataImport');
  return <Tag color={COLORS[status]}>{t(`run.status.${status}`)}</Tag>;
}
