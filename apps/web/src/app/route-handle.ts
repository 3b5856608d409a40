import type { UIMatch } from 'react-router';

/** Title keys of routes, in the common namespace. */
export type RouteTitleKey =
  | 'routes.home'
  | 'routes.patentDetail'
  | 'routes.searchResult'
  | 'routes.help'
  | 'routes.notFound'
  | 'routes.forbidden'
  | 'routes.serverError'
  | 'routes.error';

/** What the route table says about a page besides its component. */
export interface RouteHandle {
  /** Page title: "Patlas - <title>" (spec 1 §2 "Page title is the product name plus the route title"). */
  titleKey: RouteTitleKey;
  /** Present when the page gets a tab in the tab bar. */
  tab?: {
    /** Query parameters that name the page; other parameters (the sub-tab) do not open a new tab. */
    keyParams?: readonly string[];
    /** Query parameter whose value labels the tab, e.g. the patent number. */
    labelParam?: string;
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
