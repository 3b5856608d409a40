/** The history domain as the other domains see it: they import it from here only (eslint.config.js). */
export { HistoryCombiner, type CombineOperator } from './history-combine.js';
export { HistoryReferences, type SearchHistoryService } from './search-history.service.js';
