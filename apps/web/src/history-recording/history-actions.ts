import type { HistoryAction } from '@patlas/contracts';
import type { FilterKind, ResultSnapshot } from './recording';

/**
 * A user action travels to the page it produces as navigation state (react-router `state`): the
 * page records it once its results have arrived. Loads without a tag (reload, back/forward, a tab
 * of the tab bar, a link from history) record nothing.
 */
export interface HistoryActionTag {
  name: HistoryAction;
  value: string;
  /** When the action happened (epoch ms); a refresh waits for data fetched after it. */
  at: number;
  /** The same state resubmitted: only data fetched after `at` counts. */
  requiresFresh?: boolean;
  filterKind?: FilterKind;
  removedFilter?: { field: string; values: string[] };
}

export interface HistoryNavState {
  historyAction?: HistoryActionTag;
  /** On a patent detail page: the result page it was opened from (its entries carry that search). */
  historyOrigin?: ResultSnapshot;
}

/** Navigation state tagging an action. */
export function historyActionState(
  name: HistoryAction,
  value: string,
  extra: Omit<HistoryActionTag, 'name' | 'value' | 'at'> = {},
): HistoryNavState {
  return { historyAction: { name, value, at: Date.now(), ...extra } };
}

export function readHistoryNavState(state: unknown): HistoryNavState {
  if (typeof state !== 'object' || state === null) return {};
  const { historyAction, historyOrigin } = state as HistoryNavState;
  return {
    ...(historyAction && typeof historyAction.name === 'string' ? { historyAction } : {}),
    ...(historyOrigin && typeof historyOrigin.total === 'number' ? { historyOrigin } : {}),
  };
}

// Each navigation (location key) is recorded at most once: StrictMode runs effects twice, and a
// reload or back/forward brings the same location and state back. Session storage keeps the keys
// across reloads; memory is the fallback when storage is unavailable.
const CLAIMED_STORAGE_KEY = 'patlas:historyRecorded';
const MAX_CLAIMED = 200;
const claimedInMemory = new Set<string>();

function readClaimed(): string[] {
  try {
    const raw = window.sessionStorage.getItem(CLAIMED_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether a navigation has been claimed for recording (in this page load or before a reload). */
export function isRecordingClaimed(locationKey: string): boolean {
  return claimedInMemory.has(locationKey) || readClaimed().includes(locationKey);
}

/** true the first time a navigation is claimed for recording, false ever after. */
export function claimRecording(locationKey: string): boolean {
  if (claimedInMemory.has(locationKey)) return false;
  const stored = readClaimed();
  if (stored.includes(locationKey)) return false;
  claimedInMemory.add(locationKey);
  try {
    window.sessionStorage.setItem(CLAIMED_STORAGE_KEY, JSON.stringify([...stored, locationKey].slice(-MAX_CLAIMED)));
  } catch {
    // Memory alone still prevents doubles within this page load.
  }
  return true;
}
