import {
  ALL_PERMISSIONS,
  MAX_FORMAL_REVIEW_TEXT_LENGTH,
  PRE_EVALUATION_MIN_CHARS,
  type PreEvaluation,
  type PreEvaluationDetail,
  type PreEvaluationResult,
} from '@patlas/contracts';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDuplicateCorpus } from '../../../test/duplicate-corpus.js';
import { buildCnPatent } from '../../../test/factories.js';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  reachableDialects,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { REAL_CLAIMS } from '../../../test/pre-evaluation-claims.js';

const CLAIM = REAL_CLAIMS.CN115412894A;
/** The claim's elements, cut in two halves: each half a real passage, neither the whole claim. */
const [FIRST_HALF, SECOND_HALF] = (() => {
  const elements = CLAIM.split('；');
  return [elements.slice(0, 2).join('；') + '。', elements.slice(2).join('；')];
})();

/**
 * The demo corpus's duplicate-check records, the real CN115412894A (claim and all) with a family
 * member, and two documents each holding half of its elements — published on known days.
 */
function corpus() {
  const base = buildDuplicateCorpus().map((p) => ({ ...p, publicationDate: '2021-06-01' }));
  const family = { simpleFamilyId: 'F115412894', simple: ['CN115412894A', 'CN115412894B'] };
  return [
    ...base,
    buildCnPatent({
      publicationNumber: 'CN115412894A',
      applicationNumber: 'CN202211094811.X',
      title: { lang: 'zh', text: '一种基于WiFi Aware的急救系统' },
      abstract: { lang: 'zh', text: CLAIM },
      claims: { lang: 'zh', text: CLAIM },
      publicationDate: '2022-11-29',
      family,
    }),
    buildCnPatent({
      publicationNumber: 'CN115412894B',
      applicationNumber: 'CN202211094811.X',
      title: { lang: 'zh', text: '一种基于WiFi Aware的急救系统' },
      abstract: { lang: 'zh', text: CLAIM },
      publicationDate: '2023-05-02',
      family,
    }),
    buildCnPatent({
      publicationNumber: 'CN110000001A',
      applicationNumber: 'CN201910000001.1',
      title: { lang: 'zh', text: '急救请求与转发系统' },
      abstract: { lang: 'zh', text: FIRST_HALF },
      publicationDate: '2020-03-10',
    }),
    buildCnPatent({
      publicationNumber: 'CN110000002A',
      applicationNumber: 'CN201910000002.1',
      title: { lang: 'zh', text: '救援车辆调度系统' },
      abstract: { lang: 'zh', text: SECOND_HALF },
      publicationDate: '2020-08-20',
    }),
  ];
}

