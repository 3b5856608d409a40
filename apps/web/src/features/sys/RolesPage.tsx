import { useState } from 'react';
import { Alert, App, Button, Flex, Popconfirm, Tag, Tooltip } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import type { Role } from '@patlas/contracts';
import { RoleEditModal } from './components/RoleEditModal';
import { useDeleteRole, useRoles } from './queries';

/** /sys/role: roles and their permission strings; built-in roles cannot be deleted. */
export function RolesPage() {
  const { t } = useTranslation('sys');
  const { message } = App.useApp();
  const roles = useRoles();
  const remove = useDeleteRole();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);

  const handleDelete = (role: Role) =>
    remove.mutateAsync(role.id).then(
      () => void message.success(t('roles.deleted', { name: role.name })),
      (error: Error) => void message.error(error.message),
    );

  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <Button type="primary" onClick={() => setEditing('new')}>
          {t('roles.create')}
        </Button>
      </Flex>
      {roles.isError && <Alert type="error" showIcon title={roles.error.message} />}
      <Table<Role>
        rowKey="id"
        size="small"
        loading={roles.isFetching}
        dataSource={roles.data ?? []}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: t('roles.name'),
            render: (_, role) => (
              <>
                {role.name} {role.builtIn && <Tag>{t('roles.builtIn')}</Tag>}
              </>
            ),
          },
          { key: 'description', title: t('roles.description'), dataIndex: 'description' },
          {
            key: 'permissions',
            title: t('roles.permissions'),
            render: (_, role) => t('roles.permissionCount', { n: role.permissions.length }),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, role) => (
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => setEditing(role)}>
                  {t('common.edit')}
                </Button>
                {role.builtIn ? (
                  <Tooltip title={t('roles.builtInNotDeletable')}>
                    <Button type="link" size="small" danger disabled>
                      {t('common.delete')}
                    </Button>
                  </Tooltip>
                ) : (
                  <Popconfirm
                    title={t('roles.deleteConfirm', { name: role.name })}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => handleDelete(role)}
                  >
                    <Button type="link" size="small" danger>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Flex>
            ),
          },
        ]}
      />
      {editing && <RoleEditModal role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Flex>
  );
}
