import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { ANALYSIS_PATH, ANALYSIS_PERMISSION } from './paths';

/** The analysis dashboard, for app/routes.tsx. One tab per analysed set; charts switch inside it. */
export const analysisRoutes: RouteObject[] = [
  {
    path: ANALYSIS_PATH,
    handle: {
      titleKey: 'analysis:routes.analysis',
      access: ANALYSIS_PERMISSION,
      tab: { keyParams: ['q', 'second', 'f', 'merge', 'source'], labelParam: 'q', permission: ANALYSIS_PERMISSION },
    } satisfies RouteHandle,
    // ECharts and the page load only when an analysis is opened.
    lazy: async () => ({ Component: (await import('./AnalysisPage')).AnalysisPage }),
  },
];
