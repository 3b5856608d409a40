import { searchEndpoints } from './search.js';
import { operateHistoryEndpoints } from './operate-history.js';
import { trackingEndpoints } from './tracking.js';

export { operateHistoryEndpoints } from './operate-history.js';
export { trackingEndpoints } from './tracking.js';
export { searchEndpoints } from './search.js';

/** Every endpoint defined in contracts, by domain (the endpoint test checks them against the server's routes). */
export const ENDPOINTS = {
  operateHistory: operateHistoryEndpoints,
  tracking: trackingEndpoints,
  search: searchEndpoints,
} as const;
