/** The tracking domain as the other domains see it: they import it from here only (eslint.config.js). */
export type { TrackingService } from './tracking.service.js';
