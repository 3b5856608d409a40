import { batchSearchEndpoints } from './batch-search.js';
import { dataImportEndpoints } from './data-import.js';
import { exportEndpoints } from './export.js';
import { fileEndpoints } from './file.js';
import { historyEndpoints } from './history.js';
import { libraryEndpoints } from './library.js';
import { operateHistoryEndpoints } from './operate-history.js';
import { shareEndpoints } from './share.js';
import { trackingEndpoints } from './tracking.js';

export { batchSearchEndpoints } from './batch-search.js';
export { dataImportEndpoints } from './data-import.js';
export { exportEndpoints } from './export.js';
export { fileEndpoints } from './file.js';
export { historyEndpoints } from './history.js';
export { libraryEndpoints } from './library.js';
export { operateHistoryEndpoints } from './operate-history.js';
export { shareEndpoints } from './share.js';
export { trackingEndpoints } from './tracking.js';

/** Every endpoint defined in contracts, by domain (the endpoint test checks them against the server's routes). */
export const ENDPOINTS = {
  batchSearch: batchSearchEndpoints,
  dataImport: dataImportEndpoints,
  export: exportEndpoints,
  file: fileEndpoints,
  history: historyEndpoints,
  library: libraryEndpoints,
  operateHistory: operateHistoryEndpoints,
  share: shareEndpoints,
  tracking: trackingEndpoints,
} as const;
