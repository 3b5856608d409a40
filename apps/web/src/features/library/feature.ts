import { defineFeature } from '../../app/define-feature';
import { LIBRARY_PATH, LIBRARY_PERMISSION, RECYCLE_BIN_PATH } from '../../app/paths';
import {
  COOPERATE_PATH,
  LIBRARY_SEARCH_PATH,
  LIBRARY_SEARCH_PERMISSION,
  USER_LIBRARY_PATH,
  WORKBENCH_PATH,
} from './paths';

const libraryPage = {
  titleKey: 'library:routes.library',
  access: LIBRARY_PERMISSION,
  // The tab (my libraries / saved expressions) and the open folder stay in the same tab bar entry.
  tab: { permission: LIBRARY_PERMISSION },
  page: async () => (await import('./LibraryPage')).LibraryPage,
} as const;

/** Libraries (spec 2 §2): folders, saved expressions, a folder as a result set, and the recycle bin. */
export const libraryFeature = defineFeature({
  routes: [
    {
      path: LIBRARY_PATH,
      ...libraryPage,
      menu: { group: 'main', labelKey: 'library:nav', order: 95, activePrefixes: [LIBRARY_PATH, USER_LIBRARY_PATH] },
    },
    { path: USER_LIBRARY_PATH, ...libraryPage },
    // Spec 1 §2: "/workbench goes to /user/collect".
    { path: WORKBENCH_PATH, redirectTo: USER_LIBRARY_PATH },
    {
      path: LIBRARY_SEARCH_PATH,
      titleKey: 'library:routes.librarySearch',
      access: LIBRARY_SEARCH_PERMISSION,
      tab: { permission: LIBRARY_SEARCH_PERMISSION },
      menu: { group: 'user', labelKey: 'library:menu.librarySearch', order: 33.5 },
      page: async () => (await import('./LibrarySearchPage')).LibrarySearchPage,
    },
    {
      path: COOPERATE_PATH,
      titleKey: 'library:routes.cooperate',
      access: LIBRARY_PERMISSION,
      tab: { permission: LIBRARY_PERMISSION },
      menu: { group: 'user', labelKey: 'library:menu.cooperate', order: 34 },
      page: async () => (await import('./CooperatePage')).CooperatePage,
    },
    {
      path: RECYCLE_BIN_PATH,
      titleKey: 'library:routes.recycleBin',
      access: LIBRARY_PERMISSION,
      tab: { permission: LIBRARY_PERMISSION },
      menu: { group: 'user', labelKey: 'library:menu.recycleBin', order: 35 },
      page: async () => (await import('./RecycleBinPage')).RecycleBinPage,
    },
  ],
});
