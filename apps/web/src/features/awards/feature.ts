import { SYS_PERMISSION } from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';

/** The operators' award lists (docs/awards.md): a section of the operators' area. */
export const AWARDS_PATH = '/sys/awards';

export const awardsFeature = defineFeature({
  routes: [
    {
      path: AWARDS_PATH,
      titleKey: 'awards:title',
      access: SYS_PERMISSION,
      tab: { permission: SYS_PERMISSION },
      layout: 'sys',
      menu: { group: 'sys', labelKey: 'awards:menu', order: 85 },
      page: async () => (await import('./AwardsPage')).AwardsPage,
    },
  ],
});
