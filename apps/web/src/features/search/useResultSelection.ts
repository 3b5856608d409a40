import { useCallback, useState } from 'react';
import type { ProductStorage } from '../../storage/storage';
import { loadSelection, MAX_SELECTION, saveSelection, sessionStore, type SelectionValue } from './selection-storage';

/**
 * The selected publication numbers of one result set, kept across its pages; or the whole set
 * (`all`, issue 43 "select all N": collect and export take it by its search, not as a list of
 * numbers). While the whole set is selected every result shows ticked; clearing ends it.
 */
export function useResultSelection(setKey: string, storage: ProductStorage = sessionStore) {
  const [state, setState] = useState(() => ({ setKey, value: loadSelection(storage, setKey) }));
  // A new result set (new expression or filters) starts from its own stored selection.
  if (state.setKey !== setKey) setState({ setKey, value: loadSelection(storage, setKey) });
  const value: SelectionValue = state.setKey === setKey ? state.value : { numbers: [], all: false };
  const selected = value.all ? [] : value.numbers;

  const save = useCallback(
    (next: SelectionValue) => {
      const bounded = { numbers: next.numbers.slice(0, MAX_SELECTION), all: next.all };
      saveSelection(storage, setKey, bounded);
      setState({ setKey, value: bounded });
    },
    [storage, setKey],
  );
  const update = (numbers: string[]) => save({ numbers, all: false });

  return {
    /** The chosen numbers; empty while the whole set is selected. */
    selected,
    /** The whole result set is selected. */
    all: value.all,
    isSelected: (pn: string) => value.all || selected.includes(pn),
    toggle: (pn: string, isOn: boolean) =>
      update(isOn ? (selected.includes(pn) ? selected : [...selected, pn]) : selected.filter((n) => n !== pn)),
    /** Sets which of the page's numbers are selected, keeping the other pages' choices. */
    setPage: (pageNumbers: readonly string[], selectedOnPage: readonly string[]) =>
      update([...selected.filter((n) => !pageNumbers.includes(n)), ...selectedOnPage]),
    selectPage: (pageNumbers: readonly string[]) =>
      update([...selected, ...pageNumbers.filter((n) => !selected.includes(n))]),
    /** Selects the whole result set. */
    selectAll: () => save({ numbers: [], all: true }),
    clear: () => update([]),
  };
}

export type ResultSelection = ReturnType<typeof useResultSelection>;
