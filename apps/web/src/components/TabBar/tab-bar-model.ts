import type { ProductStorage } from '../../storage/storage';

/**
 * The tab bar of opened pages (spec 1 §2 "Tab bar and overlays"): the first tab is fixed, at most
 * two further tabs are shown inline and the rest go into an overflow list; the list is kept in
 * local storage and filtered by permission. Pure functions over an ordered list, so the component
 * stays thin and the rules are unit-tested.
 */
export interface AppTab {
  /** Identity: the route plus the query parameters that name the page (e.g. pn), not its sub-tab. */
  key: string;
  /** Full location (path and query) the tab returns to: the last one visited in that page. */
  path: string;
  /** The route pattern the page belongs to. */
  originPath: string;
  /** The location the page was opened from, if any. */
  sourcePath?: string;
  /** i18n key (common namespace) of the page title. */
  name: string;
  /** What tells two pages of the same route apart, e.g. the patent number. */
  label?: string;
  /** i18n key (common namespace) of a word before the label, e.g. the kind of result set shown. */
  labelKey?: string;
  /** The menu permission needed to see the page; false means open to everyone. */
  permission: string | false;
  isFixed: boolean;
  /** Whether the page keeps its state (cached data) when the user switches away. */
  viewCache: boolean;
}

/** Spec 1 §2: "At most 2 tabs are shown inline … the rest go into an overflow list". */
export const MAX_INLINE_TABS = 2;
/** Bound on what is kept; the oldest overflow tabs are dropped beyond it. */
export const MAX_TABS = 20;
export const TABS_STORAGE_NAME = 'tabs';
/** Opened tabs are remembered for a week of inactivity. */
export const TABS_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** A tab's identity from its route and the query parameters that name the page. */
export function tabKeyOf(originPath: string, search: URLSearchParams, keyParams: readonly string[] = []): string {
  const named = new URLSearchParams();
  for (const param of keyParams) {
    const value = search.get(param);
    if (value !== null) named.set(param, value);
  }
  const query = named.toString();
  return query ? `${originPath}?${query}` : originPath;
}

function withFixedFirst(tabs: readonly AppTab[]): AppTab[] {
  return [...tabs.filter((t) => t.isFixed), ...tabs.filter((t) => !t.isFixed)];
}

function bounded(tabs: AppTab[]): AppTab[] {
  return tabs.length > MAX_TABS ? tabs.slice(0, MAX_TABS) : tabs;
}

/**
 * Opens (or revisits) a page. A known tab keeps its place if it is inline and takes the newest
 * location; a new tab, or one in the overflow list, comes first after the fixed tabs so that the
 * page the user is on is always visible.
 */
export function openTab(tabs: readonly AppTab[], tab: AppTab): AppTab[] {
  const index = tabs.findIndex((t) => t.key === tab.key);
  const existing = tabs[index];
  const merged: AppTab = existing
    ? { ...existing, path: tab.path, label: tab.label ?? existing.label, labelKey: tab.labelKey ?? existing.labelKey }
    : tab;
  if (existing && index >= 0) {
    const next = [...tabs];
    next[index] = merged;
    return promoteTab(next, merged.key);
  }
  const ordered = withFixedFirst(tabs);
  const fixedCount = ordered.filter((t) => t.isFixed).length;
  const insertAt = merged.isFixed ? 0 : fixedCount;
  return bounded([...ordered.slice(0, insertAt), merged, ...ordered.slice(insertAt)]);
}

/**
 * Navigation state of a step that stays in the same tab (previous / next record of a result list
 * on the detail page): the tab that showed the page left takes the new page, in its place.
 */
export function replacingTabState<T extends object>(state: T | undefined): T & { replacesTab: true } {
  return { ...(state ?? ({} as T)), replacesTab: true };
}

export function isReplacingTab(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { replacesTab?: unknown }).replacesTab === true;
}

/**
 * The tab showing `fromPath` becomes `tab`, in its place; when there is no such tab, or `tab` is
 * already open elsewhere, this is an ordinary openTab.
 */
export function replaceTab(tabs: readonly AppTab[], fromPath: string, tab: AppTab): AppTab[] {
  const index = tabs.findIndex((t) => t.path === fromPath && !t.isFixed);
  const from = tabs[index];
  if (!from || from.key === tab.key || tabs.some((t) => t.key === tab.key)) return openTab(tabs, tab);
  const next = [...tabs];
  next[index] = { ...tab, ...(from.sourcePath ? { sourcePath: from.sourcePath } : {}) };
  return next;
}

