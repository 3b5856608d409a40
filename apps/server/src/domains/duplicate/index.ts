/** The duplicate domain as the other domains see it: they import it from here only (eslint.config.js). */
export type { DuplicateService } from './duplicate.service.js';
