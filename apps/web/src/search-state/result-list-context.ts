import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_PAGE, MAX_PAGE_SIZE, type SearchNeighboursRequest } from '@patlas/contracts';
import { PATENT_DETAIL_PATH, SEARCH_RESULT_PATH } from '../app/paths';
import { decodeResultState, encodeResultState, toSearchRequest, type ResultUrlState } from './search-url-state';

/**
 * The result list a detail page was opened from, carried in the detail URL so previous / next
 * survive a reload and can be shared: `list` holds the result page's own query string (q, f, sort,
 * merge…), `rank` the record's 1-based position in the whole list (21 = first of page 2 at 20 a
 * page). The detail page asks the server for the records around that rank.
 */
export const LIST_PARAM = 'list';
export const RANK_PARAM = 'rank';

export interface ResultListContext {
  state: ResultUrlState;
  rank: number;
}

const MAX_RANK = MAX_PAGE * MAX_PAGE_SIZE;

/** The result page that shows a rank: the list's state on the page holding it. */
export function stateAtRank(state: ResultUrlState, rank: number): ResultUrlState {
  return { ...state, page: Math.min(MAX_PAGE, Math.max(1, Math.ceil(rank / state.pageSize))) };
}

/** A detail page opened from a result list: the number, the list (on the page of the rank) and the rank. */
export function detailPathInList(pn: string, context: ResultListContext, tab?: string): string {
  const params = new URLSearchParams({ pn });
  if (tab) params.set('tab', tab);
  params.set(LIST_PARAM, encodeResultState(stateAtRank(context.state, context.rank)).toString());
  params.set(RANK_PARAM, String(context.rank));
  return `${PATENT_DETAIL_PATH}?${params.toString()}`;
}

/** The list context of a detail URL; undefined when it was not opened from a list or the link is damaged. */
export function readListContext(params: URLSearchParams): ResultListContext | undefined {
  const list = params.get(LIST_PARAM);
  const rankText = params.get(RANK_PARAM);
  if (!list || !rankText || !/^\d+$/.test(rankText)) return undefined;
  const rank = Number(rankText);
  if (rank < 1 || rank > MAX_RANK) return undefined;
  const state = decodeResultState(new URLSearchParams(list));
  if (!state.expression.trim()) return undefined;
  return { state, rank };
}

/** The result page to go back to: the list on the page holding the rank. */
export function resultPagePath(context: ResultListContext): string {
  return `${SEARCH_RESULT_PATH}?${encodeResultState(stateAtRank(context.state, context.rank)).toString()}`;
}

/** The body of POST /search/neighbours for a list context. */
export function toNeighboursRequest(context: ResultListContext): SearchNeighboursRequest {
  const { page: _page, viewMode: _view, ...list } = toSearchRequest(context.state);
  return { ...list, rank: context.rank };
}

/**
 * For the result page's views: the detail link of the record at a rank (1-based over the whole
 * list), carrying the result page's current state.
 */
export function useResultDetailPath(): (pn: string, rank: number) => string {
  const [searchParams] = useSearchParams();
  const listQuery = searchParams.toString();
  return useCallback(
    (pn: string, rank: number) =>
      detailPathInList(pn, { state: decodeResultState(new URLSearchParams(listQuery)), rank }),
    [listQuery],
  );
}
