import {
  DISCLOSURE_WRITING_PERMISSION,
  DUPLICATE_PERMISSION,
  MY_FILES_PERMISSION,
  NOVELTY_SEARCH_PERMISSION,
  PRE_EVALUATION_PERMISSION,
  REWRITE_PERMISSION,
  type PermissionRule,
} from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import { INNOVATION_SPACE_PATH, WORKSPACE_PATH } from '../../app/paths';

/**
 * The innovation space (spec 2 §2): its home, where the drafting tools start, and the workbench of
 * everything made with them (issue 22). Signed-in users only; each tool keeps its own permission.
 */
/** The menus offer the space to users holding one of its tools at least (the pages open to any signed-in user). */
const ANY_DRAFTING_TOOL: PermissionRule = [
  DISCLOSURE_WRITING_PERMISSION,
  NOVELTY_SEARCH_PERMISSION,
  PRE_EVALUATION_PERMISSION,
  DUPLICATE_PERMISSION,
  REWRITE_PERMISSION,
  MY_FILES_PERMISSION,
];

export const innovationSpaceFeature = defineFeature({
  routes: [
    {
      path: INNOVATION_SPACE_PATH,
      titleKey: 'innovationSpace:routes.home',
      access: 'authenticated',
      tab: { permission: false },
      menu: { group: 'main', labelKey: 'innovationSpace:nav', order: 94, access: ANY_DRAFTING_TOOL },
      page: async () => (await import('./InnovationSpaceHomePage')).InnovationSpaceHomePage,
    },
    {
      path: WORKSPACE_PATH,
      titleKey: 'innovationSpace:routes.workspace',
      access: 'authenticated',
      tab: { permission: false },
      menu: { group: 'user', labelKey: 'innovationSpace:workspaceNav', order: 33, access: ANY_DRAFTING_TOOL },
      page: async () => (await import('./WorkspacePage')).WorkspacePage,
    },
    // Spec 1 §2 and 2 §2 write the home as a top-level path too.
    { path: '/innovationSpaceHome', redirectTo: INNOVATION_SPACE_PATH, keepQuery: true },
    { path: '/workspace', redirectTo: WORKSPACE_PATH, keepQuery: true },
  ],
});
