import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { SearchHistoryItem } from '@patlas/contracts';
import { isDetailEntry, restorePath, snapshotOfEntry } from './recording';

/**
 * Opens a search-history entry: its page with `hid` (so the load is not recorded again). A detail
 * entry also carries the search it came from, so its next tab change is recorded with it.
 */
export function useReopenEntry(): (item: SearchHistoryItem) => void {
  const navigate = useNavigate();
  return useCallback(
    (item: SearchHistoryItem) => {
      const path = restorePath(item.id, item.entry);
      void navigate(path, isDetailEntry(item.entry) ? { state: { historyOrigin: snapshotOfEntry(item.entry) } } : {});
    },
    [navigate],
  );
}
