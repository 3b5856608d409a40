import { hasPermission } from '@patlas/contracts';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { fetchUserMenu } from '../session/api';
import { LANDING_PERMISSION, logout, tryIpLogin } from '../session/login-flow';
import { loginPathFor } from '../session/login-target';
import { isUsable, type SessionStore } from '../session/session';
import { currentCallContext, type AuthCallContext } from '../session/session-bridge';
import { FORBIDDEN_PATH } from './paths';
import { isRouteHandle, type RouteAccess, type RouteHandle } from './route-handle';

export interface GuardDeps {
  store: SessionStore;
  context: () => AuthCallContext;
}

/**
 * Spec 1 §4 "Route guard": anonymous routes pass; others need a token and a menu. Without a
 * session, IP login is tried; failing that the visitor goes to /login with the page to come back
 * to. Without a menu the menu is fetched, and an empty one is the no-role case. Without
 * /search/quick the user goes back to login; without the route's permission, to /403.
 * Answers undefined to let the route load, or the path to go to instead.
 */
export async function checkAccess(
  access: RouteAccess,
  url: URL,
  deps: GuardDeps,
  deniedTo?: 'login',
): Promise<string | undefined> {
  if (access === 'public') return undefined;
  const { store } = deps;
  if (!isUsable(store.getSnapshot().session, store.now())) {
    const ip = await tryIpLogin(store, deps.context());
    if (ip.kind === 'unavailable') {
      store.clear();
      return loginPathFor(url);
    }
    if (ip.kind === 'failed') {
      const reason = ip.code === 'IP_ONLINE_LIMIT' || ip.code === 'IP_NOT_ALLOWED' ? ip.code : 'IP_NO_ROLE';
      return loginPathFor(url, ip.code === 'NO_QUICK_SEARCH' ? 'noQuickSearch' : reason);
    }
  }
  let menu = store.getSnapshot().session?.menu;
  if (!menu || menu.length === 0) {
    const fetched = await fetchUserMenu(deps.context()).catch(() => ({ menu: [] as string[] }));
    if (fetched.menu.length === 0) {
      await logout(store, deps.context());
      store.interrupt({ kind: 'noRole' });
      return loginPathFor(url);
    }
    store.saveMenu(fetched.menu);
    menu = fetched.menu;
  }
  if (!hasPermission(menu, LANDING_PERMISSION)) {
    await logout(store, deps.context());
    return loginPathFor(url, 'noQuickSearch');
  }
  if (access !== 'authenticated' && !hasPermission(menu, access)) {
    return deniedTo === 'login' ? loginPathFor(url) : FORBIDDEN_PATH;
  }
  return undefined;
}

function guardLoader(
  { access, deniedTo }: Pick<RouteHandle, 'access' | 'deniedTo'>,
  deps: GuardDeps,
  own: RouteObject['loader'],
): LoaderFunction {
  return async (args) => {
    const to = await checkAccess(access, new URL(args.request.url), deps, deniedTo);
    if (to) throw redirect(to);
    return typeof own === 'function' ? own(args) : null;
  };
}

/**
 * Gives every route whose handle names an access other than 'public' a loader that runs the guard
 * before the page (and its lazy module) loads.
 */
export function withGuards(routes: RouteObject[], deps: GuardDeps): RouteObject[] {
  return routes.map((route): RouteObject => {
    const children = route.children ? withGuards(route.children, deps) : undefined;
    const handle: unknown = route.handle;
    const guarded =
      isRouteHandle(handle) && handle.access !== 'public'
        ? { ...route, loader: guardLoader(handle, deps, route.loader) }
        : route;
    return (children ? { ...guarded, children } : guarded) as RouteObject;
  });
}

export function defaultGuardDeps(store: SessionStore): GuardDeps {
  return { store, context: currentCallContext };
}
