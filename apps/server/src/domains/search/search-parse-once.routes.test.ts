import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseExpression } from '@patlas/query';
import type * as QueryPackage from '@patlas/query';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  productCalls,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildBatteryCorpus } from '../../../test/factories.js';

// Every parse of the query package, counted: the search path is to parse each expression once (issue 42).
vi.mock('@patlas/query', async (importOriginal) => {
  const actual = await importOriginal<typeof QueryPackage>();
  return { ...actual, parseExpression: vi.fn(actual.parseExpression) };
});

const parses = vi.mocked(parseExpression);
/** How many times each text was parsed since the last reset. */
const parsedTexts = () => {
  const counts = new Map<string, number>();
  for (const [text] of parses.mock.calls) counts.set(text, (counts.get(text) ?? 0) + 1);
  return Object.fromEntries(counts);
};

describe('one parse per search request (issue 42)', () => {
  let t: TestApp;
  let user: TestUser;
  const { okData, fails } = productCalls(
    () => t,
    () => user,
  );
  const resultPage = (body: object) =>
    okData('/search/searchNew', {
      page: 1,
      pageSize: 20,
      mergeType: 0,
      filters: [],
      viewMode: 'liebiaoshitu',
      ...body,
    });

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    user = await authHeader(t);
    await indexPatents(t, buildBatteryCorpus());
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    parses.mockClear();
  });

  it('parses a result-page search once, its history entry recorded in the same request', async () => {
    await resultPage({
      searchExpre: 'TI=(电池) AND CN110000001A',
      history: { action: 'search', value: 'TI=(电池) AND CN110000001A', router: '/innovationSpace/searchResult?q=x' },
    });
    // The search, the number note, the facets and the history entry all read the one AST.
    expect(parsedTexts()).toEqual({ 'TI=(电池) AND CN110000001A': 1 });
  });

  it('parses the search and the search within once each', async () => {
    await resultPage({ searchExpre: '电池', secondExpre: 'PA=(比亚迪)' });
    expect(parsedTexts()).toEqual({ 电池: 1, 'PA=(比亚迪)': 1 });
  });

  it('counts the missing-field note from the parsed AST: only the cut text is checked', async () => {
    await resultPage({ searchExpre: 'TI=(电池) AND PD>=2015', secondExpre: 'AD>=2010 AND 散热' });
    // The expression and the search within once each; the rest as written (`TI=(电池)`, `散热`) is
    // parsed only to check that cutting the condition out of the text kept the same search.
    expect(parsedTexts()).toEqual({ 'TI=(电池) AND PD>=2015': 1, 'AD>=2010 AND 散热': 1, 'TI=(电池)': 1, 散热: 1 });
  });

  it('resolves each #n once per request, in the search and in its notes', async () => {
    user = await authHeader(t);
    await resultPage({
      searchExpre: 'TI=(电池)',
      history: { action: 'search', value: 'TI=(电池)', router: '/innovationSpace/searchResult?q=x' },
    });
    parses.mockClear();
    await resultPage({ searchExpre: '#1 AND PD>=2015', secondExpre: '#1 OR 散热' });
    // The entry's own expression is read once for both boxes and the note's rest (`#1`, checked as cut).
    expect(parsedTexts()).toEqual({ '#1 AND PD>=2015': 1, '#1 OR 散热': 1, 'TI=(电池)': 1, '#1': 1 });
  });

  it('keeps the positioned message of a bad expression, after one parse', async () => {
    const body = await fails('/search/searchNew', { searchExpre: 'TI=(电池 AND' }, 'QUERY_UNBALANCED_PARENS');
    expect(body.message).toMatch(/括号/);
    expect(parsedTexts()).toEqual({ 'TI=(电池 AND': 1 });
  });

  it('parses the simple search and the total-hits call once', async () => {
    await okData('/search/search', { searchExpre: '电池 AND PD>=2015' });
    expect(parsedTexts()).toEqual({ '电池 AND PD>=2015': 1, 电池: 1 });
    parses.mockClear();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/expression/total-hits',
      payload: { searchExpre: '电池' },
      headers: { authorization: user.authorization },
    });
    expect(res.statusCode).toBe(200);
    expect(parsedTexts()).toEqual({ 电池: 1 });
  });
});
