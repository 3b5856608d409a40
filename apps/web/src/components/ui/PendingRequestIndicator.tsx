import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingRequestCount, pendingSpell, subscribePendingRequests } from '../../api/pending-requests';
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
  const spell = useSyncExternalStore(subscribePendingRequests, pendingSpell, () => 0);
  // The spell of waiting the bar was shown for: a new spell waits its own 200 ms.
  const [shownSpell, setShownSpell] = useState(-1);
  const isPending = count > 0;
  useEffect(() => {
    if (!isPending) return undefined;
    const timer = setTimeout(() => setShownSpell(spell), PENDING_INDICATOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isPending, spell]);
  if (!isPending || shownSpell !== spell) return null;
  return (
    <div className="patlas-pending-bar" role="progressbar" aria-label={t('ui.pending')} data-testid="pending-requests">
      <span className="patlas-pending-bar-runner" />
    </div>
  );
}
