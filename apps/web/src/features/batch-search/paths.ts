/** Spec 1 §2: /search/batch is a gated route; spec 1 §6: "retrieval (batch search)". */
export const BATCH_SEARCH_PATH = '/search/batch';
export const BATCH_SEARCH_PERMISSION = 'retrieval';
