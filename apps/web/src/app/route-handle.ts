import type { UIMatch } from 'react-router';
import type { PermissionRule } from '@patlas/contracts';

/** Title keys of routes in the common namespace. */
export type CommonRouteTitleKey =
  | 'routes.home'
  | 'routes.patentDetail'
  | 'routes.searchResult'
  | 'routes.help'
  | 'routes.login'
  | 'routes.notFound'
  | 'routes.forbidden'
  | 'routes.serverError'
  | 'routes.error';

/** A title key: one of common's `routes.*`, or a key of another namespace written `namespace:key`. */
export type RouteTitleKey = CommonRouteTitleKey | `${string}:${string}`;

/**
 * Who may open a route (spec 1 §2, §6): 'public' for anonymous visitors too; 'authenticated' for any
 * logged-in user (the spec's "permission false"); otherwise a menu permission rule (exact string,
 * any of a list, or `{ contains }`) checked with hasPermission.
 */
export type RouteAccess = 'public' | 'authenticated' | PermissionRule;

/** What the route table says about a page besides its component. */
export interface RouteHandle {
  /** Page title: "Patlas - <title>" (spec 1 §2 "Page title is the product name plus the route title"). */
  titleKey: RouteTitleKey;
  /** Checked by the route guard (app/guard.ts) before the page loads. */
  access: RouteAccess;
  /**
   * Where a signed-in user without the route's permission goes: /403 by default; 'login' for the
   * routes spec 2 §2 sends to /login instead (/repeat/detail, /warning/details, /pre).
   */
  deniedTo?: 'login';
  /** Present when the page gets a tab in the tab bar. */
  tab?: {
    /** Query parameters that name the page; other parameters (the sub-tab) do not open a new tab. */
    keyParams?: readonly string[];
    /** Query parameter whose value labels the tab, e.g. the patent number. */
    labelParam?: string;
    /**
     * The tab's label from the whole query, when one parameter does not tell pages apart (a result
     * set and a search within it): a text and/or an i18n key (common namespace) shown before it.
     */
    labelOf?: (search: URLSearchParams) => { label?: string | undefined; labelKey?: string | undefined };
    /** Spec 1 §6 menu permission; false = open. */
    permission: string | false;
    isFixed?: boolean;
    viewCache?: boolean;
  };
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as { titleKey?: unknown }).titleKey === 'string';
}

/** The handle of the deepest matched route that has one. */
export function currentHandle(matches: readonly UIMatch[]): { handle: RouteHandle; match: UIMatch } | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (match && isRouteHandle(match.handle)) return { handle: match.handle, match };
  }
  return undefined;
}
