import { useState } from 'react';
import { App, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, ReloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { REPORT_RETENTION_DAYS, type Report, type ReportFormat } from '@patlas/contracts';
import { useFileOptions } from '../../export-actions/queries';
import { TaskTable } from '../../tasks/TaskTable';
import { formatDateTime } from '../../utils/format-date';
import { saveFile } from '../../utils/save-file';
import { fetchReportFile, type ReportAction } from './api';
import { useReportAction, useReports } from './queries';
import { reportColumns } from './ReportParts';
import { ReportPreview } from './ReportPreview';

const PAGE_SIZE = 20;

/**
 * The user's reports (/innovationSpace/reportHistory and /innovationSpace/report; spec 2 §4):
 * title and set, state (a generating report is polled until done or failed), created and expiry
 * dates, and preview, PDF, Word, regenerate and delete. `?id=` opens a report's preview.
 */
export function ReportListPage() {
  const { t } = useTranslation('report');
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const list = useReports(page, PAGE_SIZE);
  const action = useReportAction();
  const fileOptions = useFileOptions();
  const [busy, setBusy] = useState<string>();
  const previewId = params.get('id') ?? undefined;

  const setPreview = (id: string | undefined) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next);
  };

  const handleAction = async (kind: ReportAction, report: Report) => {
    try {
      await action.mutateAsync({ action: kind, id: report.id });
      void message.success(t(`done.${kind}`, { title: report.title }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const handleDownload = async (report: Report, format: ReportFormat) => {
    setBusy(`${report.id}:${format}`);
    try {
      const file = await fetchReportFile(report, format, await fileOptions());
      saveFile(file.fileName, file.blob);
    } catch (error) {
      // Spec 2 §8: an expired or deleted report answers its message.
      void message.error((error as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const quota = list.data?.quota;
  const columns = reportColumns(
    { set: t('columns.set'), state: t('columns.state') },
    { setWidth: 260, setMaxWidth: 240 },
  );
  return (
    <Card className="report-page" title={t('list.title')} variant="borderless">
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text type="secondary">{t('list.hint', { days: REPORT_RETENTION_DAYS })}</Typography.Text>
          <Flex gap={12} align="center">
            {quota && (
              <Typography.Text data-testid="report-quota">
                {quota.limit === null
                  ? t('list.quotaUnlimited', { used: quota.used })
                  : t('list.quota', { used: quota.used, limit: quota.limit })}
              </Typography.Text>
            )}
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
              {t('list.refresh')}
            </Button>
          </Flex>
        </Flex>
        <TaskTable<Report>
          query={list}
          paging={{ page, pageSize: PAGE_SIZE, setPage, fixedSize: true }}
          emptyText={t('list.empty')}
          className="report-table"
          scroll={{ x: 1100 }}
          columns={[
            {
              key: 'title',
              title: t('columns.title'),
              render: (_, report) => (
                <Flex vertical>
                  <Typography.Text strong data-testid="report-title-cell">
                    {report.title}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {[
                      t(`langs.${report.lang}`),
                      report.total !== null ? t('patentsCount', { count: report.total }) : undefined,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                </Flex>
              ),
            },
            columns.set,
            columns.state,
            {
              key: 'created',
              title: t('columns.created'),
              width: 170,
              render: (_, report) => formatDateTime(report.createdAt) ?? '—',
            },
            {
              key: 'expires',
              title: t('columns.expires'),
              width: 170,
              render: (_, report) => (report.state === 'deleted' ? '—' : (formatDateTime(report.expiresAt) ?? '—')),
            },
          ]}
          actions={{
            title: t('columns.actions'),
            width: 300,
            fixed: 'right',
            render: (report) => (
              <Flex gap={4} wrap data-testid={`report-actions-${report.id}`}>
                {report.state === 'done' && (
                  <>
                    <Button
                      size="small"
                      type="link"
                      icon={<EyeOutlined />}
                      onClick={() => setPreview(report.id)}
                      data-testid="report-preview-button"
                    >
                      {t('actions.preview')}
                    </Button>
                    {(['pdf', 'docx'] as const).map((format) => (
                      <Button
                        key={format}
                        size="small"
                        type="link"
                        icon={<DownloadOutlined />}
                        loading={busy === `${report.id}:${format}`}
                        onClick={() => void handleDownload(report, format)}
                        data-testid={`report-download-${format}`}
                      >
                        {t(`actions.${format}`)}
                      </Button>
                    ))}
                  </>
                )}
                {(report.state === 'expired' || report.state === 'failed') && (
                  <Button
                    size="small"
                    type="link"
                    icon={<SyncOutlined />}
                    onClick={() => void handleAction('regenerate', report)}
                    data-testid="report-regenerate"
                  >
                    {t('actions.regenerate')}
                  </Button>
                )}
                {report.state !== 'deleted' && report.state !== 'generating' && (
                  <Popconfirm
                    title={t('confirmDelete', { title: report.title })}
                    onConfirm={() => handleAction('delete', report)}
                  >
                    <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid="report-delete">
                      {t('actions.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Flex>
            ),
          }}
        />
      </Flex>
      <ReportPreview id={previewId} onClose={() => setPreview(undefined)} />
    </Card>
  );
}
