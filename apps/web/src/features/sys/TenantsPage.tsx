import { useState } from 'react';
import { Alert, App, Button, Flex, Popconfirm, Tag } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import type { Tenant } from '@patlas/contracts';
import { TenantEditModal } from './components/TenantEditModal';
import { useDeleteTenant, useRoles, useTenants } from './queries';

/** /sys/tenant: institutions, their IP ranges for IP login, the roles and online cap of those logins. */
export function TenantsPage() {
  const { t } = useTranslation('sys');
  const { message } = App.useApp();
  const tenants = useTenants();
  const roles = useRoles();
  const remove = useDeleteTenant();
  const [editing, setEditing] = useState<Tenant | 'new' | null>(null);
  const roleName = new Map((roles.data ?? []).map((role) => [role.id, role.name]));

  const handleDelete = (tenant: Tenant) =>
    remove.mutateAsync(tenant.id).then(
      () => void message.success(t('tenants.deleted', { name: tenant.name })),
      (error: Error) => void message.error(error.message),
    );

  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('tenants.create')}
        </Button>
      </Flex>
      {tenants.isError && <Alert type="error" showIcon title={tenants.error.message} />}
      <Table<Tenant>
        rowKey="id"
        size="small"
        loading={tenants.isFetching}
        dataSource={tenants.data ?? []}
        pagination={false}
        columns={[
          { key: 'code', title: t('tenants.code'), dataIndex: 'code' },
          { key: 'name', title: t('tenants.name'), dataIndex: 'name' },
          {
            key: 'ipRanges',
            title: t('tenants.ipRanges'),
            render: (_, tenant) =>
              tenant.ipRanges.length
                ? tenant.ipRanges.map((range) => <Tag key={range}>{range}</Tag>)
                : t('common.none'),
          },
          {
            key: 'ipRoles',
            title: t('tenants.ipRoles'),
            render: (_, tenant) =>
              tenant.ipRoleIds.length ? (
                tenant.ipRoleIds.map((id) => <Tag key={id}>{roleName.get(id) ?? id}</Tag>)
              ) : (
                <Tag color="orange">{t('tenants.noIpRole')}</Tag>
              ),
          },
          {
            key: 'onlineCap',
            title: t('tenants.onlineCap'),
            render: (_, tenant) => tenant.onlineCap ?? t('common.unlimited'),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, tenant) => (
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => setEditing(tenant)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('tenants.deleteConfirm', { name: tenant.name })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => handleDelete(tenant)}
                >
                  <Button type="link" size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      {editing && (
        <TenantEditModal
          tenant={editing === 'new' ? null : editing}
          roles={roles.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}
