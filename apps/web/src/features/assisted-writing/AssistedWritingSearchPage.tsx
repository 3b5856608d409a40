import { useState } from 'react';
import { App, Button, Card, Flex, Input, Popconfirm, Select, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  REWRITE_MODES,
  REWRITE_STATES,
  type RewriteListItem,
  type RewriteListRequest,
  type RewriteMode,
  type RewriteState,
  MAX_KEYWORD_LENGTH,
} from '@patlas/contracts';
import { useServerFeature } from '../../api/server-features';
import { useFileOptions } from '../../export-actions/queries';
import { taskStateColumn, TaskTable } from '../../tasks/TaskTable';
import { formatDateTime } from '../../utils/format-date';
import { PAGE_SIZES } from '../../utils/use-page-params';
import { saveFile } from '../../utils/save-file';
import { exportRewrites } from './api';
import { NotConfigured } from './parts';
import { assistedWritingPath } from '../../app/paths';
import { useDeleteRewrites, useRewrites } from './queries';
import './assisted-writing.css';

/** The history's search, filters and page from the URL (a search the user can share or reload). */
function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const mode = params.get('mode');
  const state = params.get('state');
  const size = Number(params.get('size'));
  const request: RewriteListRequest & { page: number; pageSize: number } = {
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(size) ? size : (PAGE_SIZES[0] ?? 20),
    ...(params.get('q') ? { keyword: params.get('q') ?? '' } : {}),
    ...((REWRITE_MODES as readonly string[]).includes(mode ?? '') ? { mode: mode as RewriteMode } : {}),
    ...((REWRITE_STATES as readonly string[]).includes(state ?? '') ? { state: state as RewriteState } : {}),
  };
  const update = (next: Record<string, string | number | undefined>) => {
    const query = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      const isDefault =
        value === undefined || value === '' || (key === 'page' && value === 1) || (key === 'size' && value === 20);
      if (isDefault) query.delete(key);
      else query.set(key, String(value));
    }
    // A new search or filter starts on its first page.
    if (!('page' in next)) query.delete('page');
    setParams(query);
  };
  return { request, update };
}

/**
 * The writing history (/innovationSpace/assistedWritingSearch, spec 2 §2 /assistedWritingSearch):
 * the user's rewrites found by words of the title, the original or the result, by mode and state,
 * to open in the editor, export (one or the selected, Word or text) or delete.
 */
export function AssistedWritingSearchPage() {
  const feature = useServerFeature('rewrite');
  if (feature === 'loading') return <Spin />;
  if (feature === 'off') return <NotConfigured />;
  return <History />;
}

