import type { ProductStorage } from '../../storage/storage';

/**
 * The user's recent expressions, kept in local storage, for the editor's suggestions. Server-side
 * search history comes later (spec 1 §4 "Search history recording"); this list is the browser's own.
 */
export const RECENT_EXPRESSIONS_NAME = 'recentExpressions';
/** Issue: "the last 20, newest first". */
export const MAX_RECENT_EXPRESSIONS = 20;
/** At most this many suggestions are shown under the editor. */
export const MAX_SUGGESTIONS = 8;

export function loadRecentExpressions(storage: ProductStorage): string[] {
  const stored = storage.get<unknown>(RECENT_EXPRESSIONS_NAME);
  if (!Array.isArray(stored)) return [];
  return stored.filter((e): e is string => typeof e === 'string' && e.trim() !== '').slice(0, MAX_RECENT_EXPRESSIONS);
}

/** Puts an expression first (moving it if already kept) and keeps the newest 20. */
export function rememberExpression(storage: ProductStorage, expression: string): string[] {
  const text = expression.trim();
  if (!text) return loadRecentExpressions(storage);
  const next = [text, ...loadRecentExpressions(storage).filter((e) => e !== text)].slice(0, MAX_RECENT_EXPRESSIONS);
  storage.set(RECENT_EXPRESSIONS_NAME, next);
  return next;
}

export function forgetExpression(storage: ProductStorage, expression: string): string[] {
  const next = loadRecentExpressions(storage).filter((e) => e !== expression);
  storage.set(RECENT_EXPRESSIONS_NAME, next);
  return next;
}

/**
 * The recent expressions that fit what is typed: all of them (newest first) when nothing is typed,
 * otherwise those containing the text, case-insensitively, without the one already in the editor.
 */
export function suggestExpressions(recent: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLowerCase();
  const matches = needle
    ? recent.filter((e) => e.toLowerCase().includes(needle) && e.trim().toLowerCase() !== needle)
    : [...recent];
  return matches.slice(0, MAX_SUGGESTIONS);
}
