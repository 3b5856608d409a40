import { dataImportEndpoints } from './data-import.js';
import { fileEndpoints } from './file.js';
import { historyEndpoints } from './history.js';
import { operateHistoryEndpoints } from './operate-history.js';
import { shareEndpoints } from './share.js';
import { trackingEndpoints } from './tracking.js';

export { dataImportEndpoints } from './data-import.js';
export { fileEndpoints } from './file.js';
export { historyEndpoints } from './history.js';
export { operateHistoryEndpoints } from './operate-history.js';
export { shareEndpoints } from './share.js';
export { trackingEndpoints } from './tracking.js';

/** Every endpoint defined in contracts, by domain (the endpoint test checks them against the server's routes). */
export const ENDPOINTS = {
  dataImport: dataImportEndpoints,
  file: fileEndpoints,
  history: historyEndpoints,
  operateHistory: operateHistoryEndpoints,
  share: shareEndpoints,
  tracking: trackingEndpoints,
} as const;
