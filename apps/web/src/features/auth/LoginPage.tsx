import { useState } from 'react';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApiContext } from '../../api/useApiContext';
import { HOME_PATH } from '../../app/paths';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { fetchCanIpLogin } from '../../session/api';
import { performIpLogin } from '../../session/login-flow';
import { targetAfterLogin, type LoginReason } from '../../session/login-target';
import { LoginForm } from './LoginForm';
import { useSessionStore } from '../../session/useSession';
import './LoginPage.css';

type IpProblem = 'IP_NO_ROLE' | 'IP_ONLINE_LIMIT' | 'IP_NOT_ALLOWED';

const IP_PROBLEM_KEYS = {
  IP_NO_ROLE: 'ip.noRole',
  IP_ONLINE_LIMIT: 'ip.onlineLimit',
  IP_NOT_ALLOWED: 'ip.notAllowed',
} as const;

function ipProblemOf(reason: string | null | undefined): IpProblem | undefined {
  return reason === 'IP_NO_ROLE' || reason === 'IP_ONLINE_LIMIT' || reason === 'IP_NOT_ALLOWED' ? reason : undefined;
}

/**
 * /login (spec 1 §2, §4): the e-mail login and, when this address is allowed, IP login. After
 * login the visitor goes where the query says (redirect, expre, pn) or to the quick search.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const store = useSessionStore();
  const { lang, messages } = useApiContext();
  const reason = params.get('reason') as LoginReason | null;
  const [ipProblem, setIpProblem] = useState<IpProblem | undefined>(() => ipProblemOf(reason));
  const [notice, setNotice] = useState<'noQuickSearch' | undefined>(reason === 'noQuickSearch' ? reason : undefined);
  const [isIpLoggingIn, setIsIpLoggingIn] = useState(false);
  const canIpLogin = useQuery({
    queryKey: ['auth', 'canIpLogin'],
    queryFn: ({ signal }) => fetchCanIpLogin({ lang, messages, signal }),
    staleTime: 0,
    retry: false,
  });

  const goOn = () => void navigate(targetAfterLogin(params), { replace: true });

  const handleIpLogin = async () => {
    setIsIpLoggingIn(true);
    try {
      const result = await performIpLogin(store, { lang, messages });
      if (result.kind === 'ok') goOn();
      else if (result.kind === 'failed') {
        if (result.code === 'NO_QUICK_SEARCH') setNotice('noQuickSearch');
        else setIpProblem(ipProblemOf(result.code) ?? 'IP_NO_ROLE');
      }
    } finally {
      setIsIpLoggingIn(false);
    }
  };

  const tenant = canIpLogin.data?.tenantCode;
  return (
    <div className="login-page">
      <header className="login-page-header">
        <Link to={HOME_PATH} className="login-page-brand">
          Patlas
        </Link>
        <LanguageSwitch />
      </header>
      <Flex justify="center" align="center" className="login-page-body">
        <Card className="login-card">
          <Typography.Title level={3} className="login-card-title">
            {t('login.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="login-card-subtitle">
            {t('login.subtitle')}
          </Typography.Paragraph>
          {ipProblem ? (
            <Flex vertical gap={16} className="login-ip-problem">
              <Alert type="warning" showIcon message={t(IP_PROBLEM_KEYS[ipProblem])} role="alert" />
              <Button type="primary" block onClick={() => setIpProblem(undefined)}>
                {t('ip.otherAccount')}
              </Button>
            </Flex>
          ) : (
            <>
              {notice === 'noQuickSearch' && (
                <Alert
                  type="warning"
                  showIcon
                  message={t('login.noQuickSearch')}
                  className="login-notice"
                  role="alert"
                />
              )}
              {canIpLogin.data?.canIpLogin && (
                <Alert
                  type="info"
                  className="login-ip-offer"
                  message={tenant ? t('ip.offerTenant', { tenant }) : t('ip.offer')}
                  action={
                    <Button size="small" type="primary" loading={isIpLoggingIn} onClick={() => void handleIpLogin()}>
                      {t('ip.button')}
                    </Button>
                  }
                />
              )}
              <LoginForm
                submitText={t('login.submit')}
                onLoggedIn={goOn}
                onNoQuickSearch={() => setNotice('noQuickSearch')}
              />
              <Flex justify="space-between" className="login-links">
                <Link to="/resetPassword">{t('login.forgotPassword')}</Link>
                <Flex gap={16}>
                  <Link to="/reg">{t('login.register')}</Link>
                  <Link to="/signUp">{t('login.tryout')}</Link>
                </Flex>
              </Flex>
            </>
          )}
        </Card>
      </Flex>
    </div>
  );
}
