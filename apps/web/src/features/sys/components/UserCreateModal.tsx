import { Alert, Button, Form, Input, Modal, Result, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_MAX_LENGTH,
  FULLNAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type Role,
  type Tenant,
} from '@patlas/contracts';
import type { CreateSysUserRequest } from '../api';
import { useCreateSysUser } from '../queries';
import { SecretOnce } from './SecretOnce';

interface CreateForm {
  email: string;
  fullname: string;
  password?: string;
  tenantId?: string;
  roleIds?: string[];
}

interface UserCreateModalProps {
  roles: readonly Role[];
  tenants: readonly Tenant[];
  onClose: () => void;
}

/** A new account: with the operator's password, or without one (the server mails a link). */
export function UserCreateModal({ roles, tenants, onClose }: UserCreateModalProps) {
  const { t } = useTranslation('sys');
  const [form] = Form.useForm<CreateForm>();
  const create = useCreateSysUser();

  if (create.isSuccess) {
    const created = create.data;
    const hasOwnPassword = Boolean(create.variables.password);
    return (
      <Modal
        open
        title={t('users.createTitle')}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose}>
            {t('common.close')}
          </Button>
        }
      >
        <Result
          status="success"
          title={t('users.created', { email: created.email })}
          subTitle={
            created.password || hasOwnPassword ? undefined : t('users.createdLinkSent', { email: created.email })
          }
        />
        {created.password && <SecretOnce secret={created.password} label={t('users.initialPassword')} />}
      </Modal>
    );
  }

  const handleSubmit = (values: CreateForm) => {
    const body: CreateSysUserRequest = {
      email: values.email.trim(),
      fullname: values.fullname.trim(),
      roleIds: values.roleIds ?? [],
      quotas: {},
      ...(values.password ? { password: values.password } : {}),
      ...(values.tenantId ? { tenantId: values.tenantId } : {}),
    };
    create.mutate(body);
  };

  return (
    <Modal
      open
      title={t('users.createTitle')}
      okText={t('common.create')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
    >
      <Form<CreateForm> form={form} layout="vertical" onFinish={handleSubmit}>
        <Form.Item
          name="email"
          label={t('users.email')}
          rules={[
            { required: true, whitespace: true, message: t('users.rules.emailRequired') },
            { type: 'email', message: t('users.rules.emailInvalid') },
          ]}
        >
          <Input maxLength={EMAIL_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          name="fullname"
          label={t('users.fullname')}
          rules={[{ required: true, whitespace: true, message: t('users.rules.fullnameRequired') }]}
        >
          <Input maxLength={FULLNAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('users.password')}
          extra={t('users.passwordHint')}
          rules={[
            { min: PASSWORD_MIN_LENGTH, message: t('users.rules.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) },
            { max: PASSWORD_MAX_LENGTH, message: t('users.rules.passwordTooLong', { max: PASSWORD_MAX_LENGTH }) },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="tenantId" label={t('users.tenant')} extra={t('users.tenantHint')}>
          <Select
            allowClear
            aria-label={t('users.tenant')}
            options={tenants.map((tenant) => ({ value: tenant.id, label: `${tenant.name} (${tenant.code})` }))}
          />
        </Form.Item>
        <Form.Item name="roleIds" label={t('users.roles')}>
          <Select
            mode="multiple"
            aria-label={t('users.roles')}
            optionFilterProp="label"
            options={roles.map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
      </Form>
      {create.isError && <Alert type="error" showIcon title={create.error.message} />}
    </Modal>
  );
}
