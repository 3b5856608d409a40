import { describe, expect, it } from 'vitest';
import {
  decodeFilters,
  decodeResultState,
  defaultResultState,
  encodeFilters,
  encodeResultState,
  fromSearchState,
  toSearchRequest,
  withFilterValues,
  type ResultUrlState,
} from './search-url-state';

/** Through a real URL string, as a reload would. */
function roundTrip(state: ResultUrlState): ResultUrlState {
  const url = new URL(`http://x/innovationSpace/searchResult?${encodeResultState(state).toString()}`);
  return decodeResultState(url.searchParams);
}

describe('result URL state', () => {
  it('leaves defaults out of the URL', () => {
    expect(encodeResultState(defaultResultState('TI=(电池)')).toString()).toBe('q=TI%3D%28%E7%94%B5%E6%B1%A0%29');
  });

  it('round-trips every parameter', () => {
    const state: ResultUrlState = {
      expression: 'TI=(电池) AND AD>=2015',
      second: 'AB=(正极 W/5 材料)',
      page: 7,
      pageSize: 40,
      sort: { field: 'PD', order: 'asc' },
      mergeType: 2,
      source: 'uncn',
      filters: [
        { field: 'applicant', values: ['华为技术有限公司', '中兴通讯股份有限公司'] },
        { field: 'year', values: ['2020'] },
      ],
      view: 'quanfutushitu',
    };
    const params = encodeResultState(state);
    expect(params.get('sort')).toBe('PD.asc');
    expect(params.get('f')).toBe('applicant:华为技术有限公司|中兴通讯股份有限公司;year:2020');
    expect(roundTrip(state)).toEqual(state);
  });

  it('escapes separators, backslashes, spaces and Chinese inside filter values', () => {
    const filters = [
      { field: 'applicant' as const, values: ['A|B Corp.', 'x:y;z', 'back\\slash', ' 北京 & 上海 ', '100%'] },
      { field: 'ipcSubclass' as const, values: ['H01M'] },
    ];
    const encoded = encodeFilters(filters);
    expect(encoded).toBe('applicant:A\\|B Corp.|x\\:y\\;z|back\\\\slash| 北京 & 上海 |100%;ipcSubclass:H01M');
    // Values are trimmed on the way back, nothing else changes.
    const decoded = roundTrip({ ...defaultResultState('a'), filters }).filters;
    expect(decoded).toEqual([
      { field: 'applicant', values: ['A|B Corp.', 'x:y;z', 'back\\slash', '北京 & 上海', '100%'] },
      { field: 'ipcSubclass', values: ['H01M'] },
    ]);
  });

  it('drops unknown fields, empty values and dangling escapes; merges repeated values', () => {
    expect(decodeFilters('nope:1;year:;year:2020|2020;applicant:a\\;year:2021;;:x;year')).toEqual([
      { field: 'year', values: ['2020'] },
      { field: 'applicant', values: ['a;year:2021'] },
    ]);
    expect(decodeFilters('country:CN\\')).toEqual([{ field: 'country', values: ['CN'] }]);
    // A repeated field is another ANDed entry (an analysis jump onto a filtered set).
    expect(decodeFilters('applicant:A|B;applicant:B')).toEqual([
      { field: 'applicant', values: ['A', 'B'] },
      { field: 'applicant', values: ['B'] },
    ]);
    expect(decodeFilters('')).toEqual([]);
    expect(decodeFilters(null)).toEqual([]);
  });

  it('keeps filters on analysis dimensions (analysis jumps) across a round trip', () => {
    const filters = [
      { field: 'ipcGroup' as const, values: ['H01M4'] },
      { field: 'applicantProvince' as const, values: ['广东省'] },
    ];
    const state = { ...defaultResultState('TI=(电池)'), filters };
    expect(decodeResultState(encodeResultState(state)).filters).toEqual(filters);
  });

  it('falls back to defaults and clamps what is out of range', () => {
    const state = decodeResultState(
      new URLSearchParams('q=a&page=999999999&size=25&sort=XX.up&merge=7&source=mars&view=grid'),
    );
    expect(state).toEqual({ ...defaultResultState('a'), page: 100_000, mergeType: 2 });
    expect(decodeResultState(new URLSearchParams('q=a&page=-3')).page).toBe(1);
    // Issue 43: 10, 50 and 100 a page besides 20/30/40; 20 stays the default (left out of the URL).
    for (const size of [10, 50, 100])
      expect(decodeResultState(new URLSearchParams(`q=a&size=${size}`)).pageSize).toBe(size);
    expect(encodeResultState(defaultResultState('a')).get('size')).toBeNull();
    expect(decodeResultState(new URLSearchParams('q=a&page=2.5')).page).toBe(1);
    expect(decodeResultState(new URLSearchParams('q=a&sort=citedBy')).sort).toEqual({
      field: 'citedBy',
      order: 'desc',
    });
  });

  it('builds the searchNew body and reads a stored state', () => {
    const state = { ...defaultResultState('TI=电池'), page: 2, source: 'cn' as const };
    expect(toSearchRequest(state)).toEqual({
      searchExpre: 'TI=电池',
      page: 2,
      pageSize: 20,
      sort: { field: 'relevance', order: 'desc' },
      mergeType: 0,
      filters: [],
      source: 'cn',
      viewMode: 'liebiaoshitu',
    });
    expect(
      fromSearchState({
        searchExpre: 'x',
        pageSize: 33,
        page: 3,
        viewMode: 'shoutushitu',
        filters: [{ field: 'year', values: ['2020'] }],
      }),
    ).toEqual({
      ...defaultResultState('x'),
      page: 3,
      view: 'shoutushitu',
      filters: [{ field: 'year', values: ['2020'] }],
    });
  });

  it('replaces, adds and removes the values of one facet, keeping the order of facets', () => {
    const start = [
      { field: 'year' as const, values: ['2020'] },
      { field: 'country' as const, values: ['CN'] },
    ];
    expect(withFilterValues(start, 'year', ['2019', '2020'])).toEqual([
      { field: 'year', values: ['2019', '2020'] },
      { field: 'country', values: ['CN'] },
    ]);
    expect(withFilterValues(start, 'applicant', ['x'])).toHaveLength(3);
    expect(withFilterValues(start, 'year', [])).toEqual([{ field: 'country', values: ['CN'] }]);
  });

  it('carries a set source (a semantic search) as a short key, with no expression needed', () => {
    const state: ResultUrlState = { ...defaultResultState(''), set: { kind: 'semantic', key: 'sAbc_DEF-123456' } };
    expect(encodeResultState(state).toString()).toBe('set=semantic%3AsAbc_DEF-123456');
    expect(roundTrip(state)).toEqual(state);
    expect(toSearchRequest(state)).toMatchObject({
      searchExpre: '',
      set: { kind: 'semantic', key: 'sAbc_DEF-123456' },
    });
    expect(fromSearchState({ searchExpre: '', set: { kind: 'semantic', key: 'sAbc_DEF-123456' } }).set).toEqual(
      state.set,
    );
    // A hand-edited link with an unknown kind or a bad key is ignored rather than sent.
    for (const bad of ['alert:sAbc_DEF-123456', 'semantic:short', 'semantic', 'semantic:a b c d e f g h']) {
      expect(decodeResultState(new URLSearchParams({ set: bad })).set).toBeUndefined();
    }
  });

  it('carries a library folder, optionally narrowed to an indexing label, as a set source', () => {
    const folder: ResultUrlState = { ...defaultResultState(''), set: { kind: 'library', key: 'f1' } };
    expect(encodeResultState(folder).toString()).toBe('set=library%3Af1');
    expect(roundTrip(folder)).toEqual(folder);
    const labelled: ResultUrlState = {
      ...defaultResultState(''),
      set: { kind: 'library', key: 'f1', labelId: 'lab_2' },
      second: 'TI=(电池)',
    };
    expect(encodeResultState(labelled).get('set')).toBe('library:f1:lab_2');
    expect(roundTrip(labelled)).toEqual(labelled);
    expect(decodeResultState(new URLSearchParams({ set: 'library:f1:bad label' })).set).toEqual({
      kind: 'library',
      key: 'f1',
    });
    for (const bad of ['library:', 'library:a b', 'library:f1:l2:x']) {
      expect(decodeResultState(new URLSearchParams({ set: bad })).set).toBeUndefined();
    }
  });

  it('carries an alert run as a set source', () => {
    const run: ResultUrlState = { ...defaultResultState(''), set: { kind: 'alertRun', key: 'run_1-A' } };
    expect(encodeResultState(run).toString()).toBe('set=alertRun%3Arun_1-A');
    expect(roundTrip(run)).toEqual(run);
    for (const bad of ['alertRun:', 'alertRun:a b', 'alertRun:r1:x']) {
      expect(decodeResultState(new URLSearchParams({ set: bad })).set).toBeUndefined();
    }
  });

  it('carries an import run (the records it imported, issue 43) as a set source', () => {
    const key = '6f1c2b9e-4d3a-4b7e-9a51-0c2d3e4f5a6b';
    const run: ResultUrlState = { ...defaultResultState(''), set: { kind: 'importRun', key } };
    expect(encodeResultState(run).toString()).toBe(`set=importRun%3A${key}`);
    expect(roundTrip(run)).toEqual(run);
    for (const bad of ['importRun:', 'importRun:short', 'importRun:a b c d e f']) {
      expect(decodeResultState(new URLSearchParams({ set: bad })).set).toBeUndefined();
    }
  });
});
