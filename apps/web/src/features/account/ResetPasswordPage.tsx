import { Alert, Button, Card, Form, Input, Result, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH } from '@patlas/contracts';
import { confirmPasswordRules, newPasswordRules } from './account-rules';
import { LOGIN_PATH } from '../../app/paths';
import { RESET_PASSWORD_PATH } from './paths';
import { useForgetPassword, useResetPassword } from './queries';
import './account.css';

/**
 * /resetPassword. Without `token`: asks for the e-mail and has a link mailed. With `token` (the
 * mailed link): sets the password; `mode=register` is the activation of a new account.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? (
    <SetPasswordForm key={token} token={token} isActivation={params.get('mode') === 'register'} />
  ) : (
    <ForgotPasswordForm />
  );
}

function ForgotPasswordForm() {
  const { t } = useTranslation('account');
  const request = useForgetPassword();
  if (request.isSuccess) {
    return (
      <Result
        status="success"
        title={t('reset.sentTitle')}
        subTitle={t('reset.sent')}
        extra={<Link to={LOGIN_PATH}>{t('actions.toLogin')}</Link>}
      />
    );
  }
  return (
    <div className="account-form-page">
      <Card title={t('reset.forgotTitle')}>
        <Typography.Paragraph type="secondary">{t('reset.forgotHint')}</Typography.Paragraph>
        <Form<{ email: string }> layout="vertical" onFinish={({ email }) => request.mutate(email.trim())}>
          <Form.Item
            name="email"
            label={t('applicant.email')}
            rules={[
              { required: true, whitespace: true, message: t('information.rules.emailRequired') },
              { type: 'email', message: t('information.rules.emailInvalid') },
            ]}
          >
            <Input maxLength={EMAIL_MAX_LENGTH} autoComplete="email" />
          </Form.Item>
          {request.isError && (
            <Form.Item>
              <Alert type="error" showIcon title={request.error.message} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={request.isPending} block>
            {t('reset.sendLink')}
          </Button>
        </Form>
        <Typography.Paragraph className="account-form-footer">
          <Link to={LOGIN_PATH}>{t('actions.toLogin')}</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}

interface SetPasswordFormProps {
  token: string;
  isActivation: boolean;
}

function SetPasswordForm({ token, isActivation }: SetPasswordFormProps) {
  const { t } = useTranslation('account');
  const reset = useResetPassword();
  const wording = isActivation ? 'activate' : 'reset';

  if (reset.isSuccess) {
    return (
      <Result
        status="success"
        title={t(`reset.${wording}.done`)}
        extra={
          <Link to={LOGIN_PATH}>
            <Button type="primary">{t('actions.toLogin')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div className="account-form-page">
      <Card title={t(`reset.${wording}.title`)}>
        <Form<{ password: string; confirmPassword: string }>
          layout="vertical"
          onFinish={({ password }) => reset.mutate({ token, password })}
        >
          <Form.Item name="password" label={t('password.new')} rules={newPasswordRules(t)}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('password.confirm')}
            dependencies={['password']}
            rules={confirmPasswordRules(t, 'password')}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {reset.isError && (
            <Form.Item>
              {/* An expired or used link: the server says which; a new link is one click away. */}
              <Alert
                type="error"
                showIcon
                title={reset.error.message}
                action={<Link to={RESET_PASSWORD_PATH}>{t('reset.requestNew')}</Link>}
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={reset.isPending} block>
            {t(`reset.${wording}.submit`)}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
