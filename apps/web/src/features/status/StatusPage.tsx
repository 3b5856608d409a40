import type { ReactNode } from 'react';
import { Button, Flex, Result, Space, Typography } from 'antd';
import type { ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/paths';

interface StatusPageProps {
  status: ResultProps['status'];
  title: ReactNode;
  subTitle: ReactNode;
  extra?: ReactNode;
}

/** A full-page result with a way back: home, or the previous page when there is one. */
export function StatusPage({ status, title, subTitle, extra }: StatusPageProps) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <Result
      status={status}
      title={title}
      subTitle={subTitle}
      extra={
        <Flex vertical align="center" gap="middle">
          {extra}
          <Space>
            <Button type="primary" onClick={() => navigate(HOME_PATH)}>
              {t('actions.backHome')}
            </Button>
            {canGoBack && <Button onClick={() => navigate(-1)}>{t('actions.back')}</Button>}
          </Space>
        </Flex>
      }
    />
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('status');
  return <StatusPage status="404" title="404" subTitle={t('notFound')} />;
}

/** What answers an address no page exists for: the 404 page naming the address asked for. */
export function UnknownAddressPage() {
  const { t } = useTranslation('status');
  const location = useLocation();
  const address = `${location.pathname}${location.search}`;
  return (
    <StatusPage
      status="404"
      title="404"
      subTitle={
        <>
          {t('notFound')}
          <br />
          <Typography.Text code data-testid="unknown-address">
            {address}
          </Typography.Text>
        </>
      }
    />
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation('status');
  return <StatusPage status="403" title="403" subTitle={t('forbidden')} />;
}

export function ServerErrorPage() {
  const { t } = useTranslation('status');
  return <StatusPage status="500" title="500" subTitle={t('serverError')} />;
}

export function GenericErrorPage() {
  const { t } = useTranslation(['status', 'common']);
  return <StatusPage status="error" title={t('common:routes.error')} subTitle={t('status:error')} />;
}
