import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  App,
  Button,
  Collapse,
  Drawer,
  Empty,
  Flex,
  List,
  Popconfirm,
  Space,
  Tag,
  Tree,
  Typography,
  type TreeDataNode,
} from 'antd';
import { DeleteOutlined, EditOutlined, FolderAddOutlined, UndoOutlined } from '@ant-design/icons';
import type { ChartClassify, SavedChart } from '@patlas/contracts';
import { useChartInfo, useChartMutations } from './queries';
import { NameModal } from './NameModal';

/**
 * "My charts": the user's custom charts in their classification folders.
 *
 * Props:
 * - `open`: whether the drawer shows; `onClose()`: the user closed it.
 * - `onOpen(chart)`: the user pressed Open on a chart; `chart.request` is the AnalysisRequest to
 *   run, `chart.chartType` / `chart.chartKey` / `chart.categoryCount` how to show it. The drawer
 *   stays open; close it in onOpen if the dashboard should take the whole screen.
 *
 * Folders form a tree (new folder, new subfolder, rename, delete when empty); charts are renamed
 * and deleted in place, and deleted ones are restored from the "Deleted" section.
 */
export interface CustomChartsDrawerProps {
  open: boolean;
  onClose: () => void;
  onOpen: (chart: SavedChart) => void;
}

const ALL = '__all__';
const UNFILED = '__unfiled__';

type NameDialog =
  | { kind: 'newFolder'; parentId: string | null }
  | { kind: 'renameFolder'; folder: ChartClassify }
  | { kind: 'renameChart'; chart: SavedChart };

export function folderTreeOf(folders: readonly ChartClassify[], parentId: string | null = null): TreeDataNode[] {
  return folders
    .filter((folder) => folder.parentId === parentId)
    .map((folder) => ({ key: folder.id, title: folder.name, children: folderTreeOf(folders, folder.id) }));
}

