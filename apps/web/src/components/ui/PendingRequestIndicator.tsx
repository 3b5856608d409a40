import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingRequestCount, subscribePendingRequests } from '../../api/pending-requests';
import './ui.css';

/** Spec 1 §9: "Pending-request check after 200 ms". */
export const PENDING_INDICATOR_DELAY_MS = 200;

/**
 * A thin bar at the top of the window while API requests are outstanding: shown once a request has
 * been pending for 200 ms (quick answers show nothing), gone when none is. Requests sent
 * `notCumulative` (`_NotCumulative`, background polls) do not count.
 */
export function PendingRequestIndicator() {
  const { t } = useTranslation('common');
  const count = useSyncExternalStore(subscribePendingRequests, pendingRequestCount, () => 0);
  const [isShown, setIsShown] = useState(false);
  const isPending = count > 0;
  useEffect(() => {
    if (!isPending) {
      setIsShown(false);
      return undefined;
    }
    const timer = setTimeout(() => setIsShown(true), PENDING_INDICATOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isPending]);
  if (!isShown) return null;
  return (
    <div className="patlas-pending-bar" role="progressbar" aria-label={t('ui.pending')} data-testid="pending-requests">
      <span className="patlas-pending-bar-runner" />
    </div>
  );
}
