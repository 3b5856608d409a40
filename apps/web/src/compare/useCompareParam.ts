import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { COMPARE_PARAM, formatCompareParam, parseCompareParam } from './compare-model';

/**
 * The compare dialog's state in the URL of the page it opens over (STYLE.md: every screen state a
 * user could share lives there): reload, a shared link or Back show the same comparison. The
 * page's own parameters are kept; its own navigation (a new search, a filter) drops this one.
 */
export function useCompareParam() {
  const [params, setParams] = useSearchParams();
  const isOpen = params.has(COMPARE_PARAM);
  const numbers = parseCompareParam(params.get(COMPARE_PARAM));

  const write = useCallback(
    (next: readonly string[] | undefined, replace: boolean) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === undefined) updated.delete(COMPARE_PARAM);
          else updated.set(COMPARE_PARAM, formatCompareParam(next));
          return updated;
        },
        { replace },
      ),
    [setParams],
  );

  return {
    isOpen,
    numbers,
    /** Opens the dialog on these numbers (a new history entry: Back closes it). */
    open: useCallback((next: readonly string[]) => write(next, false), [write]),
    /** Compares fewer patents (a column removed). */
    setNumbers: useCallback((next: readonly string[]) => write(next, true), [write]),
    close: useCallback(() => write(undefined, true), [write]),
  };
}
