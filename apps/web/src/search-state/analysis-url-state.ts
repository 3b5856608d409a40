import { normaliseSource, type AnalysisResultSet } from '@patlas/contracts';
import { SEARCH_RESULT_PATH } from '../app/paths';
import {
  decodeFilters,
  decodeSetSource,
  encodeFilters,
  encodeResultState,
  encodeSetSource,
  defaultResultState,
  type ResultUrlState,
} from './search-url-state';

/**
 * The analysis dashboard of a result set. Its URL carries the set the way the result page does
 * (q, set, second, f, merge, source, names) plus the chart (`chart`, spec 1's `jumpAnalysisName`) and its view
 * (`type`), so a link reopens the same chart. This module stays free of ECharts: the result page
 * imports it for its Analyse button.
 */
export const ANALYSIS_PATH = `${SEARCH_RESULT_PATH}/analysis`;
/** Who may analyse: whoever may open result pages. */
export const ANALYSIS_PERMISSION = '/search/result';

export interface AnalysisUrlState {
  resultSet: AnalysisResultSet;
  chart?: string;
  type?: string;
}

/** The result set of a result page state (paging, sort and view do not change what is counted). */
export function resultSetOf(state: ResultUrlState): AnalysisResultSet {
  return {
    searchExpre: state.expression,
    ...(state.set ? { set: state.set } : {}),
    ...(state.second ? { secondExpre: state.second } : {}),
    filters: state.filters,
    mergeType: state.mergeType,
    ...(state.source ? { source: state.source } : {}),
    ...(state.crossLanguage ? { crossLanguage: true } : {}),
    ...(state.asOf !== undefined ? { asOf: state.asOf } : {}),
    // Applicants by standardised name unless the result page's switch is off (docs/companies.md).
    mergeApplicants: state.applicantNames !== 'written',
  };
}

export function analysisPath(state: AnalysisUrlState): string {
  const params = encodeSetParams(state.resultSet);
  if (state.chart) params.set('chart', state.chart);
  if (state.type) params.set('type', state.type);
  return `${ANALYSIS_PATH}?${params.toString()}`;
}

function encodeSetParams(set: AnalysisResultSet): URLSearchParams {
  const params = new URLSearchParams();
  if (set.set) params.set('set', encodeSetSource(set.set));
  if (set.searchExpre || !set.set) params.set('q', set.searchExpre);
  if (set.secondExpre) params.set('second', set.secondExpre);
  const filters = encodeFilters(set.filters ?? []);
  if (filters) params.set('f', filters);
  if (set.mergeType) params.set('merge', String(set.mergeType));
  if (set.source) params.set('source', set.source);
  if (set.crossLanguage) params.set('xl', '1');
  if (set.mergeApplicants === false) params.set('names', 'written');
  if (set.asOf !== undefined) params.set('asOf', String(set.asOf));
  return params;
}

export function decodeAnalysisState(params: URLSearchParams): AnalysisUrlState {
  const merge = Number(params.get('merge'));
  const source = normaliseSource(params.get('source'));
  const second = params.get('second')?.trim();
  const chart = params.get('chart') ?? params.get('jumpAnalysisName') ?? undefined;
  const type = params.get('type') ?? undefined;
  const setSource = decodeSetSource(params.get('set'));
  const asOf = /^\d{1,9}$/.test(params.get('asOf') ?? '') ? Number(params.get('asOf')) : undefined;
  return {
    resultSet: {
      searchExpre: params.get('q') ?? '',
      ...(setSource ? { set: setSource } : {}),
      ...(second ? { secondExpre: second } : {}),
      filters: decodeFilters(params.get('f')),
      mergeType: merge === 1 || merge === 2 ? merge : 0,
      ...(source ? { source } : {}),
      ...(params.get('xl') === '1' ? { crossLanguage: true } : {}),
      mergeApplicants: params.get('names') !== 'written',
      ...(asOf !== undefined ? { asOf } : {}),
    },
    ...(chart ? { chart } : {}),
    ...(type ? { type } : {}),
  };
}

/** The result page of a set (an analysis jump's answer, or "back to results"). */
export function resultPagePath(set: AnalysisResultSet): string {
  const mergeType = set.mergeType === 1 || set.mergeType === 2 ? set.mergeType : 0;
  const state: ResultUrlState = {
    ...defaultResultState(set.searchExpre),
    ...(set.set ? { set: set.set } : {}),
    ...(set.secondExpre ? { second: set.secondExpre } : {}),
    filters: set.filters ?? [],
    mergeType,
    ...(set.source ? { source: set.source } : {}),
    ...(set.crossLanguage ? { crossLanguage: true } : {}),
    ...(set.mergeApplicants === false ? { applicantNames: 'written' as const } : {}),
    ...(set.asOf !== undefined ? { asOf: set.asOf } : {}),
  };
  return `${SEARCH_RESULT_PATH}?${encodeResultState(state).toString()}`;
}