function History() {
  const { t } = useTranslation('assistedWriting');
  const { message } = App.useApp();
  const { request, update } = useHistoryParams();
  const list = useRewrites(request);
  const remove = useDeleteRewrites();
  const fileOptions = useFileOptions();
  const [selected, setSelected] = useState<string[]>([]);
  const [exporting, setExporting] = useState<string>();

  const handleExport = async (ids: string[], format: 'docx' | 'txt', key: string) => {
    setExporting(key);
    try {
      const file = await exportRewrites({ ids, format }, await fileOptions());
      saveFile(file.fileName, file.blob);
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setExporting(undefined);
    }
  };

  const handleDelete = async (ids: string[]) => {
    try {
      await remove.mutateAsync(ids);
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      void message.success(t('history.deleted'));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card title={t('history.title')} variant="borderless" className="assisted-writing-history">
      <Flex vertical gap={12}>
        <Flex gap={8} wrap align="center">
          <Input.Search
            maxLength={MAX_KEYWORD_LENGTH}
            key={request.keyword ?? ''}
            defaultValue={request.keyword}
            placeholder={t('history.search')}
            allowClear
            onSearch={(value) => update({ q: value.trim() })}
            style={{ width: 320 }}
            data-testid="rewrite-search"
          />
          <Select<RewriteMode | ''>
            value={request.mode ?? ''}
            onChange={(value) => update({ mode: value })}
            style={{ width: 160 }}
            aria-label={t('history.mode')}
            options={[
              { value: '', label: t('history.allModes') },
              ...REWRITE_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) })),
            ]}
          />
          <Select<RewriteState | ''>
            value={request.state ?? ''}
            onChange={(value) => update({ state: value })}
            style={{ width: 140 }}
            aria-label={t('history.state')}
            options={[
              { value: '', label: t('history.allStates') },
              ...REWRITE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) })),
            ]}
          />
          {selected.length > 0 && (
            <Flex gap={8} align="center">
              <Typography.Text>{t('history.selected', { count: selected.length })}</Typography.Text>
              {(['docx', 'txt'] as const).map((format) => (
                <Button
                  key={format}
                  loading={exporting === `selected:${format}`}
                  onClick={() => void handleExport(selected, format, `selected:${format}`)}
                >
                  {`${t('history.exportSelected')} ${format === 'docx' ? 'Word' : 'TXT'}`}
                </Button>
              ))}
              <Popconfirm
                title={t('history.deleteSelectedConfirm', { count: selected.length })}
                onConfirm={() => handleDelete(selected)}
              >
                <Button danger>{t('history.deleteSelected')}</Button>
              </Popconfirm>
            </Flex>
          )}
        </Flex>
        <TaskTable<RewriteListItem>
          query={list}
          paging={{
            page: request.page,
            pageSize: request.pageSize,
            setPage: (page, size) => update({ page, size }),
          }}
          emptyText={t('history.empty')}
          tableLayout="fixed"
          scroll={{ x: 1100 }}
          data-testid="rewrite-history"
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          columns={[
            {
              key: 'original',
              title: t('history.original'),
              render: (_, item) => (
                <Flex vertical gap={4}>
                  <Link to={assistedWritingPath(item.id)}>
                    <Typography.Text strong ellipsis={{ tooltip: item.title }}>
                      {item.title}
                    </Typography.Text>
                  </Link>
                  <Typography.Paragraph className="assisted-writing-preview" ellipsis={{ rows: 2 }}>
                    {item.original}
                  </Typography.Paragraph>
                </Flex>
              ),
            },
            {
              key: 'result',
              title: t('history.result'),
              render: (_, item) =>
                item.state === 'failed' ? (
                  <Typography.Text type="danger">{item.error}</Typography.Text>
                ) : (
                  <Typography.Paragraph className="assisted-writing-preview" ellipsis={{ rows: 3 }}>
                    {item.result ?? '—'}
                  </Typography.Paragraph>
                ),
            },
            {
              key: 'mode',
              title: t('history.mode'),
              width: 130,
              render: (_, item) => (
                <Flex vertical gap={4} align="start">
                  <Tag>{t(`modes.${item.mode}`)}</Tag>
                  <Tag>{t(`kinds.${item.kind}`)}</Tag>
                </Flex>
              ),
            },
            taskStateColumn<RewriteListItem>({
              title: t('history.state'),
              width: 100,
              testId: 'rewrite-history-state',
              label: (state) => t(`states.${state}`),
            }),
            { key: 'chars', title: t('history.chars'), width: 90, align: 'right', render: (_, item) => item.chars },
            {
              key: 'created',
              title: t('history.created'),
              width: 150,
              render: (_, item) => formatDateTime(item.createdAt) ?? '—',
            },
          ]}
          actions={{
            title: t('history.actions'),
            width: 260,
            render: (item) => (
              <Flex gap={0} wrap>
                <Link to={assistedWritingPath(item.id)}>
                  <Button size="small" type="link">
                    {t('history.open')}
                  </Button>
                </Link>
                {(['docx', 'txt'] as const).map((format) => (
                  <Button
                    key={format}
                    size="small"
                    type="link"
                    loading={exporting === `${item.id}:${format}`}
                    onClick={() => void handleExport([item.id], format, `${item.id}:${format}`)}
                  >
                    {format === 'docx' ? 'Word' : 'TXT'}
                  </Button>
                ))}
                <Popconfirm title={t('history.deleteConfirm')} onConfirm={() => handleDelete([item.id])}>
                  <Button size="small" type="link" danger>
                    {t('history.delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          }}
        />
      </Flex>
    </Card>
  );
}
