import { createContext, useCallback, useContext, useEffect, useMemo, type MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { RECORD_TYPES, type ResultPageAction, type SearchHistoryEntry } from '@patlas/contracts';
import { useApiContext } from '../api/useApiContext';
import { usePersonalSession } from '../session/useSession';
import type { ResultUrlState } from '../search-state/search-url-state';
import { saveHistory, saveOperateHistory } from './api';
import { claimRecording, readHistoryNavState, type HistoryNavState } from './history-actions';
import { historyKeys } from './queries';
import {
  analysisTargetOf,
  buildEntry,
  HISTORY_ID_PARAM,
  resultRouter,
  shouldRecord,
  validEntry,
  type ResultSnapshot,
} from './recording';
import { trackEvent } from './tracking';

/**
 * Saves go one after another: the server folds an action into the row of its search, so a page
 * turn must not overtake the search it follows (it would start a row of its own).
 */
let savesInOrder: Promise<unknown> = Promise.resolve();

/** Saves entries for the signed-in user; IP-login visitors have no history (spec 1 §4). */
function useEntrySaver() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  const canRecord = usePersonalSession();
  return useMemo(() => {
    // A new search also goes to the operation history and the event count.
    const afterRecorded = (valid: SearchHistoryEntry) => {
      if (valid.operationName !== 'search') return;
      saveOperateHistory(
        {
          recordType: RECORD_TYPES.search,
          title: valid.searchExpression,
          ...(valid.router ? { router: valid.router } : {}),
          resultTotal: valid.resultTotal,
          data: { state: valid.state },
        },
        { lang, messages },
      )
        .then(() => queryClient.invalidateQueries({ queryKey: historyKeys.operate }))
        .catch(() => undefined);
      trackEvent({ eventName: 'search', eventType: 'search', recordType: RECORD_TYPES.search }, { lang, messages });
    };
    return {
      canRecord,
      save(entry: SearchHistoryEntry) {
        const valid = validEntry(entry);
        if (!valid) return;
        // Recording must never disturb the search: failures are dropped.
        savesInOrder = savesInOrder
          .then(() => saveHistory(valid, { lang, messages }))
          .then(() => queryClient.invalidateQueries({ queryKey: historyKeys.search }))
          .catch(() => undefined);
        afterRecorded(valid);
      },
      /** The entry the result page's search recorded on the server (issue 42): only what follows it. */
      recordedBySearch(entry: SearchHistoryEntry) {
        const valid = validEntry(entry);
        if (!valid) return;
        void queryClient.invalidateQueries({ queryKey: historyKeys.search });
        afterRecorded(valid);
      },
    };
  }, [canRecord, lang, messages, queryClient]);
}

/** Actions sent with a search not answered yet, by navigation (location key): cleared by the answer. */
const unansweredActions = new Map<string, ResultPageAction>();

/** The result page's action as its search sends it (`history` of searchNew), and what follows its answer. */
export interface ResultHistoryRequest {
  action: ResultPageAction;
  /** Called with the search's answer: the operation history and event count of a new search, the history list refreshed. */
  recorded(answer: { total: number; expression: string }): void;
}

/**
 * Issue 42: the result page's search records the page's action itself, with the total it finds, so
 * no second request carries it. Answers what the next search request of `state` sends: the action
 * of the navigation being shown, the first time it is asked for (the navigation is then claimed,
 * as useResultHistoryRecording claims it when the results come from the cache instead), or
 * undefined when there is nothing to record.
 */
