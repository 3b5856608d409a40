import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * idle: nothing to save yet; dirty: a change waits for the pause; saving; saved (at `savedAt`);
 * failed: the last save did not pass (the text is kept and saved again on retry or the next change);
 * conflict: the document moved on elsewhere, autosave stops until the user chooses.
 */
export type SaveStatus = 'idle' | 'dirty' | 'saving' | 'saved' | 'failed' | 'conflict';

export interface AutosaveState {
  status: SaveStatus;
  /** When the last save passed (the server's time, ISO). */
  savedAt: string | null;
  error: Error | null;
}

export interface AutosaveOptions<T> {
  /** Saves a whole snapshot; answers the server's time of the save. */
  save: (value: T) => Promise<{ savedAt: string }>;
  /** Pause after the last change before saving. */
  delayMs: number;
  /** Whether an error means the document moved on (autosave then stops). */
  isConflict: (error: unknown) => boolean;
  initialSavedAt?: string | null;
}

export interface Autosave<T> {
  state: AutosaveState;
  /** A new snapshot: saved after the pause (the latest snapshot holds every change). */
  change: (value: T) => void;
  /** Saves what waits now; true when everything is saved. */
  flush: () => Promise<boolean>;
  /** After a conflict: forget what waits and start again from a stored version. */
  reset: (savedAt: string | null) => void;
}

/**
 * Debounced saving of whole snapshots, one save at a time: changes made during a save are saved
 * after it; a failed save keeps its snapshot (unless a newer one replaced it) so nothing is lost.
 */
export function useAutosave<T>(options: AutosaveOptions<T>): Autosave<T> {
  const [state, setState] = useState<AutosaveState>({
    status: options.initialSavedAt ? 'saved' : 'idle',
    savedAt: options.initialSavedAt ?? null,
    error: null,
  });
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const pending = useRef<{ value: T } | null>(null);
  const running = useRef<Promise<boolean> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const isStopped = useRef(false);

  const clearTimer = () => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  };

  const run = useCallback(async (): Promise<boolean> => {
    while (running.current) await running.current;
    const next = pending.current;
    if (!next) return true;
    if (isStopped.current) return false;
    pending.current = null;
    setState((s) => ({ ...s, status: 'saving' }));
    const attempt = (async () => {
      try {
        const { savedAt } = await optionsRef.current.save(next.value);
        setState({ status: pending.current ? 'dirty' : 'saved', savedAt, error: null });
        return true;
      } catch (error) {
        // Nothing lost: the snapshot waits again, unless a newer one (which holds it) came meanwhile.
        pending.current ??= next;
        const isConflict = optionsRef.current.isConflict(error);
        if (isConflict) isStopped.current = true;
        setState((s) => ({ ...s, status: isConflict ? 'conflict' : 'failed', error: error as Error }));
        return false;
      }
    })();
    running.current = attempt;
    const isSaved = await attempt;
    running.current = null;
    // Changes made during the save: saved after it (their own pause may already be over).
    if (isSaved && pending.current && timer.current === undefined) return run();
    return isSaved;
  }, []);

  const change = useCallback(
    (value: T) => {
      pending.current = { value };
      setState((s) =>
        s.status === 'saving' || s.status === 'failed' || s.status === 'conflict' ? s : { ...s, status: 'dirty' },
      );
      if (isStopped.current) return;
      clearTimer();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        void run();
      }, optionsRef.current.delayMs);
    },
    [run],
  );

  const flush = useCallback(() => {
    clearTimer();
    return run();
  }, [run]);

  const reset = useCallback((savedAt: string | null) => {
    clearTimer();
    pending.current = null;
    isStopped.current = false;
    setState({ status: savedAt ? 'saved' : 'idle', savedAt, error: null });
  }, []);

  // Leaving the page saves what waits instead of dropping it.
  useEffect(
    () => () => {
      clearTimer();
      if (pending.current && !isStopped.current) void run();
    },
    [run],
  );

  return { state, change, flush, reset };
}
