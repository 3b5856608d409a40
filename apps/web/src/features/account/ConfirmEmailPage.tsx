import { Alert, Button, Card, Result, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOGIN_PATH } from '../../app/paths';
import { useConfirmEmail } from './queries';
import './account.css';

/**
 * /confirmEmail?token=… (issue 41): the link mailed to a new e-mail address. The change is made by
 * a click, not on opening the page, so a mail scanner that follows links changes nothing.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useConfirmEmail();

  if (confirm.isSuccess) {
    return (
      <Result
        status="success"
        title={t('confirmEmail.done', { email: confirm.data.email })}
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
      <Card title={t('confirmEmail.title')}>
        {token ? (
          <>
            <Typography.Paragraph type="secondary">{t('confirmEmail.hint')}</Typography.Paragraph>
            {confirm.isError && <Alert type="error" showIcon title={confirm.error.message} />}
            <Button
              type="primary"
              block
              loading={confirm.isPending}
              onClick={() => confirm.mutate(token)}
              className="account-form-footer"
            >
              {t('confirmEmail.submit')}
            </Button>
          </>
        ) : (
          <Alert type="error" showIcon title={t('confirmEmail.missing')} />
        )}
      </Card>
    </div>
  );
}
