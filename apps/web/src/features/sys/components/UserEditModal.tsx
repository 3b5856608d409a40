import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FULLNAME_MAX_LENGTH, QUOTA_KINDS, type Role, type SysUser, type Tenant } from '@patlas/contracts';
import type { QuotaLimits, UpdateSysUserRequest } from '../api';
import { useUpdateSysUser } from '../queries';
import { QuotaFields } from './QuotaFields';

interface UserForm {
  fullname: string;
  roleIds: string[];
  tenantId: string;
  canOperation: boolean;
  disabled: boolean;
  /** Absent when no quota kind is offered yet. */
  quotas?: QuotaLimits;
}

/** Every quota kind present: absent means unlimited, as null does. */
function fullQuotas(quotas: QuotaLimits): Record<string, number | null> {
  return Object.fromEntries(QUOTA_KINDS.map((kind) => [kind, quotas[kind] ?? null]));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}

/** The PATCH body: only what the operator changed, so concurrent edits of other fields survive. */
export function changesOf(user: SysUser, values: UserForm): UpdateSysUserRequest {
  const body: UpdateSysUserRequest = {};
  const fullname = values.fullname.trim();
  if (fullname !== user.fullname) body.fullname = fullname;
  if (values.tenantId !== user.tenantId) body.tenantId = values.tenantId;
  if (!sameList(values.roleIds, user.roleIds)) body.roleIds = values.roleIds;
  if (values.canOperation !== user.canOperation) body.canOperation = values.canOperation;
  if (values.disabled !== user.disabled) body.disabled = values.disabled;
  // The form holds only the kinds it shows: the others keep what is stored.
  const quotas = { ...fullQuotas(user.quotas), ...(values.quotas ?? {}) };
  if (JSON.stringify(quotas) !== JSON.stringify(fullQuotas(user.quotas))) body.quotas = quotas;
  return body;
}

interface UserEditModalProps {
  user: SysUser;
  roles: readonly Role[];
  tenants: readonly Tenant[];
  onClose: () => void;
}

export function UserEditModal({ user, roles, tenants, onClose }: UserEditModalProps) {
  const { t } = useTranslation('sys');
  const [form] = Form.useForm<UserForm>();
  const update = useUpdateSysUser();

  const handleSubmit = (values: UserForm) => {
    const body = changesOf(user, values);
    if (Object.keys(body).length === 0) return onClose();
    update.mutate({ userId: user.userId, body }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title={t('users.editTitle', { email: user.email })}
      okText={t('common.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      width={640}
    >
      <Form<UserForm>
        form={form}
        layout="vertical"
        onFinish={handleSubmit}
        initialValues={{
          fullname: user.fullname,
          roleIds: user.roleIds,
          tenantId: user.tenantId,
          canOperation: user.canOperation,
          disabled: user.disabled,
          quotas: fullQuotas(user.quotas),
        }}
      >
        <Form.Item
          name="fullname"
          label={t('users.fullname')}
          rules={[
            { required: true, whitespace: true, message: t('users.rules.fullnameRequired') },
            { max: FULLNAME_MAX_LENGTH, message: t('users.rules.fullnameTooLong', { max: FULLNAME_MAX_LENGTH }) },
          ]}
        >
          <Input maxLength={FULLNAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item name="roleIds" label={t('users.roles')}>
          <Select
            mode="multiple"
            aria-label={t('users.roles')}
            optionFilterProp="label"
            options={roles.map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
        <Form.Item name="tenantId" label={t('users.tenant')}>
          <Select
            aria-label={t('users.tenant')}
            optionFilterProp="label"
            showSearch
            options={tenants.map((tenant) => ({ value: tenant.id, label: `${tenant.name} (${tenant.code})` }))}
          />
        </Form.Item>
        <Form.Item name="canOperation" label={t('users.canOperation')} extra={t('users.canOperationHint')}>
          <Switch aria-label={t('users.canOperation')} />
        </Form.Item>
        <Form.Item name="disabled" label={t('users.disabled')} extra={t('users.disabledHint')}>
          <Switch aria-label={t('users.disabled')} />
        </Form.Item>
        <QuotaFields />
      </Form>
      {update.isError && <Alert type="error" showIcon title={update.error.message} />}
    </Modal>
  );
}
