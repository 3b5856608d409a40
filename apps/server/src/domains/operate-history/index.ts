/** The operate-history domain as the other domains see it: they import it from here only (eslint.config.js). */
export type { OperateHistoryService } from './operate-history.service.js';
