import { defineFeature } from '../../app/define-feature';
import { FORBIDDEN_PATH } from '../../app/paths';

/** The status pages (not found, forbidden, server error, error). */
export const statusFeature = defineFeature({
  routes: [
    {
      path: '/404',
      titleKey: 'routes.notFound',
      access: 'public',
      page: async () => (await import('./StatusPage')).NotFoundPage,
    },
    {
      path: FORBIDDEN_PATH,
      titleKey: 'routes.forbidden',
      access: 'public',
      page: async () => (await import('./StatusPage')).ForbiddenPage,
    },
    {
      path: '/500',
      titleKey: 'routes.serverError',
      access: 'public',
      page: async () => (await import('./StatusPage')).ServerErrorPage,
    },
    {
      path: '/error',
      titleKey: 'routes.error',
      access: 'public',
      page: async () => (await import('./StatusPage')).GenericErrorPage,
    },
    {
      // Any address no page answers (an old bookmark, a mistyped link): the 404 page names it,
      // instead of sending the user home as if the product had lost the page (spec 1 §2's
      // "unknown paths go to /" gives way to issue 14).
      path: '*',
      titleKey: 'routes.notFound',
      access: 'public',
      page: async () => (await import('./StatusPage')).UnknownAddressPage,
    },
  ],
});
