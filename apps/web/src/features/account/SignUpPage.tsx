import { Alert, Button, Card, Form, Input, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TryoutRequest } from './api';
import { ApplicantFields, PURPOSE_MAX_LENGTH, applicantBody } from './components/ApplicantFields';
import { LOGIN_PATH } from '../../app/paths';
import { useApplyTryout } from './queries';
import './account.css';

/** /signUp: a trial application for the operators; the server mails an acknowledgement. */
export function SignUpPage() {
  const { t } = useTranslation('account');
  const application = useApplyTryout();

  if (application.isSuccess) {
    return (
      <Result
        status="success"
        title={t('signUp.sentTitle')}
        subTitle={t('signUp.sent', { email: application.variables.email })}
        extra={<Link to={LOGIN_PATH}>{t('actions.toLogin')}</Link>}
      />
    );
  }
  return (
    <div className="account-form-page">
      <Card title={t('routes.signUp')}>
        <Typography.Paragraph type="secondary">{t('signUp.hint')}</Typography.Paragraph>
        <Form<TryoutRequest> layout="vertical" onFinish={(values) => application.mutate(applicantBody(values))}>
          <ApplicantFields />
          <Form.Item name="purpose" label={t('signUp.purpose')}>
            <Input.TextArea maxLength={PURPOSE_MAX_LENGTH} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          {application.isError && (
            <Form.Item>
              <Alert type="error" showIcon title={application.error.message} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={application.isPending} block>
            {t('signUp.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
