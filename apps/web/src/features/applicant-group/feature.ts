import { defineFeature } from '../../app/define-feature';
import { APPLICANT_GROUPS_PATH, GROUPS_PERMISSION } from '../../app/paths';

/** Applicant groups (spec 1 §2, 2 §2 /paeGroup under the innovation space; issue 46). */
export const applicantGroupFeature = defineFeature({
  routes: [
    {
      path: APPLICANT_GROUPS_PATH,
      titleKey: 'applicantGroup:routes.groups',
      access: GROUPS_PERMISSION,
      tab: { permission: GROUPS_PERMISSION },
      menu: { group: 'user', labelKey: 'applicantGroup:menu', order: 46 },
      page: async () => (await import('./ApplicantGroupPage')).ApplicantGroupPage,
    },
    { path: '/paeGroup', redirectTo: APPLICANT_GROUPS_PATH, keepQuery: true },
  ],
});
