/** The semantic-search domain as the other domains see it: they import it from here only (eslint.config.js). */
export type { SemanticModelKeeper } from './semantic-model.js';
