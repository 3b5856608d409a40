import { useCallback, useState } from 'react';
import type { ProductStorage } from '../../storage/storage';
import { loadSelection, MAX_SELECTION, saveSelection, sessionStore } from './selection-storage';

/** The selected publication numbers of one result set, kept across its pages. */
export function useResultSelection(setKey: string, storage: ProductStorage = sessionStore) {
  const [state, setState] = useState(() => ({ setKey, selected: loadSelection(storage, setKey) }));
  // A new result set (new expression or filters) starts from its own stored selection.
  if (state.setKey !== setKey) setState({ setKey, selected: loadSelection(storage, setKey) });
  const selected = state.setKey === setKey ? state.selected : [];

  const update = useCallback(
    (next: string[]) => {
      const bounded = next.slice(0, MAX_SELECTION);
      saveSelection(storage, setKey, bounded);
      setState({ setKey, selected: bounded });
    },
    [storage, setKey],
  );

  return {
    selected,
    isSelected: (pn: string) => selected.includes(pn),
    toggle: (pn: string, isOn: boolean) =>
      update(isOn ? (selected.includes(pn) ? selected : [...selected, pn]) : selected.filter((n) => n !== pn)),
    /** Sets which of the page's numbers are selected, keeping the other pages' choices. */
    setPage: (pageNumbers: readonly string[], selectedOnPage: readonly string[]) =>
      update([...selected.filter((n) => !pageNumbers.includes(n)), ...selectedOnPage]),
    selectPage: (pageNumbers: readonly string[]) =>
      update([...selected, ...pageNumbers.filter((n) => !selected.includes(n))]),
    clear: () => update([]),
  };
}

export type ResultSelection = ReturnType<typeof useResultSelection>;
