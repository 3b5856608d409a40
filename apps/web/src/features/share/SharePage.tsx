import { Card, Flex, Radio, Tabs, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isInAppPath, type ShareItem } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { patentDetailPath } from '../../app/paths';
import { ReadMark, ReadMarksProvider, useReadClass } from '../../read-marks/ReadMark';
import { listShares, type ShareKind } from './api';
import { listPagination } from '../../components/ui/pagination';

const PAGE_SIZE = 20;

/** A shared search's router, if it is an in-app path (never another site, issue 41 §2). */
function inAppPath(router: string): string | undefined {
  return isInAppPath(router) ? router : undefined;
}

/** A shared patent: its number to the detail page, its title muted and 已读 / Read once opened. */
function SharedPatent({ pn, title }: { pn: string; title?: string | undefined }) {
  const readClass = useReadClass(pn);
  return (
    <span>
      <Link to={patentDetailPath(pn)} className={readClass}>
        {pn}
      </Link>
      {title && (
        <Typography.Text type="secondary" className={readClass}>
          {' '}
          {title}
        </Typography.Text>
      )}
      <ReadMark publicationNumber={pn} />
    </span>
  );
}

/**
 * /innovationSpace/share (spec 2 §2 /share, /user/share): patents and searches shared with the user
 * (or by them). A patent opens its detail page, a search the result page state it was shared from.
 * Tab, direction and page live in the URL.
 */
export function SharePage() {
  const { t } = useTranslation('share');
  const { lang, messages } = useApiContext();
  const [params, setParams] = useSearchParams();
  const kind: ShareKind = params.get('tab') === 'search' ? 'search' : 'patent';
  const direction = params.get('direction') === 'sent' ? 'sent' : 'received';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({
    queryKey: ['shares', kind, direction, page],
    queryFn: ({ signal }) => listShares(kind, { page, pageSize: PAGE_SIZE, direction }, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const setView = (next: Record<string, string | undefined>) => {
    const nextParams = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined) nextParams.delete(key);
      else nextParams.set(key, value);
    }
    setParams(nextParams);
  };

  // Reading marks (docs/reading-marks.md): the shared patents on this page the user has opened.
  const pageNumbers =
    kind === 'patent' ? (list.data?.items ?? []).flatMap((item) => (item.patents ?? []).map((p) => p.pn)) : [];

  const person = direction === 'received' ? 'sender' : 'recipient';
  const columns: ColumnsType<ShareItem> = [
    {
      key: 'content',
      title: kind === 'patent' ? t('columns.patents') : t('columns.search'),
      render: (_, item) =>
        kind === 'patent' ? (
          <Flex vertical gap={2}>
            {(item.patents ?? []).map((patent) => (
              <SharedPatent key={patent.pn} pn={patent.pn} title={patent.title} />
            ))}
          </Flex>
        ) : item.search ? (
          <Flex vertical gap={2}>
            {inAppPath(item.search.router) ? (
              <Link to={inAppPath(item.search.router) ?? '/'}>{item.search.title}</Link>
            ) : (
              item.search.title
            )}
            {item.search.expression && <Typography.Text code>{item.search.expression}</Typography.Text>}
            {item.search.total !== undefined && (
              <Typography.Text type="secondary">{t('total', { n: item.search.total })}</Typography.Text>
            )}
          </Flex>
        ) : null,
    },
    { key: 'note', title: t('columns.note'), render: (_, item) => item.note ?? '' },
    {
      key: 'person',
      title: direction === 'received' ? t('columns.sender') : t('columns.recipient'),
      width: 220,
      render: (_, item) => (
        <span>
          <span>{item[person].fullname}</span>
          <Typography.Text type="secondary"> {item[person].email}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'time',
      title: t('columns.time'),
      width: 170,
      render: (_, item) => new Date(item.createdAt).toLocaleString(),
    },
  ];

  return (
    <Card className="share-page" variant="borderless" title={t('title')}>
      <Tabs
        activeKey={kind}
        onChange={(key) => setView({ tab: key === 'search' ? 'search' : undefined, page: undefined })}
        items={[
          { key: 'patent', label: t('tabs.patent') },
          { key: 'search', label: t('tabs.search') },
        ]}
        tabBarExtraContent={
          <Radio.Group
            value={direction}
            optionType="button"
            onChange={(event) =>
              setView({ direction: event.target.value === 'sent' ? 'sent' : undefined, page: undefined })
            }
            options={[
              { value: 'received', label: t('direction.received') },
              { value: 'sent', label: t('direction.sent') },
            ]}
          />
        }
      />
      <ReadMarksProvider publicationNumbers={pageNumbers} isEnabled={!list.isPlaceholderData}>
        <Table<ShareItem>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          columns={columns}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: direction === 'received' ? t('emptyReceived') : t('emptySent') }}
          pagination={listPagination({
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            onChange: (next) => setView({ page: next === 1 ? undefined : String(next) }),
          })}
        />
      </ReadMarksProvider>
    </Card>
  );
}