export function CustomChartsDrawer({ open, onClose, onOpen }: CustomChartsDrawerProps) {
  const { t, i18n } = useTranslation('chartSettings');
  const { message } = App.useApp();
  const info = useChartInfo(open);
  const mutations = useChartMutations();
  const [selected, setSelected] = useState<string>(ALL);
  const [dialog, setDialog] = useState<NameDialog | null>(null);

  const folders = useMemo(() => info.data?.classifies ?? [], [info.data]);
  const selectedFolder = folders.find((folder) => folder.id === selected);
  const charts = (info.data?.charts ?? []).filter(
    (chart) => selected === ALL || (selected === UNFILED ? chart.classifyId === null : chart.classifyId === selected),
  );
  const deleted = info.data?.deleted ?? [];
  const folderName = (id: string | null) => folders.find((folder) => folder.id === id)?.name ?? t('charts.unfiled');
  const timeOf = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'zh-CN');

  const treeData: TreeDataNode[] = [
    { key: ALL, title: t('charts.allCharts') },
    { key: UNFILED, title: t('charts.unfiled') },
    ...folderTreeOf(folders),
  ];

  const fail = (error: Error) => void message.error(error.message);

  const onDialogSave = (name: string) => {
    if (!dialog) return;
    const done = (text: string) => () => {
      void message.success(text);
      setDialog(null);
    };
    if (dialog.kind === 'newFolder') {
      mutations.addClassify.mutate(
        { name, parentId: dialog.parentId },
        { onSuccess: done(t('charts.folderCreated')), onError: fail },
      );
    } else if (dialog.kind === 'renameFolder') {
      mutations.updateClassify.mutate(
        { id: dialog.folder.id, name },
        { onSuccess: done(t('charts.renamed')), onError: fail },
      );
    } else {
      mutations.updateChart.mutate(
        { id: dialog.chart.id, name },
        { onSuccess: done(t('charts.renamed')), onError: fail },
      );
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title={t('charts.drawerTitle')} size={760} destroyOnHidden>
      <Flex gap={16} align="flex-start">
        <Flex vertical gap={8} style={{ width: 220, flex: 'none' }}>
          <Button icon={<FolderAddOutlined />} onClick={() => setDialog({ kind: 'newFolder', parentId: null })}>
            {t('charts.newFolder')}
          </Button>
          <Tree
            // remounted once the folders arrive, so that they open expanded
            key={folders.length}
            blockNode
            defaultExpandAll
            treeData={treeData}
            selectedKeys={[selected]}
            onSelect={(keys) => keys[0] !== undefined && setSelected(String(keys[0]))}
          />
        </Flex>
        <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
          {selectedFolder && (
            <Space wrap>
              <Typography.Text strong>{selectedFolder.name}</Typography.Text>
              <Button size="small" onClick={() => setDialog({ kind: 'newFolder', parentId: selectedFolder.id })}>
                {t('charts.newSubfolder')}
              </Button>
              <Button size="small" onClick={() => setDialog({ kind: 'renameFolder', folder: selectedFolder })}>
                {t('actions.rename')}
              </Button>
              <Popconfirm
                title={t('actions.confirmDeleteFolder', { name: selectedFolder.name })}
                onConfirm={() =>
                  mutations.deleteClassify.mutate(selectedFolder.id, {
                    onSuccess: () => {
                      setSelected(ALL);
                      void message.success(t('charts.deleted'));
                    },
                    onError: fail,
                  })
                }
              >
                <Button size="small" danger>
                  {t('actions.delete')}
                </Button>
              </Popconfirm>
            </Space>
          )}
          <List
            bordered
            loading={info.isLoading}
            dataSource={charts}
            locale={{ emptyText: <Empty description={t('charts.empty')} /> }}
            renderItem={(chart) => (
              <List.Item
                actions={[
                  <Button key="open" type="link" size="small" onClick={() => onOpen(chart)}>
                    {t('actions.open')}
                  </Button>,
                  <Button
                    key="rename"
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('actions.rename')} ${chart.name}`}
                    onClick={() => setDialog({ kind: 'renameChart', chart })}
                  />,
                  <Popconfirm
                    key="delete"
                    title={t('actions.confirmDelete', { name: chart.name })}
                    onConfirm={() =>
                      mutations.deleteChart.mutate(chart.id, {
                        onSuccess: () => void message.success(t('charts.deleted')),
                        onError: fail,
                      })
                    }
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('actions.delete')} ${chart.name}`}
                    />
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={chart.name}
                  description={
                    <Space size={4} wrap>
                      <Tag>{t(`charts.type.${chart.chartType}`)}</Tag>
                      <Tag>{t('charts.categoryOption', { count: chart.categoryCount })}</Tag>
                      <Typography.Text type="secondary">{folderName(chart.classifyId)}</Typography.Text>
                      <Typography.Text type="secondary">
                        {t('charts.updatedAt', { time: timeOf(chart.updatedAt) })}
                      </Typography.Text>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
          <Collapse
            size="small"
            items={[
              {
                key: 'deleted',
                label: `${t('charts.deletedTitle')} (${deleted.length})`,
                children: (
                  <List
                    size="small"
                    dataSource={deleted}
                    locale={{ emptyText: t('charts.deletedEmpty') }}
                    renderItem={(chart) => (
                      <List.Item
                        actions={[
                          <Button
                            key="restore"
                            size="small"
                            icon={<UndoOutlined />}
                            onClick={() =>
                              mutations.restoreChart.mutate(chart.id, {
                                onSuccess: () => void message.success(t('charts.restored')),
                                onError: fail,
                              })
                            }
                          >
                            {t('actions.restore')}
                          </Button>,
                        ]}
                      >
                        <List.Item.Meta
                          title={chart.name}
                          description={t('charts.deletedAt', { time: timeOf(chart.deletedAt ?? chart.updatedAt) })}
                        />
                      </List.Item>
                    )}
                  />
                ),
              },
            ]}
          />
        </Flex>
      </Flex>
      {dialog && (
        <NameModal
          title={
            dialog.kind === 'newFolder'
              ? dialog.parentId
                ? t('charts.newSubfolder')
                : t('charts.newFolder')
              : t('actions.rename')
          }
          label={dialog.kind === 'renameChart' ? t('charts.chartName') : t('charts.folderName')}
          initial={
            dialog.kind === 'renameFolder' ? dialog.folder.name : dialog.kind === 'renameChart' ? dialog.chart.name : ''
          }
          isSaving={
            mutations.addClassify.isPending || mutations.updateClassify.isPending || mutations.updateChart.isPending
          }
          onSave={onDialogSave}
          onCancel={() => setDialog(null)}
        />
      )}
    </Drawer>
  );
}
