import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Popconfirm, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import type { LibraryFolder } from '@patlas/contracts';
import { folderPath } from '../../library-actions/folder-tree';
import { useFolders } from '../../library-actions/queries';
import { formatDateTime } from '../../utils/format-date';
import { useDeleteLibrary } from './queries';
import './library.css';
import { listPagination } from '../../components/ui/pagination';

/**
 * /user/recycleBin: deleted libraries and folders (spec 2 §4), restored to where they were (a
 * folder whose parent is gone comes back at the top) or purged for good after a confirmation.
 */
export function RecycleBinPage() {
  const { t } = useTranslation('library');
  const { message } = App.useApp();
  const deleted = useFolders('deleted');
  // Paths name the folders a deleted one was under, whatever their state.
  const every = useFolders('all');
  const remove = useDeleteLibrary();
  const [chosen, setChosen] = useState<string[]>([]);
  const items = deleted.data?.folders.filter((f) => f.state === 'deleted') ?? [];
  const all = every.data?.folders ?? items;

  const run = async (action: 'restore' | 'purge', ids: string[]) => {
    if (ids.length === 0) return;
    try {
      const { affected } = await remove.mutateAsync({ action, folderIds: ids });
      setChosen((c) => c.filter((id) => !ids.includes(id)));
      void message.success(
        action === 'restore' ? t('recycle.restored', { count: affected }) : t('recycle.purged', { count: affected }),
      );
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card className="library-page library-recycle" title={t('recycle.title')} variant="borderless">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('recycle.hint')}</Typography.Text>
        <Flex gap={8} wrap>
          <Button disabled={chosen.length === 0} onClick={() => void run('restore', chosen)} loading={remove.isPending}>
            {t('recycle.restoreSelected', { count: chosen.length })}
          </Button>
          <Popconfirm
            title={t('recycle.purgeConfirm', { count: chosen.length })}
            okText={t('form.ok')}
            okButtonProps={{ danger: true }}
            cancelText={t('form.cancel')}
            onConfirm={() => void run('purge', chosen)}
            disabled={chosen.length === 0}
          >
            <Button danger disabled={chosen.length === 0}>
              {t('recycle.purgeSelected', { count: chosen.length })}
            </Button>
          </Popconfirm>
        </Flex>
        {deleted.isError && <Alert type="error" showIcon title={deleted.error.message} />}
        <Table<LibraryFolder>
          rowKey="id"
          size="middle"
          className="library-recycle-table"
          loading={deleted.isFetching}
          dataSource={items}
          locale={{ emptyText: t('recycle.empty') }}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(String)) }}
          pagination={listPagination({ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false })}
          columns={[
            {
              key: 'name',
              title: t('recycle.name'),
              render: (_, f) => <Typography.Text strong>{f.name}</Typography.Text>,
            },
            {
              key: 'path',
              title: t('recycle.path'),
              render: (_, f) => (f.parentId ? folderPath(all, f.parentId) : t('folders.root')),
            },
            {
              key: 'count',
              title: t('recycle.patents'),
              align: 'right',
              width: 110,
              render: (_, f) => f.totalCount.toLocaleString(),
            },
            {
              key: 'deletedAt',
              title: t('recycle.deletedAt'),
              width: 180,
              render: (_, f) => formatDateTime(f.deletedAt ?? f.updatedAt),
            },
            {
              key: 'actions',
              title: t('recycle.actions'),
              width: 200,
              render: (_, f) => (
                <Flex gap={4}>
                  <Button size="small" type="link" onClick={() => void run('restore', [f.id])}>
                    {t('recycle.restore')}
                  </Button>
                  <Popconfirm
                    title={t('recycle.purgeConfirmOne', { name: f.name })}
                    okText={t('form.ok')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('form.cancel')}
                    onConfirm={() => void run('purge', [f.id])}
                  >
                    <Button size="small" type="link" danger>
                      {t('recycle.purge')}
                    </Button>
                  </Popconfirm>
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
