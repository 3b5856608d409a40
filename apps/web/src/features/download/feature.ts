import { defineFeature } from '../../app/define-feature';
import { DOWNLOADS_PATH, DOWNLOADS_PERMISSION } from '../../app/paths';

/** The download centre (spec 2 §2 "/download: export history"; issue 18). */
export const downloadFeature = defineFeature({
  routes: [
    {
      path: DOWNLOADS_PATH,
      titleKey: 'download:routes.downloads',
      access: DOWNLOADS_PERMISSION,
      tab: { permission: DOWNLOADS_PERMISSION },
      menu: { group: 'user', labelKey: 'download:menu', order: 37 },
      page: async () => (await import('./DownloadPage')).DownloadPage,
    },
    // Spec 2 §2 names the page /download.
    { path: '/download', redirectTo: DOWNLOADS_PATH, keepQuery: true },
  ],
});
