import { defineFeature } from '../../app/define-feature';
import { HELP_DETECTION_PATH } from '../../app/paths';

const HELP_ROOT = '/innovationSpace/help';

/** The help area (spec 1 §2); only the search rules (Detection) have content so far. */
export const helpFeature = defineFeature({
  routes: [
    {
      path: HELP_DETECTION_PATH,
      titleKey: 'routes.help',
      access: 'public',
      tab: { permission: false },
      menu: { group: 'main', labelKey: 'nav.help', order: 140, activePrefixes: [HELP_ROOT] },
      page: async () => (await import('./HelpDetectionPage')).HelpDetectionPage,
    },
    // Only the search rules have content so far, so the help root opens them.
    { path: HELP_ROOT, redirectTo: HELP_DETECTION_PATH },
  ],
});
