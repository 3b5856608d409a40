import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  ALL_PERMISSIONS,
  IMAGE_SIMILARITY_BANDS,
  MAX_IMAGE_SEARCH_BYTES,
  type ImageSearchResult,
  type Patent,
} from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  loginAs,
  reachableDialects,
  TestClock,
  type AuthHeader,
} from '../../../test/helpers.js';
import { buildUsPatent } from '../../../test/factories.js';
import { bandOf } from './image-calibration.js';
import { IMAGE_INDEX_KIND } from './image-index.job.js';

const dialects = await reachableDialects();

/** Line drawings as patent sheets draw them: black strokes on white, one object per patent, two views each. */
const SHAPES: Record<string, string[]> = {
  USD0000001S: [
    '<circle cx="300" cy="400" r="220"/><circle cx="300" cy="400" r="140"/><circle cx="300" cy="400" r="60"/>',
    '<circle cx="300" cy="400" r="200"/><circle cx="300" cy="400" r="100"/><line x1="80" y1="400" x2="520" y2="400"/>',
  ],
  USD0000002S: [
    '<rect x="80" y="100" width="200" height="250"/><rect x="320" y="100" width="200" height="250"/><rect x="80" y="420" width="440" height="280"/>',
    '<rect x="100" y="150" width="400" height="500"/><line x1="100" y1="400" x2="500" y2="400"/>',
  ],
  USD0000003S: [
    '<polygon points="300,80 540,700 60,700"/><line x1="300" y1="80" x2="300" y2="700"/>',
    '<polygon points="300,120 500,650 100,650"/><polygon points="300,300 400,600 200,600"/>',
  ],
  USD0000004S: [
    '<path d="M60 400 Q 150 100 300 400 T 540 400"/><path d="M60 600 Q 150 300 300 600 T 540 600"/>',
    '<path d="M60 300 Q 150 0 300 300 T 540 300"/><path d="M60 500 Q 150 200 300 500 T 540 500"/><path d="M60 700 Q 150 400 300 700 T 540 700"/>',
  ],
  USD0000005S: [
    '<polygon points="300,60 360,300 560,300 400,440 470,700 300,540 130,700 200,440 40,300 240,300"/>',
    '<polygon points="300,120 350,320 520,320 380,430 440,650 300,520 160,650 220,430 80,320 250,320"/><circle cx="300" cy="400" r="40"/>',
  ],
  USD0000006S: [
    '<ellipse cx="300" cy="400" rx="250" ry="120"/><line x1="300" y1="100" x2="300" y2="700"/><line x1="50" y1="400" x2="550" y2="400"/>',
    '<ellipse cx="300" cy="400" rx="200" ry="300"/><line x1="100" y1="150" x2="500" y2="650"/>',
  ],
};

/** Each patent's Locarno subclass and dates, for the filters (issue 43 item 9). */
const FACTS: Record<string, { loc: string; applicationDate: string; publicationDate: string }> = {
  USD0000001S: { loc: '28-03', applicationDate: '2019-02-20', publicationDate: '2021-01-05' },
  USD0000002S: { loc: '14-04', applicationDate: '2019-06-14', publicationDate: '2021-03-16' },
  USD0000003S: { loc: '14-03', applicationDate: '2020-01-27', publicationDate: '2021-06-08' },
  USD0000004S: { loc: '05-05', applicationDate: '2020-04-24', publicationDate: '2021-09-14' },
  USD0000005S: { loc: '21-01', applicationDate: '2020-09-16', publicationDate: '2021-12-07' },
  USD0000006S: { loc: '14-04', applicationDate: '2021-01-27', publicationDate: '2022-02-01' },
};

