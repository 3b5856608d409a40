import { MAX_KEYWORD_LENGTH } from '@patlas/contracts';
import { useState } from 'react';
import { Alert as Notice, App, Button, Card, Flex, Input, Popconfirm, Switch, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { DeleteOutlined, EditOutlined, MailOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Alert } from '@patlas/contracts';
import { alertDetailsPath } from '../../app/paths';
import { AlertDialog } from '../../alert-actions/lazy-alert-dialog';
import type { AlertOpening } from '../../alert-actions/alert-model';
import { setResultPath } from '../../search-state/search-url-state';
import { formatDateTime } from '../../utils/format-date';
import { AlertContentText, AlertRecipients, AlertStateTag, useScheduleText } from './AlertParts';
import { useAlertList, useDeleteAlert, useRuns, useSendTestMail, useSwitchAlert } from './queries';
import './alert.css';
import { listPagination } from '../../components/ui/pagination';

/** Spec 2 §9 pagination: page sizes 20, 30, 40. */
const PAGE_SIZES = [20, 30, 40];

/** The list's URL: page, size, keyword `q`, and `edit=<id>` / `new=1` for the dialog (deep links). */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('size'));
  const pageSize = PAGE_SIZES.includes(size) ? size : (PAGE_SIZES[0] ?? 20);
  const keyword = params.get('q')?.trim() ?? '';
  const editId = params.get('edit') ?? undefined;
  const isNew = params.get('new') === '1';
  const change = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  return { page, pageSize, keyword, editId, isNew, change };
}

/**
 * /innovationSpace/warning (spec 2 §2 "alerts"): the user's alerts with what they watch, their
 * recipients, schedule, sending state (spec 2 §4), last and next run; switch on and off, edit,
 * delete, create. The alert dialog is the one the result, library and detail pages open.
 */
