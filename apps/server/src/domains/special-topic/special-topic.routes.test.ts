import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBatteryCorpus } from '../../../test/factories.js';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  reachableDialects,
  uploadFile,
  type AuthHeader,
} from '../../../test/helpers.js';

const dialects = await reachableDialects();

const BASE = '/api/product/sys/specialTopics';

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

describe.each(dialects)('special topics API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let operator: AuthHeader;
  let user: AuthHeader;
  const cards = async (lang = 'zh') =>
    (await injectJson(t, 'POST', '/api/product/indexPage/getSpecialTopicInfo', undefined, null, lang)).json().data as {
      id: string;
      name: string;
      description: string;
      expression: string;
      pictureUrl: string | null;
      count: number | null;
    }[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    operator = await authHeader(t);
    user = await authHeader(t, ['/search/quick', '/search/result']);
    await indexPatents(t, buildBatteryCorpus());
  });
  afterAll(async () => t.close());

  it('refuses an invalid expression with the query language message, in zh and en', async () => {
    const body = { nameZh: '电池', expression: 'TI=(电池 AND' };
    const zh = await injectJson(t, 'POST', BASE, body, operator);
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ status: 0, data: { code: 'QUERY_UNBALANCED_PARENS' } });
    expect(zh.json().message).toMatch(/^检索式有误/);
    const en = await injectJson(t, 'POST', BASE, body, operator, 'en');
    expect(en.json().message).toMatch(/^Expression incorrect/);
    const unknown = await injectJson(t, 'POST', BASE, { nameZh: 'x', expression: 'NOPE=1' }, operator, 'en');
    expect(unknown.json().data.code).toBe('QUERY_UNKNOWN_FIELD');
    const noName = await injectJson(t, 'POST', BASE, { nameZh: ' ', expression: 'TI=电池' }, operator);
    expect(noName.statusCode).toBe(400);
  });

  it('creates topics for operators only; the home page shows the enabled ones in order with live counts', async () => {
    expect((await injectJson(t, 'POST', BASE, { nameZh: 'x', expression: 'TI=电池' }, user)).statusCode).toBe(403);
    const battery = (
      await injectJson(
        t,
        'POST',
        BASE,
        {
          nameZh: '电池',
          nameEn: 'Batteries',
          expression: 'TIABC=(电池 OR battery)',
          descriptionZh: '电池技术',
          descriptionEn: 'Battery technology',
        },
        operator,
      )
    ).json().data;
    expect(battery).toMatchObject({ nameZh: '电池', enabled: true, sortOrder: 1, pictureUrl: null });
    const chain = (await injectJson(t, 'POST', BASE, { nameZh: '区块链', expression: 'TI=区块链' }, operator)).json()
      .data;
    expect(chain.sortOrder).toBe(2);

    const zh = await cards();
    expect(zh.map((c) => [c.name, c.count])).toEqual([
      ['电池', 5],
      ['区块链', 1],
    ]);
    // The count is the result page's total.
    const page = await injectJson(
      t,
      'POST',
      '/api/product/search/search',
      { searchExpre: battery.expression, facets: [] },
      user,
    );
    expect(page.json().data.total).toBe(5);
    const en = await cards('en');
    // English name and description when given, else the Chinese ones.
    expect(en.map((c) => [c.name, c.description])).toEqual([
      ['Batteries', 'Battery technology'],
      ['区块链', ''],
    ]);

    // Reorder, disable, edit.
    const ordered = (await injectJson(t, 'POST', `${BASE}/order`, { ids: [chain.id, battery.id] }, operator)).json()
      .data;
    expect(ordered.map((x: { nameZh: string }) => x.nameZh)).toEqual(['区块链', '电池']);
    const mismatch = await injectJson(t, 'POST', `${BASE}/order`, { ids: [chain.id] }, operator, 'en');
    expect(mismatch.json()).toMatchObject({ status: 0, data: { code: 'TOPIC_ORDER_MISMATCH' } });
    await injectJson(t, 'PUT', `${BASE}/${chain.id}`, { enabled: false }, operator);
    expect((await cards()).map((c) => c.name)).toEqual(['电池']);
    const edited = await injectJson(
      t,
      'PUT',
      `${BASE}/${battery.id}`,
      { expression: 'TI=电池 AND PA=(比亚迪)' },
      operator,
    );
    expect(edited.json().data.expression).toBe('TI=电池 AND PA=(比亚迪)');
    expect((await cards())[0]?.count).toBe(2);
    const badEdit = await injectJson(t, 'PUT', `${BASE}/${battery.id}`, { expression: 'AD>=20xx' }, operator);
    expect(badEdit.json().status).toBe(0);
    const missing = await injectJson(t, 'PUT', `${BASE}/nope`, { enabled: true }, operator, 'en');
    expect(missing.json()).toMatchObject({ status: 0, message: 'This topic does not exist or was deleted' });
  });

  it('stores an uploaded picture as WebP under DATA_DIR and serves it; refuses other types and sizes', async () => {
    const [topic] = (await injectJson(t, 'GET', BASE, undefined, operator)).json().data as { id: string }[];
    const url = `${BASE}/${topic!.id}/picture`;
    const res = await uploadFile(t, url, { content: await png(1200, 600), name: 'a.png', type: 'image/png' }, operator);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    const pictureUrl = res.json().data.pictureUrl as string;
    expect(pictureUrl).toMatch(/^\/api\/product\/indexPage\/specialTopic\/picture\/[\w-]+\.webp$/);
    const served = await t.app.inject({ method: 'GET', url: pictureUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 640, 320]);

    const text = await uploadFile(t, url, { content: Buffer.from('not an image'), name: 'a.png' }, operator, 'en');
    expect(text.json()).toMatchObject({
      status: 0,
      message: 'Unsupported picture format; upload a JPG, PNG or WebP image',
    });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await uploadFile(t, url, { content: gif, name: 'a.gif' }, operator)).json().data.code).toBe(
      'TOPIC_PICTURE_TYPE',
    );
    const huge = await uploadFile(t, url, { content: await png(5000, 10), name: 'a.png' }, operator);
    expect(huge.json()).toMatchObject({ status: 0, message: '图片不能超过 2 MB，边长不超过 4096 像素' });

    // A new picture replaces the file; deleting the topic removes it.
    const second = await uploadFile(t, url, { content: await png(100, 100), name: 'b.png' }, operator);
    expect((await t.app.inject({ method: 'GET', url: pictureUrl })).statusCode).toBe(404);
    const secondUrl = second.json().data.pictureUrl as string;
    await injectJson(t, 'DELETE', `${BASE}/${topic!.id}`, undefined, operator);
    expect((await t.app.inject({ method: 'GET', url: secondUrl })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/product/indexPage/specialTopic/picture/..%2Fx.webp' }))
        .statusCode,
    ).toBe(404);
  });

  it('writes the demo topics once', async () => {
    const fresh = await buildTestApp(dialect);
    try {
      expect(await fresh.context.services.specialTopics.seedDemoTopics()).toBe(3);
      const names = (await fresh.context.services.specialTopics.list()).map((x) => x.nameZh);
      expect(names).toEqual(['锂电池', '新能源汽车', '人工智能']);
      const [first] = await fresh.context.services.specialTopics.list();
      await fresh.context.services.specialTopics.remove(first!.id);
      expect(await fresh.context.services.specialTopics.seedDemoTopics()).toBe(0);
      expect(await fresh.context.services.specialTopics.list()).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });
});
