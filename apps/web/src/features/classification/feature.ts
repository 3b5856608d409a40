import { defineFeature } from '../../app/define-feature';
import { CLASSIFICATION_LEGACY_PATH, CLASSIFICATION_PATH, CLASSIFICATION_PERMISSION } from './paths';

/** The classification search page and its legacy path. */
export const classificationFeature = defineFeature({
  routes: [
    {
      path: CLASSIFICATION_PATH,
      titleKey: 'classification:routes.classification',
      access: CLASSIFICATION_PERMISSION,
      tab: { permission: CLASSIFICATION_PERMISSION },
      menu: { group: 'main', labelKey: 'classification:nav', order: 80 },
      page: async () => (await import('./ClassificationPage')).ClassificationPage,
    },
    // Spec 1 §2: /search/ipc goes to /innovationSpace/ipc.
    { path: CLASSIFICATION_LEGACY_PATH, redirectTo: CLASSIFICATION_PATH, keepQuery: true },
  ],
});