export function AlertListPage() {
  const { t } = useTranslation('alert');
  const { message } = App.useApp();
  const { page, pageSize, keyword, editId, isNew, change } = useListParams();
  const [draft, setDraft] = useState(keyword);
  const list = useAlertList(keyword, page, pageSize);
  const switchAlert = useSwitchAlert();
  const deleteAlert = useDeleteAlert();
  const testMail = useSendTestMail();
  const scheduleText = useScheduleText();
  // A deep link to an alert's edit dialog: its runs answer the alert itself.
  const listed = list.data?.items.find((alert) => alert.id === editId);
  const editTarget = useRuns(editId && !listed ? editId : undefined, 1, 1);
  const editing = listed ?? editTarget.data?.alert;
  const opening: AlertOpening | undefined = isNew
    ? { kind: 'new' }
    : editing && editId
      ? { kind: 'edit', alert: editing }
      : undefined;

  const handleSwitch = async (alert: Alert, enabled: boolean) => {
    try {
      await switchAlert.mutateAsync({ id: alert.id, enabled });
      void message.success(t(enabled ? 'list.switchedOn' : 'list.switchedOff', { name: alert.name }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const handleTestMail = async (alert: Alert) => {
    try {
      const { sentTo } = await testMail.mutateAsync(alert.id);
      void message.success(t('list.testMailSent', { email: sentTo }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const handleDelete = async (alert: Alert) => {
    try {
      await deleteAlert.mutateAsync(alert.id);
      void message.success(t('list.deleted', { name: alert.name }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card
      className="alert-page"
      title={t('list.title')}
      variant="borderless"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => change({ new: '1', edit: undefined })}
          data-testid="alert-create"
        >
          {t('list.create')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Text type="secondary">{t('list.hint')}</Typography.Text>
          <Input.Search
            maxLength={MAX_KEYWORD_LENGTH}
            className="alert-keyword"
            allowClear
            value={draft}
            placeholder={t('list.keyword')}
            onChange={(event) => setDraft(event.target.value)}
            onSearch={(value) => change({ q: value.trim(), page: undefined })}
          />
        </Flex>
        {list.isError && <Notice type="error" showIcon title={list.error.message} />}
        {editTarget.isError && <Notice type="error" showIcon title={editTarget.error.message} />}
        <Table<Alert>
          rowKey="id"
          size="middle"
          className="alert-table"
          loading={list.isPending}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: t('list.empty') }}
          scroll={{ x: 1200 }}
          pagination={listPagination({
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => t('list.total', { count: total }),
            onChange: (nextPage, nextSize) =>
              change({
                page: nextPage > 1 ? String(nextPage) : undefined,
                size: nextSize !== PAGE_SIZES[0] ? String(nextSize) : undefined,
              }),
          })}
          columns={[
            {
              key: 'name',
              title: t('list.columns.name'),
              render: (_, alert) => (
                <Flex vertical gap={2} className="alert-name-cell">
                  <Link to={alertDetailsPath(alert.id)} data-testid="alert-name-link">
                    {alert.name}
                  </Link>
                  <Flex gap={4} align="center" className="alert-content">
                    <Tag>{t(`types.${alert.type}`)}</Tag>
                    <AlertContentText alert={alert} />
                  </Flex>
                </Flex>
              ),
            },
            {
              key: 'recipients',
              title: t('list.columns.recipients'),
              width: 200,
              render: (_, alert) => <AlertRecipients alert={alert} vertical />,
            },
            {
              key: 'schedule',
              title: t('list.columns.schedule'),
              width: 150,
              render: (_, alert) => (
                <Flex vertical>
                  <span>{scheduleText(alert.schedule)}</span>
                  <Typography.Text type="secondary" className="alert-small">
                    {alert.schedule.timeZone}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'state',
              title: t('list.columns.state'),
              width: 100,
              render: (_, alert) => <AlertStateTag alert={alert} />,
            },
            {
              key: 'lastRun',
              title: t('list.columns.lastRun'),
              width: 170,
              render: (_, alert) =>
                alert.lastRunAt ? (
                  <Flex vertical>
                    <span>{formatDateTime(alert.lastRunAt)}</span>
                    {alert.lastRun && (
                      <Link
                        to={setResultPath({ kind: 'alertRun', key: alert.lastRun.id })}
                        className="alert-small"
                        data-testid="alert-last-run"
                      >
                        {t('list.lastRunCounts', { new: alert.lastRun.newCount, changed: alert.lastRun.changedCount })}
                      </Link>
                    )}
                  </Flex>
                ) : (
                  <Typography.Text type="secondary">{t('list.never')}</Typography.Text>
                ),
            },
            {
              key: 'nextRun',
              title: t('list.columns.nextRun'),
              width: 150,
              render: (_, alert) =>
                alert.nextRunAt ? (
                  <span data-testid="alert-next-run">{formatDateTime(alert.nextRunAt)}</span>
                ) : (
                  <Typography.Text type="secondary" data-testid="alert-next-run">
                    {alert.enabled ? '—' : t('list.off')}
                  </Typography.Text>
                ),
            },
            {
              key: 'enabled',
              title: t('list.columns.enabled'),
              width: 80,
              render: (_, alert) => (
                <Switch
                  checked={alert.enabled}
                  size="small"
                  loading={switchAlert.isPending && switchAlert.variables.id === alert.id}
                  onChange={(checked) => void handleSwitch(alert, checked)}
                  aria-label={t('list.columns.enabled')}
                  data-testid="alert-switch"
                />
              ),
            },
            {
              key: 'actions',
              title: t('list.columns.actions'),
              width: 280,
              fixed: 'right',
              render: (_, alert) => (
                <Flex gap={0} wrap>
                  <Link to={alertDetailsPath(alert.id)}>
                    <Button size="small" type="link" icon={<UnorderedListOutlined />}>
                      {t('list.details')}
                    </Button>
                  </Link>
                  <Button
                    size="small"
                    type="link"
                    icon={<EditOutlined />}
                    onClick={() => change({ edit: alert.id, new: undefined })}
                    data-testid="alert-edit"
                  >
                    {t('list.edit')}
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    icon={<MailOutlined />}
                    loading={testMail.isPending && testMail.variables === alert.id}
                    onClick={() => void handleTestMail(alert)}
                    title={t('list.testMailHint')}
                    data-testid="alert-test-mail"
                  >
                    {t('list.testMail')}
                  </Button>
                  <Popconfirm
                    title={t('list.deleteConfirm', { name: alert.name })}
                    okText={t('list.delete')}
                    cancelText={t('form.cancel')}
                    onConfirm={() => handleDelete(alert)}
                  >
                    <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid="alert-delete">
                      {t('list.delete')}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
      <AlertDialog opening={opening} onClose={() => change({ new: undefined, edit: undefined })} />
    </Card>
  );
}
