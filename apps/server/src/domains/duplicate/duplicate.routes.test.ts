import type { DuplicateCheck, DuplicateDetails, DuplicateSnippetInfo, DuplicateSummary } from '@patlas/contracts';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  reachableDialects,
  uploadFile,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import {
  buildDuplicateCorpus,
  DEVICE_AUTH_ABSTRACT,
  QUERY_ABSTRACT,
  SAMPLING_ABSTRACT,
} from '../../../test/duplicate-corpus.js';

/** A lightly edited real abstract: its sentences in another order, one word swapped (装置 → 设备). */
const EDITED = (() => {
  const sentences = DEVICE_AUTH_ABSTRACT.split('；');
  return [sentences[2], sentences[0], sentences[1]].join('；').replace('方法、装置', '方法、设备');
})();

describe.each(await reachableDialects())('duplicate check API on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  const call = (method: 'GET' | 'POST', url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') =>
    injectJson(t, method, `/api/product${url}`, payload, who, lang);
  const okData = async (
    url: string,
    payload: unknown = {},
    who: AuthHeader = owner,
    method: 'GET' | 'POST' = 'POST',
  ) => {
    const res = await call(method, url, method === 'GET' ? undefined : payload, who);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data;
  };
  const fails = async (url: string, payload: unknown, code: string, who: AuthHeader = owner, lang = 'zh') => {
    const res = await call('POST', url, payload, who, lang);
    expect(res.json(), res.body).toMatchObject({ status: 0, data: { code } });
    return res.json() as { message: string };
  };
  const runJobs = () => t.context.jobs.worker.runDueJobs();
  const submit = async (text: string, who: AuthHeader = owner) => {
    const data = await okData('/patent/repeat', { text }, who);
    await runJobs();
    return data as { check: DuplicateCheck; warning: string | null };
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await indexPatents(t, buildDuplicateCorpus());
    owner = await authHeader(t);
    stranger = await authHeader(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('runs a check as a task: the source first, its sentences matched with spans on both sides', async () => {
    const { check, warning } = await submit(EDITED);
    expect(check.state).toBe('waiting');
    expect(warning).toBeNull();
    const list = await okData('/patent/getRepeatList', {});
    expect(list.items[0]).toMatchObject({ id: check.id, state: 'done', source: 'text', chars: EDITED.length });
    expect(list.items[0].similarity).toBeGreaterThan(0.8);

    const summary = (await okData(
      `/patent/similarity/summary?reportId=${check.id}`,
      undefined,
      owner,
      'GET',
    )) as DuplicateSummary;
    expect(summary.patents[0]).toMatchObject({ rank: 1, publicationNumber: 'CN115001749A' });
    expect(summary.patents[0]!.similarity).toBeGreaterThan(0.8);
    expect(summary.bySection.abstract).toBeGreaterThan(0.5);
    expect(summary.matchedSentences).toBe(summary.sentences);

    const details = (await okData('/patent/report/details', { reportId: check.id })) as DuplicateDetails;
    expect(details.text).toBe(EDITED);
    expect(details.sentenceList.every((s) => s.best?.publicationNumber === 'CN115001749A')).toBe(true);

    const snippet = (await okData('/patent/similarity/snippet/info', {
      reportId: check.id,
      publicationNumber: 'CN115001749A',
    })) as DuplicateSnippetInfo;
    // The moved sentence: "在第二授权信息与第一授权信息相同的情况下…" is the abstract's third, the text's first.
    const moved = snippet.evidence.find((e) => e.sentence === 0 && e.section === 'abstract')!;
    const [input] = moved.inputSpans;
    expect(EDITED.slice(input!.start, input!.end)).toContain('在第二授权信息与第一授权信息相同的情况下');
    const [passage] = moved.passageSpans;
    expect(moved.passageText.slice(passage!.start, passage!.end)).toContain('在第二授权信息与第一授权信息相同的情况下');
    expect(DEVICE_AUTH_ABSTRACT.slice(moved.passageStart, moved.passageEnd)).toBe(moved.passageText);
    await fails(
      '/patent/similarity/snippet/info',
      { reportId: check.id, publicationNumber: 'CN208049937U' },
      'DUPLICATE_PATENT_NOT_IN_REPORT',
    );
  });

  it('finds an English source and each source of a mixed text', async () => {
    const english = QUERY_ABSTRACT.split('. ').reverse().join('. ');
    const { check } = await submit(english);
    const summary = (await okData('/patent/similarity/summary', { reportId: check.id })) as DuplicateSummary;
    expect(summary.patents[0]?.publicationNumber).toBe('US11556547B2');

    const mixed = `${SAMPLING_ABSTRACT}${DEVICE_AUTH_ABSTRACT.split('；')[0]}。`;
    const second = await submit(mixed);
    const mixedSummary = (await okData('/patent/similarity/summary', {
      reportId: second.check.id,
    })) as DuplicateSummary;
    expect(
      mixedSummary.patents
        .map((p) => p.publicationNumber)
        .slice(0, 2)
        .sort(),
    ).toEqual(['CN115001749A', 'CN207396260U']);
  });

  it("lists a check's similar patents on the result page as a set, most similar first, for its owner only", async () => {
    const { check } = await submit(EDITED);
    const search = (who: AuthHeader) =>
      injectJson(
        t,
        'POST',
        '/api/platform/data/search/query',
        { searchExpre: '', set: { kind: 'duplicate', key: check.id } },
        who,
      );
    const res = await search(owner);
    expect(res.json(), res.body).toMatchObject({
      status: 1,
      data: { set: { kind: 'duplicate', size: expect.any(Number) } },
    });
    expect(res.json().data.items[0].publicationNumber).toBe('CN115001749A');
    expect((await search(stranger)).json()).toMatchObject({ status: 0, data: { code: 'DUPLICATE_NOT_FOUND' } });
  });

  it('only shows a check to its owner', async () => {
    const { check } = await submit(EDITED);
    await fails('/patent/report/details', { reportId: check.id }, 'DUPLICATE_NOT_FOUND', stranger);
    await fails('/patent/deleteRepeat', { ids: [check.id] }, 'DUPLICATE_NOT_FOUND', stranger);
    await fails(`/patent/again/${check.id}`, {}, 'DUPLICATE_NOT_FOUND', stranger);
    const theirs = await okData('/patent/getRepeatList', {}, stranger);
    expect(theirs.items.map((c: DuplicateCheck) => c.id)).not.toContain(check.id);
    const res = await call('GET', `/patent/export?repeatId=${check.id}`, undefined, stranger);
    expect(res.json()).toMatchObject({ status: 0, data: { code: 'DUPLICATE_NOT_FOUND' } });
    // Without the permission the calls are refused.
    const noMenu = await authHeader(t, ['/user/collect']);
    const refused = await call('POST', '/patent/getRepeatList', {}, noMenu);
    expect(refused.statusCode).toBe(403);
  });

  it('validates the text: empty and oversize refused in the caller language, short allowed with the advice', async () => {
    await fails('/patent/repeat', {}, 'VALIDATION_FAILED');
    await fails('/patent/repeat', { text: 5 }, 'VALIDATION_FAILED');
    const empty = await fails('/patent/repeat', { text: '  ' }, 'DUPLICATE_TEXT_EMPTY');
    expect(empty.message).toBe('请输入或上传要查重的文本');
    const long = await fails('/patent/repeat', { text: '电'.repeat(50_001) }, 'DUPLICATE_TEXT_TOO_LONG', owner, 'en');
    expect(long.message).toBe(
      'The text to check exceeds 50000 characters (50001 now); shorten it or check it in parts',
    );
    const short = await okData('/patent/repeat', { text: '一种材料化学制备取样分析装置' });
    expect(short.warning).toBe('文本仅 14 个字符，建议至少 200 个字符，查重结果可能不准确');
    expect(short.check.isShort).toBe(true);
    await runJobs();
    const list = await okData('/patent/getRepeatList', {});
    expect(list.items.find((c: DuplicateCheck) => c.id === short.check.id).state).toBe('done');
    await fails('/patent/report/details', { reportId: 'nope' }, 'DUPLICATE_NOT_FOUND');
  });

  it('reads an uploaded .docx and .txt, and refuses other files', async () => {
    const docx = await Packer.toBuffer(
      new Document({
        sections: [
          { children: SAMPLING_ABSTRACT.split('；').map((line) => new Paragraph({ children: [new TextRun(line)] })) },
        ],
      }),
    );
    const res = await uploadFile(t, '/api/product/patent/repeat', { content: docx, name: '交底书.docx' }, owner);
    expect(res.json(), res.body).toMatchObject({
      status: 1,
      data: { check: { source: 'file', filename: '交底书.docx' } },
    });
    await runJobs();
    const id = res.json().data.check.id as string;
    const summary = (await okData('/patent/similarity/summary', { reportId: id })) as DuplicateSummary;
    expect(summary.patents[0]?.publicationNumber).toBe('CN207396260U');
    expect(summary.check.chars).toBe(SAMPLING_ABSTRACT.replace('；', '\n').length);

    const utf8 = Buffer.from(`\ufeff${QUERY_ABSTRACT}`);
    const txt = await uploadFile(t, '/api/product/patent/repeat', { content: utf8, name: 'abstract.txt' }, owner);
    expect(txt.json()).toMatchObject({ status: 1, data: { check: { chars: QUERY_ABSTRACT.length } } });

    const pdf = await uploadFile(
      t,
      '/api/product/patent/repeat',
      { content: Buffer.from('%PDF-1.4'), name: 'a.pdf' },
      owner,
      'en',
    );
    expect(pdf.json()).toMatchObject({
      status: 0,
      message: 'Only upload of types: .docx, .txt',
      data: { code: 'DUPLICATE_FILE_TYPE' },
    });
    const broken = await uploadFile(
      t,
      '/api/product/patent/repeat',
      { content: Buffer.from('not a zip'), name: 'a.docx' },
      owner,
    );
    expect(broken.json()).toMatchObject({ status: 0, message: '无法读取上传的文件：不是有效的 .docx 文件' });

    // Issue 41 §6: a character reference past U+10FFFF (or a surrogate, or NUL) answered 500.
    for (const reference of ['&#x110000;', '&#1114112;', '&#xD800;', '&#0;', '&#99999999999999999999;']) {
      const zip = new JSZip();
      zip.file(
        'word/document.xml',
        `<?xml version="1.0"?><w:document xmlns:w="w"><w:body><w:p><w:r><w:t>电池${reference}正极</w:t></w:r></w:p></w:body></w:document>`,
      );
      const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      const bad = await uploadFile(t, '/api/product/patent/repeat', { content, name: 'bad.docx' }, owner);
      expect([bad.statusCode, bad.json().data.code], reference).toEqual([400, 'DUPLICATE_FILE_UNREADABLE']);
      expect(bad.json().message).toBe('无法读取上传的文件：文件正文引用了无效的字符（如 &#x110000;）');
    }
  });

  it('exports the report as Word with the evidence highlighted, and as PDF', async () => {
    const { check } = await submit(EDITED);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/patent/export?repeatId=${check.id}&format=docx`,
      headers: { authorization: owner.authorization },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('专利查重报告');
    expect(xml).toContain('CN115001749A');
    expect(xml).toContain('<w:highlight w:val="yellow"/>');
    // A highlighted run holds a matching part of a sentence.
    const highlighted = [...xml.matchAll(/<w:highlight w:val="yellow"\/><\/w:rPr><w:t[^>]*>([^<]+)<\/w:t>/g)].map(
      (m) => m[1],
    );
    expect(highlighted.some((text) => text!.includes('在第二授权信息与第一授权信息相同的情况下'))).toBe(true);
    const pdf = await t.app.inject({
      method: 'POST',
      url: `/api/product/patent/export?repeatId=${check.id}&format=pdf`,
      headers: { authorization: owner.authorization, 'accept-language': 'en' },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('re-runs a check as the same check and deletes checks', async () => {
    const { check } = await submit(EDITED);
    const again = await okData(`/patent/again/${check.id}`, {});
    expect(again.check).toMatchObject({ id: check.id, state: 'waiting', similarity: null });
    await fails(`/patent/again/${check.id}`, {}, 'DUPLICATE_NOT_READY');
    await fails('/patent/similarity/summary', { reportId: check.id }, 'DUPLICATE_NOT_READY');
    await runJobs();
    const summary = (await okData('/patent/similarity/summary', { reportId: check.id })) as DuplicateSummary;
    expect(summary.check.state).toBe('done');
    const deleted = await okData('/patent/deleteRepeat', { ids: [check.id] });
    expect(deleted.ids).toEqual([check.id]);
    await fails('/patent/similarity/summary', { reportId: check.id }, 'DUPLICATE_NOT_FOUND');
  });

  it('checks a text against given patents at once', async () => {
    const data = await okData('/patent/check', {
      text: EDITED,
      publicationNumbers: ['CN115001749A', 'CN 207396260 U', 'CN999999999A'],
    });
    expect(data.notFound).toEqual(['CN999999999A']);
    expect(data.patents.map((p: { publicationNumber: string }) => p.publicationNumber)).toEqual([
      'CN115001749A',
      'CN207396260U',
    ]);
    expect(data.patents[0].evidence.length).toBeGreaterThan(0);
    expect(data.patents[1]).toMatchObject({ similarity: 0, evidence: [] });
    await fails('/patent/check', { text: EDITED, publicationNumbers: ['CN999999999A'] }, 'DUPLICATE_PATENTS_NOT_FOUND');
    await fails('/patent/check', { text: EDITED, publicationNumbers: [] }, 'VALIDATION_FAILED');
    // Spec 2 §8 "too many reference documents", in the user's language.
    const eleven = Array.from({ length: 11 }, (_, i) => `CN1150017${String(i).padStart(2, '0')}A`);
    const zh = await fails(
      '/patent/check',
      { text: EDITED, publicationNumbers: eleven },
      'REFERENCE_DOCUMENTS_TOO_MANY',
    );
    expect(zh.message).toBe('对比文件过多，最多 10 件');
    const en = await fails(
      '/patent/check',
      { text: EDITED, publicationNumbers: eleven },
      'REFERENCE_DOCUMENTS_TOO_MANY',
      owner,
      'en',
    );
    expect(en.message).toBe('Too many reference documents: at most 10');
  });
});
