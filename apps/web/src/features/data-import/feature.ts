import { SYS_PERMISSION } from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import { DATA_IMPORT_PATH } from './paths';

/** Patent imports by operators (issue 15): a section of the operators' area. */
export const dataImportFeature = defineFeature({
  routes: [
    {
      path: DATA_IMPORT_PATH,
      titleKey: 'dataImport:title',
      access: SYS_PERMISSION,
      tab: { permission: SYS_PERMISSION },
      layout: 'sys',
      menu: { group: 'sys', labelKey: 'dataImport:menu', order: 70 },
      page: async () => (await import('./DataImportPage')).DataImportPage,
    },
  ],
});
