import { describe, expect, it } from 'vitest';
import { SearchHistoryEntrySchema, type SemanticSearchResponse } from '@patlas/contracts';
import { buildSemanticEntry } from './semantic-history';

const answer: SemanticSearchResponse = {
  key: 'abcdefgh12',
  query: {
    searchContext: '一种锂离子电池负极片，包括集流体和涂覆在集流体上的硅碳负极活性层',
    ss_dataSources: ['cn', 'US'],
    ss_patentType: ['invention_application', 'invention_grant'],
    ss_dateType: 'AD',
    ss_dateFrom: '2018-01-01',
    ss_weights: '3,3,4,2',
    mode: 'hybrid',
  },
  total: 321,
  page: 1,
  pageSize: 20,
  items: [],
  model: 'lsa-256',
  keyTerms: [{ term: '负极片', weight: 0.9 }],
  expansions: [],
  tookMs: 40,
};

describe('semantic search history entry', () => {
  it("carries the spec's semantic fields and reopens the ranked patents on the result page", () => {
    const entry = buildSemanticEntry(answer);
    expect(SearchHistoryEntrySchema.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({
      operationName: 'search',
      searchExpression: answer.query.searchContext,
      searchContext: answer.query.searchContext,
      resultTotal: '321',
      pageType: 'semantics',
      router: '/innovationSpace/searchResult?set=semantic%3Aabcdefgh12',
      ss_dataSources: 'cn,US',
      ss_patentType: 'invention_application,invention_grant',
      ss_dateType: 'AD',
      ss_weights: '3,3,4,2',
    });
  });

  it('keeps a 50000-character text whole in searchContext and cuts only the operation value', () => {
    const long = '电'.repeat(50_000);
    const entry = buildSemanticEntry({ ...answer, query: { ...answer.query, searchContext: long } });
    expect(SearchHistoryEntrySchema.safeParse(entry).success).toBe(true);
    expect(entry.searchContext).toHaveLength(50_000);
    expect(entry.operationValue).toHaveLength(2000);
  });
});
