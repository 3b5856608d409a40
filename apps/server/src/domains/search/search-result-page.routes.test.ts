import type { SearchHistoryEntry } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  productCalls,
  reachableDialects,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildBatteryCorpus } from '../../../test/factories.js';

interface Listed {
  total: number;
  items: { id: string; no: number; entry: SearchHistoryEntry }[];
}

const ROUTER = '/innovationSpace/searchResult?q=%E7%94%B5%E6%B1%A0';

/** The result page's body for `电池` (as toSearchRequest writes it), with the page's action. */
const pageBody = (extra: object = {}) => ({
  searchExpre: '电池',
  page: 1,
  pageSize: 20,
  sort: { field: 'relevance', order: 'desc' },
  mergeType: 0,
  filters: [],
  viewMode: 'liebiaoshitu',
  ...extra,
});

describe.each(await reachableDialects())(
  'the result page search records its history entry on %s (issue 42)',
  (dialect) => {
    let t: TestApp;
    let user: TestUser;
    const { okData } = productCalls(
      () => t,
      () => user,
    );
    const list = async (who: TestUser = user) => (await okData('/history/list', { pageSize: 50 }, who)) as Listed;

    beforeAll(async () => {
      t = await buildTestApp(dialect);
      await indexPatents(t, buildBatteryCorpus());
    });
    afterAll(async () => t.close());

    it('one searchNew with its action: exactly one entry, with the total found, and no state row', async () => {
      user = await authHeader(t);
      const states = async () =>
        (await t.context.database.db.selectFrom('search_states').select('key').execute()).length;
      const statesBefore = await states();
      const found = await okData(
        '/search/searchNew',
        pageBody({ history: { action: 'search', value: '电池', router: ROUTER } }),
      );
      expect(found.total).toBeGreaterThan(0);

      const listed = await list();
      expect(listed.total).toBe(1);
      const [item] = listed.items;
      expect(item?.no).toBe(1);
      expect(item?.entry).toMatchObject({
        operationName: 'search',
        operationValue: '电池',
        searchExpression: '电池',
        exp: '电池',
        realExpression: found.expression,
        resultTotal: String(found.total),
        pageType: 'searchResult',
        mergeRules: 0,
        viewMode: 'liebiaoshitu',
        isOrder: false,
        isFilter: false,
        filterArrs: [],
        router: ROUTER,
        state: { searchExpre: '电池', page: 1, pageSize: 20, mergeType: 0, filters: [], viewMode: 'liebiaoshitu' },
      });
      expect(await states()).toBe(statesBefore);
    });

    it('follows the rules of POST /history: an action on the same search folds into its row, a new search is #2', async () => {
      user = await authHeader(t);
      await okData('/search/searchNew', pageBody({ history: { action: 'search', value: '电池', router: ROUTER } }));
      // A page turn of the same search: folded into the search's row (same number), with its state.
      await okData(
        '/search/searchNew',
        pageBody({ page: 2, pageSize: 10, history: { action: 'jumpPage', value: '2', router: `${ROUTER}&page=2` } }),
      );
      let listed = await list();
      expect(listed.items.map((i) => [i.no, i.entry.operationName, i.entry.state?.page])).toEqual([[1, 'jumpPage', 2]]);

      // A filter makes another search: a row of its own, numbered next, with what it removed when it removes.
      const filters = [{ field: 'applicant', values: ['比亚迪股份有限公司'] }];
      const filtered = await okData(
        '/search/searchNew',
        pageBody({
          filters,
          history: { action: 'filterSingle', value: 'applicant:比亚迪股份有限公司', router: ROUTER },
        }),
      );
      listed = await list();
      expect(listed.items.map((i) => i.no)).toEqual([2, 1]);
      expect(listed.items[0]?.entry).toMatchObject({
        operationName: 'filterSingle',
        resultTotal: String(filtered.total),
        isFilter: true,
        filterArrs: filters,
      });

      await okData(
        '/search/searchNew',
        pageBody({
          history: {
            action: 'delFilter',
            value: 'applicant:比亚迪股份有限公司',
            router: ROUTER,
            removedFilter: { field: 'applicant', values: ['比亚迪股份有限公司'] },
          },
        }),
      );
      listed = await list();
      // Without the filter it is the first search again: folded into #1.
      expect(listed.items.map((i) => [i.no, i.entry.operationName])).toEqual([
        [2, 'filterSingle'],
        [1, 'delFilter'],
      ]);
      expect(listed.items[1]?.entry.delFilterObj).toEqual({ field: 'applicant', values: ['比亚迪股份有限公司'] });

      // The entry is an ordinary #n: it can be searched by number.
      const byNumber = await okData('/search/searchNew', pageBody({ searchExpre: '#1' }));
      expect(byNumber.total).toBeGreaterThan(0);
    });

    it('records nothing without an action, for an empty value, or for an entry the contract refuses', async () => {
      user = await authHeader(t);
      await okData('/search/searchNew', pageBody());
      await okData('/search/searchNew', pageBody({ history: { action: 'view', value: '  ', router: ROUTER } }));
      // The entry's router is an in-app path only (issue 41): anything else is refused with the request.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/product/search/searchNew',
        payload: pageBody({ history: { action: 'search', value: '电池', router: '//evil.example/x' } }),
        headers: { authorization: user.authorization },
      });
      expect(res.statusCode).toBe(400);
      expect((await list()).total).toBe(0);
    });
  },
);
