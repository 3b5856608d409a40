import type { FlatNamespace } from 'i18next';
import { hasPermission } from '@patlas/contracts';
import type { AppTab } from '../components/TabBar/tab-bar-model';
import {
  menuEntriesOf,
  pagesOf,
  type MenuAccess,
  type MenuGroup,
  type MenuLabelKey,
  type MenuServerFeature,
} from './define-feature';
import { FEATURES } from './feature-list';

/** An entry of a header menu, resolved from a route's declaration. */
export interface MenuItem {
  /** Link target, also the entry's key. */
  to: string;
  labelKey: MenuLabelKey;
  access: MenuAccess | 'authenticated';
  activePrefixes: readonly string[];
  /** The optional service the entry needs, and the tooltip shown while it is not configured. */
  serverFeature?: MenuServerFeature;
}

function menuOf(group: MenuGroup): MenuItem[] {
  return pagesOf(FEATURES)
    .flatMap(({ route, fullPath }) =>
      menuEntriesOf(route)
        .filter((menu) => menu.group === group)
        .map((menu) => ({ menu, route, fullPath })),
    )
    .sort((a, b) => a.menu.order - b.menu.order)
    .map(({ menu, route, fullPath }) => ({
      to: menu.to ?? fullPath,
      labelKey: menu.labelKey,
      access: menu.access ?? route.access ?? 'public',
      activePrefixes: menu.activePrefixes ?? [],
      ...(menu.serverFeature ? { serverFeature: menu.serverFeature } : {}),
    }));
}

/** The header's navigation, in order. */
export const MAIN_MENU: readonly MenuItem[] = menuOf('main');
/** The user menu's pages, in order. */
export const USER_MENU: readonly MenuItem[] = menuOf('user');
/** The operators' area's sections, in order, from every feature that puts a page there. */
export const SYS_MENU: readonly MenuItem[] = menuOf('sys');

/** Whether a user with this menu (empty for visitors) sees the entry. */
export function canSeeMenuItem(item: MenuItem, menu: readonly string[]): boolean {
  if (item.access === 'public') return true;
  if (item.access === 'authenticated') return menu.length > 0;
  return hasPermission(menu, item.access);
}

/** The entries marked as current on a path: their own path, or one of their prefixes. */
export function selectedMenuKeys(items: readonly MenuItem[], pathname: string): string[] {
  return items
    .filter((item) => item.to === pathname || item.activePrefixes.some((prefix) => pathname.startsWith(prefix)))
    .map((item) => item.to);
}

/** The namespaces of the menus' labels, for useTranslation. */
export function labelNamespaces(items: readonly MenuItem[]): FlatNamespace[] {
  const namespaces = items.flatMap((item) => (item.labelKey.includes(':') ? [item.labelKey.split(':')[0]!] : []));
  return [...new Set(namespaces)] as FlatNamespace[];
}

/** The tab that is always first in the tab bar: the page declared with a fixed tab (the start page). */
function startTab(): AppTab {
  const found = pagesOf(FEATURES).find(({ route }) => route.tab?.isFixed);
  const tab = found?.route.tab;
  if (!found?.route.titleKey || !tab) throw new Error('No page declares the fixed start tab');
  const { fullPath, route } = found;
  return {
    key: fullPath,
    path: fullPath,
    originPath: fullPath,
    name: route.titleKey,
    permission: tab.permission,
    isFixed: true,
    viewCache: tab.viewCache ?? false,
  };
}

export const START_TAB: AppTab = startTab();
