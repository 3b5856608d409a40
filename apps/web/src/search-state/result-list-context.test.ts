import { describe, expect, it } from 'vitest';
import {
  detailPathInList,
  readListContext,
  resultPagePath,
  stateAtRank,
  toNeighboursRequest,
} from './result-list-context';
import { decodeResultState } from './search-url-state';

const state = decodeResultState(
  new URLSearchParams('q=TI%3D(%E7%94%B5%E6%B1%A0)&size=30&sort=PD.asc&merge=1&f=country%3ACN%7CUS&view=tuwenshitu'),
);

describe('result-list context of a detail page', () => {
  it('round-trips the list and the rank through the detail URL', () => {
    const path = detailPathInList('CN110000031A', { state, rank: 31 }, 'claims');
    const params = new URLSearchParams(path.split('?')[1]);
    expect(params.get('pn')).toBe('CN110000031A');
    expect(params.get('tab')).toBe('claims');
    expect(readListContext(params)).toEqual({ state: { ...state, page: 2 }, rank: 31 });
  });

  it('puts a rank on the result page that shows it', () => {
    expect(stateAtRank(state, 30).page).toBe(1);
    expect(stateAtRank(state, 31).page).toBe(2);
    expect(resultPagePath({ state, rank: 61 })).toContain('page=3');
  });

  it('asks the server for the neighbours of the list as the result page searched it', () => {
    expect(toNeighboursRequest({ state, rank: 31 })).toEqual({
      searchExpre: 'TI=(电池)',
      pageSize: 30,
      sort: { field: 'PD', order: 'asc' },
      mergeType: 1,
      filters: [{ field: 'country', values: ['CN', 'US'] }],
      rank: 31,
    });
  });

  it('ignores damaged or missing list parameters', () => {
    expect(readListContext(new URLSearchParams('pn=CN1A'))).toBeUndefined();
    expect(readListContext(new URLSearchParams({ pn: 'x', list: 'q=a', rank: '0' }))).toBeUndefined();
    expect(readListContext(new URLSearchParams({ pn: 'x', list: 'q=a', rank: 'abc' }))).toBeUndefined();
    expect(readListContext(new URLSearchParams({ pn: 'x', list: 'size=20', rank: '3' }))).toBeUndefined();
  });
});
