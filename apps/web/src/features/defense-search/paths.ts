/** Spec 1 §2: /search/defense is gated by the `defenseSearch` permission. */
export const DEFENSE_SEARCH_PATH = '/search/defense';
export const DEFENSE_SEARCH_PERMISSION = 'defenseSearch';
