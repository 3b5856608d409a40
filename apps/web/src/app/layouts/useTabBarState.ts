import { useEffect, useState } from 'react';
import { useLocation, useMatches, type Location, type UIMatch } from 'react-router';
import { currentHandle } from '../route-handle';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  isReplacingTab,
  loadTabs,
  openTab,
  replaceTab,
  saveTabs,
  tabKeyOf,
  type AppTab,
} from '../../components/TabBar/tab-bar-model';
import type { ProductStorage } from '../../storage/storage';
import { START_TAB } from '../menus';

/** Expressions can be thousands of characters; a tab shows the start (the tooltip the rest). */
const MAX_LABEL = 24;
export function truncateLabel(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const chars = Array.from(value.replace(/\s+/g, ' '));
  return chars.length > MAX_LABEL ? `${chars.slice(0, MAX_LABEL).join('')}…` : chars.join('');
}

/** The tab of the page being shown, from its route's handle; undefined for pages without a tab. */
function tabOfLocation(matches: readonly UIMatch[], location: Location): AppTab | undefined {
  const found = currentHandle(matches);
  const tab = found?.handle.tab;
  if (!found || !tab) return undefined;
  const search = new URLSearchParams(location.search);
  const custom = tab.labelOf?.(search);
  const label = truncateLabel(custom ? custom.label : tab.labelParam ? search.get(tab.labelParam)?.trim() : undefined);
  const labelKey = custom?.labelKey;
  return {
    key: tabKeyOf(found.match.pathname, search, tab.keyParams),
    path: `${location.pathname}${location.search}`,
    originPath: found.match.pathname,
    name: found.handle.titleKey,
    ...(label ? { label } : {}),
    ...(labelKey ? { labelKey } : {}),
    permission: tab.permission,
    isFixed: tab.isFixed ?? false,
    viewCache: tab.viewCache ?? false,
  };
}

interface TabState {
  tabs: AppTab[];
  /** The last location seen, so a location change is noticed during render, and sourcePath filled. */
  lastPath: string | undefined;
}

/** Tab bar state that follows navigation and is kept in local storage. */
export function useTabBarState(storage: ProductStorage) {
  const matches = useMatches();
  const location = useLocation();
  const [state, setState] = useState<TabState>(() => ({ tabs: loadTabs(storage, START_TAB), lastPath: undefined }));
  const current = tabOfLocation(matches, location);
  const path = `${location.pathname}${location.search}`;

  // Adjusting state while rendering (React docs "storing information from previous renders"):
  // a new location opens or updates its tab before the bar paints.
  if (state.lastPath !== path) {
    let tabs = state.tabs;
    if (current && state.lastPath && isReplacingTab(location.state)) {
      // A step through a result list from the detail page stays in the tab it was taken from.
      tabs = replaceTab(state.tabs, state.lastPath, current);
    } else if (current) {
      tabs = openTab(state.tabs, state.lastPath ? { ...current, sourcePath: state.lastPath } : current);
    }
    setState({ tabs, lastPath: path });
  }

  useEffect(() => {
    saveTabs(storage, state.tabs);
  }, [storage, state.tabs]);

  return {
    tabs: state.tabs,
    activeKey: current?.key,
    close: (tab: AppTab) => {
      const result = closeTab(state.tabs, tab.key, current?.key);
      setState((s) => ({ ...s, tabs: result.tabs }));
      return result.nextActive;
    },
    closeOthers: (tab: AppTab) => setState((s) => ({ ...s, tabs: closeOtherTabs(s.tabs, tab.key) })),
    closeAll: () => setState((s) => ({ ...s, tabs: closeAllTabs(s.tabs) })),
  };
}
