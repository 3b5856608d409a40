import { Alert, Button, Card, Form, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RegisterRequest } from './api';
import { ApplicantFields, applicantBody } from './components/ApplicantFields';
import { LOGIN_PATH } from '../../app/paths';
import { useRegister } from './queries';
import './account.css';

/** /reg: creates an inactive account; the server mails a link to set the password. */
export function RegisterPage() {
  const { t } = useTranslation('account');
  const registration = useRegister();

  if (registration.isSuccess) {
    return (
      <Result
        status="success"
        title={t('register.sentTitle')}
        subTitle={t('register.sent', { email: registration.variables.email })}
        extra={<Link to={LOGIN_PATH}>{t('actions.toLogin')}</Link>}
      />
    );
  }
  return (
    <div className="account-form-page">
      <Card title={t('routes.register')}>
        <Typography.Paragraph type="secondary">{t('register.hint')}</Typography.Paragraph>
        <Form<RegisterRequest> layout="vertical" onFinish={(values) => registration.mutate(applicantBody(values))}>
          <ApplicantFields />
          {registration.isError && (
            <Form.Item>
              <Alert type="error" showIcon title={registration.error.message} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={registration.isPending} block>
            {t('register.submit')}
          </Button>
        </Form>
        <Typography.Paragraph className="account-form-footer">
          {t('register.haveAccount')} <Link to={LOGIN_PATH}>{t('actions.toLogin')}</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
