import { useState } from 'react';
import { Alert, App, Button, Flex, Input, Popconfirm, Select, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  isInAppPath,
  SearchStateSchema,
  type OperateHistoryItem,
  type RecordType,
  MAX_KEYWORD_LENGTH,
} from '@patlas/contracts';
import { fromSearchState } from '../../../search-state/search-url-state';
import { exportOperateHistory, importOperateHistory } from '../api';
import { formatDateTime } from '../../../utils/format-date';
import { useDeleteHistory } from '../../../history-recording/queries';
import { useOperateData, useOperateHistory } from '../queries';
import { resultRouter } from '../../../history-recording/recording';
import { listFiltersOf, type HistoryParams } from '../useHistoryParams';
import { DateRangeFilter } from './DateRangeFilter';
import { DeleteSelectedButton } from './DeleteSelectedButton';
import { ExportButton, ImportButton } from './FileButtons';

const RECORD_TYPE_VALUES: readonly RecordType[] = [1, 2, 3, 4];
const TYPE_COLORS: Record<RecordType, string> = { 1: 'blue', 2: 'purple', 3: 'green', 4: 'gold' };

/** Only in-app paths are opened; the stored data decides otherwise (a search's state). */
function routerOf(router: string | undefined, data: Record<string, unknown>): string | undefined {
  if (isInAppPath(router)) return router;
  const state = SearchStateSchema.safeParse(data.state);
  return state.success ? resultRouter(fromSearchState(state.data)) : undefined;
}

/** The operation-history tab: searches, analyses, exports and favourites (spec 1 §3 recordType). */
export function OperateHistoryTab({ params }: { params: HistoryParams }) {
  const { t } = useTranslation('history');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const filters = { ...listFiltersOf(params), ...(params.recordType ? { recordType: params.recordType } : {}) };
  const list = useOperateHistory({ page: params.page, pageSize: params.pageSize, ...filters });
  const remove = useDeleteHistory('operate');
  const operateData = useOperateData();
  const [chosenIds, setChosenIds] = useState<string[]>([]);

  const handleDelete = async (ids: string[]) => {
    try {
      const { deleted } = await remove.mutateAsync({ ids });
      setChosenIds((c) => c.filter((id) => !ids.includes(id)));
      void message.success(t('messages.deleted', { count: deleted }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const handleOpen = async (item: OperateHistoryItem) => {
    try {
      const stored = await operateData.mutateAsync(item.id);
      const path = routerOf(stored.router, stored.data);
      if (path) void navigate(path);
      else void message.warning(t('messages.cannotOpen'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center" className="history-toolbar">
        <Select<RecordType | 0>
          aria-label={t('filters.recordType')}
          value={params.recordType ?? 0}
          onChange={(value) => params.setRecordType(value === 0 ? undefined : value)}
          options={[
            { value: 0, label: t('recordTypes.all') },
            ...RECORD_TYPE_VALUES.map((value) => ({ value, label: t(`recordTypes.${value}`) })),
          ]}
          className="history-record-type"
          popupMatchSelectWidth={false}
        />
        <Input.Search
          maxLength={MAX_KEYWORD_LENGTH}
          key={params.keyword}
          defaultValue={params.keyword}
          allowClear
          placeholder={t('filters.keyword')}
          aria-label={t('filters.keywordLabel')}
          onSearch={params.setKeyword}
          className="history-keyword"
        />
        <DateRangeFilter from={params.startDate} to={params.endDate} onChange={params.setDates} />
        <DeleteSelectedButton count={chosenIds.length} onConfirm={() => handleDelete(chosenIds)} />
        <ExportButton
          label={
            chosenIds.length > 0 ? t('buttons.exportSelected', { count: chosenIds.length }) : t('buttons.exportAll')
          }
          run={(options) => exportOperateHistory(chosenIds.length > 0 ? { ids: chosenIds } : filters, options)}
        />
        <ImportButton run={importOperateHistory} />
      </Flex>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      <Table<OperateHistoryItem>
        rowKey="id"
        size="middle"
        className="history-table"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={params.pagination(list.data?.total)}
        locale={{ emptyText: t('empty') }}
        rowSelection={{
          selectedRowKeys: chosenIds,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setChosenIds(keys.map(String)),
        }}
        columns={[
          {
            key: 'time',
            title: t('columns.time'),
            width: 150,
            render: (_, item) => formatDateTime(item.createdAt) ?? item.createdAt,
          },
          {
            key: 'type',
            title: t('columns.type'),
            width: 90,
            render: (_, item) => <Tag color={TYPE_COLORS[item.recordType]}>{t(`recordTypes.${item.recordType}`)}</Tag>,
          },
          {
            key: 'title',
            title: t('columns.title'),
            render: (_, item) => (
              <Typography.Text ellipsis={{ tooltip: item.title }} className="history-expression-cell">
                {item.title}
              </Typography.Text>
            ),
          },
          {
            key: 'hits',
            title: t('columns.hits'),
            width: 110,
            align: 'right',
            render: (_, item) => (item.resultTotal ? Number(item.resultTotal).toLocaleString() : '—'),
          },
          {
            key: 'operations',
            title: t('columns.operations'),
            width: 140,
            render: (_, item) => (
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => void handleOpen(item)}>
                  {t('buttons.open')}
                </Button>
                <Popconfirm
                  title={t('confirm.deleteOne')}
                  okText={t('confirm.ok')}
                  cancelText={t('confirm.cancel')}
                  onConfirm={() => handleDelete([item.id])}
                >
                  <Button type="link" size="small" danger>
                    {t('buttons.delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
