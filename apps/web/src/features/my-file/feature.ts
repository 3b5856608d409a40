import { MY_FILES_PERMISSION, SEARCH_FILES_PERMISSION } from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import { MY_FILE_PATH, SEARCH_FILE_PATH } from '../../app/paths';

/**
 * My files (spec 2 §2 "/searchFile, /user/myFile, /myFile: my files"; issue 22): the same page
 * under the two permissions spec 2 §6 names, '/myFiles' and '/user/searchFile'.
 */
export const myFileFeature = defineFeature({
  routes: [
    {
      path: MY_FILE_PATH,
      titleKey: 'myFile:routes.myFile',
      access: MY_FILES_PERMISSION,
      tab: { permission: MY_FILES_PERMISSION },
      menu: { group: 'user', labelKey: 'myFile:menu', order: 39 },
      page: async () => (await import('./MyFilePage')).MyFilePage,
    },
    {
      path: SEARCH_FILE_PATH,
      titleKey: 'myFile:routes.searchFile',
      access: SEARCH_FILES_PERMISSION,
      tab: { permission: SEARCH_FILES_PERMISSION },
      page: async () => (await import('./MyFilePage')).MyFilePage,
    },
    // Spec 2 §2 names the pages /searchFile, /myFile and /user/myFile.
    { path: '/searchFile', redirectTo: SEARCH_FILE_PATH, keepQuery: true },
    { path: '/myFile', redirectTo: MY_FILE_PATH, keepQuery: true },
    { path: '/user/myFile', redirectTo: MY_FILE_PATH, keepQuery: true },
  ],
});
