/** Spec 1 §2: /search/advance is a gated route; spec 1 §6 names its permission the same. */
export const ADVANCED_SEARCH_PATH = '/search/advance';
export const ADVANCED_SEARCH_PERMISSION = '/search/advance';
