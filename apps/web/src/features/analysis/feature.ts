import { defineFeature } from '../../app/define-feature';
import { ANALYSIS_PATH, ANALYSIS_PERMISSION } from '../../search-state/analysis-url-state';

/** The analysis dashboard. One tab per analysed set; charts switch inside it. */
export const analysisFeature = defineFeature({
  routes: [
    {
      path: ANALYSIS_PATH,
      titleKey: 'analysis:routes.analysis',
      access: ANALYSIS_PERMISSION,
      tab: {
        keyParams: ['q', 'set', 'second', 'f', 'merge', 'source'],
        labelParam: 'q',
        permission: ANALYSIS_PERMISSION,
      },
      // ECharts and the page load only when an analysis is opened.
      page: async () => (await import('./AnalysisPage')).AnalysisPage,
    },
  ],
});
