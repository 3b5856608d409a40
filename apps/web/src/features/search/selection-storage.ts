import { STORAGE_PRODUCT, STORAGE_VERSION } from '../../config';
import { createProductStorage, type ProductStorage } from '../../storage/storage';
import { encodeFilters, encodeSetSource, type ResultUrlState } from '../../search-state/search-url-state';

/**
 * The selected results are kept per browser tab (session storage), not in the URL: a shared link
 * should not carry someone's ticks, but going to page 2 and back must keep them.
 */
export const sessionStore: ProductStorage = createProductStorage({
  product: STORAGE_PRODUCT,
  version: STORAGE_VERSION,
  backend: () => (typeof window === 'undefined' ? undefined : window.sessionStorage),
});

export const SELECTION_STORAGE_NAME = 'resultSelection';
/** More would not be a selection any more; export of a whole result set comes with the export issue. */
export const MAX_SELECTION = 10_000;

/** What makes a result set: everything but page, page size, sort and view. */
export function resultSetKey(state: ResultUrlState): string {
  return JSON.stringify([
    state.expression,
    state.set ? encodeSetSource(state.set) : '',
    state.second ?? '',
    encodeFilters(state.filters),
    state.mergeType,
    state.source ?? '',
  ]);
}

interface StoredSelection {
  set: string;
  numbers: string[];
  /** The whole result set is selected (issue 43: "select all N"): collect and export take it by its search. */
  all?: boolean;
}

/** A result set's selection: chosen numbers, or the whole set. */
export interface SelectionValue {
  numbers: string[];
  all: boolean;
}

export function loadSelection(storage: ProductStorage, setKey: string): SelectionValue {
  const stored = storage.get<StoredSelection>(SELECTION_STORAGE_NAME);
  if (!stored || stored.set !== setKey || !Array.isArray(stored.numbers)) return { numbers: [], all: false };
  return { numbers: stored.numbers.filter((n) => typeof n === 'string'), all: stored.all === true };
}

export function saveSelection(storage: ProductStorage, setKey: string, value: SelectionValue): void {
  storage.set(SELECTION_STORAGE_NAME, {
    set: setKey,
    numbers: value.numbers.slice(0, MAX_SELECTION),
    ...(value.all ? { all: true } : {}),
  });
}
