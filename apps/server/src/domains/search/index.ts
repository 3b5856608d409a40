/** The search domain as the other domains see it: they import it from here only (eslint.config.js). */
export { ExpressionSearch } from './expression-search.js';
export {
  toAppError,
  type ResolvedSet,
  type ResultPageSearch,
  type SearchContext,
  type SearchService,
} from './search.service.js';
export type { FamilyExpansionService } from './family-expansion.js';
export type { SemanticClauseSource } from './semantic-clauses.js';
