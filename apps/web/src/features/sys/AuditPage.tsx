import { Alert, Flex, Select, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS, type AuditEntry } from '@patlas/contracts';
import { formatDateTime } from '../../utils/format-date';
import { useAudit } from './queries';
import { usePageParams } from './usePageParams';

function isAuditAction(value: string): value is AuditEntry['action'] {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** /sys/audit: who did what to whom, from where; filterable by action. */
export function AuditPage() {
  const { t } = useTranslation('sys');
  const paging = usePageParams(['action'] as const);
  const action = isAuditAction(paging.filters.action) ? paging.filters.action : undefined;
  const audit = useAudit({ page: paging.page, pageSize: paging.pageSize, action });

  return (
    <Flex vertical gap={16}>
      <Select<string>
        allowClear
        aria-label={t('audit.filterAction')}
        placeholder={t('audit.filterAction')}
        value={action}
        onChange={(value) => paging.setFilter('action', value ?? '')}
        options={AUDIT_ACTIONS.map((value) => ({ value, label: t(`auditActions.${value}`) }))}
        style={{ width: 240 }}
      />
      {audit.isError && <Alert type="error" showIcon title={audit.error.message} />}
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={audit.isFetching}
        dataSource={audit.data?.items ?? []}
        pagination={paging.pagination(audit.data?.total)}
        columns={[
          { key: 'at', title: t('audit.at'), render: (_, entry) => formatDateTime(entry.at) ?? entry.at },
          { key: 'action', title: t('audit.action'), render: (_, entry) => t(`auditActions.${entry.action}`) },
          {
            key: 'actor',
            title: t('audit.actor'),
            render: (_, entry) => entry.actorEmail ?? entry.actorId ?? t('common.none'),
          },
          { key: 'target', title: t('audit.target'), render: (_, entry) => entry.targetId ?? t('common.none') },
          { key: 'ip', title: t('audit.ip'), render: (_, entry) => entry.ip ?? t('common.none') },
          {
            key: 'detail',
            title: t('audit.detail'),
            render: (_, entry) =>
              Object.keys(entry.detail).length ? (
                <Typography.Text
                  code
                  ellipsis={{ tooltip: JSON.stringify(entry.detail, null, 1) }}
                  style={{ maxWidth: 320 }}
                >
                  {JSON.stringify(entry.detail)}
                </Typography.Text>
              ) : (
                t('common.none')
              ),
          },
        ]}
      />
    </Flex>
  );
}
