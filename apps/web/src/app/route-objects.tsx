import { Navigate, redirect, type RouteObject } from 'react-router';
import { RedirectKeepQuery } from './RedirectKeepQuery';
import type { RouteHandle } from './route-handle';
import { isRedirect, type FeatureRoute } from './define-feature';
import { loadChunk } from './chunk-load';

/** A declared route as react-router's route object: its handle carries the title, access and tab. */
export function toRouteObject(route: FeatureRoute): RouteObject {
  if (isRedirect(route)) {
    const element = route.keepQuery ? (
      <RedirectKeepQuery to={route.redirectTo} />
    ) : (
      <Navigate to={route.redirectTo} replace />
    );
    return route.path === undefined ? { index: true, element } : { path: route.path, element };
  }
  const { path, page, titleKey, access, tab, children, canonicalUrl } = route;
  const deniedTo = titleKey === undefined ? undefined : route.deniedTo;
  const handle: RouteHandle | undefined =
    titleKey === undefined
      ? undefined
      : { titleKey, access, ...(tab ? { tab } : {}), ...(deniedTo ? { deniedTo } : {}) };
  return {
    path,
    ...(handle ? { handle } : {}),
    ...(canonicalUrl
      ? {
          loader: ({ request }: { request: Request }) => {
            const target = canonicalUrl(new URL(request.url));
            if (target) throw redirect(target);
            return null;
          },
        }
      : {}),
    // A page's code that fails or takes over 120 s ends on the error page with a reload (spec 1 §8).
    lazy: async () => ({ Component: await loadChunk(page) }),
    ...(children ? { children: children.map(toRouteObject) } : {}),
  };
}
