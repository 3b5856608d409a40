import { Alert, Button, Card } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ImportRunSummary } from '@patlas/contracts';
import { formatDateTime } from '../../../utils/format-date';
import { RunStatusTag } from './RunStatusTag';

interface RecentRunsProps {
  runs: readonly ImportRunSummary[];
  isLoading: boolean;
  error: string | undefined;
  selectedId: string | null;
  onOpen: (id: string) => void;
}

/** The recent runs, newest first (kept in the database: they outlive a reload and a restart). */
export function RecentRuns({ runs, isLoading, error, selectedId, onOpen }: RecentRunsProps) {
  const { t } = useTranslation('dataImport');
  const columns: ColumnsType<ImportRunSummary> = [
    { title: t('recent.time'), key: 'time', width: 150, render: (_, run) => formatDateTime(run.createdAt) },
    { title: t('run.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 180, ellipsis: true },
    {
      title: t('recent.files'),
      key: 'files',
      ellipsis: true,
      render: (_, run) => run.files.map((file) => file.name).join('、'),
    },
    { title: t('recent.status'), key: 'status', width: 100, render: (_, run) => <RunStatusTag status={run.status} /> },
    {
      title: t('recent.read'),
      key: 'read',
      width: 90,
      align: 'right',
      render: (_, run) => run.report?.totals.read ?? run.progress?.records ?? 0,
    },
    {
      title: t('recent.stored'),
      key: 'stored',
      width: 120,
      align: 'right',
      render: (_, run) => (run.report ? `${run.report.totals.inserted} / ${run.report.totals.updated}` : '—'),
    },
    { title: t('recent.rejected'), dataIndex: 'refusedTotal', key: 'rejected', width: 80, align: 'right' },
    {
      title: '',
      key: 'open',
      width: 80,
      render: (_, run) => (
        <Button type="link" size="small" disabled={run.id === selectedId} onClick={() => onOpen(run.id)}>
          {t('recent.open')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('recent.title')} className="data-import-recent">
      {error && <Alert type="error" showIcon title={error} />}
      <Table<ImportRunSummary>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={[...runs]}
        loading={isLoading}
        pagination={false}
        tableLayout="fixed"
        rowClassName={(run) => (run.id === selectedId ? 'data-import-selected' : '')}
        locale={{ emptyText: t('recent.empty') }}
      />
    </Card>
  );
}
