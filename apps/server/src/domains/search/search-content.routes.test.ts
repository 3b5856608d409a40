import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

/** Three headset records: one with drawings and claims, one with a description only, one with neither. */
const CORPUS: Patent[] = [
  buildCnPatent({
    publicationNumber: 'CN107274401A',
    title: { lang: 'zh', text: '一种头戴显示设备的光学模组' },
    claims: { lang: 'zh', text: '1. 一种光学模组，其特征在于，包括透镜。' },
    drawings: [{ file: 'cn107274401a-1.png' }, { file: 'cn107274401a-2.png' }],
  }),
  buildCnPatent({
    publicationNumber: 'CN107274402A',
    title: { lang: 'zh', text: '一种头戴显示设备的散热结构' },
    description: { lang: 'zh', text: '技术领域\n本发明涉及头戴显示设备。' },
  }),
  buildCnPatent({
    publicationNumber: 'CN107274403A',
    title: { lang: 'zh', text: '一种头戴显示设备的佩戴绑带' },
  }),
];

describe.each(dialects)('what the records of a result set hold, on %s (issue 43)', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const search = async (body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/search/searchNew',
      payload: body,
      headers: { 'accept-language': 'zh', authorization: auth.authorization },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('counts the records of the whole set with drawings and with full text, not only the page', async () => {
    const data = await search({ searchExpre: 'TI=头戴', pageSize: 10 });
    expect(data.total).toBe(3);
    expect(data.content).toEqual({ withDrawings: 1, withFullText: 2, unknown: 0 });
    // A page of one still counts the set.
    const firstPage = await search({ searchExpre: 'TI=头戴', pageSize: 1 });
    expect(firstPage.items).toHaveLength(1);
    expect(firstPage.content).toEqual({ withDrawings: 1, withFullText: 2, unknown: 0 });
  });

  it('says a set holds no drawings and no full text when none of its records does', async () => {
    const data = await search({ searchExpre: 'TI=绑带' });
    expect(data.total).toBe(1);
    expect(data.content).toEqual({ withDrawings: 0, withFullText: 0, unknown: 0 });
  });

  it('counts within the filters: the set narrowed to the record with drawings', async () => {
    const data = await search({ searchExpre: 'TI=头戴 AND TI=光学' });
    expect(data.content).toEqual({ withDrawings: 1, withFullText: 1, unknown: 0 });
  });
});