export function useResultHistoryRequest(state: ResultUrlState): () => ResultHistoryRequest | undefined {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const saver = useEntrySaver();
  const historyId = searchParams.get(HISTORY_ID_PARAM);
  const tag = readHistoryNavState(location.state).historyAction;
  return () => {
    if (!tag) return undefined;
    const requestOf = (action: ResultPageAction): ResultHistoryRequest => ({
      action,
      recorded: (answer) => {
        unansweredActions.delete(location.key);
        saver.recordedBySearch(
          buildEntry({
            action: tag.name,
            value: tag.value,
            snapshot: { state, total: answer.total, realExpression: answer.expression },
            ...(tag.removedFilter ? { removedFilter: tag.removedFilter } : {}),
          }),
        );
      },
    });
    // A retry of a search that failed (the service starting) carries its action again.
    const unanswered = unansweredActions.get(location.key);
    if (unanswered) return requestOf(unanswered);
    if (!claimRecording(location.key)) return undefined;
    if (!saver.canRecord) return undefined;
    const check = {
      action: tag.name,
      historyId,
      value: tag.value,
      // Whatever the search finds: the server records the total.
      resultTotal: 0,
      pageKind: 'result' as const,
      ...(tag.filterKind ? { filterKind: tag.filterKind } : {}),
    };
    if (!shouldRecord(check)) return undefined;
    // An entry the contract would refuse (an over-long expression) is not recorded, as before.
    const entry = validEntry(
      buildEntry({
        action: tag.name,
        value: tag.value,
        snapshot: { state, total: 0 },
        ...(tag.removedFilter ? { removedFilter: tag.removedFilter } : {}),
      }),
    );
    if (!entry?.router) return undefined;
    const action: ResultPageAction = {
      action: tag.name,
      value: tag.value,
      router: entry.router,
      ...(tag.removedFilter ? { removedFilter: tag.removedFilter } : {}),
    };
    unansweredActions.set(location.key, action);
    return requestOf(action);
  };
}

export interface ResultsForHistory {
  state: ResultUrlState;
  /** The answer for exactly this state; undefined while it loads, on failure, or while old data is shown. */
  current: { total: number; expression: string } | undefined;
  isFetching: boolean;
  /** When the current answer arrived (TanStack Query's dataUpdatedAt). */
  dataUpdatedAt: number;
}

/**
 * Records the result page's action (the navigation state set by the page's own controls or by a
 * search page) once the results of the new state have arrived, so the entry holds its total, when
 * its search did not record it (useResultHistoryRequest): results shown from the cache were not
 * searched again. Answers the page's snapshot, which detail links carry as their origin.
 */
export function useResultHistoryRecording(results: ResultsForHistory): ResultSnapshot | undefined {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const saver = useEntrySaver();
  const historyId = searchParams.get(HISTORY_ID_PARAM);
  const { state, current, isFetching, dataUpdatedAt } = results;
  const tag = readHistoryNavState(location.state).historyAction;
  // The state object is rebuilt on every render; its URL identifies it.
  const stateUrl = resultRouter(state);
  const snapshot = useMemo<ResultSnapshot | undefined>(
    () => (current ? { state, total: current.total, realExpression: current.expression } : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, stateUrl],
  );

  useEffect(() => {
    if (!tag || !snapshot) return;
    if (tag.requiresFresh && (isFetching || dataUpdatedAt < tag.at)) return;
    if (!claimRecording(location.key)) return;
    if (!saver.canRecord) return;
    const check = {
      action: tag.name,
      historyId,
      value: tag.value,
      resultTotal: snapshot.total,
      pageKind: 'result' as const,
      ...(tag.filterKind ? { filterKind: tag.filterKind } : {}),
    };
    if (!shouldRecord(check)) return;
    saver.save(
      buildEntry({
        action: tag.name,
        value: tag.value,
        snapshot,
        ...(tag.removedFilter ? { removedFilter: tag.removedFilter } : {}),
      }),
    );
  }, [tag, snapshot, isFetching, dataUpdatedAt, location.key, saver, historyId]);

  return snapshot;
}

/** Marks the result page's link into analysis; a click on it records the 'analysis' action. */
export const ANALYSE_LINK_SELECTOR = '[data-testid="analyse-button"]';

/**
 * Records 'analysis' (spec 1 §4) when the user leaves a result page for its analysis: the entry
 * holds the result page's search and the analysis URL (chart and chart view included), so opening
 * it reopens that analysis. Recorded at the click, on the result page: analysis pages themselves
 * never record. Answers a click-capture handler for the element around the toolbar.
 */
export function useAnalysisClickRecording(snapshot: ResultSnapshot | undefined) {
  const [searchParams] = useSearchParams();
  const saver = useEntrySaver();
  const historyId = searchParams.get(HISTORY_ID_PARAM);
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      const link = (event.target as Element).closest?.(ANALYSE_LINK_SELECTOR)?.closest('a');
      const href = link?.getAttribute('href');
      if (!href || !snapshot || !saver.canRecord) return;
      const analysis = analysisTargetOf(href);
      const value = analysis.chart ?? analysis.type ?? 'overview';
      const check = { action: 'analysis', historyId, value, resultTotal: snapshot.total, pageKind: 'result' as const };
      if (!shouldRecord(check)) return;
      saver.save(buildEntry({ action: 'analysis', value, snapshot, analysis }));
    },
    [snapshot, saver, historyId],
  );
}

