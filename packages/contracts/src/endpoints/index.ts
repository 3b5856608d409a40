import { disclosureEndpoints } from './disclosure.js';
import { duplicateEndpoints } from './duplicate.js';
import { operateHistoryEndpoints } from './operate-history.js';
import { reportEndpoints } from './report.js';
import { rewriteEndpoints } from './rewrite.js';
import { specialTopicEndpoints } from './special-topic.js';
import { trackingEndpoints } from './tracking.js';

export { disclosureEndpoints } from './disclosure.js';
export { duplicateEndpoints } from './duplicate.js';
export { operateHistoryEndpoints } from './operate-history.js';
export { reportEndpoints } from './report.js';
export { rewriteEndpoints } from './rewrite.js';
export { specialTopicEndpoints } from './special-topic.js';
export { trackingEndpoints } from './tracking.js';

/** Every endpoint defined in contracts, by domain (the endpoint test checks them against the server's routes). */
export const ENDPOINTS = {
  disclosure: disclosureEndpoints,
  duplicate: duplicateEndpoints,
  operateHistory: operateHistoryEndpoints,
  report: reportEndpoints,
  rewrite: rewriteEndpoints,
  specialTopic: specialTopicEndpoints,
  tracking: trackingEndpoints,
} as const;
