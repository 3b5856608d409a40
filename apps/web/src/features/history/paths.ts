/** Spec 1 §2 / surface.json: operation and search history, under the innovation-space layout. */
export const HISTORY_PATH = '/innovationSpace/history';
/** Spec 1 §6 permission of the history pages. */
export const HISTORY_PERMISSION = '/searchHistory';
