import { defineFeature } from '../../app/define-feature';
import { COMPANY_PATH, PATENT_MAP_PATH, PATENT_MAP_PERMISSION, REGION_PATH, UNIVERSITY_PATH } from './paths';

/**
 * Spec 1 §2: /analysis/region, /analysis/cu and /analysis/co are always in the user's menu, so any
 * signed-in user opens them (their data calls check /nationalUniversityDatabase and /enterpriseDatabase);
 * /patentMap needs its own permission. One tab per subject. The header lists each dashboard when
 * the user's menu has its path.
 */
export const dashboardsFeature = defineFeature({
  routes: [
    {
      path: REGION_PATH,
      titleKey: 'dashboards:routes.region',
      access: 'authenticated',
      tab: { keyParams: ['province', 'city', 'country'], permission: false },
      menu: { group: 'main', labelKey: 'dashboards:nav.region', order: 110, access: REGION_PATH },
      page: async () => (await import('./EntityDashboardPage')).RegionDashboardPage,
    },
    {
      path: UNIVERSITY_PATH,
      titleKey: 'dashboards:routes.university',
      access: 'authenticated',
      tab: { keyParams: ['name'], labelParam: 'name', permission: false },
      menu: { group: 'main', labelKey: 'dashboards:nav.university', order: 120, access: UNIVERSITY_PATH },
      page: async () => (await import('./EntityDashboardPage')).UniversityDashboardPage,
    },
    {
      path: COMPANY_PATH,
      titleKey: 'dashboards:routes.company',
      access: 'authenticated',
      tab: { keyParams: ['name'], labelParam: 'name', permission: false },
      menu: { group: 'main', labelKey: 'dashboards:nav.company', order: 130, access: COMPANY_PATH },
      page: async () => (await import('./EntityDashboardPage')).CompanyDashboardPage,
    },
    {
      path: PATENT_MAP_PATH,
      titleKey: 'dashboards:routes.patentMap',
      access: PATENT_MAP_PERMISSION,
      tab: { permission: PATENT_MAP_PERMISSION },
      menu: { group: 'main', labelKey: 'dashboards:nav.patentMap', order: 100 },
      page: async () => (await import('./PatentMapPage')).PatentMapPage,
    },
  ],
});
