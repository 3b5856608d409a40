// Library pages (spec 2 §2, surface.json routes); the library page and recycle bin are in app/paths.ts.

/** Spec 1 §2: the target of /workbench; the same page as /innovationSpace/collect. */
export const USER_LIBRARY_PATH = '/user/collect';
export const WORKBENCH_PATH = '/workbench';
/** Spec 2 §2 "search library": a folder's patents (and a search within them) on the result page. */
export const LIBRARY_SEARCH_PATH = '/innovationSpace/collectSearch';
export const LIBRARY_SEARCH_PERMISSION = '/collectSearch';
/** The saved-expression tab of the library page (spec 2 §2 `tab=searchExp`). */
export const SAVED_EXPRESSIONS_TAB = 'searchExp';
/** Spec 2 §2 "collaborative library": libraries the user shares and those shared with them. */
export const COOPERATE_PATH = '/innovationSpace/collectCooperate';
