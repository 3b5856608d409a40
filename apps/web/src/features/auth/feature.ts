import { defineFeature } from '../../app/define-feature';
import { LOGIN_PATH } from '../../app/paths';

/** The login page, which stands alone (no header, no tab bar). */
export const authFeature = defineFeature({
  routes: [
    {
      path: LOGIN_PATH,
      layout: 'standalone',
      titleKey: 'routes.login',
      access: 'public',
      page: async () => (await import('./LoginPage')).LoginPage,
    },
  ],
});
