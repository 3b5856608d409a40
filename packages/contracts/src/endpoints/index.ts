import { businessEndpoints } from './business.js';
import { formalReviewEndpoints } from './formal-review.js';
import { operateHistoryEndpoints } from './operate-history.js';
import { trackingEndpoints } from './tracking.js';
import { translationEndpoints } from './translation.js';

export { businessEndpoints } from './business.js';
export { formalReviewEndpoints } from './formal-review.js';
export { operateHistoryEndpoints } from './operate-history.js';
export { trackingEndpoints } from './tracking.js';
export { translationEndpoints } from './translation.js';

/** Every endpoint defined in contracts, by domain (the endpoint test checks them against the server's routes). */
export const ENDPOINTS = {
  business: businessEndpoints,
  formalReview: formalReviewEndpoints,
  operateHistory: operateHistoryEndpoints,
  tracking: trackingEndpoints,
  translation: translationEndpoints,
} as const;
