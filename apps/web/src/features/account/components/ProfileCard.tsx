import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH, FULLNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, type UserInfo } from '@patlas/contracts';
import { fullnameRules } from '../account-rules';
import { formatDateTime } from '../../../utils/format-date';
import { useUpdateEmail, useUpdateFullname } from '../queries';

interface ProfileCardProps {
  info: UserInfo;
  /** IP-login visitors share one account of the institution: they cannot change it. */
  isReadOnly: boolean;
}

/** Name, e-mail and account dates, with the name and e-mail editable. */
export function ProfileCard({ info, isReadOnly }: ProfileCardProps) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState<'fullname' | 'email' | null>(null);
  const lastLogin = formatDateTime(info.lastLoginTime);

  return (
    <Card title={t('information.profile')}>
      <Descriptions
        column={1}
        items={[
          {
            key: 'fullname',
            label: t('information.fullname'),
            children: (
              <>
                {info.fullname}
                {!isReadOnly && (
                  <Button type="link" size="small" onClick={() => setEditing('fullname')}>
                    {t('information.editFullname')}
                  </Button>
                )}
              </>
            ),
          },
          {
            key: 'email',
            label: t('information.email'),
            children: (
              <>
                {info.email}
                {!isReadOnly && (
                  <Button type="link" size="small" onClick={() => setEditing('email')}>
                    {t('information.editEmail')}
                  </Button>
                )}
              </>
            ),
          },
          { key: 'tenant', label: t('information.tenant'), children: info.tenantCode },
          {
            key: 'days',
            label: t('information.creationDays'),
            children: t('information.days', { days: info.userCreationDays }),
          },
          { key: 'lastLogin', label: t('information.lastLogin'), children: lastLogin ?? t('information.never') },
        ]}
      />
      {editing === 'fullname' && <FullnameModal current={info.fullname} onClose={() => setEditing(null)} />}
      {editing === 'email' && <EmailModal current={info.email} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function FullnameModal({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ fullname: string }>();
  const update = useUpdateFullname();
  const handleSubmit = ({ fullname }: { fullname: string }) => update.mutate(fullname.trim(), { onSuccess: onClose });
  return (
    <Modal
      open
      title={t('information.editFullname')}
      okText={t('actions.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ fullname: current }} onFinish={handleSubmit}>
        <Form.Item name="fullname" label={t('information.fullname')} rules={fullnameRules(t)}>
          <Input maxLength={FULLNAME_MAX_LENGTH} showCount autoFocus />
        </Form.Item>
      </Form>
      {update.isError && <Alert type="error" showIcon title={update.error.message} />}
    </Modal>
  );
}

function EmailModal({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ email: string; password: string }>();
  const update = useUpdateEmail();
  const { message } = App.useApp();
  const handleSubmit = (values: { email: string; password: string }) =>
    update.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: ({ pendingEmail }) => {
          // Issue 41: the address changes only once the link mailed to it is opened.
          if (pendingEmail) void message.info(t('information.emailConfirmSent', { email: pendingEmail }), 8);
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={t('information.editEmail')}
      okText={t('actions.save')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ email: current }} onFinish={handleSubmit}>
        <Form.Item
          name="email"
          label={t('information.newEmail')}
          rules={[
            { required: true, whitespace: true, message: t('information.rules.emailRequired') },
            { type: 'email', message: t('information.rules.emailInvalid') },
            { max: EMAIL_MAX_LENGTH, message: t('information.rules.emailTooLong', { max: EMAIL_MAX_LENGTH }) },
          ]}
        >
          <Input maxLength={EMAIL_MAX_LENGTH} autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('information.currentPassword')}
          extra={t('information.emailNeedsPassword')}
          rules={[{ required: true, message: t('information.rules.passwordRequired') }]}
        >
          <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="current-password" />
        </Form.Item>
      </Form>
      {update.isError && <Alert type="error" showIcon title={update.error.message} />}
    </Modal>
  );
}
