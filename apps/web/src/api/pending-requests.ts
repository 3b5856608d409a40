/**
 * Spec 1 §7: "Requests with a _NotCumulative parameter are not counted in the pending-request
 * counter". The counter of the API calls in flight that the pending-request indicator shows
 * (components/ui/PendingRequestIndicator.tsx); background polls are sent `notCumulative`.
 */
export const NOT_CUMULATIVE_PARAM = '_NotCumulative';

let pending = 0;
/** Counts the spells of waiting: a new one starts when the first request of an idle app goes out. */
let spell = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Counts one request until the returned function is called (once). */
export function trackPendingRequest(): () => void {
  if (pending === 0) spell += 1;
  pending += 1;
  notify();
  let isDone = false;
  return () => {
    if (isDone) return;
    isDone = true;
    pending -= 1;
    notify();
  };
}

export function pendingRequestCount(): number {
  return pending;
}

export function pendingSpell(): number {
  return spell;
}

export function subscribePendingRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
