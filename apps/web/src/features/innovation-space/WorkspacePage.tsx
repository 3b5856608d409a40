import { useMemo, useState, type Key } from 'react';
import { Alert, Card, Empty, Flex, List, Segmented, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { FileOutlined, FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../utils/format-date';
import { useWorkLists, type CategoryList } from './queries';
import { StateTag, WorkItemDetails } from './WorkItemDetails';
import { WORK_CATEGORIES, type WorkCategory, type WorkItem } from './workbench-items';
import './innovation-space.css';

/** Items of each kind the workbench lists; the tool's own page lists the rest. */
export const WORKSPACE_ITEMS_PER_CATEGORY = 50;

type View = 'tree' | 'columns';

function isCategory(value: string | null): value is WorkCategory {
  return value !== null && (WORK_CATEGORIES as readonly string[]).includes(value);
}

/** The view, the open category and the chosen item, kept in the URL (a reload or a shared link shows the same). */
function useWorkspaceParams() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'columns' ? 'columns' : 'tree';
  const category = params.get('category');
  const itemId = params.get('item') ?? undefined;
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  return { view, category: isCategory(category) ? category : undefined, itemId, update };
}

const itemKey = (item: WorkItem) => `${item.category}:${item.id}`;

/**
 * The drafting workbench (/innovationSpace/workspace, spec 2 §2 "workbench with tree/column view"):
 * everything the user has made with the innovation-space tools — disclosures, application drafts,
 * pre-evaluations, duplicate checks, rewrites and files — as a tree or as columns, with the chosen
 * item's details and a way to open it in its tool.
 */
export function WorkspacePage() {
  const { t } = useTranslation('innovationSpace');
  const lists = useWorkLists(WORKSPACE_ITEMS_PER_CATEGORY);
  const { view, category, itemId, update } = useWorkspaceParams();

  const selected = useMemo(() => {
    if (!category || !itemId) return undefined;
    return lists.find((entry) => entry.category === category)?.list?.items.find((item) => item.id === itemId);
  }, [lists, category, itemId]);

  const select = (item: WorkItem) => update({ category: item.category, item: item.id });

  return (
    <Flex vertical gap={16} className="workspace-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} className="workspace-heading">
          {t('workspace.title')}
        </Typography.Title>
        <Segmented<View>
          value={view}
          onChange={(next) => update({ view: next === 'tree' ? undefined : next })}
          options={[
            { value: 'tree', label: t('workspace.treeView') },
            { value: 'columns', label: t('workspace.columnView') },
          ]}
        />
      </Flex>
      {lists.length === 0 ? (
        <Empty description={t('workspace.noTools')} />
      ) : (
        <Card className="workspace-card">
          {view === 'tree' ? (
            <TreeView lists={lists} selected={selected} onSelect={select} />
          ) : (
            <ColumnView
              lists={lists}
              category={category ?? lists[0]?.category}
              selected={selected}
              onCategory={(next) => update({ category: next, item: undefined })}
              onSelect={select}
            />
          )}
        </Card>
      )}
    </Flex>
  );
}

/** A category's name with its count once known: 预评估 (3). */
function useCategoryTitle() {
  const { t } = useTranslation('innovationSpace');
  return (entry: CategoryList): string => {
    const label = t(`category.${entry.category}`);
    return entry.list ? `${label} (${entry.list.total})` : label;
  };
}

function TreeView({
  lists,
  selected,
  onSelect,
}: {
  lists: CategoryList[];
  selected?: WorkItem;
  onSelect: (item: WorkItem) => void;
}) {
  const { t } = useTranslation('innovationSpace');
  const categoryTitle = useCategoryTitle();
  // Every kind open at first; the items arrive after the tree is drawn, so the keys are held here.
  const [expanded, setExpanded] = useState<Key[]>(() => lists.map((entry) => entry.category));
  const byKey = new Map<string, WorkItem>();
  const treeData: DataNode[] = lists.map((entry) => {
    const children: DataNode[] = (entry.list?.items ?? []).map((item) => {
      byKey.set(itemKey(item), item);
      return { key: itemKey(item), title: item.title || t('untitled'), isLeaf: true, icon: <FileOutlined /> };
    });
    if (entry.error) {
      children.push({ key: `${entry.category}:error`, title: entry.error.message, isLeaf: true, selectable: false });
    } else if (entry.list && entry.list.items.length === 0) {
      children.push({ key: `${entry.category}:empty`, title: t('workspace.empty'), isLeaf: true, selectable: false });
    }
    return {
      key: entry.category,
      title: entry.isLoading ? `${t(`category.${entry.category}`)} …` : categoryTitle(entry),
      icon: <FolderOutlined />,
      selectable: false,
      children,
    };
  });
  return (
    <Flex gap={16} className="workspace-split">
      <div className="workspace-tree" data-testid="workspace-tree">
        <Tree
          showIcon
          blockNode
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          treeData={treeData}
          selectedKeys={selected ? [itemKey(selected)] : []}
          onSelect={(keys) => {
            const item = byKey.get(String(keys[0]));
            if (item) onSelect(item);
          }}
        />
      </div>
      <div className="workspace-detail-pane">
        <WorkItemDetails item={selected} />
      </div>
    </Flex>
  );
}

function ColumnView({
  lists,
  category,
  selected,
  onCategory,
  onSelect,
}: {
  lists: CategoryList[];
  category?: WorkCategory;
  selected?: WorkItem;
  onCategory: (category: WorkCategory) => void;
  onSelect: (item: WorkItem) => void;
}) {
  const { t } = useTranslation('innovationSpace');
  const categoryTitle = useCategoryTitle();
  const current = lists.find((entry) => entry.category === category);
  return (
    <div className="workspace-columns" data-testid="workspace-columns">
      <div className="workspace-column">
        <List
          dataSource={lists}
          renderItem={(entry) => (
            <List.Item
              className={entry.category === category ? 'workspace-row is-active' : 'workspace-row'}
              onClick={() => onCategory(entry.category)}
            >
              <FolderOutlined /> {categoryTitle(entry)}
            </List.Item>
          )}
        />
      </div>
      <div className="workspace-column">
        {current?.isLoading ? (
          <Spin />
        ) : current?.error ? (
          <Alert type="error" showIcon message={current.error.message} />
        ) : (
          <List
            dataSource={current?.list?.items ?? []}
            locale={{ emptyText: t('workspace.empty') }}
            renderItem={(item) => (
              <List.Item
                className={
                  selected && itemKey(selected) === itemKey(item) ? 'workspace-row is-active' : 'workspace-row'
                }
                onClick={() => onSelect(item)}
              >
                <Flex vertical className="workspace-row-text">
                  <Typography.Text ellipsis>{item.title || t('untitled')}</Typography.Text>
                  <Typography.Text type="secondary" className="workspace-row-time">
                    {formatDateTime(item.updatedAt)} <StateTag state={item.state} />
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </div>
      <div className="workspace-column workspace-column-details">
        <WorkItemDetails item={selected} />
      </div>
    </div>
  );
}
