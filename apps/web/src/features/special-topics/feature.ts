import { SYS_PERMISSION } from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import { SPECIAL_TOPICS_PATH } from './paths';

/** The home page's special topics, kept by operators: a section of the operators' area. */
export const specialTopicsFeature = defineFeature({
  routes: [
    {
      path: SPECIAL_TOPICS_PATH,
      titleKey: 'specialTopics:title',
      access: SYS_PERMISSION,
      tab: { permission: SYS_PERMISSION },
      layout: 'sys',
      menu: { group: 'sys', labelKey: 'specialTopics:menu', order: 80 },
      page: async () => (await import('./SpecialTopicsPage')).SpecialTopicsPage,
    },
  ],
});