describe.each(await reachableDialects())('pre-evaluation API on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  const call = (method: 'GET' | 'POST', url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') =>
    injectJson(t, method, `/api/product${url}`, payload, who, lang);
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
    who = owner,
    lang = 'zh',
  ) => {
    const res = await call(method, url, payload, who, lang);
    expect(res.json(), res.body).toMatchObject({ status: 0, data: { code } });
    return res.json() as { message: string };
  };
  const runJobs = () => t.context.jobs.worker.runDueJobs();
  const evaluate = async (body: Record<string, unknown>, who: AuthHeader = owner) => {
    const { evaluation } = (await okData('POST', '/apply/pre/search', body, who)) as { evaluation: PreEvaluation };
    await runJobs();
    const detail = (await okData(
      'GET',
      `/apply/pre/result/detail?id=${evaluation.id}`,
      undefined,
      who,
    )) as PreEvaluationDetail;
    return { evaluation, detail, result: detail.result! };
  };
  const categoryOf = (result: PreEvaluationResult, pn: string) =>
    result.documents.find((d) => d.publicationNumber === pn)?.category;

  beforeAll(async () => {
    // Prior art ranked by keywords, as the fixtures below were chosen for (no vectors: SEMANTIC_VECTORS_PATH=off).
    t = await buildTestApp(dialect, { semantic: { modelPath: undefined, vectorsPath: undefined } });
    await indexPatents(t, corpus());
    owner = await authHeader(t);
    stranger = await authHeader(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('runs an evaluation as a job: features, prior art, matrix with evidence, the X document behind a high novelty risk', async () => {
    const { evaluation } = (await okData('POST', '/apply/pre/search', { text: CLAIM, title: '急救系统' })) as {
      evaluation: PreEvaluation;
    };
    expect(evaluation).toMatchObject({ state: 'waiting', kind: 'claims', origin: 'preAssessment', features: 6 });
    const waiting = (await okData('GET', `/apply/pre/result/detail?id=${evaluation.id}`)) as PreEvaluationDetail;
    expect(waiting.result).toBeNull();
    expect(waiting.text).toBe(CLAIM);
    await runJobs();
    const detail = (await okData('GET', `/apply/pre/result/detail?id=${evaluation.id}`)) as PreEvaluationDetail;
    expect(detail.evaluation).toMatchObject({ state: 'done', progress: 1, novelty: 'high', inventiveness: 'high' });
    const result = detail.result!;
    expect(result.features.map((f) => f.label)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5', 'F6']);
    expect(result.novelty.documents).toEqual(expect.arrayContaining(['CN115412894A']));
    expect(result.novelty.reason.zh).toContain('X 类文献');
    expect(categoryOf(result, 'CN115412894A')).toBe('X');
    expect(result.matrixDocuments.slice(0, 2)).toEqual(expect.arrayContaining(['CN115412894A']));
    // Every feature × document has a cell; the X document's cells carry their passage and spans.
    expect(result.cells).toHaveLength(result.features.length * result.documents.length);
    const xCells = result.cells.filter((c) => c.publicationNumber === 'CN115412894A');
    expect(xCells.every((c) => c.disclosed && c.passage.length > 0 && c.passageSpans.length > 0)).toBe(true);
    for (const c of xCells) expect(`${CLAIM} 一种基于WiFi Aware的急救系统`).toContain(c.passage);
    // The unrelated records disclose nothing.
    expect(result.documents.find((d) => d.publicationNumber === 'US11556547B2')?.disclosed ?? 0).toBe(0);
    expect(detail.evaluation.title).toBe('急救系统');
  });

  it("leaves out the input's own publication and its family: the two halves become a Y combination", async () => {
    const { result } = await evaluate({ text: CLAIM, publicationNumber: 'CN115412894A' });
    const numbers = result.documents.map((d) => d.publicationNumber);
    expect(numbers).not.toContain('CN115412894A');
    expect(numbers).not.toContain('CN115412894B');
    expect(result.stats.excluded).toEqual(expect.arrayContaining(['CN115412894A', 'CN115412894B']));
    expect(result.novelty.level).not.toBe('high');
    expect(result.inventiveness).toMatchObject({ level: 'high', missing: [] });
    expect(result.inventiveness.documents.sort()).toEqual(['CN110000001A', 'CN110000002A']);
    expect(categoryOf(result, 'CN110000001A')).toBe('Y');
    expect(categoryOf(result, 'CN110000002A')).toBe('Y');
  });

  it('takes only prior art published before the priority date', async () => {
    const { detail, result } = await evaluate({ text: CLAIM, priorityDate: '2020-06-01', kind: 'claims' });
    expect(detail.evaluation.priorityDate).toBe('2020-06-01');
    expect(result.documents.map((d) => d.publicationNumber)).toEqual(['CN110000001A']);
    // One document is too little to call the risk low (issue 43 item 8).
    expect(result.novelty.level).toBe('insufficient');
    expect(result.novelty.reason.zh).toBe('证据不足，无法判断：只检索到 1 篇对比文献');
    expect(result.inventiveness.level).toBe('insufficient');
  });

  it('says "too coarse to judge" for a claim of one feature, instead of a verdict (issue 49 item 3)', async () => {
    // The whole claim of a US design grant (USD0908314, data/demo/us-design-drawings; USPTO data).
    const { evaluation, detail, result } = await evaluate({
      text: 'The ornamental design for a garment with a side pocket, as shown and described.',
      kind: 'claims',
    });
    expect(evaluation.features).toBe(1);
    expect(detail.evaluation).toMatchObject({ state: 'done', novelty: 'coarse', inventiveness: 'coarse' });
    expect(result.novelty).toMatchObject({ level: 'coarse', documents: [], missing: [] });
    expect(result.novelty.reason.zh).toMatch(/^权利要求特征过少，无法判断：只拆分出 1 个技术特征/);
    expect(result.inventiveness.reason.en).toMatch(/^Too coarse to judge: only 1 technical feature was read/);
    // The prior art is still listed, none of it called X or Y.
    expect(result.documents.every((d) => d.category === 'A')).toBe(true);
  });

  it('refuses a text under 30 characters in zh and en, and one too long or without features', async () => {
    const thirty = '急救请求设备用于发送急救信号，急救中心设备用于筛选救援车辆并发送请求'.slice(
      0,
      PRE_EVALUATION_MIN_CHARS,
    );
    const short = thirty.slice(0, -1);
    const zh = await fails('POST', '/apply/pre/search', { text: `  ${short}  ` }, 'PRE_EVALUATION_TEXT_TOO_SHORT');
    expect(zh.message).toBe('预评估内容至少需要 30 个字符（当前 29 个）');
    const en = await fails('POST', '/apply/pre/search', { text: short }, 'PRE_EVALUATION_TEXT_TOO_SHORT', owner, 'en');
    expect(en.message).toBe('Pre-evaluation text needs at least 30 characters (29 given)');
    // Exactly 30 is enough.
    await okData('POST', '/apply/pre/search', { text: thirty });
    await fails('POST', '/apply/pre/search', { text: '急救'.repeat(10_001) }, 'PRE_EVALUATION_TEXT_TOO_LONG');
    await fails(
      'POST',
      '/apply/pre/search',
      { text: '1234567890，。；12345678901234567890' },
      'PRE_EVALUATION_NO_FEATURES',
    );
    await fails('POST', '/apply/pre/search', { text: CLAIM, priorityDate: '2020/06/01' }, 'VALIDATION_FAILED');
    const before = ((await okData('POST', '/apply/pre/result/list', {})) as { total: number }).total;
    await fails('POST', '/apply/pre/search', { text: '太短了' }, 'PRE_EVALUATION_TEXT_TOO_SHORT');
    expect(((await okData('POST', '/apply/pre/result/list', {})) as { total: number }).total).toBe(before);
  });

  it("keeps an application draft's four sections and the applicant for the formal review; refuses oversize sections", async () => {
    const application = {
      title: '急救系统',
      abstract: '一种急救系统。',
      claims: CLAIM,
      description: '本发明涉及急救系统，包括急救请求设备。',
    };
    const { evaluation } = (await okData('POST', '/apply/pre/search', {
      text: CLAIM,
      application,
      applicant: ' 某某医疗科技有限公司 ',
    })) as { evaluation: PreEvaluation };
    const detail = (await okData('GET', `/apply/pre/result/detail?id=${evaluation.id}`)) as PreEvaluationDetail;
    expect(detail.application).toEqual(application);
    expect(detail.applicant).toBe('某某医疗科技有限公司');
    const plain = (await okData('POST', '/apply/pre/search', { text: CLAIM })) as { evaluation: PreEvaluation };
    const plainDetail = (await okData(
      'GET',
      `/apply/pre/result/detail?id=${plain.evaluation.id}`,
    )) as PreEvaluationDetail;
    expect(plainDetail).toMatchObject({ application: null, applicant: null });
    await fails(
      'POST',
      '/apply/pre/search',
      { text: CLAIM, application: { ...application, description: '急'.repeat(MAX_FORMAL_REVIEW_TEXT_LENGTH) } },
      'FORMAL_TEXT_TOO_LONG',
    );
  });

  it("shows an evaluation to its owner only; the others' calls answer not found", async () => {
    const { evaluation } = await evaluate({ text: CLAIM });
    await fails('GET', `/apply/pre/result/detail?id=${evaluation.id}`, undefined, 'PRE_EVALUATION_NOT_FOUND', stranger);
    await fails('GET', `/apply/pre/result/export?id=${evaluation.id}`, undefined, 'PRE_EVALUATION_NOT_FOUND', stranger);
    await fails(
      'POST',
      `/apply/pre/result/delete?ids=${evaluation.id}`,
      undefined,
      'PRE_EVALUATION_NOT_FOUND',
      stranger,
    );
    const theirs = (await okData('POST', '/apply/pre/result/list', {}, stranger)) as { items: PreEvaluation[] };
    expect(theirs.items.map((e) => e.id)).not.toContain(evaluation.id);
    // Its prior art as a result set: the owner's only.
    const search = (who: AuthHeader) =>
      injectJson(
        t,
        'POST',
        '/api/platform/data/search/query',
        { searchExpre: '', set: { kind: 'preEvaluation', key: evaluation.id } },
        who,
      );
    const mine = await search(owner);
    expect(mine.json(), mine.body).toMatchObject({ status: 1, data: { set: { kind: 'preEvaluation' } } });
    expect(mine.json().data.items.length).toBeGreaterThan(0);
    expect((await search(stranger)).json()).toMatchObject({ status: 0, data: { code: 'PRE_EVALUATION_NOT_FOUND' } });
  });

  it('gates the calls by /preAssessment, /disclosureNoveltySearch or /search/pre', async () => {
    const none = await authHeader(
      t,
      ALL_PERMISSIONS.filter((p) => !['/preAssessment', '/disclosureNoveltySearch', '/search/pre'].includes(p)),
    );
    await fails('POST', '/apply/pre/result/list', {}, 'FORBIDDEN', none);
    await fails('POST', '/apply/pre/search', { text: CLAIM }, 'FORBIDDEN', none);
    const novelty = await authHeader(t, ['/disclosureNoveltySearch']);
    const { evaluation } = (await okData(
      'POST',
      '/apply/pre/search',
      { text: CLAIM, kind: 'disclosure', origin: 'noveltySearch' },
      novelty,
    )) as { evaluation: PreEvaluation };
    expect(evaluation).toMatchObject({ kind: 'disclosure', origin: 'noveltySearch' });
    const own = (await okData('POST', '/apply/pre/result/list', { origin: 'noveltySearch' }, novelty)) as {
      items: PreEvaluation[];
    };
    expect(own.items.map((e) => e.id)).toEqual([evaluation.id]);
    expect(
      ((await okData('POST', '/apply/pre/result/list', { origin: 'preAssessment' }, novelty)) as { total: number })
        .total,
    ).toBe(0);
    const res = await call('POST', '/apply/pre/result/list', {}, null);
    expect(res.json()).toMatchObject({ status: 0 });
  });

  it('deletes by the ids in the query (comma-separated or repeated)', async () => {
    const a = (await okData('POST', '/apply/pre/search', { text: CLAIM })) as { evaluation: PreEvaluation };
    const b = (await okData('POST', '/apply/pre/search', { text: CLAIM })) as { evaluation: PreEvaluation };
    const c = (await okData('POST', '/apply/pre/search', { text: CLAIM })) as { evaluation: PreEvaluation };
    const deleted = await okData('POST', `/apply/pre/result/delete?ids=${a.evaluation.id},${b.evaluation.id}`);
    expect(deleted.ids.sort()).toEqual([a.evaluation.id, b.evaluation.id].sort());
    expect((await okData('POST', `/apply/pre/result/delete?ids=${c.evaluation.id}&ids=unknown-id`)).ids).toEqual([
      c.evaluation.id,
    ]);
    await fails('GET', `/apply/pre/result/detail?id=${a.evaluation.id}`, undefined, 'PRE_EVALUATION_NOT_FOUND');
    await fails('POST', `/apply/pre/result/delete?ids=${a.evaluation.id}`, undefined, 'PRE_EVALUATION_NOT_FOUND');
    await fails('POST', '/apply/pre/result/delete', undefined, 'VALIDATION_FAILED');
    // The deleted ones' jobs find nothing to do.
    await runJobs();
  });

  it('exports a finished evaluation as .docx and .pdf, and the novelty report with the chosen categories', async () => {
    const { evaluation } = await evaluate({ text: CLAIM, publicationNumber: 'CN115412894A' });
    const docx = await call('GET', `/apply/pre/result/export?id=${evaluation.id}`, undefined, owner);
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const xml = await (await JSZip.loadAsync(docx.rawPayload)).file('word/document.xml')!.async('string');
    expect(xml).toContain('专利申请预评估报告');
    expect(xml).toContain('CN110000001A');
    expect(xml).toContain('创造性风险');
    expect(xml).toContain('<w:highlight w:val="yellow"/>');

    const pdf = await call('GET', `/apply/pre/result/export?id=${evaluation.id}&format=pdf`, undefined, owner, 'en');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain('pre-evaluation-');

    const novelty = await call(
      'GET',
      `/apply/pre/result/export?id=${evaluation.id}&report=novelty&documents=CN110000001A,CN110000002A&categories=CN110000001A:X`,
      undefined,
      owner,
    );
    const report = await (await JSZip.loadAsync(novelty.rawPayload)).file('word/document.xml')!.async('string');
    expect(report).toContain('查新报告');
    // The user's X stands; CN110000002A keeps its suggested Y.
    expect(report).toContain('对比文献 CN110000001A 为 X 类文献');
    expect(report).toContain('对比文献 CN110000002A 为 Y 类文献');
    expect(report).not.toContain('US11556547B2');

    const waiting = (await okData('POST', '/apply/pre/search', { text: CLAIM })) as { evaluation: PreEvaluation };
    const notReady = await fails(
      'GET',
      `/apply/pre/result/export?id=${waiting.evaluation.id}`,
      undefined,
      'PRE_EVALUATION_NOT_READY',
    );
    expect(notReady.message).toBe('预评估尚未完成（排队中），请稍后再试');
    await runJobs();
  });
});

// Issue 43 item 8: "a textbook PEO + LiTFSI + LLZO claim gets novelty and inventiveness risk 低". A
// corpus that lacks solid electrolytes is no evidence of novelty: the verdict says so.
describe('pre-evaluation on a corpus lacking the field (shipped word vectors, the default)', () => {
  let t: TestApp;
  const PEO_CLAIM =
    '1. 一种复合固态电解质，其特征在于，由聚环氧乙烷（PEO）基体、双三氟甲磺酰亚胺锂（LiTFSI）锂盐和锂镧锆氧（LLZO）陶瓷填料组成；' +
    '所述PEO与LiTFSI按EO:Li摩尔比16:1混合；所述LLZO颗粒的质量分数为10%，均匀分散于所述PEO基体中。';
  const loose = [
    ['CN120000101A', '电池管理系统', '电池管理系统采集电芯电压和温度，估算锂电池荷电状态并均衡电池组。'],
    ['CN120000102A', '电池包散热结构', '电池包内设置液冷板，冷却液流经电池模组降低电池温度，提高电池包安全性。'],
    ['CN120000103A', '正极材料包覆方法', '锂离子电池正极活性物质表面包覆碳层，提高正极材料导电性和电池循环寿命。'],
    ['CN120000104A', '锂电池极片涂布设备', '涂布设备将浆料均匀涂覆于集流体表面，烘干后得到锂电池极片。'],
  ] as const;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    await indexPatents(t, [
      ...buildDuplicateCorpus(),
      ...loose.map(([publicationNumber, title, abstract], i) =>
        buildCnPatent({
          publicationNumber,
          applicationNumber: `CN20201000010${i}.1`,
          title: { lang: 'zh', text: title },
          abstract: { lang: 'zh', text: abstract },
          publicationDate: '2021-06-01',
        }),
      ),
    ]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says "too little evidence to judge" instead of a low risk, with the reason', async () => {
    const user = await authHeader(t);
    const post = (url: string, payload: unknown) => injectJson(t, 'POST', `/api/product${url}`, payload, user, 'zh');
    const started = (await post('/apply/pre/search', { text: PEO_CLAIM, title: 'PEO 固态电解质' })).json().data as {
      evaluation: PreEvaluation;
    };
    await t.context.jobs.worker.runDueJobs();
    const detail = (
      await injectJson(
        t,
        'GET',
        `/api/product/apply/pre/result/detail?id=${started.evaluation.id}`,
        undefined,
        user,
        'en',
      )
    ).json().data as PreEvaluationDetail;
    expect(detail.evaluation).toMatchObject({ state: 'done', novelty: 'insufficient', inventiveness: 'insufficient' });
    const result = detail.result!;
    expect(result.stats.model).toMatch(/^patlas-ft-/);
    expect(result.novelty.reason.zh).toMatch(/^证据不足，无法判断：/);
    expect(result.novelty.reason.en).toMatch(/^Too little evidence to judge: /);
    // Each document found carries its calibrated band: none beats what unrelated patents score.
    expect(result.documents.length).toBeGreaterThan(0);
    expect(result.documents.every((d) => d.band === 'weak')).toBe(true);
  });
});
