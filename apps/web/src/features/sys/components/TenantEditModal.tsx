import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_INPUT_LENGTH, type Role, type Tenant } from '@patlas/contracts';
import type { TenantInput } from '../api';
import { isValidIpRange } from '../cidr';
import { useSaveTenant } from '../queries';
import { LimitInput } from './LimitInput';

/** Contract TenantSchema: name ≤ 200. */
const TENANT_NAME_MAX_LENGTH = 200;

interface TenantForm {
  code: string;
  name: string;
  ipRanges: string[];
  ipRoleIds: string[];
  onlineCap: number | null;
}

interface TenantEditModalProps {
  /** null: a new tenant */
  tenant: Tenant | null;
  roles: readonly Role[];
  onClose: () => void;
}

/** A tenant: its code and name, the IP ranges whose visitors log in as it, their roles and online cap. */
export function TenantEditModal({ tenant, roles, onClose }: TenantEditModalProps) {
  const { t } = useTranslation('sys');
  const [form] = Form.useForm<TenantForm>();
  const save = useSaveTenant();

  const handleSubmit = (values: TenantForm) => {
    const body: TenantInput = {
      code: values.code.trim(),
      name: values.name.trim(),
      ipRanges: values.ipRanges.map((range) => range.trim()),
      ipRoleIds: values.ipRoleIds,
      onlineCap: values.onlineCap,
    };
    save.mutate({ id: tenant?.id ?? null, body }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title={tenant ? t('tenants.editTitle', { name: tenant.name }) : t('tenants.createTitle')}
      okText={t('common.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={640}
    >
      <Form<TenantForm>
        form={form}
        layout="vertical"
        onFinish={handleSubmit}
        initialValues={{
          code: tenant?.code ?? '',
          name: tenant?.name ?? '',
          ipRanges: tenant?.ipRanges ?? [],
          ipRoleIds: tenant?.ipRoleIds ?? [],
          onlineCap: tenant?.onlineCap ?? null,
        }}
      >
        <Form.Item
          name="code"
          label={t('tenants.code')}
          rules={[
            { required: true, whitespace: true, message: t('tenants.rules.codeRequired') },
            { max: MAX_INPUT_LENGTH, message: t('tenants.rules.codeTooLong', { max: MAX_INPUT_LENGTH }) },
          ]}
        >
          <Input maxLength={MAX_INPUT_LENGTH} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('tenants.name')}
          rules={[{ required: true, whitespace: true, message: t('tenants.rules.nameRequired') }]}
        >
          <Input maxLength={TENANT_NAME_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          name="ipRanges"
          label={t('tenants.ipRanges')}
          extra={t('tenants.ipRangesHint')}
          rules={[
            {
              validator: (_rule, value: string[] | undefined) => {
                const invalid = (value ?? []).filter((range) => !isValidIpRange(range));
                return invalid.length === 0
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('tenants.rules.ipRangeInvalid', { ranges: invalid.join(', ') })));
              },
            },
          ]}
        >
          <Select
            mode="tags"
            aria-label={t('tenants.ipRanges')}
            tokenSeparators={[',', ' ', '\n']}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Form.Item name="ipRoleIds" label={t('tenants.ipRoles')} extra={t('tenants.ipRolesHint')}>
          <Select
            mode="multiple"
            aria-label={t('tenants.ipRoles')}
            optionFilterProp="label"
            options={roles.map((role) => ({ value: role.id, label: role.name }))}
          />
        </Form.Item>
        <Form.Item name="onlineCap" label={t('tenants.onlineCap')} extra={t('tenants.onlineCapHint')}>
          <LimitInput min={1} label={t('tenants.onlineCap')} initialLimit={50} />
        </Form.Item>
      </Form>
      {save.isError && <Alert type="error" showIcon title={save.error.message} />}
    </Modal>
  );
}
