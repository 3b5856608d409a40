import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, indexPatents, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

/**
 * Issue 43 item 10: a Chinese record whose source gives English fields (incoPat 标题 (英文) /
 * 摘要 (英文), PatSnap 标题(译)(English) …: `translations.en` of the record) is found by English words.
 */
const CORPUS: Patent[] = [
  buildCnPatent({
    publicationNumber: 'CN113300001A',
    applicationNumber: 'CN202110000001.1',
    title: {
      lang: 'zh',
      text: '一种储能装置的热管理系统',
      translations: { en: 'Thermal management system for an energy storage battery pack' },
    },
    abstract: {
      lang: 'zh',
      text: '本发明公开了一种储能装置的热管理系统，包括液冷板。',
      translations: { en: 'The invention discloses a thermal management system comprising a liquid cooling plate.' },
    },
    applicants: [{ name: '宁德时代新能源科技股份有限公司', nameTranslated: 'Contemporary Amperex Technology Co Ltd' }],
  }),
  // Chinese only: English words must not reach it.
  buildCnPatent({
    publicationNumber: 'CN113300002A',
    applicationNumber: 'CN202110000002.2',
    title: { lang: 'zh', text: '一种储能装置的外壳' },
    abstract: { lang: 'zh', text: '本发明公开了一种储能装置的外壳。' },
  }),
  // cn-g06f-cpc: a Chinese title and abstract with the source's English key words.
  buildCnPatent({
    publicationNumber: 'CN116842782A',
    applicationNumber: 'CN202310000003.3',
    title: { lang: 'zh', text: '基于卷积神经网络的双输出水电机组下机架结构仿真方法' },
    abstract: { lang: 'zh', text: '本发明公开了基于卷积神经网络的双输出水电机组下机架结构仿真方法。' },
    keywords: ['simulation', 'finite element', 'neural network'],
  }),
  buildUsPatent({ publicationNumber: 'US6980000B2', title: { lang: 'en', text: 'Lithium ion battery electrode' } }),
];

describe.each(dialects)('English fields of Chinese records on %s (issue 43)', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const numbers = async (searchExpre: string): Promise<string[]> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/search/searchNew',
      payload: { searchExpre, facets: [] },
      headers: { 'accept-language': 'en', authorization: auth.authorization },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data.items as { publicationNumber: string }[]).map((i) => i.publicationNumber).sort();
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    await indexPatents(t, CORPUS);
  });
  afterAll(async () => t.close());

  it('finds a Chinese record by a word of its English title in TI, TIAB, TIABC and the default field', async () => {
    for (const expression of ['TI=battery', 'TIAB=battery', 'TIABC=battery', 'battery']) {
      expect(await numbers(expression)).toEqual(['CN113300001A', 'US6980000B2']);
    }
    expect(await numbers('TI="thermal management"')).toEqual(['CN113300001A']);
  });

  it('finds it by its English abstract and its applicant’s English name, and still by its Chinese words', async () => {
    expect(await numbers('AB=(liquid AND cooling)')).toEqual(['CN113300001A']);
    expect(await numbers('PA=Amperex')).toEqual(['CN113300001A']);
    expect(await numbers('TI=储能装置')).toEqual(['CN113300001A', 'CN113300002A']);
  });

  it('finds a record by the English key words its source gives, with the abstract', async () => {
    for (const expression of ['AB=simulation', 'TIABC="finite element"', 'simulation']) {
      expect(await numbers(expression)).toEqual(['CN116842782A']);
    }
    expect(await numbers('TI=simulation')).toEqual([]);
  });
});
