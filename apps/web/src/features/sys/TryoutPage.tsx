import { Alert, Flex } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import type { TryoutApplication } from './api';
import { formatDateTime } from '../../utils/format-date';
import { useTryouts } from './queries';
import { usePageParams } from './usePageParams';

/** /sys/tryout: trial applications sent from /signUp, newest first as the server lists them. */
export function TryoutPage() {
  const { t } = useTranslation('sys');
  const paging = usePageParams([] as const);
  const tryouts = useTryouts({ page: paging.page, pageSize: paging.pageSize });
  const orNone = (value: string | null) => value || t('common.none');

  return (
    <Flex vertical gap={16}>
      {tryouts.isError && <Alert type="error" showIcon title={tryouts.error.message} />}
      <Table<TryoutApplication>
        rowKey="id"
        size="small"
        loading={tryouts.isFetching}
        dataSource={tryouts.data?.items ?? []}
        pagination={paging.pagination(tryouts.data?.total)}
        columns={[
          { key: 'createdAt', title: t('tryout.createdAt'), render: (_, item) => formatDateTime(item.createdAt) },
          { key: 'email', title: t('tryout.email'), dataIndex: 'email' },
          { key: 'fullname', title: t('tryout.fullname'), dataIndex: 'fullname' },
          { key: 'organisation', title: t('tryout.organisation'), render: (_, item) => orNone(item.organisation) },
          { key: 'phone', title: t('tryout.phone'), render: (_, item) => orNone(item.phone) },
          { key: 'purpose', title: t('tryout.purpose'), render: (_, item) => orNone(item.purpose) },
        ]}
      />
    </Flex>
  );
}
