import {
  HISTORY_ACTIONS,
  isInAppPath,
  SearchHistoryEntrySchema,
  type HistoryAction,
  type SearchHistoryEntry,
} from '@patlas/contracts';
import { PATENT_DETAIL_PATH, SEARCH_RESULT_PATH, patentDetailPath } from '../app/paths';
import {
  encodeResultState,
  fromSearchState,
  toSearchState,
  type ResultUrlState,
} from '../search-state/search-url-state';

/**
 * Spec 1 §4 "Search history recording" as pure functions: which user actions become entries
 * (shouldRecord) and what an entry holds (buildEntry, spec 1 §3 "Search-history entry").
 */

/** URL parameter naming the history entry a page was reopened from (spec's stored "historyId"). */
export const HISTORY_ID_PARAM = 'hid';

/**
 * What a filter acts on. Ours are facet filters; the spec's mark/index filters and applicant-group
 * filters are never recorded (spec 1 §4), so the kinds exist for the pages that will add them.
 */
export type FilterKind = 'facet' | 'mark' | 'index' | 'applicantGroup';

/** The page an action happens on; spec 1 §4: "nor on analysis pages". */
export type PageKind = 'result' | 'detail' | 'analysis';

export interface RecordCheck {
  action: string;
  /** The stored history id of the page (`hid`): a page reopened from history is not recorded again. */
  historyId?: string | null;
  /** The action's value (the new page, the filter, the view…). */
  value: string | null | undefined;
  resultTotal: number | string | null | undefined;
  filterKind?: FilterKind;
  pageKind: PageKind;
}

const EXCLUDED_FILTERS: readonly FilterKind[] = ['mark', 'index', 'applicantGroup'];

export function isHistoryAction(action: string): action is HistoryAction {
  return (HISTORY_ACTIONS as readonly string[]).includes(action);
}

/**
 * Spec 1 §4: entries are recorded on the listed actions; not when a history id already exists,
 * the value is empty, the result total is undefined, or the filter is a mark/index or
 * applicant-group one; nor on analysis pages.
 */
export function shouldRecord(check: RecordCheck): boolean {
  if (!isHistoryAction(check.action)) return false;
  if (check.historyId) return false;
  if (check.value === null || check.value === undefined || check.value.trim() === '') return false;
  if (check.resultTotal === null || check.resultTotal === undefined || check.resultTotal === '') return false;
  if (check.filterKind && EXCLUDED_FILTERS.includes(check.filterKind)) return false;
  if (check.pageKind === 'analysis') return false;
  return true;
}

/** The in-app URL of a result page state. */
export function resultRouter(state: ResultUrlState): string {
  return `${SEARCH_RESULT_PATH}?${encodeResultState(state).toString()}`;
}

/** The result page an action left on screen: its state and what the server answered for it. */
export interface ResultSnapshot {
  state: ResultUrlState;
  total: number;
  /** The server's canonical expression (`expression` of the search response). */
  realExpression?: string;
}

export interface EntryInput {
  action: HistoryAction;
  value: string;
  snapshot: ResultSnapshot;
  /** Detail entries: the patent and its tab. */
  detail?: { publicationNumber: string; tab?: string };
  /** delFilter: what was removed. */
  removedFilter?: { field: string; values: string[] };
  /** analysis: the analysis page opened from the result page, and its chart and chart view. */
  analysis?: AnalysisTarget;
}

/** Where an 'analysis' action went: the in-app URL, and the chart (`chart`) and its view (`type`) it names. */
export interface AnalysisTarget {
  router: string;
  chart?: string;
  type?: string;
}

/** The analysis target of an in-app analysis URL (its `chart` and `type` parameters). */
export function analysisTargetOf(router: string): AnalysisTarget {
  const url = new URL(router, 'http://app.invalid');
  const chart = url.searchParams.get('chart');
  const type = url.searchParams.get('type');
  return { router: `${url.pathname}${url.search}`, ...(chart ? { chart } : {}), ...(type ? { type } : {}) };
}

/** The search-history entry of an action (spec 1 §3 fields; `state` restores the page exactly). */
export function buildEntry(input: EntryInput): SearchHistoryEntry {
  const { state, total, realExpression } = input.snapshot;
  const entry: SearchHistoryEntry = {
    exp: state.expression,
    searchExpression: state.expression,
    ...(realExpression ? { realExpression } : {}),
    operationName: input.action,
    operationValue: input.value,
    resultTotal: String(total),
    pageType: input.detail ? 'searchDetail' : input.analysis ? 'searchAnalysis' : 'searchResult',
    ...(state.source ? { sources: state.source } : {}),
    mergeRules: state.mergeType,
    viewMode: state.view,
    isOrder: state.sort.field !== 'relevance',
    filterArrs: state.filters.map((f) => ({ field: f.field, values: [...f.values] })),
    isFilter: state.filters.length > 0,
    router: input.detail
      ? patentDetailPath(input.detail.publicationNumber, input.detail.tab)
      : input.analysis
        ? input.analysis.router
        : resultRouter(state),
    state: toSearchState(state),
  };
  if (input.detail) {
    entry.detail = input.detail.publicationNumber;
    if (input.detail.tab) entry.detailTab = input.detail.tab;
  }
  if (input.removedFilter) entry.delFilterObj = { ...input.removedFilter };
  if (input.analysis?.type) entry.analysisType = input.analysis.type;
  if (input.analysis?.chart) entry.analysisChart = input.analysis.chart;
  return entry;
}

/** An entry the contract accepts, or undefined (an over-long expression is not worth an error). */
export function validEntry(entry: SearchHistoryEntry): SearchHistoryEntry | undefined {
  const parsed = SearchHistoryEntrySchema.safeParse(entry);
  return parsed.success ? parsed.data : undefined;
}

/** The URL that reopens an entry, marked with its id so the reopening is not recorded again. */
export function restorePath(id: string, entry: SearchHistoryEntry): string {
  // Only in-app paths are reopened; anything else (a tampered import, issue 41 §2) falls back to the state.
  const base = isInAppPath(entry.router)
    ? entry.router
    : entry.detail
      ? patentDetailPath(entry.detail, entry.detailTab)
      : resultRouter(fromSearchState(entry.state ?? { searchExpre: entry.searchExpression }));
  const url = new URL(base, 'http://app.invalid');
  url.searchParams.set(HISTORY_ID_PARAM, id);
  return `${url.pathname}${url.search}`;
}

/** Whether an entry reopens a patent detail page. */
export function isDetailEntry(entry: SearchHistoryEntry): boolean {
  return Boolean(entry.detail) || (entry.router?.startsWith(PATENT_DETAIL_PATH) ?? false);
}

/** The result page an entry came from, for detail pages reopened from history. */
export function snapshotOfEntry(entry: SearchHistoryEntry): ResultSnapshot {
  return {
    state: fromSearchState(entry.state ?? { searchExpre: entry.searchExpression }),
    total: Number(entry.resultTotal),
    ...(entry.realExpression ? { realExpression: entry.realExpression } : {}),
  };
}
