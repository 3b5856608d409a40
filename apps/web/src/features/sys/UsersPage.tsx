import { useState } from 'react';
import { Alert, App, Button, Flex, Input, Modal, Popconfirm, Select, Tag, Typography } from 'antd';
import { ResizableTable as Table } from '../../components/ui/resizable-table';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_MODES, type RegistrationMode, type SysUser, MAX_KEYWORD_LENGTH } from '@patlas/contracts';
import { UserCreateModal } from './components/UserCreateModal';
import { UserEditModal } from './components/UserEditModal';
import { SecretOnce } from './components/SecretOnce';
import { formatDateTime } from '../../utils/format-date';
import {
  useRegistrationSettings,
  useResetSysUserPassword,
  useRoles,
  useSysUsers,
  useTenants,
  useUpdateRegistrationSettings,
  useUpdateSysUser,
} from './queries';
import { usePageParams } from './usePageParams';

/** /sys/user: accounts, searchable by e-mail or name, with create, edit and password reset. */
export function UsersPage() {
  const { t } = useTranslation('sys');
  const { message } = App.useApp();
  const paging = usePageParams(['keyword'] as const);
  const keyword = paging.filters.keyword;
  const users = useSysUsers({ page: paging.page, pageSize: paging.pageSize, keyword });
  const roles = useRoles();
  const tenants = useTenants();
  const resetPassword = useResetSysUserPassword();
  const updateUser = useUpdateSysUser();
  const [editing, setEditing] = useState<SysUser | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [newPassword, setNewPassword] = useState<{ email: string; password: string } | null>(null);

  const roleName = new Map((roles.data ?? []).map((role) => [role.id, role.name]));
  const tenantName = new Map((tenants.data ?? []).map((tenant) => [tenant.id, tenant.name]));

  const handleResetPassword = (user: SysUser) =>
    resetPassword.mutateAsync(user.userId).then(
      ({ password }) => setNewPassword({ email: user.email, password }),
      (error: Error) => void message.error(error.message),
    );

  const handleApprove = (user: SysUser) =>
    updateUser.mutateAsync({ userId: user.userId, body: { approved: true } }).then(
      () => void message.success(t('users.approved', { email: user.email })),
      (error: Error) => void message.error(error.message),
    );

  return (
    <Flex vertical gap={16}>
      <RegistrationSetting />
      <Flex justify="space-between" gap={16}>
        <Input.Search
          maxLength={MAX_KEYWORD_LENGTH}
          key={keyword}
          defaultValue={keyword}
          allowClear
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.searchPlaceholder')}
          onSearch={(value) => paging.setFilter('keyword', value.trim())}
          style={{ maxWidth: 360 }}
        />
        <Button type="primary" onClick={() => setIsCreating(true)}>
          {t('users.create')}
        </Button>
      </Flex>
      {users.isError && <Alert type="error" showIcon title={users.error.message} />}
      <Table<SysUser>
        rowKey="userId"
        size="small"
        loading={users.isFetching}
        dataSource={users.data?.items ?? []}
        pagination={paging.pagination(users.data?.total)}
        columns={[
          { key: 'email', title: t('users.email'), dataIndex: 'email' },
          { key: 'fullname', title: t('users.fullname'), dataIndex: 'fullname' },
          {
            key: 'tenant',
            title: t('users.tenant'),
            render: (_, user) => tenantName.get(user.tenantId) ?? user.tenantId,
          },
          {
            key: 'roles',
            title: t('users.roles'),
            render: (_, user) => user.roleIds.map((id) => <Tag key={id}>{roleName.get(id) ?? id}</Tag>),
          },
          {
            key: 'status',
            title: t('users.status'),
            render: (_, user) =>
              user.disabled ? (
                <Tag color="red">{t('users.statusDisabled')}</Tag>
              ) : user.awaitingApproval ? (
                <Tag color="orange" data-testid="user-awaiting-approval">
                  {t('users.statusAwaitingApproval')}
                </Tag>
              ) : (
                <Tag color="green">{t('users.statusActive')}</Tag>
              ),
          },
          {
            key: 'lastLoginAt',
            title: t('users.lastLoginAt'),
            render: (_, user) => formatDateTime(user.lastLoginAt) ?? t('common.none'),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, user) => (
              <Flex gap={4}>
                {user.awaitingApproval && (
                  <Button type="link" size="small" onClick={() => void handleApprove(user)} data-testid="user-approve">
                    {t('users.approve')}
                  </Button>
                )}
                <Button type="link" size="small" onClick={() => setEditing(user)}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('users.resetPasswordConfirm', { email: user.email })}
                  onConfirm={() => handleResetPassword(user)}
                >
                  <Button type="link" size="small">
                    {t('users.resetPassword')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      {editing && (
        <UserEditModal
          user={editing}
          roles={roles.data ?? []}
          tenants={tenants.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {isCreating && (
        <UserCreateModal roles={roles.data ?? []} tenants={tenants.data ?? []} onClose={() => setIsCreating(false)} />
      )}
      {newPassword && (
        <Modal
          open
          title={t('users.passwordResetTitle', { email: newPassword.email })}
          onCancel={() => setNewPassword(null)}
          footer={
            <Button type="primary" onClick={() => setNewPassword(null)}>
              {t('common.close')}
            </Button>
          }
        >
          <SecretOnce secret={newPassword.password} label={t('users.newPassword')} />
        </Modal>
      )}
    </Flex>
  );
}

/**
 * Issue 43: what self-registered accounts get — every feature at once, every feature once an
 * operator approved the account, or the trial role.
 */
function RegistrationSetting() {
  const { t } = useTranslation('sys');
  const { message } = App.useApp();
  const settings = useRegistrationSettings();
  const update = useUpdateRegistrationSettings();
  const mode = settings.data?.mode;
  return (
    <Flex gap={8} align="center" wrap data-testid="registration-setting">
      <Typography.Text strong>{t('registration.label')}</Typography.Text>
      <Select<RegistrationMode>
        value={mode}
        loading={settings.isFetching || update.isPending}
        style={{ minWidth: 260 }}
        aria-label={t('registration.label')}
        data-testid="registration-mode"
        options={REGISTRATION_MODES.map((value) => ({ value, label: t(`registration.modes.${value}`) }))}
        onChange={(value) =>
          update.mutateAsync({ mode: value }).then(
            () => void message.success(t('registration.saved')),
            (error: Error) => void message.error(error.message),
          )
        }
      />
      {mode && <Typography.Text type="secondary">{t(`registration.hints.${mode}`)}</Typography.Text>}
    </Flex>
  );
}
