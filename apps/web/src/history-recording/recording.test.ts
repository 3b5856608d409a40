import { describe, expect, it } from 'vitest';
import { HISTORY_ACTIONS, SearchHistoryEntrySchema } from '@patlas/contracts';
import { decodeResultState, defaultResultState } from '../search-state/search-url-state';
import {
  analysisTargetOf,
  buildEntry,
  restorePath,
  shouldRecord,
  snapshotOfEntry,
  type RecordCheck,
} from './recording';

const base: RecordCheck = { action: 'jumpPage', historyId: null, value: '2', resultTotal: 307, pageKind: 'result' };

describe('shouldRecord (spec 1 §4)', () => {
  // Spec 1 §4's list, plus our 'search'.
  const specActions = [
    'jumpPage',
    'second',
    'filterSingle',
    'filterMultiple',
    'collect',
    'pfe',
    'clearFilter',
    'delFilter',
    'refreshPage',
    'clearSecondExp',
    'view',
    'analysis',
    'merge',
    'detail',
    'detailTab',
  ];

  it('knows every action of the spec and ours', () => {
    expect([...HISTORY_ACTIONS].sort()).toEqual([...specActions, 'search'].sort());
  });

  it.each([...specActions, 'search'])('records %s with a value and a total', (action) => {
    expect(shouldRecord({ ...base, action })).toBe(true);
    // On a detail page too (detail, detailTab, and any other action there).
    expect(shouldRecord({ ...base, action, pageKind: 'detail' })).toBe(true);
  });

  it.each<[string, Partial<RecordCheck>]>([
    ['an action outside the list', { action: 'sort' }],
    ['an unknown action name', { action: 'JUMPPAGE' }],
    ['a page reopened from history (history id exists)', { historyId: '42' }],
    ['an empty value', { value: '' }],
    ['a blank value', { value: '   ' }],
    ['a missing value', { value: undefined }],
    ['a null value', { value: null }],
    ['an undefined result total', { resultTotal: undefined }],
    ['a null result total', { resultTotal: null }],
    ['an empty result total', { resultTotal: '' }],
    ['a mark filter', { action: 'filterSingle', filterKind: 'mark' }],
    ['an index filter', { action: 'filterMultiple', filterKind: 'index' }],
    ['an applicant-group filter', { action: 'filterSingle', filterKind: 'applicantGroup' }],
    ['removing an applicant-group filter', { action: 'delFilter', filterKind: 'applicantGroup' }],
    ['an analysis page', { action: 'analysis', pageKind: 'analysis' }],
    ['any action on an analysis page', { action: 'view', pageKind: 'analysis' }],
  ])('does not record %s', (_, change) => {
    expect(shouldRecord({ ...base, ...change })).toBe(false);
  });

  it('records a zero total (known, just empty) and facet filters', () => {
    expect(shouldRecord({ ...base, resultTotal: 0 })).toBe(true);
    expect(shouldRecord({ ...base, resultTotal: '0' })).toBe(true);
    expect(shouldRecord({ ...base, action: 'filterSingle', filterKind: 'facet' })).toBe(true);
  });
});

