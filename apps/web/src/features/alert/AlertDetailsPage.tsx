import { useState } from 'react';
import { Button, Card, Descriptions, Flex, Result, Spin, Tag, Tooltip, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { ArrowLeftOutlined, EditOutlined, ExportOutlined, FileSearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Alert, AlertMailState, AlertRun } from '@patlas/contracts';
import { ALERTS_PATH, DOWNLOADS_PERMISSION } from '../../app/paths';
import { ExportDialog } from '../../export-actions/lazy-export-dialog';
import type { ExportSource } from '../../export-actions/export-model';
import { asOfResultPath, setResultPath } from '../../search-state/search-url-state';
import { usePermission } from '../../session/useSession';
import { formatDateTime } from '../../utils/format-date';
import { AlertContentText, AlertRecipients, AlertStateTag, useScheduleText } from './AlertParts';
import { useResultCount, useRunDetails, useRuns } from './queries';
import './alert.css';
import { listPagination } from '../../components/ui/pagination';

const PAGE_SIZE = 20;

const MAIL_COLORS: Record<AlertMailState, string> = {
  pending: 'processing',
  sent: 'success',
  skipped: 'default',
  failed: 'error',
};

/** The result page of a run's patents (report order: new first, then changed). */
export function runResultPath(runId: string): string {
  return setResultPath({ kind: 'alertRun', key: runId });
}

/**
 * /warning/details?id=… (spec 2 §2 "alert details"): an alert and its runs, newest first — when
 * each ran, how many patents were new and changed, and how its mail went. A run's patents open on
 * the result page (set `alertRun:<run id>`), where they can be filtered, analysed, collected and
 * exported like any result set; `?run=` alone (the result page's way back) finds the run's alert.
 */
export function AlertDetailsPage() {
  const { t } = useTranslation('alert');
  const [params, setParams] = useSearchParams();
  const runParam = params.get('run') ?? undefined;
  const idParam = params.get('id') ?? undefined;
  const runAlert = useRunDetails(idParam ? undefined : runParam);
  const id = idParam ?? runAlert.data?.alert.id;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const runs = useRuns(id, page, PAGE_SIZE);

  if (!idParam && !runParam) return <Result status="warning" title={t('details.missingId')} />;
  const error = runAlert.error ?? runs.error;
  if (error) return <Result status="warning" title={error.message} extra={<BackLink />} />;
  const alert = runs.data?.alert;
  if (!alert) return <Spin className="alert-loading" />;

  return (
    <Flex vertical gap={16} className="alert-details">
      <AlertSummary alert={alert} />
      <Card size="small" title={t('details.runs')} className="alert-runs">
        <RunTable
          runs={runs.data?.items ?? []}
          total={runs.data?.total ?? 0}
          page={page}
          isLoading={runs.isFetching}
          alertName={alert.name}
          searchOf={alert.type === 'search' ? alert.content : undefined}
          highlightedRun={runParam}
          onPage={(next) => {
            const nextParams = new URLSearchParams(params);
            if (next > 1) nextParams.set('page', String(next));
            else nextParams.delete('page');
            setParams(nextParams);
          }}
        />
      </Card>
    </Flex>
  );
}

function BackLink() {
  const { t } = useTranslation('alert');
  return (
    <Link to={ALERTS_PATH}>
      <Button icon={<ArrowLeftOutlined />}>{t('details.back')}</Button>
    </Link>
  );
}

function AlertSummary({ alert }: { alert: Alert }) {
  const { t } = useTranslation('alert');
  const scheduleText = useScheduleText();
  const counts = useResultCount(alert.id);
  const figures = counts.data?.items.find((item) => item.alertId === alert.id);
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <span data-testid="alert-title">{alert.name}</span>
          <Tag>{t(`types.${alert.type}`)}</Tag>
        </Flex>
      }
      extra={
        <Flex gap={8}>
          <BackLink />
          <Link to={`${ALERTS_PATH}?${new URLSearchParams({ edit: alert.id }).toString()}`}>
            <Button icon={<EditOutlined />}>{t('list.edit')}</Button>
          </Link>
        </Flex>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          { key: 'content', label: t('details.content'), children: <AlertContentText alert={alert} />, span: 2 },
          {
            key: 'schedule',
            label: t('details.schedule'),
            children: `${scheduleText(alert.schedule)} (${alert.schedule.timeZone})`,
          },
          { key: 'state', label: t('details.state'), children: <AlertStateTag alert={alert} /> },
          { key: 'recipients', label: t('details.recipients'), children: <AlertRecipients alert={alert} /> },
          {
            key: 'next',
            label: t('details.nextRun'),
            children: alert.nextRunAt ? formatDateTime(alert.nextRunAt) : alert.enabled ? '—' : t('list.off'),
          },
          ...(alert.lastError
            ? [{ key: 'error', label: t('details.lastError'), children: alert.lastError, span: 2 }]
            : []),
        ]}
      />
      {figures && (
        <Typography.Text type="secondary" data-testid="alert-summary">
          {t('details.summary', { runs: figures.runs, new: figures.newCount, changed: figures.changedCount })}
        </Typography.Text>
      )}
    </Card>
  );
}