/** The result page a patent detail link leads from (set by the result page around its views). */
export const HistoryOriginContext = createContext<ResultSnapshot | undefined>(undefined);

/** Navigation state for a link to a patent detail page: records 'detail' there (spec 1 §4). */
export function useDetailLinkState(): HistoryNavState | undefined {
  const origin = useContext(HistoryOriginContext);
  return useMemo(
    () => (origin ? { historyOrigin: origin, historyAction: { name: 'detail', value: '', at: 0 } } : undefined),
    [origin],
  );
}

/**
 * Records the detail page's actions: 'detail' when opened from a result page, 'detailTab' when
 * its tab changes. Both carry the search they came from; a page opened by number alone has no
 * result total and is not recorded.
 */
export function useDetailHistoryRecording(publicationNumber: string, tab: string | undefined): void {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const saver = useEntrySaver();
  const historyId = searchParams.get(HISTORY_ID_PARAM);
  const { historyAction: tag, historyOrigin: origin } = readHistoryNavState(location.state);

  useEffect(() => {
    if (!tag || !publicationNumber) return;
    if (tag.name !== 'detail' && tag.name !== 'detailTab') return;
    if (!claimRecording(location.key)) return;
    if (!saver.canRecord) return;
    const value = tag.value || publicationNumber;
    if (!shouldRecord({ action: tag.name, historyId, value, resultTotal: origin?.total, pageKind: 'detail' })) return;
    if (!origin) return;
    saver.save(
      buildEntry({
        action: tag.name,
        value,
        snapshot: origin,
        detail: { publicationNumber, ...(tab ? { tab } : {}) },
      }),
    );
  }, [tag, origin, publicationNumber, tab, location.key, saver, historyId]);
}

/** Navigation state for a tab change of a detail page, keeping the search it came from. */
export function detailTabState(state: unknown, tab: string): HistoryNavState {
  const { historyOrigin } = readHistoryNavState(state);
  return {
    ...(historyOrigin ? { historyOrigin } : {}),
    historyAction: { name: 'detailTab', value: tab, at: Date.now() },
  };
}

/** A collect into library folders (spec 1 §3 entry field `collect`). */
export interface CollectRecord {
  favoritesId: string;
  favName: string;
  /** The folder's ids and names from its top-level library down, joined by '/'. */
  path?: string;
  pathName?: string;
}

/**
 * Records a collect made from a result page (spec 1 §4 action `collect`): the entry carries the
 * search it was made on and the folder it went into. Without the page's snapshot (the detail page
 * opened by number) there is no search to record.
 */
export function useCollectHistoryRecording(): (snapshot: ResultSnapshot | undefined, collect: CollectRecord) => void {
  const saver = useEntrySaver();
  return useCallback(
    (snapshot, collect) => {
      if (!snapshot || !saver.canRecord) return;
      const entry = buildEntry({ action: 'collect', value: collect.favName, snapshot });
      saver.save({ ...entry, collect });
    },
    [saver],
  );
}

/** What a simple-family expansion records: how many patents it expanded and how many members it found. */
export function pfeValue(seeds: number, members: number): string {
  return `${seeds}:${members}`;
}

/**
 * Records 'pfe' (spec 1 §4, simple-family expansion) on the result page the expansion was made
 * from: the entry holds that page's search and, as its value, `seeds:members`. Not recorded on a
 * page reopened from the history (its history id) or before the page's total is known.
 */
export function usePfeHistoryRecording(): (
  snapshot: ResultSnapshot | undefined,
  expansion: { seeds: number; members: number },
) => void {
  const [searchParams] = useSearchParams();
  const saver = useEntrySaver();
  const historyId = searchParams.get(HISTORY_ID_PARAM);
  return useCallback(
    (snapshot, { seeds, members }) => {
      if (!snapshot || !saver.canRecord) return;
      const value = pfeValue(seeds, members);
      if (!shouldRecord({ action: 'pfe', historyId, value, resultTotal: snapshot.total, pageKind: 'result' })) return;
      saver.save(buildEntry({ action: 'pfe', value, snapshot }));
    },
    [saver, historyId],
  );
}
