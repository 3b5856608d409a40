/** The search domain as the other domains see it: they import it from here only (eslint.config.js). */
export { toAppError, type ResolvedSet, type SearchContext, type SearchService } from './search.service.js';
