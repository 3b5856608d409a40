import type { SearchHistoryEntry, SemanticSearchResponse } from '@patlas/contracts';
import { setResultPath } from '../../../search-state/search-url-state';

/** `pageType` of semantic entries; the history pages reopen them through `router`. */
export const SEMANTIC_PAGE_TYPE = 'semantics';
/** The history contract caps operationValue at 2000 characters; the whole text stays in searchContext. */
export const OPERATION_VALUE_MAX = 2000;

/**
 * The search-history entry of a new semantic search (spec 1 §3: "Semantic entries also carry
 * searchContext, ss_dataSources, ss_patentType, ss_dateType, ss_weights"). The text is the
 * entry's searchExpression too, so the history list shows it and its keyword filter finds it;
 * `router` reopens its ranked patents on the result page, by the stored search's key.
 */
export function buildSemanticEntry(answer: SemanticSearchResponse): SearchHistoryEntry {
  const { query } = answer;
  return {
    searchExpression: query.searchContext,
    exp: query.searchContext,
    operationName: 'search',
    operationValue: query.searchContext.slice(0, OPERATION_VALUE_MAX),
    resultTotal: String(answer.total),
    pageType: SEMANTIC_PAGE_TYPE,
    router: setResultPath({ kind: 'semantic', key: answer.key }),
    searchContext: query.searchContext,
    ...(query.ss_dataSources?.length ? { ss_dataSources: query.ss_dataSources.join(',') } : {}),
    ...(query.ss_patentType?.length ? { ss_patentType: query.ss_patentType.join(',') } : {}),
    ...(query.ss_dateType ? { ss_dateType: query.ss_dateType } : {}),
    ss_weights: query.ss_weights,
  };
}