describe('buildEntry (spec 1 §3)', () => {
  const state = decodeResultState(
    new URLSearchParams({
      q: 'TI=(电池)',
      second: 'AB=(正极)',
      page: '2',
      sort: 'PD.desc',
      merge: '1',
      source: 'cn',
      f: 'patentType:utility_model;applicant:A\\|B 公司',
      view: 'tuwenshitu',
    }),
  );

  it('holds the spec fields and the whole page state', () => {
    const entry = buildEntry({
      action: 'filterSingle',
      value: 'patentType:utility_model',
      snapshot: { state, total: 1234, realExpression: '(TI=(电池)) AND (AB=(正极))' },
    });
    expect(SearchHistoryEntrySchema.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({
      exp: 'TI=(电池)',
      searchExpression: 'TI=(电池)',
      realExpression: '(TI=(电池)) AND (AB=(正极))',
      operationName: 'filterSingle',
      operationValue: 'patentType:utility_model',
      resultTotal: '1234',
      sources: 'cn',
      mergeRules: 1,
      viewMode: 'tuwenshitu',
      isOrder: true,
      isFilter: true,
      pageType: 'searchResult',
      filterArrs: [
        { field: 'patentType', values: ['utility_model'] },
        { field: 'applicant', values: ['A|B 公司'] },
      ],
      state: {
        searchExpre: 'TI=(电池)',
        secondExpre: 'AB=(正极)',
        page: 2,
        pageSize: 20,
        sort: { field: 'PD', order: 'desc' },
        mergeType: 1,
        source: 'cn',
        viewMode: 'tuwenshitu',
      },
    });
    expect(entry.detail).toBeUndefined();
    // The router reopens exactly this page.
    const router = new URL(entry.router ?? '', 'http://x');
    expect(router.pathname).toBe('/innovationSpace/searchResult');
    expect(decodeResultState(router.searchParams)).toEqual(state);
  });

  it('writes a plain search without optional fields', () => {
    const entry = buildEntry({
      action: 'search',
      value: 'TI=电池',
      snapshot: { state: defaultResultState('TI=电池'), total: 0 },
    });
    expect(entry).toMatchObject({ resultTotal: '0', isFilter: false, isOrder: false, filterArrs: [], mergeRules: 0 });
    expect(entry.sources).toBeUndefined();
    expect(entry.realExpression).toBeUndefined();
    expect(entry.router).toBe('/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0');
  });

  it('names the patent and tab of detail entries, with the detail URL as router', () => {
    const entry = buildEntry({
      action: 'detailTab',
      value: 'legal',
      snapshot: { state, total: 9 },
      detail: { publicationNumber: 'CN117151122A', tab: 'legal' },
    });
    expect(entry).toMatchObject({ detail: 'CN117151122A', detailTab: 'legal', pageType: 'searchDetail' });
    expect(entry.router).toBe('/innovationSpace/searchDetail?pn=CN117151122A&tab=legal');
    // The search it came from stays with it.
    expect(snapshotOfEntry(entry)).toEqual({ state, total: 9 });
  });

  it('keeps what a delFilter removed', () => {
    const entry = buildEntry({
      action: 'delFilter',
      value: 'applicant:X',
      snapshot: { state, total: 5 },
      removedFilter: { field: 'applicant', values: ['X'] },
    });
    expect(entry.delFilterObj).toEqual({ field: 'applicant', values: ['X'] });
  });
});

describe('analysis entries', () => {
  const state = decodeResultState(
    new URLSearchParams({ q: 'TI=(电池)', f: 'patentType:utility_model', view: 'tuwenshitu' }),
  );
  const router = '/innovationSpace/searchResult/analysis?q=TI%3D%28%E7%94%B5%E6%B1%A0%29&chart=applicantRank&type=bar';

  it('reads the chart and its view from the analysis URL', () => {
    expect(analysisTargetOf(router)).toEqual({ router, chart: 'applicantRank', type: 'bar' });
    expect(analysisTargetOf('/innovationSpace/searchResult/analysis?q=a')).toEqual({
      router: '/innovationSpace/searchResult/analysis?q=a',
    });
  });

  it('holds the chart and reopens the analysis page, keeping the search it came from', () => {
    const entry = buildEntry({
      action: 'analysis',
      value: 'applicantRank',
      snapshot: { state, total: 120 },
      analysis: analysisTargetOf(router),
    });
    expect(SearchHistoryEntrySchema.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({
      operationName: 'analysis',
      analysisChart: 'applicantRank',
      analysisType: 'bar',
      pageType: 'searchAnalysis',
      resultTotal: '120',
      filterArrs: [{ field: 'patentType', values: ['utility_model'] }],
      router,
    });
    expect(restorePath('8', entry)).toBe(`${router}&hid=8`);
    expect(snapshotOfEntry(entry).state).toEqual(state);
  });
});

describe('restorePath', () => {
  const entry = buildEntry({
    action: 'view',
    value: 'tuwenshitu',
    snapshot: { state: defaultResultState('TI=a'), total: 3 },
  });

  it('reopens the router with the entry id', () => {
    expect(restorePath('17', entry)).toBe('/innovationSpace/searchResult?q=TI%3Da&hid=17');
  });

  it('falls back to the stored state when the router is not an in-app path', () => {
    const outside = [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/login',
      '/\t/evil.example',
      '/%5Cevil.example',
    ];
    for (const router of [...outside, undefined]) {
      const path = restorePath('5', { ...entry, router });
      expect(path).toBe('/innovationSpace/searchResult?q=TI%3Da&hid=5');
    }
  });
});
