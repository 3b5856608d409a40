import { Alert, Button, Card, Descriptions, Empty, Flex, Progress, Spin, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import { SearchOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ImportRun, ImportRunFileReport, ImportRefusedLine } from '@patlas/contracts';
import { setResultPath } from '../../../search-state/search-url-state';
import { formatDateTime } from '../../../utils/format-date';
import { useFormatName } from '../format-names';
import { useImportRun } from '../queries';
import { RunStatusTag } from './RunStatusTag';
import { listPagination } from '../../../components/ui/pagination';

/** Share of the bytes read, 100 once done (a run of unrecognised files only has no bytes to read). */
function percentOf(run: ImportRun): number {
  if (run.status === 'done') return 100;
  const progress = run.progress;
  if (!progress || progress.bytesTotal <= 0) return 0;
  return Math.min(99, Math.floor((progress.bytesRead * 100) / progress.bytesTotal));
}

/** One import run: status and progress while it works, then its report per file and its refused lines. */
export function RunPanel({ runId }: { runId: string }) {
  const { t } = useTranslation('dataImport');
  const run = useImportRun(runId);
  const data = run.data;
  return (
    <Card title={t('run.title')} className="data-import-run" extra={data && <RunStatusTag status={data.status} />}>
      {run.error && <Alert type="error" showIcon title={run.error.message} />}
      {!data && !run.error && <Spin />}
      {data && <RunDetails run={data} />}
    </Card>
  );
}

function RunDetails({ run }: { run: ImportRun }) {
  const { t } = useTranslation('dataImport');
  const formatName = useFormatName();
  const isActive = run.status === 'queued' || run.status === 'running';
  const explained =
    run.status === 'queued' || run.status === 'failed' || run.status === 'interrupted' ? run.status : null;
  const progressStatus =
    run.status === 'done'
      ? 'success'
      : run.status === 'failed' || run.status === 'interrupted'
        ? 'exception'
        : 'active';
  const report = run.report;

  const reportColumns: ColumnsType<ImportRunFileReport> = [
    { title: t('report.file'), dataIndex: 'name', key: 'name', ellipsis: true },
    {
      title: t('report.format'),
      key: 'format',
      width: 260,
      render: (_, row) => <Tag color={row.format === null ? 'error' : 'blue'}>{formatName(row.format)}</Tag>,
    },
    ...(['read', 'inserted', 'updated', 'unchanged', 'rejected'] as const).map((key) => ({
      title: t(`report.${key}`),
      dataIndex: key,
      key,
      width: 104,
      align: 'right' as const,
    })),
  ];

  const refusedColumns: ColumnsType<ImportRefusedLine> = [
    { title: t('refused.file'), dataIndex: 'file', key: 'file', width: 240, ellipsis: true },
    {
      title: t('refused.line'),
      dataIndex: 'line',
      key: 'line',
      width: 100,
      render: (line: number) => (line === 0 ? t('refused.wholeFile') : line),
    },
    { title: t('refused.reason'), dataIndex: 'reason', key: 'reason' },
  ];

  return (
    <Flex vertical gap={16}>
      {explained && (
        <Alert
          type={explained === 'queued' ? 'info' : explained === 'failed' ? 'error' : 'warning'}
          showIcon
          title={t(`run.explain.${explained}`)}
        />
      )}
      <Progress
        percent={percentOf(run)}
        status={progressStatus}
        aria-label={t('run.title')}
        className="data-import-progress"
      />
      <Descriptions size="small" column={{ xs: 1, md: 3 }} className="data-import-facts">
        {isActive && run.progress?.currentFile && (
          <Descriptions.Item label={t('run.currentFile')}>{run.progress.currentFile}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('run.records')}>{run.progress?.records ?? 0}</Descriptions.Item>
        <Descriptions.Item label={t('run.rejected')}>{run.refusedTotal}</Descriptions.Item>
        {run.createdBy && <Descriptions.Item label={t('run.createdBy')}>{run.createdBy}</Descriptions.Item>}
        {run.startedAt && (
          <Descriptions.Item label={t('run.startedAt')}>{formatDateTime(run.startedAt)}</Descriptions.Item>
        )}
        {run.finishedAt && (
          <Descriptions.Item label={t('run.finishedAt')}>{formatDateTime(run.finishedAt)}</Descriptions.Item>
        )}
        {report && (
          <Descriptions.Item label={t('run.elapsed')}>
            {t('run.seconds', { value: (report.elapsedMs / 1000).toFixed(1) })}
          </Descriptions.Item>
        )}
      </Descriptions>
      {report && (
        <Table<ImportRunFileReport>
          className="data-import-report"
          title={() => (
            <Flex gap={8} align="center" justify="space-between" wrap>
              <Typography.Text strong>{t('report.title')}</Typography.Text>
              <ImportedRecordsLink run={run} />
            </Flex>
          )}
          rowKey={(row, index) => `${row.name}-${index ?? 0}`}
          size="small"
          columns={reportColumns}
          dataSource={report.files}
          pagination={false}
          tableLayout="fixed"
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                {t('report.total')}
              </Table.Summary.Cell>
              {(['read', 'inserted', 'updated', 'unchanged', 'rejected'] as const).map((key, i) => (
                <Table.Summary.Cell key={key} index={i + 2} align="right">
                  {report.totals[key]}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          )}
        />
      )}
      {!isActive && (
        <Table<ImportRefusedLine>
          className="data-import-refused"
          title={() => (
            <Flex gap={8} align="baseline">
              <Typography.Text strong>{t('refused.title')}</Typography.Text>
              <Typography.Text type="secondary">
                {run.refusedTotal > run.refused.length
                  ? t('refused.countCapped', { total: run.refusedTotal, shown: run.refused.length })
                  : t('refused.count', { total: run.refusedTotal })}
              </Typography.Text>
            </Flex>
          )}
          rowKey={(row, index) => `${row.file}-${row.line}-${index ?? 0}`}
          size="small"
          columns={refusedColumns}
          dataSource={run.refused}
          pagination={run.refused.length > 10 ? listPagination({ pageSize: 10, showSizeChanger: false }) : false}
          tableLayout="fixed"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('refused.none')} /> }}
        />
      )}
    </Flex>
  );
}

/**
 * Issue 43: the records the import added or changed, opened in the shared result page as a set
 * (`importRun:<id>`), as libraries and alert runs open theirs.
 */
function ImportedRecordsLink({ run }: { run: ImportRun }) {
  const { t } = useTranslation('dataImport');
  const report = run.report;
  const count = report ? report.totals.inserted + report.totals.updated : 0;
  if (!report || report.versionId === undefined || report.versionId === null || count === 0) return null;
  return (
    <Link to={setResultPath({ kind: 'importRun', key: run.id })} data-testid="import-open-records">
      <Button size="small" type="primary" ghost icon={<SearchOutlined />}>
        {t('report.openRecords', { count })}
      </Button>
    </Link>
  );
}
