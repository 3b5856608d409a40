import { REWRITE_PERMISSION } from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import { ASSISTED_WRITING_HISTORY_PATH, ASSISTED_WRITING_PATH } from '../../app/paths';

/**
 * Assisted writing (spec 2 §2 /innovationSpace/assistedWriting and /assistedWritingSearch,
 * permission '/assistedWriting'; issue 22): the editor and the history with search.
 */
export const assistedWritingFeature = defineFeature({
  routes: [
    {
      path: ASSISTED_WRITING_PATH,
      titleKey: 'assistedWriting:routes.editor',
      access: REWRITE_PERMISSION,
      tab: { permission: REWRITE_PERMISSION },
      menu: {
        group: 'main',
        labelKey: 'assistedWriting:nav',
        order: 99,
        activePrefixes: [ASSISTED_WRITING_PATH],
        serverFeature: { name: 'rewrite', hintKey: 'assistedWriting:navUnavailable' },
      },
      page: async () => (await import('./AssistedWritingPage')).AssistedWritingPage,
    },
    {
      path: ASSISTED_WRITING_HISTORY_PATH,
      titleKey: 'assistedWriting:routes.history',
      access: REWRITE_PERMISSION,
      tab: { permission: REWRITE_PERMISSION },
      page: async () => (await import('./AssistedWritingSearchPage')).AssistedWritingSearchPage,
    },
    // Spec 2 §2 writes the history page /assistedWritingSearch (surface.json specPath).
    { path: '/assistedWritingSearch', redirectTo: ASSISTED_WRITING_HISTORY_PATH, keepQuery: true },
  ],
});
