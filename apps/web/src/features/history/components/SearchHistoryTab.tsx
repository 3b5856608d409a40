import { MAX_KEYWORD_LENGTH } from '@patlas/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Flex, Input, Popconfirm, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import type { SearchHistoryItem } from '@patlas/contracts';
import { exportHistory, importHistory } from '../api';
import { formatDateTime } from '../../../utils/format-date';
import { useDeleteHistory, useSearchHistory } from '../../../history-recording/queries';
import { listFiltersOf, type HistoryParams } from '../useHistoryParams';
import { useOperationValueLabel, useSearchRefinementLabel } from '../../../history-recording/useOperationValueLabel';
import { useReopenEntry } from '../../../history-recording/useReopenEntry';
import { asOfPathOf } from '../../../history-recording/as-of-path';
import { fullTextTooltip } from '../../../history-recording/full-text-tooltip';
import { CombineModal } from './CombineModal';
import { DateRangeFilter } from './DateRangeFilter';
import { DeleteSelectedButton } from './DeleteSelectedButton';
import { ExportButton, ImportButton } from './FileButtons';

/** The search-history tab: list, search, dates, reopen, delete, export/import, combine. */
export function SearchHistoryTab({ params }: { params: HistoryParams }) {
  const { t } = useTranslation('history');
  const { message } = App.useApp();
  const filters = listFiltersOf(params);
  const list = useSearchHistory({ page: params.page, pageSize: params.pageSize, ...filters });
  const remove = useDeleteHistory('search');
  const reopen = useReopenEntry();
  const valueLabel = useOperationValueLabel();
  const refinementLabel = useSearchRefinementLabel();
  // Chosen rows, kept across pages; their order is the table's (newest first).
  const [chosen, setChosen] = useState<SearchHistoryItem[]>([]);
  const [isCombining, setIsCombining] = useState(false);
  const chosenIds = chosen.map((item) => item.id);
  const ordered = [...chosen].sort((a, b) => b.no - a.no);

  const handleDelete = async (ids: string[]) => {
    try {
      const { deleted } = await remove.mutateAsync({ ids });
      setChosen((c) => c.filter((item) => !ids.includes(item.id)));
      void message.success(t('messages.deleted', { count: deleted }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center" className="history-toolbar">
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
        <Button type="primary" disabled={chosen.length < 2} onClick={() => setIsCombining(true)}>
          {t('buttons.combine')}
        </Button>
        <DeleteSelectedButton count={chosen.length} onConfirm={() => handleDelete(chosenIds)} />
        <ExportButton
          label={chosen.length > 0 ? t('buttons.exportSelected', { count: chosen.length }) : t('buttons.exportAll')}
          run={(options) => exportHistory(chosen.length > 0 ? { ids: chosenIds } : filters, options)}
        />
        <ImportButton run={importHistory} />
        {chosen.length > 0 && (
          <Typography.Text type="secondary">{t('messages.selected', { count: chosen.length })}</Typography.Text>
        )}
      </Flex>
      {list.isError && <Alert type="error" showIcon title={list.error.message} />}
      {/* Fixed layout: the columns keep their widths and a long text (a semantic search's pasted
          paragraph) is cut with an ellipsis instead of widening the table past the window. */}
      <Table<SearchHistoryItem>
        rowKey="id"
        size="middle"
        tableLayout="fixed"
        className="history-table"
        loading={list.isFetching}
        dataSource={list.data?.items ?? []}
        pagination={params.pagination(list.data?.total)}
        locale={{ emptyText: t('empty') }}
        rowSelection={{
          selectedRowKeys: chosenIds,
          preserveSelectedRowKeys: true,
          onChange: (keys) => {
            // Keys may name rows of other pages: take them from what was chosen before.
            const known = new Map([...chosen, ...(list.data?.items ?? [])].map((item) => [item.id, item]));
            setChosen(keys.map((key) => known.get(String(key))).filter((item) => item !== undefined));
          },
        }}
        columns={[
          { key: 'no', title: t('columns.no'), width: 80, render: (_, item) => `#${item.no}` },
          {
            key: 'time',
            title: t('columns.time'),
            width: 150,
            render: (_, item) => formatDateTime(item.createdAt) ?? item.createdAt,
          },
          {
            key: 'expression',
            title: t('columns.expression'),
            render: (_, item) => {
              const refinement = refinementLabel(item.entry);
              return (
                <>
                  <Typography.Text
                    ellipsis={{ tooltip: fullTextTooltip(item.entry.searchExpression) }}
                    className="history-expression-cell"
                  >
                    {item.entry.searchExpression}
                  </Typography.Text>
                  {refinement && (
                    <Typography.Text
                      type="secondary"
                      ellipsis={{ tooltip: fullTextTooltip(refinement) }}
                      className="history-refinement"
                    >
                      {refinement}
                    </Typography.Text>
                  )}
                </>
              );
            },
          },
          {
            key: 'hits',
            title: t('columns.hits'),
            width: 130,
            align: 'right',
            render: (_, item) => {
              // Issue 48 item 5: the data version the search ran against, reopened as of it.
              const asOf = asOfPathOf(item.entry);
              return (
                <>
                  {Number(item.entry.resultTotal).toLocaleString()}
                  {asOf && (
                    <div>
                      <Link
                        to={asOf}
                        className="history-as-of"
                        title={t('asOf.reopenAsOf', { version: item.entry.dataVersion })}
                      >
                        {t('asOf.version', { version: item.entry.dataVersion })}
                      </Link>
                    </div>
                  )}
                </>
              );
            },
          },
          {
            key: 'action',
            title: t('columns.action'),
            width: 220,
            render: (_, item) => (
              <Flex gap={4} align="center" className="history-action-cell">
                <Tag color="blue">{t(`actions.${item.entry.operationName}`)}</Tag>
                {item.entry.operationName !== 'search' && item.entry.operationValue && (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: fullTextTooltip(valueLabel(item.entry)) }}>
                    {valueLabel(item.entry)}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            key: 'operations',
            title: t('columns.operations'),
            width: 140,
            render: (_, item) => (
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => reopen(item)}>
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
      <CombineModal items={ordered} isOpen={isCombining} onClose={() => setIsCombining(false)} />
    </Flex>
  );
}
