import { Alert, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiTokensCard } from './components/ApiTokensCard';
import { ProfileCard } from './components/ProfileCard';
import { QuotaCard } from './components/QuotaCard';
import { useSession } from '../../session/useSession';
import { useUserInfo } from './queries';
import './account.css';

/** /user/information: the account, its quotas and its personal API tokens (permission userInfo). */
export function InformationPage() {
  const { t } = useTranslation('account');
  const info = useUserInfo();
  const { session } = useSession();
  const isIpLogin = (session?.loginType ?? info.data?.loginType) === 'ip';
  return (
    <Flex vertical gap={16} className="account-page">
      <Typography.Title level={3}>{t('routes.information')}</Typography.Title>
      {info.isPending && <Skeleton active />}
      {info.isError && <Alert type="error" showIcon title={info.error.message} />}
      {info.isSuccess && (
        <>
          {isIpLogin && <Alert type="info" showIcon title={t('ipLogin.readOnly')} />}
          <ProfileCard info={info.data} isReadOnly={isIpLogin} />
          <QuotaCard />
          {!isIpLogin && <ApiTokensCard />}
        </>
      )}
    </Flex>
  );
}
