import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { COMPANY_PATH, PATENT_MAP_PATH, PATENT_MAP_PERMISSION, REGION_PATH, UNIVERSITY_PATH } from './paths';

/**
 * Spec 1 §2: /analysis/region, /analysis/cu and /analysis/co are always in the user's menu, so any
 * signed-in user opens them (their data calls check /nationalUniversityDatabase and /enterpriseDatabase);
 * /patentMap needs its own permission. One tab per subject.
 */
export const dashboardRoutes: RouteObject[] = [
  {
    path: REGION_PATH,
    handle: {
      titleKey: 'dashboards:routes.region',
      access: 'authenticated',
      tab: { keyParams: ['province', 'city', 'country'], permission: false },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./EntityDashboardPage')).RegionDashboardPage }),
  },
  {
    path: UNIVERSITY_PATH,
    handle: {
      titleKey: 'dashboards:routes.university',
      access: 'authenticated',
      tab: { keyParams: ['name'], labelParam: 'name', permission: false },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./EntityDashboardPage')).UniversityDashboardPage }),
  },
  {
    path: COMPANY_PATH,
    handle: {
      titleKey: 'dashboards:routes.company',
      access: 'authenticated',
      tab: { keyParams: ['name'], labelParam: 'name', permission: false },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./EntityDashboardPage')).CompanyDashboardPage }),
  },
  {
    path: PATENT_MAP_PATH,
    handle: {
      titleKey: 'dashboards:routes.patentMap',
      access: PATENT_MAP_PERMISSION,
      tab: { permission: PATENT_MAP_PERMISSION },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./PatentMapPage')).PatentMapPage }),
  },
];