interface RunTableProps {
  runs: AlertRun[];
  total: number;
  page: number;
  isLoading: boolean;
  alertName: string;
  /** A search alert's expression and data sources: each run reopens it as of its data version. */
  searchOf?: Alert['content'] | undefined;
  highlightedRun: string | undefined;
  onPage: (page: number) => void;
}

function RunTable({ runs, total, page, isLoading, alertName, searchOf, highlightedRun, onPage }: RunTableProps) {
  const { t } = useTranslation('alert');
  const canExport = usePermission(DOWNLOADS_PERMISSION);
  const [exportSource, setExportSource] = useState<ExportSource>();
  const handleExport = (run: AlertRun) =>
    setExportSource({
      kind: 'results',
      query: { searchExpre: '', set: { kind: 'alertRun', key: run.id }, filters: [], mergeType: 0 },
      page: 1,
      pageSize: PAGE_SIZE,
      total: run.reported,
      selected: [],
      title: `${alertName} ${formatDateTime(run.ranAt) ?? ''}`.trim(),
    });
  return (
    <>
      <Table<AlertRun>
        rowKey="id"
        size="middle"
        loading={isLoading}
        dataSource={runs}
        locale={{ emptyText: t('details.empty') }}
        rowClassName={(run) => (run.id === highlightedRun ? 'ant-table-row-selected' : '')}
        scroll={{ x: 800 }}
        pagination={listPagination({
          current: page,
          pageSize: PAGE_SIZE,
          total,
          showTotal: (count) => t('details.total', { count }),
          onChange: onPage,
        })}
        columns={[
          {
            key: 'ranAt',
            title: t('details.columns.ranAt'),
            render: (_, run) => (
              <Flex vertical>
                <span data-testid="run-ran-at">{formatDateTime(run.ranAt)}</span>
                {/* Issue 48 item 5: the data version the run ran against; a search alert's search reopens as of it. */}
                {run.dataVersion !== null &&
                  run.dataVersion !== undefined &&
                  (searchOf?.expression ? (
                    <Link
                      to={asOfResultPath(searchOf.expression, run.dataVersion, searchOf.source)}
                      className="alert-small"
                      title={t('details.reopenAsOf', { version: run.dataVersion })}
                      data-testid="run-as-of"
                    >
                      {t('details.dataVersion', { version: run.dataVersion })}
                    </Link>
                  ) : (
                    <Typography.Text type="secondary" className="alert-small" data-testid="run-as-of">
                      {t('details.dataVersion', { version: run.dataVersion })}
                    </Typography.Text>
                  ))}
              </Flex>
            ),
          },
          {
            key: 'new',
            title: t('details.columns.new'),
            align: 'right',
            width: 90,
            render: (_, run) => <span data-testid="run-new">{run.newCount.toLocaleString()}</span>,
          },
          {
            key: 'changed',
            title: t('details.columns.changed'),
            align: 'right',
            width: 90,
            render: (_, run) => <span data-testid="run-changed">{run.changedCount.toLocaleString()}</span>,
          },
          {
            key: 'reported',
            title: t('details.columns.reported'),
            width: 160,
            render: (_, run) => (
              <Flex vertical>
                <span>{run.reported.toLocaleString()}</span>
                {run.omitted > 0 && (
                  <Typography.Text type="secondary" className="alert-small">
                    {t('details.omitted', { count: run.omitted })}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            key: 'mail',
            title: t('details.columns.mail'),
            width: 170,
            render: (_, run) => {
              const tag = (
                <Tag color={MAIL_COLORS[run.mailState]} data-testid="run-mail">
                  {/* Skipped for a reason other than "no update" (issue 41: no confirmed recipient, owner inactive). */}
                  {run.mailState === 'skipped' && run.error ? t('states.notSent') : t(`mailStates.${run.mailState}`)}
                </Tag>
              );
              return (
                <Flex vertical>
                  {run.error ? <Tooltip title={run.error}>{tag}</Tooltip> : tag}
                  {run.mailedAt && (
                    <Typography.Text type="secondary" className="alert-small">
                      {formatDateTime(run.mailedAt)}
                    </Typography.Text>
                  )}
                </Flex>
              );
            },
          },
          {
            key: 'actions',
            title: t('details.columns.actions'),
            width: 200,
            render: (_, run) => (
              <Flex gap={0} wrap>
                <Link to={runResultPath(run.id)}>
                  <Button
                    size="small"
                    type="link"
                    icon={<FileSearchOutlined />}
                    disabled={run.reported === 0}
                    data-testid="run-open"
                  >
                    {t('details.open')}
                  </Button>
                </Link>
                {canExport && (
                  <Button
                    size="small"
                    type="link"
                    icon={<ExportOutlined />}
                    disabled={run.reported === 0}
                    onClick={() => handleExport(run)}
                    data-testid="run-export"
                  >
                    {t('details.export')}
                  </Button>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <ExportDialog source={exportSource} onClose={() => setExportSource(undefined)} />
    </>
  );
}
