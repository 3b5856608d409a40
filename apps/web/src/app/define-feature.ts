import type { ComponentType } from 'react';
import type { Health, PermissionRule } from '@patlas/contracts';
import type { RouteHandle } from './route-handle';

/**
 * How a feature declares its pages (STYLE.md "Web app"): each route once, with its path, title,
 * access, tab and menu entry and its lazily loaded page. app/feature-list.ts collects the features;
 * the router (app/routes.tsx), the header menus (app/menus.ts), the tab bar and the route guard
 * are all built from these declarations. This module imports no feature.
 */

/** A label of the header menus: one of common's `nav.*` keys, or `namespace:key`. */
export type MenuLabelKey = 'nav.home' | 'nav.search' | 'nav.help' | `${string}:${string}`;

/**
 * 'main': the header's navigation bar; 'user': the user menu (account pages, operators' area);
 * 'sys': the side menu of the operators' area (pages of layout 'sys', whichever feature declares them).
 */
export type MenuGroup = 'main' | 'user' | 'sys';

/** Who sees a menu entry: 'public' for everyone, else the permission a signed-in user needs. */
export type MenuAccess = 'public' | PermissionRule;

/** Where a page is shown: see PageBase.layout. */
export type PageLayout = 'main' | 'standalone' | 'sys';

/** An optional service a page needs (GET /api/health `features`) and the tooltip saying what to set. */
export interface MenuServerFeature {
  name: keyof Health['features'];
  hintKey: MenuLabelKey;
}

/** The menu entry of a route. */
interface FeatureMenuEntry {
  group: MenuGroup;
  labelKey: MenuLabelKey;
  /** Position in the group, ascending. */
  order: number;
  /** Link target when it is not the route's own path (e.g. a tab of another page). */
  to?: string;
  /** Who sees the entry, when it is not the route's access. */
  access?: MenuAccess;
  /** Path prefixes of pages that also mark the entry as the current one. */
  activePrefixes?: readonly string[];
  /**
   * An optional service the page needs (GET /api/health `features`): while this installation has
   * not configured it, the entry is shown greyed with `hintKey` as a tooltip saying what to set.
   */
  serverFeature?: MenuServerFeature;
}

/** The page component, loaded (with its module's code) when the route is first opened. */
type LazyPage = () => Promise<ComponentType>;

interface PageBase {
  /** Absolute, or relative to the parent route for children. */
  path: string;
  page: LazyPage;
  /** Its entry in a menu, or in several (the operators' users page: the user menu and the area's side menu). */
  menu?: FeatureMenuEntry | readonly FeatureMenuEntry[];
  /**
   * 'standalone' pages (the login page) are shown without the header and the tab bar; 'sys' pages
   * inside the operators' area (app/layouts/SysLayout: its side menu lists the 'sys' menu group).
   */
  layout?: PageLayout;
  children?: readonly FeatureRoute[];
  /**
   * The page's own URL for one written in another accepted form (e.g. spec 1's `?expre=`), or
   * null when the URL is already the page's own: the router moves there before the page (and its
   * tab) opens.
   */
  canonicalUrl?: (url: URL) => string | null;
}

/** A page without title, tab or guard of its own: one that only sends the visitor on. */
interface NoHandle {
  titleKey?: undefined;
  access?: undefined;
  tab?: undefined;
  deniedTo?: undefined;
}

/** A page: its title key, access and tab (RouteHandle) plus where it is and how it loads. */
type FeaturePage = PageBase & (RouteHandle | NoHandle);

/** A path that sends the visitor elsewhere. */
interface FeatureRedirect {
  /** The path; absent for the index route of a parent. */
  path?: string;
  redirectTo: string;
  /** Keeps the query and hash (spec 1 §2 legacy paths). */
  keepQuery?: boolean;
  layout?: PageLayout;
}

export type FeatureRoute = FeaturePage | FeatureRedirect;

/** What a feature folder (features/X/feature.ts) declares for the app. */
export interface Feature {
  routes: readonly FeatureRoute[];
}

export function defineFeature(feature: Feature): Feature {
  return feature;
}

export function isRedirect(route: FeatureRoute): route is FeatureRedirect {
  return 'redirectTo' in route;
}

/** A page's menu entries, one or several, as a list. */
export function menuEntriesOf(route: FeaturePage): readonly FeatureMenuEntry[] {
  return route.menu === undefined ? [] : 'group' in route.menu ? [route.menu] : route.menu;
}

/** A child path joined to its parent's ('/sys' and 'user' give '/sys/user'). */
function joinPath(parent: string | undefined, path: string): string {
  if (!parent || path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

/** Every page of the features, depth first, with its full path. */
export function pagesOf(features: readonly Feature[]): { route: FeaturePage; fullPath: string }[] {
  const out: { route: FeaturePage; fullPath: string }[] = [];
  const visit = (routes: readonly FeatureRoute[], parent: string | undefined) => {
    for (const route of routes) {
      if (isRedirect(route)) continue;
      const fullPath = joinPath(parent, route.path);
      out.push({ route, fullPath });
      if (route.children) visit(route.children, fullPath);
    }
  };
  for (const feature of features) visit(feature.routes, undefined);
  return out;
}
