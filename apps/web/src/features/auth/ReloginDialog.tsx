import { Button, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRevalidator } from 'react-router';
import { RELOGIN_DIALOG_Z_INDEX } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { LOGIN_PATH } from '../../app/paths';
import { logout } from '../../session/login-flow';
import { loginPathFor } from '../../session/login-target';
import { LoginForm } from './LoginForm';
import { useSession, useSessionStore } from '../../session/useSession';

/**
 * Spec 1 §8 "Session lost": over any screen, the message and the login form (spec 1 §5 rules),
 * with 确定 and 其他方式登录. A login here keeps the page where it was: the guard runs again and
 * the queries refetch with the new token.
 */
export function ReloginDialog() {
  const { t } = useTranslation('auth');
  const { interruption, lastEmail } = useSession();
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const { lang, messages } = useApiContext();
  const isOpen = interruption?.kind === 'relogin' && location.pathname !== LOGIN_PATH;
  const here = new URL(`${location.pathname}${location.search}`, window.location.origin);

  const handleLoggedIn = () => {
    store.resolveInterruption();
    void queryClient.invalidateQueries();
    void revalidator.revalidate();
  };

  const handleOtherMethod = async () => {
    store.resolveInterruption();
    await logout(store, { lang, messages });
    queryClient.clear();
    await navigate(loginPathFor(here));
  };

  return (
    <Modal
      open={isOpen}
      title={t('relogin.title')}
      footer={null}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      zIndex={RELOGIN_DIALOG_Z_INDEX}
      destroyOnHidden
      width={440}
    >
      <Typography.Paragraph type="secondary">{t('relogin.message')}</Typography.Paragraph>
      <LoginForm
        submitText={t('relogin.confirm')}
        initialEmail={lastEmail}
        onLoggedIn={handleLoggedIn}
        onNoQuickSearch={() => {
          store.resolveInterruption();
          void navigate(loginPathFor(here, 'noQuickSearch'));
        }}
        extraAction={<Button onClick={() => void handleOtherMethod()}>{t('relogin.otherMethod')}</Button>}
      />
    </Modal>
  );
}
