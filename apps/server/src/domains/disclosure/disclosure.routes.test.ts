import type { DisclosureDetail, DisclosureRichNode, DisclosureVersion } from '@patlas/contracts';
import {
  APPLICATION_SECTION_KEYS,
  DISCLOSURE_SECTION_KEYS,
  DISCLOSURE_VERSION_WINDOW_MS,
  MAX_DISCLOSURE_IMAGES,
} from '@patlas/contracts';
import { deflateSync } from 'node:zlib';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxText } from '../../files/docx-text.js';
import {
  authHeader,
  buildTestApp,
  injectJson,
  reachableDialects,
  TestClock,
  uploadFile,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';

const SAVE = '/disclosurePaper/save';

function png(width = 40, height = 30, color = { r: 200, g: 40, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, body.length + 4);
  return out;
}

/** A real, valid black 1-bit PNG of width × height: tens of megapixels in a few kilobytes (a decompression bomb). */
function hugePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const paragraph = (text: string, marks?: DisclosureRichNode['marks']): DisclosureRichNode => ({
  type: 'paragraph',
  content: [{ type: 'text', text, ...(marks ? { marks } : {}) }],
});
const doc = (...content: DisclosureRichNode[]): DisclosureRichNode => ({ type: 'doc', content });
const imageNode = (src: string): DisclosureRichNode => ({ type: 'image', attrs: { src, alt: 'fig' } });

/** A disclosure's content: one paragraph per section, the solution with a bold run, a list and optional images. */
function disclosureContent(texts: Record<string, string>, images: string[] = []) {
  const sections: Record<string, DisclosureRichNode> = {};
  for (const [key, text] of Object.entries(texts)) sections[key] = doc(paragraph(text));
  sections.solution = doc(
    paragraph(texts.solution ?? '', [{ type: 'bold' }, { type: 'fontSize', attrs: { size: '18px' } }]),
    {
      type: 'orderedList',
      content: [
        { type: 'listItem', content: [paragraph('第一步：加热')] },
        { type: 'listItem', content: [paragraph('第二步：冷却')] },
      ],
    },
    ...images.map(imageNode),
  );
  return { sections };
}

const TEXTS = {
  field: '本发明涉及锂离子电池技术领域。',
  background: '现有电池负极材料循环寿命短。',
  problem: '提高硅碳负极的循环稳定性。',
  solution: '采用多孔碳包覆纳米硅颗粒。',
  effects: '循环500次容量保持率90%以上。',
  drawings: '图1为负极结构示意图。',
  embodiments: '实施例1：将纳米硅与沥青混合后碳化。',
};

describe.each(await reachableDialects())('disclosure writing API on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let outsider: TestUser;
  const clock = new TestClock();

  const call = (method: 'GET' | 'POST', url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') =>
    injectJson(t, method, `/api/product${url}`, method === 'GET' ? undefined : payload, who, lang);
  const okData = async (method: 'GET' | 'POST', url: string, payload?: unknown, who: AuthHeader = owner) => {
    const res = await call(method, url, payload, who);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data;
  };
  const fails = async (
    method: 'GET' | 'POST',
    url: string,
    payload: unknown,
    code: string,
    who: AuthHeader = owner,
    lang = 'zh',
  ) => {
    const res = await call(method, url, payload, who, lang);
    expect(res.json(), res.body).toMatchObject({ status: 0, data: { code } });
    return res;
  };
  const save = (body: unknown, who: AuthHeader = owner) => okData('POST', SAVE, body, who) as Promise<DisclosureDetail>;
  const upload = (id: string, content: Buffer, name = 'fig.png', who: AuthHeader = owner, lang = 'zh') =>
    uploadFile(t, `/api/product/disclosurePaper/uploadImage?id=${id}`, { content, name, type: 'image/png' }, who, lang);

  const signInAgain = async (user: TestUser): Promise<TestUser> => {
    const tenant = (await t.context.repositories.tenants.findByCode('default'))!;
    const tokens = await t.context.services.sessions.open({
      userId: user.userId,
      tenantId: tenant.id,
      loginType: 'password',
      ip: null,
    });
    return { ...user, authorization: `Bearer ${tokens.accessToken}` };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    owner = await authHeader(t);
    stranger = await authHeader(t);
    outsider = await authHeader(t, ['/search/quick']);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, updates, lists, searches and deletes documents in the detail contract', async () => {
    const created = await save({ kind: 'disclosure', title: '硅碳负极交底书', content: disclosureContent(TEXTS) });
    expect(Object.keys(created).sort()).toEqual(
      ['content', 'createdAt', 'id', 'kind', 'sections', 'title', 'updatedAt', 'version'].sort(),
    );
    expect(created).toMatchObject({ kind: 'disclosure', title: '硅碳负极交底书', version: 1 });
    expect(Object.keys(created.sections)).toEqual([...DISCLOSURE_SECTION_KEYS]);
    expect(created.sections.field).toBe(TEXTS.field);
    expect(created.sections.solution).toBe(`${TEXTS.solution}\n1. 第一步：加热\n2. 第二步：冷却`);

    const detail = (await okData('GET', `/disclosurePaper/detail?id=${created.id}`)) as DisclosureDetail;
    expect(detail).toEqual(created);
    expect(detail.content.sections.solution?.content?.[0]?.content?.[0]?.marks?.[0]).toEqual({ type: 'bold' });

    clock.advance(5);
    const updated = await save({
      id: created.id,
      version: 1,
      title: '硅碳负极交底书（修订）',
      content: disclosureContent({ ...TEXTS, field: '本发明涉及储能领域。' }),
    });
    expect(updated).toMatchObject({ version: 2, title: '硅碳负极交底书（修订）', createdAt: created.createdAt });
    expect(updated.sections.field).toBe('本发明涉及储能领域。');
    expect(updated.updatedAt > created.updatedAt).toBe(true);

    // Plain sections only: the content is made from them, a paragraph per line.
    clock.advance(5);
    const plain = await save({ title: 'Plain 100% draft_x', sections: { field: '第一行\n第二行', effects: '' } });
    expect(plain.sections.field).toBe('第一行\n第二行');
    expect(plain.content.sections.field?.content).toHaveLength(2);
    const other = await save({ title: '别人的文档' }, stranger);

    const list = await okData('POST', '/disclosurePaper/list', { page: 1, pageSize: 1 });
    expect(list).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(list.items[0]).toMatchObject({ id: plain.id, kind: 'disclosure', version: 1 });
    const all = await okData('GET', '/disclosurePaper/list?pageSize=10');
    expect(all.items.map((i: { id: string }) => i.id)).toEqual([plain.id, created.id]);
    const chars = Object.values(updated.sections).reduce((sum, text) => sum + text.length, 0);
    expect(all.items[1]).toMatchObject({ id: created.id, version: 2, chars, images: 0 });
    // Search by title: part of it, any case; % and _ match themselves.
    expect((await okData('POST', '/disclosurePaper/list', { title: '修订' })).items).toHaveLength(1);
    expect((await okData('POST', '/disclosurePaper/list', { title: 'plain 100%' })).items).toHaveLength(1);
    expect((await okData('POST', '/disclosurePaper/list', { title: '100%%' })).items).toHaveLength(0);
    expect((await okData('POST', '/disclosurePaper/list', { title: 't_x' })).items).toHaveLength(1);
    expect((await okData('POST', '/disclosurePaper/list', { title: 'tx' })).items).toHaveLength(0);
    expect((await okData('POST', '/disclosurePaper/list', { kind: 'application' })).total).toBe(0);

    // Deleting someone else's document deletes nothing.
    expect(await okData('POST', '/disclosurePaper/delete', { ids: [other.id] })).toEqual({ ids: [] });
    expect(await okData('POST', '/disclosurePaper/delete', { ids: [plain.id] })).toEqual({ ids: [plain.id] });
    await fails('GET', `/disclosurePaper/detail?id=${plain.id}`, undefined, 'DISCLOSURE_NOT_FOUND');
    expect((await okData('GET', `/disclosurePaper/detail?id=${other.id}`, undefined, stranger)).id).toBe(other.id);
  });

  it('starts an application with the 说明书 headings and takes its four sections', async () => {
    const zh = await save({ kind: 'application', title: '' });
    expect(zh.title).toBe('未命名申请文件');
    expect(Object.keys(zh.sections)).toEqual([...APPLICATION_SECTION_KEYS]);
    expect(zh.sections.description).toBe('技术领域\n\n背景技术\n\n发明内容\n\n附图说明\n\n具体实施方式');
    const en = await okData('POST', SAVE, { kind: 'application' }, owner);
    expect(en.kind).toBe('application');
    const enRes = await call('POST', SAVE, { kind: 'application' }, owner, 'en');
    expect(enRes.json().data.title).toBe('Untitled application draft');
    expect(enRes.json().data.sections.description).toContain('Summary of the invention');

    const filled = await save({
      id: zh.id,
      version: zh.version,
      title: '一种硅碳负极',
      sections: { title: '一种硅碳负极材料', abstract: '本发明公开了一种硅碳负极。', claims: '1. 一种负极……' },
    });
    expect(filled.sections).toMatchObject({ title: '一种硅碳负极材料', claims: '1. 一种负极……', description: '' });
    // A disclosure's section is not an application's.
    await fails(
      'POST',
      SAVE,
      { id: zh.id, version: filled.version, sections: { field: 'x' } },
      'DISCLOSURE_SECTION_UNKNOWN',
    );
    await fails('POST', SAVE, { kind: 'disclosure', sections: { abstract: 'x' } }, 'DISCLOSURE_SECTION_UNKNOWN');
  });

  it('refuses a save based on an older version and keeps what was saved (two tabs)', async () => {
    const base = await save({ title: '两个标签页', sections: { field: '原文' } });
    const tabA = await save({
      id: base.id,
      version: base.version,
      title: '两个标签页',
      sections: { field: 'A 的修改' },
    });
    expect(tabA.version).toBe(2);
    const zh = await fails(
      'POST',
      SAVE,
      { id: base.id, version: base.version, title: '两个标签页', sections: { field: 'B 的修改' } },
      'DISCLOSURE_VERSION_CONFLICT',
    );
    expect(zh.statusCode).toBe(409);
    expect(zh.json().message).toContain('第 2 版');
    const en = await fails(
      'POST',
      SAVE,
      { id: base.id, version: 1, sections: { field: 'B' } },
      'DISCLOSURE_VERSION_CONFLICT',
      owner,
      'en',
    );
    expect(en.json().message).toMatch(/saved elsewhere as version 2.*based on version 1/);
    const stored = (await okData('GET', `/disclosurePaper/detail?id=${base.id}`)) as DisclosureDetail;
    expect(stored).toMatchObject({ version: 2, sections: { field: 'A 的修改' } });
    // Two saves racing on the same base: exactly one passes.
    const results = await Promise.all(
      ['X', 'Y'].map((field) => call('POST', SAVE, { id: base.id, version: 2, sections: { field } }, owner)),
    );
    expect(results.map((r) => r.json().status).sort()).toEqual([0, 1]);
    expect((await okData('GET', `/disclosurePaper/detail?id=${base.id}`)).version).toBe(3);
    // An update must name its base.
    await fails('POST', SAVE, { id: base.id, sections: { field: 'x' } }, 'VALIDATION_FAILED');
  });

  it('checks titles, lengths and the content it takes', async () => {
    const long = await fails('POST', SAVE, { title: '长'.repeat(101) }, 'DISCLOSURE_TITLE_TOO_LONG');
    expect(long.json().message).toBe('标题超过100字符长度');
    const longEn = await fails('POST', SAVE, { title: 'x'.repeat(101) }, 'DISCLOSURE_TITLE_TOO_LONG', owner, 'en');
    expect(longEn.json().message).toBe('The title exceeded 100 character length');
    expect((await save({ title: '长'.repeat(100) })).title).toHaveLength(100);
    await fails('POST', SAVE, { sections: { field: '字'.repeat(200_001) } }, 'DISCLOSURE_TEXT_TOO_LONG');
    // Images must be ours: data: and outside addresses are refused.
    const dataUrl = { sections: { field: doc(imageNode('data:image/png;base64,AAAA')) } };
    await fails('POST', SAVE, { content: dataUrl }, 'DISCLOSURE_IMAGE_FOREIGN');
    const outside = { sections: { field: doc(imageNode('https://example.com/a.png')) } };
    await fails('POST', SAVE, { content: outside }, 'DISCLOSURE_IMAGE_FOREIGN');
    let deep: DisclosureRichNode = { type: 'text', text: 'x' };
    for (let i = 0; i < 60; i++) deep = { type: 'blockquote', content: [deep] };
    await fails('POST', SAVE, { content: { sections: { field: doc(deep) } } }, 'VALIDATION_FAILED');
    await fails('POST', SAVE, { kind: 'patent' }, 'VALIDATION_FAILED');
  });

  it('keeps versions: autosaves within the window share one, "save version" and restores add their own', async () => {
    const first = await save({ title: '版本', sections: { field: 'v1' } });
    const versionsOf = async (id: string) =>
      ((await okData('GET', `/disclosurePaper/versions?id=${id}`)) as { items: DisclosureVersion[] }).items;
    expect(await versionsOf(first.id)).toMatchObject([{ version: 1, source: 'auto' }]);

    clock.advance(60);
    const second = await save({ id: first.id, version: 1, title: '版本', sections: { field: 'v2' } });
    let versions = await versionsOf(first.id);
    expect(versions).toHaveLength(1);
    // Issue 43: the snapshot stands for versions 1–2, so version 1 still appears in the list.
    expect(versions[0]).toMatchObject({ version: 2, fromVersion: 1, source: 'auto' });

    // "Save version" pins the recent autosave; the next autosave starts a new one.
    clock.advance(30);
    const pinned = await save({
      id: first.id,
      version: second.version,
      title: '版本',
      sections: { field: 'v3' },
      checkpoint: true,
    });
    versions = await versionsOf(first.id);
    expect(versions).toMatchObject([{ version: 3, fromVersion: 1, source: 'manual' }]);
    clock.advance(30);
    await save({ id: first.id, version: pinned.version, title: '版本', sections: { field: 'v4' } });
    versions = await versionsOf(first.id);
    expect(versions.map((v) => [v.version, v.source])).toEqual([
      [4, 'auto'],
      [3, 'manual'],
    ]);
    // Past the window, an autosave adds a version.
    clock.advance(DISCLOSURE_VERSION_WINDOW_MS / 1000 + 1);
    const fifth = await save({ id: first.id, version: 4, title: '版本（新）', sections: { field: 'v5' } });
    versions = await versionsOf(first.id);
    expect(versions.map((v) => v.version)).toEqual([5, 4, 3]);
    // Every saved version is in the list, within one snapshot's range (issue 43: 1–2 never appeared).
    expect(versions.map((v) => [v.fromVersion, v.version])).toEqual([
      [5, 5],
      [4, 4],
      [1, 3],
    ]);

    const read = await okData('GET', `/disclosurePaper/version?id=${first.id}&versionId=${versions[2]!.id}`);
    expect(read).toMatchObject({ version: 3, sections: { field: 'v3' }, title: '版本' });
    await fails(
      'GET',
      `/disclosurePaper/version?id=${first.id}&versionId=nope-nope`,
      undefined,
      'DISCLOSURE_VERSION_NOT_FOUND',
    );

    // Restoring on a stale base is refused; on the current one, the old text becomes version 6.
    await fails(
      'POST',
      '/disclosurePaper/versions/restore',
      { id: first.id, versionId: versions[2]!.id, version: 4 },
      'DISCLOSURE_VERSION_CONFLICT',
    );
    const restored = (await okData('POST', '/disclosurePaper/versions/restore', {
      id: first.id,
      versionId: versions[2]!.id,
      version: fifth.version,
    })) as DisclosureDetail;
    expect(restored).toMatchObject({ version: 6, title: '版本', sections: { field: 'v3' } });
    versions = await versionsOf(first.id);
    expect(versions[0]).toMatchObject({ version: 6, source: 'restore', restoredFrom: 3 });
    // The next autosave does not fold into the restore.
    await save({ id: first.id, version: 6, title: '版本', sections: { field: 'v7' } });
    expect((await versionsOf(first.id)).map((v) => v.version)).toEqual([7, 6, 5, 4, 3]);

    // Someone else's versions are not found.
    await fails('GET', `/disclosurePaper/versions?id=${first.id}`, undefined, 'DISCLOSURE_NOT_FOUND', stranger);
    await fails(
      'POST',
      '/disclosurePaper/versions/restore',
      { id: first.id, versionId: versions[0]!.id, version: 7 },
      'DISCLOSURE_NOT_FOUND',
      stranger,
    );
  });

  it('refuses an image of more pixels than allowed before decoding it (issue 41 §3)', async () => {
    const target = await save({ title: '大图', sections: { field: '见图' } });
    const bomb = hugePng(10_000, 6_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(await sharp(bomb).metadata()).toMatchObject({ format: 'png', width: 10_000, height: 6_000 });
    const zh = await upload(target.id, bomb, 'bomb.png');
    expect([zh.statusCode, zh.json().data.code]).toEqual([400, 'DISCLOSURE_IMAGE_TOO_MANY_PIXELS']);
    expect(zh.json().message).toBe(
      '图片插入失败：图片尺寸为 10000×6000 像素，超过 5000 万像素的上限，请缩小后重新上传',
    );
    const en = await upload(target.id, bomb, 'bomb.png', owner, 'en');
    expect(en.json().message).toBe(
      'Image insert failed: the image is 10000×6000 pixels, more than the 50 megapixels allowed; scale it down and upload again',
    );
    // An ordinary image of the same kind still goes in.
    expect((await upload(target.id, hugePng(800, 600), 'fine.png')).json().status).toBe(1);
  });

  it('takes only the product’s own image route as an image address (issue 41 §3)', async () => {
    const target = await save({ title: '外链图片', sections: { field: '见图' } });
    const { id } = (await upload(target.id, await png())).json().data as { id: string };
    const own = `/api/product/disclosurePaper/image/${id}`;
    for (const src of [
      `https://evil.example${own}`,
      `//evil.example${own}`,
      `/elsewhere/disclosurePaper/image/${id}`,
      `/x${own}`,
      `${own}?token=1`,
      `${own}#x`,
      `${own}/`,
      ` ${own}`,
    ]) {
      await fails(
        'POST',
        SAVE,
        { id: target.id, version: target.version, content: disclosureContent(TEXTS, [src]) },
        'DISCLOSURE_IMAGE_FOREIGN',
      );
    }
    const saved = await save({ id: target.id, version: target.version, content: disclosureContent(TEXTS, [own]) });
    expect(saved.version).toBe(target.version + 1);
  });

  it('uploads editor images (spec 2 §7 answer), serves them to their owner only and checks type, size and count', async () => {
    const target = await save({ title: '带图的交底书', sections: { field: '见图' } });
    const res = await upload(target.id, await png());
    expect(res.json()).toMatchObject({ status: 1, message: '成功' });
    const image = res.json().data as { id: string; ossHttpPath: string; width: number; height: number };
    expect(image.ossHttpPath).toBe(`/api/product/disclosurePaper/image/${image.id}`);
    expect(image).toMatchObject({ width: 40, height: 30 });
    // The English answer says 成功 too: clients test that word (spec 2 §7).
    const second = (await upload(target.id, await png(), 'b.PNG', owner, 'en')).json();
    expect(second.message).toBe('成功');

    const served = await t.app.inject({
      method: 'GET',
      url: image.ossHttpPath,
      headers: { authorization: owner.authorization },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);
    const strangers = await t.app.inject({
      method: 'GET',
      url: image.ossHttpPath,
      headers: { authorization: stranger.authorization },
    });
    expect(strangers.json()).toMatchObject({ status: 0, data: { code: 'DISCLOSURE_IMAGE_NOT_FOUND' } });
    expect((await t.app.inject({ method: 'GET', url: image.ossHttpPath })).statusCode).toBe(401);
    expect((await upload(target.id, await png(), 'c.png', outsider)).statusCode).toBe(403);
    expect((await upload(target.id, await png(), 'c.png', stranger)).json().data.code).toBe('DISCLOSURE_NOT_FOUND');

    // Type: the name's extension and the bytes.
    const gif = await upload(target.id, await png(), 'fig.gif');
    expect(gif.json()).toMatchObject({ data: { code: 'DISCLOSURE_IMAGE_TYPE' } });
    expect(gif.json().message).toBe('图片插入失败：只能上传 jpg, jpeg, png 类型的文件');
    const gifEn = await upload(target.id, await png(), 'fig.gif', owner, 'en');
    expect(gifEn.json().message).toBe('Image insert failed: only upload of types: jpg, jpeg, png');
    const fake = await upload(target.id, Buffer.from('not an image at all'), 'fake.jpg');
    expect(fake.json().data.code).toBe('DISCLOSURE_IMAGE_UNREADABLE');
    const webp = await sharp({ create: { width: 5, height: 5, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    expect((await upload(target.id, webp, 'disguised.png')).json().data.code).toBe('DISCLOSURE_IMAGE_UNREADABLE');
    const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const jpegRes = await upload(target.id, jpeg, 'photo.jpeg');
    expect(jpegRes.json().status).toBe(1);
    // Size: up to 10 MB (an image over 5 MB is read, and this one is no image); over 10 MB refused.
    const overFive = await upload(target.id, Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'big.png');
    expect(overFive.json().data.code).toBe('DISCLOSURE_IMAGE_UNREADABLE');
    const big = await upload(target.id, Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'big.png');
    expect(big.json()).toMatchObject({ data: { code: 'DISCLOSURE_IMAGE_TOO_LARGE' } });
    expect(big.json().message).toBe('图片插入失败：上传文件大于10MB，请重新上传');
    const empty = await upload(target.id, Buffer.alloc(0), 'empty.png');
    expect(empty.json().data.code).toBe('DISCLOSURE_IMAGE_REQUIRED');

    // Count: three uploaded above; seven more reach 10, the 11th is refused.
    const ids = [image.id, second.data.id as string, jpegRes.json().data.id as string];
    for (let i = 0; i < MAX_DISCLOSURE_IMAGES - 3; i++) {
      ids.push((await upload(target.id, await png(10 + i, 10))).json().data.id as string);
    }
    const eleventh = await upload(target.id, await png());
    expect(eleventh.json()).toMatchObject({ data: { code: 'DISCLOSURE_IMAGE_LIMIT' } });
    expect(eleventh.json().message).toContain('最多 10 张图片');

    // A save keeps the images it names; the ones left out no longer count once saved.
    const withImages = await save({
      id: target.id,
      version: target.version,
      title: target.title,
      content: disclosureContent(
        TEXTS,
        ids.slice(0, 3).map((id) => `/api/product/disclosurePaper/image/${id}`),
      ),
    });
    expect((await okData('POST', '/disclosurePaper/list', { title: '带图' })).items[0].images).toBe(3);
    // The pending (uploaded, never saved) ones count for a day.
    expect((await upload(target.id, await png())).json().data.code).toBe('DISCLOSURE_IMAGE_LIMIT');
    clock.advance(24 * 60 * 60 + 1);
    // A day later the tokens have expired: the same accounts sign in again.
    owner = await signInAgain(owner);
    stranger = await signInAgain(stranger);
    outsider = await signInAgain(outsider);
    expect((await upload(target.id, await png())).json().status).toBe(1);

    // Eleven image nodes in one save are refused; another document's image too.
    const elevenDistinct = [...ids, 'aaaaaaaa-0000-0000-0000-000000000000'].map(
      (id) => `/api/product/disclosurePaper/image/${id}`,
    );
    await fails(
      'POST',
      SAVE,
      { id: target.id, version: withImages.version, content: disclosureContent(TEXTS, elevenDistinct) },
      'DISCLOSURE_IMAGE_LIMIT',
    );
    const elsewhere = await save({ title: '另一篇' });
    await fails(
      'POST',
      SAVE,
      {
        id: elsewhere.id,
        version: 1,
        content: disclosureContent(TEXTS, [`/api/product/disclosurePaper/image/${ids[0]}`]),
      },
      'DISCLOSURE_IMAGE_FOREIGN',
    );

    // Deleting the document removes its images.
    await okData('POST', '/disclosurePaper/delete', { ids: [target.id] });
    const gone = await t.app.inject({
      method: 'GET',
      url: image.ossHttpPath,
      headers: { authorization: owner.authorization },
    });
    expect(gone.json().data.code).toBe('DISCLOSURE_IMAGE_NOT_FOUND');
  });

  it('exports a real Word file with the sections, their headings and images', async () => {
    const target = await save({ title: '导出测试交底书', sections: { field: 'x' } });
    const image = (await upload(target.id, await png(1200, 600))).json().data as { ossHttpPath: string };
    // A large image is kept at most 2400 px on its long side.
    const large = (await upload(target.id, await png(3000, 1500))).json().data as { width: number; height: number };
    expect(large).toMatchObject({ width: 2400, height: 1200 });
    const saved = await save({
      id: target.id,
      version: 1,
      title: '导出测试交底书',
      content: disclosureContent(TEXTS, [image.ossHttpPath]),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/disclosurePaper/export?id=${saved.id}`,
      headers: { authorization: owner.authorization, 'accept-language': 'zh' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('导出测试交底书.docx'));
    const text = docxText(res.rawPayload);
    for (const heading of [
      '技术领域',
      '背景技术',
      '要解决的技术问题',
      '技术方案',
      '有益效果',
      '附图说明',
      '具体实施方式',
    ]) {
      expect(text).toContain(heading);
    }
    for (const value of Object.values(TEXTS)) expect(text).toContain(value);
    expect(text).toContain('2. 第二步：冷却');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const media = Object.keys(zip.files).filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    const xml = await zip.file('word/document.xml')!.async('string');
    // Bold and 18 px (27 half-points) on the solution's first run; the wide image scaled to the column.
    expect(xml).toMatch(/<w:b\/>[\s\S]*?<w:sz w:val="27"\/>[\s\S]*?采用多孔碳包覆纳米硅颗粒/);
    expect(xml).toMatch(/<wp:extent cx="5715000" cy="2857500"\/>/);

    const en = await t.app.inject({
      method: 'GET',
      url: `/api/product/disclosurePaper/export?id=${saved.id}`,
      headers: { authorization: owner.authorization, 'accept-language': 'en' },
    });
    expect(docxText(en.rawPayload)).toContain('Technical problem to solve');
    const strangers = await t.app.inject({
      method: 'GET',
      url: `/api/product/disclosurePaper/export?id=${saved.id}`,
      headers: { authorization: stranger.authorization },
    });
    expect(strangers.json().data.code).toBe('DISCLOSURE_NOT_FOUND');
  });

  it('refuses callers without the writing permission and strangers on every call', async () => {
    const mine = await save({ title: '私有' });
    expect((await call('POST', SAVE, { title: 'x' }, outsider)).statusCode).toBe(403);
    expect((await call('GET', `/disclosurePaper/detail?id=${mine.id}`, undefined, outsider)).statusCode).toBe(403);
    expect((await call('POST', '/disclosurePaper/list', {}, null)).statusCode).toBe(401);
    await fails('GET', `/disclosurePaper/detail?id=${mine.id}`, undefined, 'DISCLOSURE_NOT_FOUND', stranger);
    await fails('POST', SAVE, { id: mine.id, version: 1, title: '改' }, 'DISCLOSURE_NOT_FOUND', stranger);
    expect(
      (await okData('POST', '/disclosurePaper/list', {}, stranger)).items.map((i: { id: string }) => i.id),
    ).not.toContain(mine.id);
    expect((await okData('GET', `/disclosurePaper/detail?id=${mine.id}`)).title).toBe('私有');
  });
});