function sheet(shape: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="#fff"/><g fill="none" stroke="#000" stroke-width="6">${shape}</g></svg>`;
  return sharp(Buffer.from(svg)).greyscale().png().toBuffer();
}

/** A user's copy of a drawing: half the size, 10 % cropped off the edges, turned 90°, saved as JPEG q60. */
async function alter(png: Buffer): Promise<Buffer> {
  const half = await sharp(png).resize(300).png().toBuffer();
  const cropped = await sharp(half).extract({ left: 15, top: 20, width: 270, height: 360 }).png().toBuffer();
  return sharp(cropped).rotate(90).jpeg({ quality: 60 }).toBuffer();
}

/** One multipart/form-data body with a single file part, as a browser's upload sends it. */
function multipartOf(file: Buffer | null, filename: string) {
  const boundary = `----patlas${Math.random().toString(36).slice(2)}`;
  const head = file
    ? Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      )
    : Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file here`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file ?? Buffer.alloc(0), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(dialects)('image search API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const clock = new TestClock();
  let user: AuthHeader & { email: string };
  let other: AuthHeader;
  /** Signed in, without the '/search/img' permission. */
  let noMenu: AuthHeader;
  const sheets = new Map<string, Buffer>();

  const upload = (
    file: Buffer | null,
    filename: string,
    who: AuthHeader | null = user,
    lang = 'zh',
    query: Record<string, string> = {},
  ) => {
    const body = multipartOf(file, filename);
    return t.app.inject({
      method: 'POST',
      url: '/api/product/search/image/search',
      query,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
  };
  const post = (url: string, payload: object, who: AuthHeader = user, lang = 'zh') =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: who.authorization, 'accept-language': lang },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    user = await authHeader(t);
    other = await authHeader(t);
    noMenu = await authHeader(
      t,
      ALL_PERMISSIONS.filter((p) => p !== '/search/img'),
    );
    mkdirSync(t.context.drawingsDir, { recursive: true });
    const patents: Patent[] = [];
    for (const [pn, shapes] of Object.entries(SHAPES)) {
      const drawings = [];
      for (const [i, shape] of shapes.entries()) {
        const file = `${pn}-D0000${i + 1}.png`;
        const png = await sheet(shape);
        sheets.set(file, png);
        await sharp(png).toFile(path.join(t.context.drawingsDir, file));
        drawings.push({ file, caption: `FIG. ${i + 1}` });
      }
      patents.push(
        buildUsPatent({
          publicationNumber: pn,
          kind: 'S',
          patentType: 'design',
          applicationNumber: `US29${pn.slice(4, 10)}`,
          title: { lang: 'en', text: `Ornamental design ${pn}` },
          applicationDate: FACTS[pn]!.applicationDate,
          publicationDate: FACTS[pn]!.publicationDate,
          grantDate: FACTS[pn]!.publicationDate,
          classifications: { loc: [FACTS[pn]!.loc] },
          drawings,
        }),
      );
    }
    await t.context.repositories.patents.upsertMany(patents);
    // What an import does after storing drawings: the image-index job, run here by the test's worker.
    await t.context.imageIndex!.scheduleIndexing();
    const outcomes = await t.context.jobs.worker.runDueJobs();
    const run = outcomes.find((o) => o.kind === IMAGE_INDEX_KIND);
    expect(run?.status).toBe('done');
    expect(run?.result).toMatchObject({ indexed: 12, failed: 0 });
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('finds the patent of an altered drawing (scaled, cropped, rotated, JPEG) first', async () => {
    for (const [file, png] of sheets) {
      const res = await upload(await alter(png), 'copy.jpg');
      expect(res.statusCode).toBe(200);
      const data = (res.json() as { data: ImageSearchResult }).data;
      expect(data.items[0]?.publicationNumber, file).toBe(file.slice(0, 11));
      expect(data.indexedDrawings).toBe(12);
      expect(data.items[0]!.similarity).toBeGreaterThan(0.5);
      expect(data.thumbnail).toMatch(/^data:image\/jpeg;base64,/);
    }
  }, 120_000);

  it('answers the best drawing of each patent once, with title and caption', async () => {
    const res = await upload(sheets.get('USD0000003S-D00002.png')!, 'fig.png');
    const data = (res.json() as { data: ImageSearchResult }).data;
    expect(data.items[0]).toMatchObject({
      publicationNumber: 'USD0000003S',
      drawing: 'USD0000003S-D00002.png',
      drawingCaption: 'FIG. 2',
      title: 'Ornamental design USD0000003S',
    });
    expect(data.items[0]!.similarity).toBeGreaterThan(0.95);
    const numbers = data.items.map((i) => i.publicationNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(data.total).toBe(6);
  });

  it('ranks only the patents of the chosen Locarno classes or subclasses (issue 43 item 9)', async () => {
    const circles = sheets.get('USD0000001S-D00001.png')!;
    const all = (await upload(circles, 'fig.png')).json() as { data: ImageSearchResult };
    expect(all.data.candidateDrawings).toBe(12);
    expect(all.data.filters).toEqual({});
    expect(all.data.locarnoClasses).toEqual([
      { code: '05-05', patents: 1 },
      { code: '14-03', patents: 1 },
      { code: '14-04', patents: 2 },
      { code: '21-01', patents: 1 },
      { code: '28-03', patents: 1 },
    ]);
    expect(all.data.items[0]).toMatchObject({ publicationNumber: 'USD0000001S', locarno: ['28-03'] });

    // Class 14 (both its subclasses): the copy's own patent (28-03) is not ranked at all.
    const res = await upload(circles, 'fig.png', user, 'zh', { locarno: '14' });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: ImageSearchResult }).data;
    expect(data.items.map((i) => i.publicationNumber).sort()).toEqual(['USD0000002S', 'USD0000003S', 'USD0000006S']);
    expect(data.candidateDrawings).toBe(6);
    expect(data.filters).toEqual({ locarno: ['14'] });
    expect(data.items.map((i) => i.rank)).toEqual([1, 2, 3]);

    // Subclasses, written as the grant XML writes them (1404) or with a dash, several at once.
    const some = (await upload(circles, 'fig.png', user, 'zh', { locarno: '1404, 28-03' })).json() as {
      data: ImageSearchResult;
    };
    expect(some.data.filters.locarno).toEqual(['14-04', '28-03']);
    expect(some.data.items.map((i) => i.publicationNumber).sort()).toEqual([
      'USD0000001S',
      'USD0000002S',
      'USD0000006S',
    ]);
    expect(some.data.items[0]?.publicationNumber).toBe('USD0000001S');

    // A class no patent holds leaves nothing to rank.
    const none = (await upload(circles, 'fig.png', user, 'zh', { locarno: '32' })).json() as {
      data: ImageSearchResult;
    };
    expect(none.data.items).toEqual([]);
    expect(none.data.candidateDrawings).toBe(0);
  }, 60_000);

  it('ranks only the patents published or filed in the date range (issue 43 item 9)', async () => {
    const star = sheets.get('USD0000005S-D00001.png')!;
    const published = (
      (await upload(star, 'star.png', user, 'zh', { dateFrom: '2021-03-01', dateTo: '2021-09-14' })).json() as {
        data: ImageSearchResult;
      }
    ).data;
    expect(published.filters).toEqual({ dateField: 'publication', dateFrom: '2021-03-01', dateTo: '2021-09-14' });
    expect(published.items.map((i) => i.publicationNumber).sort()).toEqual([
      'USD0000002S',
      'USD0000003S',
      'USD0000004S',
    ]);
    expect(published.items.every((i) => i.publicationDate! >= '2021-03-01' && i.publicationDate! <= '2021-09-14')).toBe(
      true,
    );

    // By application date, an open start: filed up to 2019-12-31.
    const filed = (
      (await upload(star, 'star.png', user, 'zh', { dateField: 'application', dateTo: '2019-12-31' })).json() as {
        data: ImageSearchResult;
      }
    ).data;
    expect(filed.items.map((i) => i.publicationNumber).sort()).toEqual(['USD0000001S', 'USD0000002S']);
    expect(filed.items[0]?.applicationDate).toBeDefined();

    // Dates and classes together.
    const both = (
      (await upload(star, 'star.png', user, 'zh', { locarno: '14', dateFrom: '2022-01-01' })).json() as {
        data: ImageSearchResult;
      }
    ).data;
    expect(both.items.map((i) => i.publicationNumber)).toEqual(['USD0000006S']);
  }, 60_000);

  it('refuses filters it cannot read', async () => {
    const png = sheets.get('USD0000001S-D00001.png')!;
    const queries: Record<string, string>[] = [
      { locarno: '14-4' },
      { locarno: 'D14' },
      { dateFrom: '2021-02-30x' },
      { dateFrom: '2022-01-01', dateTo: '2021-01-01' },
      { dateField: 'grant', dateFrom: '2021-01-01' },
    ];
    for (const query of queries) {
      const res = await upload(png, 'a.png', user, 'zh', query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ status: 0 });
    }
  });

  it('ranks a stored search again under other filters, which it keeps', async () => {
    const searched = (await upload(sheets.get('USD0000002S-D00002.png')!, 'box.png')).json() as {
      data: ImageSearchResult;
    };
    expect(searched.data.items[0]?.publicationNumber).toBe('USD0000002S');
    const filtered = (
      (
        await post('/api/product/search/image/getResultKey', {
          key: searched.data.key,
          rerun: true,
          filters: { locarno: ['05-05', '21'], dateField: 'publication', dateFrom: '2021-01-01' },
        })
      ).json() as { data: ImageSearchResult }
    ).data;
    expect(filtered.items.map((i) => i.publicationNumber).sort()).toEqual(['USD0000004S', 'USD0000005S']);
    expect(filtered.filters).toEqual({ locarno: ['05-05', '21'], dateField: 'publication', dateFrom: '2021-01-01' });
    // Opened again by its key (the deep link), it shows the filtered ranking and its filters.
    const opened = (
      (await post('/api/product/search/image/getResultKey', { key: searched.data.key })).json() as {
        data: ImageSearchResult;
      }
    ).data;
    expect(opened.items.map((i) => i.publicationNumber)).toEqual(filtered.items.map((i) => i.publicationNumber));
    expect(opened.filters).toEqual(filtered.filters);
    expect(opened.candidateDrawings).toBe(4);
    // Ranked again without filters given, it keeps the stored ones; an empty object clears them.
    const kept = (
      (await post('/api/product/search/image/getResultKey', { key: searched.data.key, rerun: true })).json() as {
        data: ImageSearchResult;
      }
    ).data;
    expect(kept.filters).toEqual(filtered.filters);
    const cleared = (
      (
        await post('/api/product/search/image/getResultKey', { key: searched.data.key, rerun: true, filters: {} })
      ).json() as {
        data: ImageSearchResult;
      }
    ).data;
    expect(cleared.filters).toEqual({});
    expect(cleared.items[0]?.publicationNumber).toBe('USD0000002S');
  });

  it('gives each patent its rank and calibrated band; a copy is very similar', async () => {
    const data = (
      (await upload(sheets.get('USD0000006S-D00001.png')!, 'ellipse.png')).json() as { data: ImageSearchResult }
    ).data;
    expect(data.items.map((i) => i.rank)).toEqual(data.items.map((_, i) => i + 1));
    expect(data.items[0]).toMatchObject({ publicationNumber: 'USD0000006S', band: 'very' });
    // The raw score stays for the tooltip; the band is one of the calibrated four (image-calibration.test.ts).
    for (const item of data.items) {
      expect(IMAGE_SIMILARITY_BANDS).toContain(item.band);
      expect(item.similarity).toBeGreaterThan(0);
    }
    const plain = data.items.find((i) => i.band !== 'very');
    if (plain) expect(plain.band).toBe(bandOf({ similarity: plain.similarity }));
  });

  it('refuses a file that is not jpg/jpeg/png, by name and by content', async () => {
    const png = sheets.get('USD0000001S-D00001.png')!;
    const gif = await sharp(png).gif().toBuffer();
    for (const [file, name] of [
      [png, 'drawing.gif'],
      [gif, 'drawing.png'],
      [Buffer.from('not an image at all'), 'notes.jpg'],
    ] as const) {
      const res = await upload(file, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({
        status: 0,
        message: '图片格式不正确，仅支持 jpg、jpeg、png 格式',
        data: { code: 'IMAGE_SEARCH_FILE_TYPE' },
      });
    }
    const en = await upload(gif, 'drawing.jpeg', user, 'en');
    expect(en.json()).toMatchObject({ message: 'Wrong image format; only jpg, jpeg and png are supported' });
    // A PNG name and signature on a file cut short.
    const truncated = await upload(png.subarray(0, 200), 'cut.png');
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toMatchObject({ data: { code: 'IMAGE_SEARCH_FILE_UNREADABLE' } });
  });

  it('refuses an image over 5 MB and takes one of exactly 5 MB', async () => {
    // Noise does not compress: a real PNG just over the limit.
    const side = 1400;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(MAX_IMAGE_SEARCH_BYTES);
    const res = await upload(big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: '图片大小不能超过 5 MB',
      data: { code: 'IMAGE_SEARCH_FILE_TOO_LARGE' },
    });
    const en = await upload(big, 'big.png', user, 'en');
    expect(en.json()).toMatchObject({ message: 'The image must not be larger than 5 MB' });
    // Exactly at the limit: a JPEG padded with bytes after its end marker, which decoders ignore.
    const jpeg = await sharp(sheets.get('USD0000002S-D00001.png')!).jpeg().toBuffer();
    const atLimit = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_SEARCH_BYTES - jpeg.length)]);
    const accepted = await upload(atLimit, 'limit.jpg');
    expect(accepted.statusCode).toBe(200);
    expect((accepted.json() as { data: ImageSearchResult }).data.items[0]?.publicationNumber).toBe('USD0000002S');
  }, 60_000);

  it('asks for an image when the upload has none', async () => {
    for (const res of [
      await upload(null, ''),
      await upload(Buffer.alloc(0), 'empty.png'),
      await post('/api/product/search/image/search', { image: 'x' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: '请上传图片（jpg、jpeg、png）',
        data: { code: 'IMAGE_SEARCH_FILE_REQUIRED' },
      });
    }
    const en = await upload(null, '', user, 'en');
    expect(en.json()).toMatchObject({ message: 'Please upload an image (jpg, jpeg, png)' });
  });

  it("refuses callers without the '/search/img' permission and anonymous ones", async () => {
    const png = sheets.get('USD0000001S-D00001.png')!;
    const forbidden = await upload(png, 'a.png', noMenu);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ data: { code: 'FORBIDDEN' } });
    for (const url of ['/api/product/image/history/list', '/api/product/image/history/clear']) {
      expect((await post(url, {}, noMenu)).statusCode).toBe(403);
    }
    expect((await post('/api/product/search/image/getResultKey', { key: 'abcdefghij' }, noMenu)).statusCode).toBe(403);
    expect((await upload(png, 'a.png', null)).statusCode).toBe(401);
  });

  it('keeps a history per user, lists it newest first and clears only the caller’s', async () => {
    await post('/api/product/image/history/clear', {}, user);
    const first = (await upload(sheets.get('USD0000004S-D00001.png')!, 'waves.png')).json() as {
      data: ImageSearchResult;
    };
    clock.advance(60);
    const second = (await upload(sheets.get('USD0000005S-D00001.png')!, 'star.png')).json() as {
      data: ImageSearchResult;
    };
    const theirs = (await upload(sheets.get('USD0000006S-D00001.png')!, 'ellipse.png', other)).json() as {
      data: ImageSearchResult;
    };

    const list = (await post('/api/product/image/history/list', {}, user)).json() as {
      data: { items: { key: string; fileName: string; topPublicationNumber?: string; thumbnail: string }[] };
    };
    expect(list.data.items.map((i) => i.fileName)).toEqual(['star.png', 'waves.png']);
    expect(list.data.items[0]).toMatchObject({ key: second.data.key, topPublicationNumber: 'USD0000005S' });
    expect(list.data.items[0]!.thumbnail).toMatch(/^data:image\/jpeg;base64,/);

    const cleared = (await post('/api/product/image/history/clear', {}, user)).json() as { data: { deleted: number } };
    expect(cleared.data.deleted).toBe(2);
    const after = (await post('/api/product/image/history/list', {}, user)).json() as { data: { items: unknown[] } };
    expect(after.data.items).toEqual([]);
    // The other user's history and result are untouched; the cleared results no longer open.
    const otherList = (await post('/api/product/image/history/list', {}, other)).json() as {
      data: { items: { key: string }[] };
    };
    expect(otherList.data.items.map((i) => i.key)).toEqual([theirs.data.key]);
    const gone = await post('/api/product/search/image/getResultKey', { key: first.data.key });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ data: { code: 'IMAGE_SEARCH_KEY_NOT_FOUND' } });
  });

  it('opens a stored result by key, ranks it again on request, and not once expired', async () => {
    const searched = (await upload(await alter(sheets.get('USD0000001S-D00002.png')!), 'circles.jpg')).json() as {
      data: ImageSearchResult;
    };
    const again = await post('/api/product/search/image/getResultKey', { key: searched.data.key });
    expect(again.statusCode).toBe(200);
    const stored = (again.json() as { data: ImageSearchResult }).data;
    expect(stored.items.map((i) => i.publicationNumber)).toEqual(searched.data.items.map((i) => i.publicationNumber));
    expect(stored.fileName).toBe('circles.jpg');
    const rerun = (
      (await post('/api/product/search/image/getResultKey', { key: searched.data.key, rerun: true })).json() as {
        data: ImageSearchResult;
      }
    ).data;
    expect(rerun.items[0]?.publicationNumber).toBe('USD0000001S');

    const unknown = await post('/api/product/search/image/getResultKey', { key: 'no-such-key-123' }, user, 'en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      message: 'This image search has expired; please upload the image again',
      data: { code: 'IMAGE_SEARCH_KEY_NOT_FOUND' },
    });
    const invalid = await post('/api/product/search/image/getResultKey', { key: 'x' });
    expect(invalid.statusCode).toBe(400);

    const before = (await post('/api/product/image/history/list', {}, user)).json() as { data: { items: unknown[] } };
    expect(before.data.items).toHaveLength(1);
    clock.advance(181 * 24 * 3600);
    // 181 days on, the session has expired too: sign in again.
    const later = await loginAs(t, user.email);
    const expired = await post('/api/product/search/image/getResultKey', { key: searched.data.key }, later);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ message: '该图像检索结果已失效，请重新上传图片检索' });
    const list = (await post('/api/product/image/history/list', {}, later)).json() as { data: { items: unknown[] } };
    expect(list.data.items).toEqual([]);
  });

  it("opens a visitor's search without an account by its key for a day only (issue 41)", async () => {
    // An IP visitor's search: no history holds it, only its key.
    await t.context.database.db
      .insertInto('image_searches')
      .values({
        key: 'visitor-key-0001',
        user_id: null,
        file_name: 'visitor.png',
        thumbnail: '',
        query: '{"phashes":[],"embeddings":[]}',
        results: '[]',
        indexed_drawings: 0,
        created_at: clock.now().toISOString(),
      })
      .execute();
    const open = async () =>
      post('/api/product/search/image/getResultKey', { key: 'visitor-key-0001' }, await loginAs(t, user.email));
    clock.advance(23 * 3600);
    expect((await open()).statusCode).toBe(200);
    clock.advance(2 * 3600);
    const gone = await open();
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ data: { code: 'IMAGE_SEARCH_KEY_NOT_FOUND' } });
  });
});
