import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@patlas/contracts';
import { confirmPasswordRules, newPasswordRules } from './account-rules';
import { useUpdatePassword } from './queries';
import './account.css';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** /innovationSpace/password (permission modifyPassword). The server ends the account's other sessions. */
export function PasswordPage() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<PasswordForm>();
  const update = useUpdatePassword();

  const handleSubmit = ({ oldPassword, newPassword }: PasswordForm) =>
    update.mutate({ oldPassword, newPassword }, { onSuccess: () => form.resetFields() });

  return (
    <div className="account-form-page">
      <Card title={t('routes.password')}>
        <Typography.Paragraph type="secondary">
          {t('password.hint', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
        </Typography.Paragraph>
        <Form<PasswordForm>
          form={form}
          layout="vertical"
          onFinish={handleSubmit}
          onValuesChange={() => update.isSuccess && update.reset()}
        >
          <Form.Item
            name="oldPassword"
            label={t('password.old')}
            rules={[{ required: true, message: t('password.rules.oldRequired') }]}
          >
            <Input.Password maxLength={PASSWORD_MAX_LENGTH} autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="newPassword" label={t('password.new')} rules={newPasswordRules(t)}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('password.confirm')}
            dependencies={['newPassword']}
            rules={confirmPasswordRules(t, 'newPassword')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {update.isError && (
            <Form.Item>
              <Alert type="error" showIcon title={update.error.message} />
            </Form.Item>
          )}
          {update.isSuccess && (
            <Form.Item>
              <Alert type="success" showIcon title={t('password.changed')} description={t('password.otherSessions')} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('password.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
