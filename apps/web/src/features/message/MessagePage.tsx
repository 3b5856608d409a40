import { App, Badge, Button, Card, Space, Tabs, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Message, MessageCategory } from '@patlas/contracts';
import { ApiError } from '../../api/client';
import { useFormatDateTime } from '../../utils/use-format-date-time';
import { messageLink, messageText } from './message-text';
import { useMarkMessagesRead, useMessages, useUpdateMessage } from './queries';
import { listPagination } from '../../components/ui/pagination';

const TABS = ['all', 'invitation', 'share', 'system'] as const;
type MessageTab = (typeof TABS)[number];
const PAGE_SIZE = 20;

function tabOf(value: string | null): MessageTab {
  return (TABS as readonly string[]).includes(value ?? '') ? (value as MessageTab) : 'all';
}

/**
 * /innovationSpace/myMsg (spec 2 §2 /myMsg): invitations, shares and system notices, newest first;
 * mark read one at a time or in batches; accept or decline invitations. Tab and page live in the URL.
 */
export function MessagePage() {
  const { t } = useTranslation('message');
  const formatTime = useFormatDateTime();
  const { message: toast } = App.useApp();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<string[]>([]);
  const query = {
    page,
    pageSize: PAGE_SIZE,
    ...(tab === 'all' ? {} : { category: tab as MessageCategory }),
  };
  const list = useMessages(query);
  const update = useUpdateMessage();
  const markRead = useMarkMessagesRead();

  const setView = (next: { tab?: MessageTab; page?: number }) => {
    const nextParams = new URLSearchParams(params);
    if (next.tab !== undefined) {
      if (next.tab === 'all') nextParams.delete('tab');
      else nextParams.set('tab', next.tab);
      nextParams.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page === 1) nextParams.delete('page');
      else nextParams.set('page', String(next.page));
    }
    setSelected([]);
    setParams(nextParams);
  };

  const showError = (error: unknown) => {
    void toast.error(error instanceof ApiError ? error.message : t('failed'));
  };

  const answer = (item: Message, response: 'accept' | 'decline') =>
    update.mutate(
      { id: item.id, response },
      {
        onSuccess: () => void toast.success(t(response === 'accept' ? 'accepted' : 'declined')),
        onError: showError,
      },
    );

  const columns: ColumnsType<Message> = [
    {
      key: 'state',
      width: 28,
      render: (_, item) => (item.isRead ? null : <Badge status="processing" aria-label={t('unread')} />),
    },
    {
      key: 'kind',
      title: t('columns.kind'),
      width: 110,
      render: (_, item) => <Tag>{t(`categories.${item.category}`)}</Tag>,
    },
    {
      key: 'text',
      title: t('columns.content'),
      render: (_, item) => {
        const link = messageLink(item);
        const sentence = messageText(item, t);
        const note = typeof item.payload.note === 'string' ? item.payload.note : undefined;
        return (
          <div>
            <Typography.Text strong={!item.isRead}>
              {link ? (
                <Link to={link} onClick={() => !item.isRead && update.mutate({ id: item.id })}>
                  {sentence}
                </Link>
              ) : (
                sentence
              )}
            </Typography.Text>
            {note && <div className="message-note">{t('note', { note })}</div>}
          </div>
        );
      },
    },
    {
      key: 'sender',
      title: t('columns.sender'),
      width: 200,
      render: (_, item) => (item.sender ? item.sender.fullname || item.sender.email : t('systemSender')),
    },
    {
      key: 'time',
      title: t('columns.time'),
      width: 170,
      render: (_, item) => formatTime(item.createdAt),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      width: 200,
      render: (_, item) => {
        if (item.response === 'pending') {
          return (
            <Space>
              <Button
                type="primary"
                size="small"
                onClick={() => answer(item, 'accept')}
                loading={update.isPending}
                data-testid="message-accept"
              >
                {t('accept')}
              </Button>
              <Button size="small" onClick={() => answer(item, 'decline')} disabled={update.isPending}>
                {t('decline')}
              </Button>
            </Space>
          );
        }
        if (item.response) return <Tag>{t(`responses.${item.response}`)}</Tag>;
        if (!item.isRead) {
          return (
            <Button size="small" type="link" onClick={() => update.mutate({ id: item.id }, { onError: showError })}>
              {t('markRead')}
            </Button>
          );
        }
        return null;
      },
    },
  ];

  return (
    <Card className="message-page" variant="borderless" title={t('title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setView({ tab: tabOf(key) })}
        items={TABS.map((key) => ({ key, label: t(`tabs.${key}`) }))}
      />
      <Space style={{ marginBottom: 12 }}>
        <Button
          disabled={selected.length === 0}
          onClick={() => markRead.mutate({ ids: selected }, { onSuccess: () => setSelected([]), onError: showError })}
        >
          {t('markSelectedRead', { n: selected.length })}
        </Button>
        <Button onClick={() => markRead.mutate({ all: true }, { onError: showError })}>{t('markAllRead')}</Button>
      </Space>
      <Table<Message>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: t('empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={listPagination({
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (next) => setView({ page: next }),
        })}
      />
    </Card>
  );
}
