import { Alert, Form, Input, Modal, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_INPUT_LENGTH, type Permission, type Role } from '@patlas/contracts';
import type { RoleInput } from '../api';
import { buildPermissionTree, permissionsOfCheckedKeys } from '../permission-tree';
import { useSaveRole } from '../queries';

/** Contract RoleSchema: description ≤ 200. */
const DESCRIPTION_MAX_LENGTH = 200;

interface RoleForm {
  name: string;
  description?: string;
  permissions: Permission[];
}

interface PermissionTreeInputProps {
  value?: Permission[];
  onChange?: (value: Permission[]) => void;
}

/** The permission strings as a checkable tree, one branch per area. */
function PermissionTreeInput({ value = [], onChange }: PermissionTreeInputProps) {
  const { t } = useTranslation('sys');
  const treeData = buildPermissionTree(
    (group) => t(`permissionGroups.${group}`),
    (permission) => `${t(`permissions.${permission}`)} (${permission})`,
  );
  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      treeData={treeData}
      checkedKeys={value}
      onCheck={(checked) => onChange?.(permissionsOfCheckedKeys(Array.isArray(checked) ? checked : checked.checked))}
    />
  );
}

interface RoleEditModalProps {
  /** null: a new role */
  role: Role | null;
  onClose: () => void;
}

export function RoleEditModal({ role, onClose }: RoleEditModalProps) {
  const { t } = useTranslation('sys');
  const [form] = Form.useForm<RoleForm>();
  const save = useSaveRole();

  const handleSubmit = (values: RoleForm) => {
    const body: RoleInput = {
      name: values.name.trim(),
      description: values.description?.trim() ?? '',
      permissions: values.permissions,
    };
    save.mutate({ id: role?.id ?? null, body }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title={role ? t('roles.editTitle', { name: role.name }) : t('roles.createTitle')}
      okText={t('common.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={640}
    >
      <Form<RoleForm>
        form={form}
        layout="vertical"
        onFinish={handleSubmit}
        initialValues={{
          name: role?.name ?? '',
          description: role?.description ?? '',
          permissions: role?.permissions ?? [],
        }}
      >
        <Form.Item
          name="name"
          label={t('roles.name')}
          rules={[
            { required: true, whitespace: true, message: t('roles.rules.nameRequired') },
            { max: MAX_INPUT_LENGTH, message: t('roles.rules.nameTooLong', { max: MAX_INPUT_LENGTH }) },
          ]}
        >
          <Input maxLength={MAX_INPUT_LENGTH} />
        </Form.Item>
        <Form.Item name="description" label={t('roles.description')}>
          <Input.TextArea maxLength={DESCRIPTION_MAX_LENGTH} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="permissions" label={t('roles.permissions')}>
          <PermissionTreeInput />
        </Form.Item>
      </Form>
      {save.isError && <Alert type="error" showIcon title={save.error.message} />}
    </Modal>
  );
}
