import { MAX_KEYWORD_LENGTH } from '@patlas/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Input, List, Segmented, Space, Tree, Typography } from 'antd';
import type { GetRef, TreeDataNode } from 'antd';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ClassificationNode } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { fetchChildren, fetchPath, searchSymbols } from './api';
import type { Scheme } from './paths';
import { CountLink, NodeTitle, SelectedCard } from './NodeParts';
import './classification.css';

const ROOT = '';
// The scheme never changes while the server runs; counts follow the index, so they are kept a minute.
const STALE_MS = 60_000;

function schemeOf(value: string | null): Scheme {
  return value === 'cpc' ? 'cpc' : 'ipc';
}

/** Classification search (spec 1 §1, /innovationSpace/ipc): the IPC or CPC tree with our patent counts. */
export function ClassificationPage() {
  const { lang } = useApiContext();
  const [params] = useSearchParams();
  const scheme = schemeOf(params.get('scheme'));
  // Another scheme or language starts a new tree (from the sections).
  return <ClassificationBrowser key={`${scheme}-${lang}`} scheme={scheme} />;
}

function ClassificationBrowser({ scheme }: { scheme: Scheme }) {
  const { t } = useTranslation('classification');
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const code = params.get('code') ?? undefined;
  const keyword = params.get('kw') ?? '';
  const treeRef = useRef<GetRef<typeof Tree>>(null);

  const childrenQuery = useCallback(
    (parent: string) => ({
      queryKey: ['classification', 'children', scheme, parent, lang],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchChildren(scheme, parent || undefined, { lang, messages, signal }),
      staleTime: STALE_MS,
    }),
    [scheme, lang, messages],
  );

  // The path of the symbol in the URL: its ancestors are opened once per symbol.
  const pathQuery = useQuery({
    queryKey: ['classification', 'path', scheme, code, lang],
    queryFn: ({ signal }) => fetchPath(scheme, code!, { lang, messages, signal }),
    enabled: code !== undefined,
    staleTime: STALE_MS,
  });
  const path = code !== undefined ? pathQuery.data?.path : undefined;
  const pathKey = path?.map((n) => n.code).join('>');
  const [expanded, setExpanded] = useState<string[]>([]);
  const [openedPath, setOpenedPath] = useState<string | undefined>();
  if (path && pathKey !== openedPath) {
    setOpenedPath(pathKey);
    setExpanded((prev) => [...new Set([...prev, ...path.slice(0, -1).map((n) => n.code)])]);
  }

  // Children of the sections' root and of every expanded node, each a cached query.
  const parents = useMemo(() => [ROOT, ...expanded], [expanded]);
  const childLists = useQueries({ queries: parents.map(childrenQuery) });
  const failed = childLists.some((q) => q.isError) || pathQuery.isError;
  const loaded = useMemo(() => {
    const map: Record<string, ClassificationNode[]> = {};
    parents.forEach((p, i) => {
      const data = childLists[i]?.data;
      if (data) map[p] = data.children;
    });
    return map;
  }, [parents, childLists]);

  // Once the node's row exists: bring it into view (once per opened path).
  const scrolledTo = useRef<string | undefined>(undefined);
  const target = path?.at(-1)?.code;
  const targetParent = path && path.length > 1 ? path.at(-2)!.code : ROOT;
  const targetShown = target !== undefined && loaded[targetParent] !== undefined;
  useEffect(() => {
    if (!targetShown || scrolledTo.current === pathKey) return;
    scrolledTo.current = pathKey;
    requestAnimationFrame(() => treeRef.current?.scrollTo({ key: target, align: 'top' }));
  }, [targetShown, target, pathKey]);

  const search = useQuery({
    queryKey: ['classification', 'search', scheme, keyword, lang],
    queryFn: ({ signal }) => searchSymbols(scheme, keyword, { lang, messages, signal }),
    enabled: keyword.length > 0,
    staleTime: STALE_MS,
  });

  const byCode = useMemo(() => {
    const map = new Map<string, ClassificationNode>();
    for (const list of Object.values(loaded)) for (const n of list) map.set(n.code, n);
    for (const n of path ?? []) map.set(n.code, n);
    return map;
  }, [loaded, path]);
  const selected = code !== undefined ? (byCode.get(code.toUpperCase()) ?? path?.at(-1)) : undefined;

  const treeData = useMemo(() => {
    const build = (parent: string): TreeDataNode[] | undefined =>
      loaded[parent]?.map((n) => ({
        key: n.code,
        title: <NodeTitle node={n} scheme={scheme} />,
        isLeaf: !n.hasChildren,
        children: build(n.code),
      }));
    return build(ROOT) ?? [];
  }, [loaded, scheme]);

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };

  return (
    <div className="classification-page">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <div className="classification-toolbar">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('title')}
          </Typography.Title>
          <Segmented
            aria-label={t('title')}
            value={scheme}
            options={[
              { value: 'ipc', label: t('scheme.ipc') },
              { value: 'cpc', label: t('scheme.cpc') },
            ]}
            onChange={(value) => update({ scheme: value, code: undefined })}
          />
          <Input.Search
            maxLength={MAX_KEYWORD_LENGTH}
            className="classification-search"
            key={keyword}
            allowClear
            defaultValue={keyword}
            placeholder={t('searchPlaceholder')}
            onSearch={(value) => update({ kw: value.trim() || undefined })}
          />
        </div>
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        {failed && <Alert type="error" showIcon message={t('loadFailed')} />}
        <div className="classification-body">
          <Card className="classification-tree" size="small">
            <Tree
              ref={treeRef}
              blockNode
              height={560}
              treeData={treeData}
              expandedKeys={expanded}
              selectedKeys={selected ? [selected.code] : []}
              loadData={async ({ key }) => {
                await queryClient.fetchQuery(childrenQuery(String(key)));
              }}
              onExpand={(keys) => setExpanded(keys.map(String))}
              onSelect={(keys) => keys[0] !== undefined && update({ code: String(keys[0]) })}
            />
          </Card>
          <Space direction="vertical" className="classification-side" size="middle">
            <SelectedCard node={selected} path={path} scheme={scheme} />
            {keyword && (
              <Card
                size="small"
                title={
                  search.data &&
                  (search.data.total > search.data.items.length
                    ? t('searchResultsLimited', { total: search.data.total, shown: search.data.items.length })
                    : t('searchResults', { total: search.data.total }))
                }
                extra={
                  <Button size="small" onClick={() => update({ kw: undefined })}>
                    {t('clearSearch')}
                  </Button>
                }
              >
                <List
                  size="small"
                  loading={search.isFetching}
                  dataSource={search.data?.items ?? []}
                  locale={{ emptyText: t('noMatches') }}
                  renderItem={(n) => (
                    <List.Item
                      className="classification-match"
                      onClick={() => update({ code: n.code })}
                      actions={[<CountLink key="count" node={n} scheme={scheme} />]}
                    >
                      <Space size={8} align="baseline">
                        <Typography.Text strong className="classification-symbol">
                          {n.symbol}
                        </Typography.Text>
                        <span>{n.title}</span>
                      </Space>
                    </List.Item>
                  )}
                />
              </Card>
            )}
          </Space>
        </div>
        <Typography.Text type="secondary">{t('source')}</Typography.Text>
      </Space>
    </div>
  );
}
