import { awardEndpoints } from './award.js';
import { batchSearchEndpoints } from './batch-search.js';
import { businessEndpoints } from './business.js';
import { dataImportEndpoints } from './data-import.js';
import { exportEndpoints } from './export.js';
import { fileEndpoints } from './file.js';
import { formalReviewEndpoints } from './formal-review.js';
import { historyEndpoints } from './history.js';
import { imageSearchEndpoints } from './image-search.js';
import { jobsEndpoints } from './jobs.js';
import { libraryEndpoints } from './library.js';
import { operateHistoryEndpoints } from './operate-history.js';
import { patentValueEndpoints } from './patent-value.js';
import { patentEndpoints } from './patent.js';
import { preEvaluationEndpoints } from './pre-evaluation.js';
import { shareEndpoints } from './share.js';
import { trackingEndpoints } from './tracking.js';
import { translationEndpoints } from './translation.js';

export { awardEndpoints } from './award.js';
export { batchSearchEndpoints } from './batch-search.js';
export { businessEndpoints } from './business.js';
export { dataImportEndpoints } from './data-import.js';
export { exportEndpoints } from './export.js';
export { fileEndpoints } from './file.js';
export { formalReviewEndpoints } from './formal-review.js';
export { historyEndpoints } from './history.js';
export { imageSearchEndpoints } from './image-search.js';
export { jobsEndpoints } from './jobs.js';
export { libraryEndpoints } from './library.js';
export { operateHistoryEndpoints } from './operate-history.js';
export { patentValueEndpoints } from './patent-value.js';
export { patentEndpoints } from './patent.js';
export { preEvaluationEndpoints } from './pre-evaluation.js';
export { shareEndpoints } from './share.js';
export { trackingEndpoints } from './tracking.js';
export { translationEndpoints } from './translation.js';

/** Every endpoint defined in contracts, by domain (the endpoint test checks them against the server's routes). */
export const ENDPOINTS = {
  award: awardEndpoints,
  batchSearch: batchSearchEndpoints,
  business: businessEndpoints,
  dataImport: dataImportEndpoints,
  export: exportEndpoints,
  file: fileEndpoints,
  formalReview: formalReviewEndpoints,
  history: historyEndpoints,
  imageSearch: imageSearchEndpoints,
  jobs: jobsEndpoints,
  library: libraryEndpoints,
  operateHistory: operateHistoryEndpoints,
  patentValue: patentValueEndpoints,
  patent: patentEndpoints,
  preEvaluation: preEvaluationEndpoints,
  share: shareEndpoints,
  tracking: trackingEndpoints,
  translation: translationEndpoints,
} as const;
