import { accountEndpoints } from './account.js';
import { authEndpoints } from './auth.js';
import { groupEndpoints } from './group.js';
import { messageEndpoints } from './message.js';
import { operateHistoryEndpoints } from './operate-history.js';
import { sysEndpoints } from './sys.js';
import { systemEndpoints } from './system.js';
import { trackingEndpoints } from './tracking.js';

export { accountEndpoints } from './account.js';
export { authEndpoints } from './auth.js';
export { groupEndpoints } from './group.js';
export { messageEndpoints } from './message.js';
export { operateHistoryEndpoints } from './operate-history.js';
export { sysEndpoints } from './sys.js';
export { systemEndpoints } from './system.js';
export { trackingEndpoints } from './tracking.js';

/** Every endpoint defined in contracts, by domain (the endpoint test checks them against the server's routes). */
export const ENDPOINTS = {
  account: accountEndpoints,
  auth: authEndpoints,
  group: groupEndpoints,
  message: messageEndpoints,
  operateHistory: operateHistoryEndpoints,
  sys: sysEndpoints,
  system: systemEndpoints,
  tracking: trackingEndpoints,
} as const;
