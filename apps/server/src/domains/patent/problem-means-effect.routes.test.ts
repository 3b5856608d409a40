import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, indexPatents, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

/**
 * Technical problem, means and effect (issue 46 item 3): on the detail call, and as the TPROB /
 * TMEANS / TEFFECT fields of the index (docs/problem-means-effect.md).
 */
describe('problem, means and effect', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const cn = buildCnPatent({
    publicationNumber: 'CN115947352B',
    abstract: {
      lang: 'zh',
      text: '本发明公开了一种使用流化床从锂云母中提锂的方法，将原料混合后送入流化床中焙烧。解决了回转窑受热不均匀、收率低的问题。该方法操作简单，降低了生产成本。',
    },
  });
  const us = buildUsPatent({
    publicationNumber: 'US6981898B2',
    abstract: {
      lang: 'en',
      text: 'A connector includes multiple pairs of signal contacts arranged in a housing. The arrangement reduces crosstalk and lowers the cost of the wiring.',
    },
  });

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    auth = await authHeader(t);
    await indexPatents(t, [cn, us]);
  });
  afterAll(async () => t.close());

  const detail = async (pn: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/patent/detail?pn=${pn}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const total = async (searchExpre: string): Promise<number> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/expression/total-hits',
      payload: { searchExpre },
      headers: auth,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json().data.total;
  };

  it('answers the three sentences and the effect terms with the detail', async () => {
    expect((await detail('CN115947352B')).problemMeansEffect).toEqual({
      problem: '解决了回转窑受热不均匀、收率低的问题。',
      means: '本发明公开了一种使用流化床从锂云母中提锂的方法，将原料混合后送入流化床中焙烧。',
      effect: '该方法操作简单，降低了生产成本。',
      effectTerms: ['cost', 'convenience'],
    });
    const en = (await detail('US6981898B2')).problemMeansEffect;
    expect(en.means).toBe('A connector includes multiple pairs of signal contacts arranged in a housing.');
    expect(en.effect).toBe('The arrangement reduces crosstalk and lowers the cost of the wiring.');
    expect(en.effectTerms).toEqual(['cost']);
  });

  it('searches them as fields', async () => {
    expect(await total('TPROB=(收率)')).toBe(1);
    expect(await total('TMEANS=(流化床)')).toBe(1);
    expect(await total('技术功效=(成本)')).toBe(1);
    expect(await total('TEFFECT=(crosstalk)')).toBe(1);
    // The means sentence is not the effect.
    expect(await total('TEFFECT=(流化床)')).toBe(0);
  });
});
