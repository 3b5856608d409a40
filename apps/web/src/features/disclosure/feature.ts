import { DISCLOSURE_WRITING_PERMISSION } from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import { DISCLOSURE_ADD_PATH, DISCLOSURE_EDIT_PATH, DISCLOSURE_LIST_PATH, PATENT_APPLY_PATH } from '../../app/paths';

const WRITING_PAGES = [DISCLOSURE_LIST_PATH, '/innovationSpace/disclosurePaper'];

/**
 * Disclosure writing and application drafts (issue 22; spec 2 §2 /disclosurePaper/addWrite,
 * /disclosurePaper/editWrite, /disclosure, /patentApply). Every page needs the writing permission
 * (spec 2 §6 '/disclosurePaperWriting'), as every call behind them does.
 */
export const disclosureFeature = defineFeature({
  routes: [
    {
      path: DISCLOSURE_LIST_PATH,
      titleKey: 'disclosure:routes.list',
      access: DISCLOSURE_WRITING_PERMISSION,
      tab: { permission: DISCLOSURE_WRITING_PERMISSION },
      menu: { group: 'main', labelKey: 'disclosure:nav', order: 97, activePrefixes: WRITING_PAGES },
      page: async () => (await import('./ListPage')).DisclosureListPage,
    },
    {
      path: DISCLOSURE_ADD_PATH,
      titleKey: 'disclosure:routes.addWrite',
      access: DISCLOSURE_WRITING_PERMISSION,
      // No key parameter: the id a new document gets on its first save stays in the same tab.
      tab: { permission: DISCLOSURE_WRITING_PERMISSION },
      page: async () => (await import('./ListPage')).DisclosureWritePage,
    },
    {
      path: DISCLOSURE_EDIT_PATH,
      titleKey: 'disclosure:routes.editWrite',
      access: DISCLOSURE_WRITING_PERMISSION,
      tab: { permission: DISCLOSURE_WRITING_PERMISSION, keyParams: ['id'] },
      page: async () => (await import('./ListPage')).DisclosureWritePage,
    },
    {
      path: PATENT_APPLY_PATH,
      titleKey: 'disclosure:routes.apply',
      access: DISCLOSURE_WRITING_PERMISSION,
      tab: { permission: DISCLOSURE_WRITING_PERMISSION },
      menu: { group: 'user', labelKey: 'disclosure:menuApply', order: 39 },
      page: async () => (await import('./ListPage')).PatentApplyPage,
    },
    // Spec 2 §2 names the pages without the innovation-space prefix.
    { path: '/disclosurePaper/addWrite', redirectTo: DISCLOSURE_ADD_PATH, keepQuery: true },
    { path: '/disclosurePaper/editWrite', redirectTo: DISCLOSURE_EDIT_PATH, keepQuery: true },
    { path: '/disclosure', redirectTo: DISCLOSURE_LIST_PATH, keepQuery: true },
    { path: '/patentApply', redirectTo: PATENT_APPLY_PATH, keepQuery: true },
  ],
});
