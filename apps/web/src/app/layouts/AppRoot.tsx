import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { PRODUCT_NAME } from '../../config';
import { PendingRequestIndicator } from '../../components/ui/PendingRequestIndicator';
import { SessionInterruptions } from '../../features/auth/SessionInterruptions';
import { currentHandle } from '../route-handle';

/**
 * Above every page: the document title, the session dialogs that can open over any screen and the
 * pending-request bar.
 */
export function AppRoot() {
  const { t } = useTranslation('common');
  const matches = useMatches();
  const titleKey = currentHandle(matches)?.handle.titleKey;
  // Keys of other namespaces are written 'ns:key', which t resolves at run time.
  const routeTitle = titleKey ? t(titleKey as 'routes.home') : undefined;

  useEffect(() => {
    document.title = routeTitle ? `${PRODUCT_NAME} - ${routeTitle}` : PRODUCT_NAME;
  }, [routeTitle]);

  return (
    <>
      <Outlet />
      <SessionInterruptions />
      <PendingRequestIndicator />
    </>
  );
}
