/** Spec 1 §2: /search/lawSearch is a gated route under the permission of the same name. */
export const LAW_SEARCH_PATH = '/search/lawSearch';
export const LAW_SEARCH_PERMISSION = '/search/lawSearch';
/** Spec 1 §2: `?defaultActiveName=litigationSearch` opens the litigation form. */
export const LAW_SEARCH_TAB_PARAM = 'defaultActiveName';