/** Moves a tab out of the overflow list to the front of the inline ones; inline tabs stay put. */
export function promoteTab(tabs: readonly AppTab[], key: string): AppTab[] {
  const { overflow } = splitTabs(tabs);
  const tab = overflow.find((t) => t.key === key);
  const ordered = withFixedFirst(tabs);
  if (!tab) return ordered;
  const rest = ordered.filter((t) => t.key !== key);
  const fixedCount = rest.filter((t) => t.isFixed).length;
  return [...rest.slice(0, fixedCount), tab, ...rest.slice(fixedCount)];
}

export interface TabSplit {
  fixed: AppTab[];
  inline: AppTab[];
  overflow: AppTab[];
}

/** The fixed tabs, the inline ones (at most MAX_INLINE_TABS) and the overflow list, in order. */
export function splitTabs(tabs: readonly AppTab[]): TabSplit {
  const ordered = withFixedFirst(tabs);
  const fixed = ordered.filter((t) => t.isFixed);
  const others = ordered.filter((t) => !t.isFixed);
  return { fixed, inline: others.slice(0, MAX_INLINE_TABS), overflow: others.slice(MAX_INLINE_TABS) };
}

export interface CloseResult {
  tabs: AppTab[];
  /** Where to go when the closed tab was the active one. */
  nextActive?: AppTab;
}

/** Closes a tab; the fixed tab cannot be closed. Closing the active tab activates its neighbour. */
export function closeTab(tabs: readonly AppTab[], key: string, activeKey: string | undefined): CloseResult {
  const ordered = withFixedFirst(tabs);
  const index = ordered.findIndex((t) => t.key === key);
  const tab = ordered[index];
  if (!tab || tab.isFixed) return { tabs: ordered };
  const next = ordered.filter((t) => t.key !== key);
  if (key !== activeKey) return { tabs: next };
  const neighbour = next[index] ?? next[index - 1] ?? next[0];
  return neighbour ? { tabs: next, nextActive: neighbour } : { tabs: next };
}

/** Keeps the fixed tabs and the given one. */
export function closeOtherTabs(tabs: readonly AppTab[], key: string): AppTab[] {
  return withFixedFirst(tabs).filter((t) => t.isFixed || t.key === key);
}

/** Keeps only the fixed tabs. */
export function closeAllTabs(tabs: readonly AppTab[]): AppTab[] {
  return withFixedFirst(tabs).filter((t) => t.isFixed);
}

/**
 * The tabs a user may see. `permissions` is the user's menu permission list; null means no
 * access control applies (no accounts yet), so every tab is shown.
 */
export function filterTabsByPermission(tabs: readonly AppTab[], permissions: readonly string[] | null): AppTab[] {
  if (permissions === null) return [...tabs];
  return tabs.filter((t) => t.permission === false || permissions.includes(t.permission));
}

function isAppTab(value: unknown): value is AppTab {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<string, unknown>;
  return (
    typeof t.key === 'string' &&
    typeof t.path === 'string' &&
    t.path.startsWith('/') &&
    typeof t.originPath === 'string' &&
    typeof t.name === 'string' &&
    (t.permission === false || typeof t.permission === 'string') &&
    typeof t.isFixed === 'boolean' &&
    typeof t.viewCache === 'boolean' &&
    (t.label === undefined || typeof t.label === 'string') &&
    (t.labelKey === undefined || typeof t.labelKey === 'string') &&
    (t.sourcePath === undefined || typeof t.sourcePath === 'string')
  );
}

/**
 * Reads the kept tabs. Entries that are not tabs (an older shape, a hand-edited value) are
 * dropped; the given fixed tab always comes first, so the bar is never empty.
 */
export function loadTabs(storage: ProductStorage, fixedTab: AppTab): AppTab[] {
  const stored = storage.get<unknown>(TABS_STORAGE_NAME);
  const kept = Array.isArray(stored) ? stored.filter(isAppTab) : [];
  const others = kept.filter((t) => !t.isFixed && t.key !== fixedTab.key);
  const unique = others.filter((t, i) => others.findIndex((o) => o.key === t.key) === i);
  return bounded([fixedTab, ...unique]);
}

export function saveTabs(storage: ProductStorage, tabs: readonly AppTab[]): void {
  storage.set(TABS_STORAGE_NAME, tabs, { ttlMs: TABS_TTL_MS });
}
