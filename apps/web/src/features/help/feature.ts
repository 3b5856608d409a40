import { defineFeature } from '../../app/define-feature';
import { HELP_DESCRIPTION_PATH, HELP_DETECTION_PATH } from '../../app/paths';

const HELP_ROOT = '/innovationSpace/help';

/** The help area (spec 1 §2): Description (how the product is used) and Detection (search rules). */
export const helpFeature = defineFeature({
  routes: [
    {
      path: HELP_DESCRIPTION_PATH,
      titleKey: 'routes.help',
      access: 'public',
      tab: { permission: false },
      menu: { group: 'main', labelKey: 'nav.help', order: 140, activePrefixes: [HELP_ROOT] },
      page: async () => (await import('./HelpDescriptionPage')).HelpDescriptionPage,
    },
    {
      path: HELP_DETECTION_PATH,
      titleKey: 'routes.help',
      access: 'public',
      tab: { permission: false },
      page: async () => (await import('./HelpDetectionPage')).HelpDetectionPage,
    },
    // Spec 1 §2: the help root redirects to Description.
    { path: HELP_ROOT, redirectTo: HELP_DESCRIPTION_PATH },
  ],
});
