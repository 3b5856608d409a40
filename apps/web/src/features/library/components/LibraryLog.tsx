import { useState } from 'react';
import { Alert, Card } from 'antd';
import { ResizableTable as Table } from '../../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import type { LibraryLogItem } from '@patlas/contracts';
import { formatDateTime } from '../../../utils/format-date';
import { useLibraryLog } from '../queries';
import { listPagination } from '../../../components/ui/pagination';

/** The operation log of the library holding the folder: who did what, when (newest first). */
export function LibraryLog({ folderId }: { folderId: string }) {
  const { t } = useTranslation('library');
  const [page, setPage] = useState(1);
  const [shownFolder, setShownFolder] = useState(folderId);
  if (shownFolder !== folderId) {
    setShownFolder(folderId);
    setPage(1);
  }
  const log = useLibraryLog(folderId, page);
  return (
    <Card size="small" title={t('log.title')} className="library-log">
      {log.isError && <Alert type="error" showIcon title={log.error.message} />}
      <Table<LibraryLogItem>
        size="small"
        rowKey="id"
        loading={log.isFetching}
        dataSource={log.data?.items ?? []}
        locale={{ emptyText: t('log.empty') }}
        pagination={listPagination({
          current: page,
          pageSize: 10,
          total: log.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: setPage,
        })}
        columns={[
          { key: 'time', title: t('log.time'), width: 170, render: (_, item) => formatDateTime(item.createdAt) },
          { key: 'user', title: t('log.user'), width: 140, dataIndex: 'userName' },
          {
            key: 'action',
            title: t('log.action'),
            width: 120,
            render: (_, item) => t(`log.actions.${item.action}`),
          },
          {
            key: 'detail',
            title: t('log.detail'),
            render: (_, item) =>
              [
                item.folderName,
                item.count !== undefined ? t('log.patents', { count: item.count }) : undefined,
                item.detail,
              ]
                .filter(Boolean)
                .join(' · '),
          },
        ]}
      />
    </Card>
  );
}
