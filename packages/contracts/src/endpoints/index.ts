import { analysisEndpoints } from './analysis.js';
import { dashboardsEndpoints } from './dashboards.js';
import { chartEndpoints } from './chart.js';
import { citationEndpoints } from './citation.js';
import { semanticSearchEndpoints } from './semantic-search.js';
import { classificationEndpoints } from './classification.js';
import { advancedSearchEndpoints } from './advanced-search.js';
import { searchEndpoints } from './search.js';
import { operateHistoryEndpoints } from './operate-history.js';
import { trackingEndpoints } from './tracking.js';

export { operateHistoryEndpoints } from './operate-history.js';
export { trackingEndpoints } from './tracking.js';
export { searchEndpoints } from './search.js';
export { advancedSearchEndpoints } from './advanced-search.js';
export { classificationEndpoints } from './classification.js';
export { semanticSearchEndpoints } from './semantic-search.js';
export { citationEndpoints } from './citation.js';
export { chartEndpoints } from './chart.js';
export { DASHBOARD_ENDPOINTS_BY_KIND, dashboardsEndpoints } from './dashboards.js';
export { analysisEndpoints } from './analysis.js';

/** Every endpoint defined in contracts, by domain (the endpoint test checks them against the server's routes). */
export const ENDPOINTS = {
  operateHistory: operateHistoryEndpoints,
  tracking: trackingEndpoints,
  search: searchEndpoints,
  advancedSearch: advancedSearchEndpoints,
  classification: classificationEndpoints,
  semanticSearch: semanticSearchEndpoints,
  citation: citationEndpoints,
  chart: chartEndpoints,
  dashboards: dashboardsEndpoints,
  analysis: analysisEndpoints,
} as const;
