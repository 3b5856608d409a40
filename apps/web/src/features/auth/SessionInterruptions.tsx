import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RELOGIN_DIALOG_Z_INDEX } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { logout } from '../../session/login-flow';
import { loginPathFor } from '../../session/login-target';
import { ReloginDialog } from './ReloginDialog';
import { useSession, useSessionStore } from '../../session/useSession';

/**
 * The dialogs a session problem opens over any screen (spec 1 §8): the re-login dialog; the
 * forced logout after a refused refresh; the IP-login maximum (-3); and the no-role notice.
 */
export function SessionInterruptions() {
  const { t } = useTranslation('auth');
  const { interruption } = useSession();
  const store = useSessionStore();
  const navigate = useNavigate();
  const location = useLocation();
  const { lang, messages } = useApiContext();
  const here = new URL(`${location.pathname}${location.search}`, window.location.origin);

  const toLogin = async (endSession: boolean) => {
    store.resolveInterruption();
    if (endSession) await logout(store, { lang, messages });
    await navigate(loginPathFor(here));
  };

  return (
    <>
      <ReloginDialog />
      <Modal
        open={interruption?.kind === 'refreshFailed'}
        title={t('refreshFailed.title')}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        zIndex={RELOGIN_DIALOG_Z_INDEX}
        footer={
          <Button type="primary" onClick={() => void toLogin(false)}>
            {t('refreshFailed.ok')}
          </Button>
        }
      >
        {t('refreshFailed.content')}
      </Modal>
      <Modal
        open={interruption?.kind === 'ipLimit'}
        title={t('ip.title')}
        closable={false}
        mask={{ closable: false }}
        zIndex={RELOGIN_DIALOG_Z_INDEX}
        footer={
          <Button type="primary" onClick={() => void toLogin(true)}>
            {t('ip.otherAccount')}
          </Button>
        }
      >
        <Result
          status="warning"
          title={interruption?.kind === 'ipLimit' ? interruption.message : t('ip.onlineLimit')}
        />
      </Modal>
      <Modal
        open={interruption?.kind === 'noRole'}
        title={t('noRole.title')}
        zIndex={RELOGIN_DIALOG_Z_INDEX}
        onCancel={() => store.resolveInterruption()}
        footer={
          <Button type="primary" onClick={() => store.resolveInterruption()}>
            {t('crowdOut.ok')}
          </Button>
        }
      >
        {t('noRole.content')}
      </Modal>
    </>
  );
}
