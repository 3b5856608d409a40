import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(QUERY);
  // Safari before 14 knows only the older addListener.
  if (typeof list.addEventListener !== 'function') {
    list.addListener(onChange);
    return () => list.removeListener(onChange);
  }
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/**
 * Whether the user asked their system for less motion (WCAG 2.3.3): antd's sliding, fading and
 * zooming are then turned off, and overlays appear and go at once. Follows the setting live.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
