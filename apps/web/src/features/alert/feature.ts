import { defineFeature } from '../../app/define-feature';
import { ALERT_DETAILS_PATH, ALERTS_PATH, ALERTS_PERMISSION } from '../../app/paths';

/** E-mail alerts (spec 2 §2 /warning and /warning/details; issue 19). */
export const alertFeature = defineFeature({
  routes: [
    {
      path: ALERTS_PATH,
      titleKey: 'alert:routes.alerts',
      access: ALERTS_PERMISSION,
      tab: { permission: ALERTS_PERMISSION },
      menu: { group: 'user', labelKey: 'alert:menu', order: 36 },
      page: async () => (await import('./AlertListPage')).AlertListPage,
    },
    // Spec 2 §2 names the page /warning.
    { path: '/warning', redirectTo: ALERTS_PATH, keepQuery: true },
    {
      path: ALERT_DETAILS_PATH,
      titleKey: 'alert:routes.details',
      access: ALERTS_PERMISSION,
      // Spec 2 §2: without the permission the user goes to /login (not /403).
      deniedTo: 'login',
      // One tab per alert (or per run opened by its link).
      tab: { permission: ALERTS_PERMISSION, keyParams: ['id', 'run'] },
      page: async () => (await import('./AlertDetailsPage')).AlertDetailsPage,
    },
  ],
});
