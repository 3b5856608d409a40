import { awardEndpoints } from './award.js';
import { businessEndpoints } from './business.js';
import { formalReviewEndpoints } from './formal-review.js';
import { imageSearchEndpoints } from './image-search.js';
import { jobsEndpoints } from './jobs.js';
import { operateHistoryEndpoints } from './operate-history.js';
import { patentEndpoints } from './patent.js';
import { patentValueEndpoints } from './patent-value.js';
import { preEvaluationEndpoints } from './pre-evaluation.js';
import { trackingEndpoints } from './tracking.js';
import { translationEndpoints } from './translation.js';

export { awardEndpoints } from './award.js';
export { businessEndpoints } from './business.js';
export { formalReviewEndpoints } from './formal-review.js';
export { imageSearchEndpoints } from './image-search.js';
export { jobsEndpoints } from './jobs.js';
export { operateHistoryEndpoints } from './operate-history.js';
export { patentEndpoints } from './patent.js';
export { patentValueEndpoints } from './patent-value.js';
export { preEvaluationEndpoints } from './pre-evaluation.js';
export { trackingEndpoints } from './tracking.js';
export { translationEndpoints } from './translation.js';

/** Every endpoint defined in contracts, by domain (the endpoint test checks them against the server's routes). */
export const ENDPOINTS = {
  award: awardEndpoints,
  business: businessEndpoints,
  formalReview: formalReviewEndpoints,
  imageSearch: imageSearchEndpoints,
  jobs: jobsEndpoints,
  operateHistory: operateHistoryEndpoints,
  patent: patentEndpoints,
  patentValue: patentValueEndpoints,
  preEvaluation: preEvaluationEndpoints,
  tracking: trackingEndpoints,
  translation: translationEndpoints,
} as const;
