import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Party, Patent, Report, ReportListResponse } from '@patlas/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { SECTION_HEADINGS } from './report-sections.js';

const APPLICANTS: Party[] = [
  { name: '宁德时代新能源科技股份有限公司', type: 'company', country: 'CN', province: '福建省', city: '宁德市' },
  { name: '比亚迪股份有限公司', type: 'company', country: 'CN', province: '广东省', city: '深圳市' },
  { name: '清华大学', type: 'university', country: 'CN', province: '北京市', city: '北京市' },
  { name: '华为技术有限公司', type: 'company', country: 'CN', province: '广东省', city: '深圳市' },
  { name: '浙江大学', type: 'university', country: 'CN', province: '浙江省', city: '杭州市' },
  { name: 'Acme Batteries Inc.', type: 'company', country: 'US', province: 'California' },
  { name: 'Toyota Motor Corp.', type: 'company', country: 'JP' },
];
const TITLES = [
  '一种锂电池正极材料及其制备方法',
  '锂离子电池电解液添加剂',
  '一种电池热管理系统',
  '固态电解质薄膜的制备方法',
  '一种电池管理系统的数据处理方法',
];
const STATUSES = ['有效', '失效', '审中', '驳回', '视为撤回', '有效'];
const pad = (n: number, width: number) => String(n).padStart(width, '0');

function record(i: number): Patent {
  const foreign = i % 6 === 5;
  const year = 2014 + (i % 9) + (i % 4 === 0 ? 1 : 0);
  const applicant = APPLICANTS[foreign ? 5 + (i % 2) : i % 5]!;
  return {
    publicationNumber: foreign ? `US10${pad(300000 + i, 6)}B2` : `CN11${pad(i, 7)}A`,
    country: foreign ? (i % 2 ? 'JP' : 'US') : 'CN',
    kind: foreign ? 'B2' : 'A',
    patentType: foreign ? 'invention_grant' : i % 3 === 0 ? 'utility_model' : 'invention_application',
    applicationNumber: foreign ? `US${17000000 + i}` : `CN20${year - 2000}10${pad(i, 6)}.${i % 10}`,
    title: foreign ? { lang: 'en', text: 'Lithium battery cathode material' } : { lang: 'zh', text: TITLES[i % 5]! },
    abstract: foreign
      ? { lang: 'en', text: 'A lithium battery cathode material with a coated nickel layer and improved cycle life.' }
      : { lang: 'zh', text: `${TITLES[i % 5]!}，包括正极、负极、隔膜和电解液，提高了电池的循环寿命和安全性能。` },
    applicationDate: `${year}-${pad(1 + (i % 12), 2)}-10`,
    publicationDate: `${year + 1}-${pad(1 + (i % 12), 2)}-20`,
    legalStatus: foreign ? 'active' : STATUSES[i % 6]!,
    applicants: [applicant],
    assignees: [applicant],
    inventors: [{ name: `发明人${i % 7}` }, { name: `发明人${(i + 3) % 7}` }],
    classifications: { ipc: [['H01M4/525'], ['H01M10/0525'], ['H01M10/613', 'B60L58/10'], ['G06F16/27']][i % 4]! },
    citedBy: Array.from({ length: (i * 5) % 11 }, (_, k) => ({ number: `US9${pad(i * 100 + k, 6)}` })),
  };
}
const CORPUS = Array.from({ length: 60 }, (_, i) => record(i));
const SET = { searchExpre: 'TIAB=(电池 OR battery)', filters: [], mergeType: 0 };
const ALL_SECTIONS = Object.keys(SECTION_HEADINGS);

describe.each(await reachableDialects())('report API on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  const work = mkdtempSync(path.join(tmpdir(), 'patlas-report-test-'));

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
    return res.json() as { message: string };
  };
  const runJobs = () => t.context.jobs.worker.runDueJobs();
  const create = async (body: Record<string, unknown>, who: AuthHeader = owner) => {
    const report = (await okData('/report/patent', { set: SET, sections: ALL_SECTIONS, ...body }, who)) as Report;
    expect(report.state).toBe('generating');
    await runJobs();
    return (await okData(`/report/patent/${report.id}`, undefined, who, 'GET')) as Report;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await indexPatents(t, CORPUS);
    owner = await authHeader(t);
    stranger = await authHeader(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a report on a set the caller may not open when it is made, not later in its job', async () => {
    const { folder } = await okData('/archive/v2/save', { action: 'createFolder', name: '私有专题库' });
    const body = {
      title: '别人的专题库',
      set: { searchExpre: '', set: { kind: 'library', key: folder.id }, filters: [], mergeType: 0 },
      sections: ['summary'],
    };
    const refused = await fails('POST', '/report/patent', body, 'LIBRARY_NOT_FOUND', stranger, 'en');
    expect(refused.message).toBe('This patent library does not exist or you have no access to it');
    // Nothing was stored, queued or counted against the stranger's quota.
    const list = (await okData('/report/patent/list', {}, stranger)) as ReportListResponse;
    expect(list.items.some((r) => r.title === body.title)).toBe(false);
    expect(list.quota.used).toBe(0);
  });

  it('writes a Chinese report: PDF with the title and every heading, Word with every chart image, none blank', async () => {
    const report = await create({
      title: '锂电池技术报告',
      lang: 'zh',
      timeRange: { unit: 'year', from: '2015', to: '2022' },
    });
    expect(report.state, report.error ?? '').toBe('done');
    expect(report.summary?.map((s) => s.id)).toEqual(ALL_SECTIONS);

    const pdf = await call('GET', `/report/patent/${report.id}/file?format=pdf`, undefined, owner);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const pdfFile = path.join(work, `${dialect}.pdf`);
    writeFileSync(pdfFile, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', pdfFile, '-']).toString('utf8').replace(/\s+/g, '');
    expect(text).toContain('锂电池技术报告');
    for (const heading of Object.values(SECTION_HEADINGS)) expect(text).toContain(heading.zh.replace(/\s+/g, ''));

    const docx = await call('GET', `/report/patent/${report.id}/file?format=docx`, undefined, owner);
    expect(docx.statusCode).toBe(200);
    const docxFile = path.join(work, `${dialect}.docx`);
    writeFileSync(docxFile, docx.rawPayload);
    const out = path.join(work, `${dialect}-docx`);
    execFileSync('unzip', ['-q', '-o', docxFile, '-d', out]);
    const xml = readFileSync(path.join(out, 'word', 'document.xml'), 'utf8');
    expect(xml).toContain('锂电池技术报告');
    for (const heading of Object.values(SECTION_HEADINGS)) expect(xml).toContain(heading.zh);
    // Links back to Patlas's detail pages.
    const rels = readFileSync(path.join(out, 'word', '_rels', 'document.xml.rels'), 'utf8');
    expect(rels).toContain('/innovationSpace/searchDetail?pn=CN11');
    const media = readdirSync(path.join(out, 'word', 'media')).filter((f) => f.endsWith('.png'));
    const drawn = report.summary!.flatMap((s) => s.charts);
    expect(media.length, JSON.stringify(report.summary)).toBe(drawn.length);
    // Every chart section drew its charts, the maps included.
    expect(drawn).toEqual(
      expect.arrayContaining(['中国省市分布', '全球专利分布', '申请趋势与公开趋势', '技术生命周期']),
    );
    expect(drawn.length).toBeGreaterThanOrEqual(12);
    for (const file of media) {
      const stats = await sharp(path.join(out, 'word', 'media', file)).stats();
      // Not blank: the channels vary across the picture.
      expect(Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev)), file).toBeGreaterThan(5);
    }
  }, 120_000);

  it('writes an English report headed by its expression up to 80 characters, an empty section as one line (issue 43)', async () => {
    // Only the foreign records: no applicant in a Chinese province, so the China map has nothing.
    const expression =
      'TIAB=(lithium OR cathode OR nickel) NOT TIAB=(quantum OR teleportation OR blockchain OR graphene OR perovskite)';
    expect(expression.length).toBeGreaterThan(80);
    const report = await create({
      title: expression.slice(0, 25),
      lang: 'en',
      set: { ...SET, searchExpre: expression },
      sections: ['summary', 'chinaMap', 'applicants'],
    });
    expect(report.state, report.error ?? '').toBe('done');
    const noData = report.summary!.find((s) => s.id === 'chinaMap')!.sentence;
    expect(noData).toBe('There is no data for this section in the chosen set and range.');
    const heading = `${expression.slice(0, 79).trimEnd()}…`;

    const pdf = await call('GET', `/report/patent/${report.id}/file?format=pdf`, undefined, owner);
    const pdfFile = path.join(work, `${dialect}-en.pdf`);
    writeFileSync(pdfFile, pdf.rawPayload);
    const pageText = (n: number) =>
      execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(n), '-l', String(n), pdfFile, '-'])
        .toString('utf8')
        .replace(/\s+/g, '');
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdfFile]).toString('utf8'))![1]);
    // The cover, the summary, the applicants: the empty China map takes no page.
    expect(pages).toBe(3);
    expect(pageText(1)).toContain(heading.replace(/\s+/g, ''));
    const summaryPage = pageText(2);
    expect(summaryPage).toContain(SECTION_HEADINGS.summary.en.replace(/\s+/g, ''));
    expect(summaryPage).toContain(`${SECTION_HEADINGS.chinaMap.en}:${noData}`.replace(/\s+/g, ''));
    expect(pageText(3)).toContain(SECTION_HEADINGS.applicants.en.replace(/\s+/g, ''));

    const docx = await call('GET', `/report/patent/${report.id}/file?format=docx`, undefined, owner);
    const docxFile = path.join(work, `${dialect}-en.docx`);
    writeFileSync(docxFile, docx.rawPayload);
    const out = path.join(work, `${dialect}-en-docx`);
    execFileSync('unzip', ['-q', '-o', docxFile, '-d', out]);
    const xml = readFileSync(path.join(out, 'word', 'document.xml'), 'utf8');
    const paragraphs = xml.split('</w:p>');
    const titleParagraph = paragraphs.find((p) => p.includes('w:val="Title"'))!;
    expect([...titleParagraph.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')).toBe(heading);
    // Two sections start a page; the empty one is a line in the summary's page.
    expect(xml.match(/<w:pageBreakBefore\/>/g)).toHaveLength(2);
    const emptyLine = paragraphs.find((p) => p.includes(noData))!;
    expect(emptyLine).toContain(`${SECTION_HEADINGS.chinaMap.en}: `);
    expect(emptyLine).not.toContain('pageBreakBefore');
  }, 120_000);

  it('states only the analysis API’s numbers in its sentences', async () => {
    const timeRange = { unit: 'year', from: '2016', to: '2021' };
    const report = await create({
      title: 'Numbers',
      lang: 'en',
      timeRange,
      sections: ['summary', 'trend', 'applicants', 'chinaMap', 'legal'],
    });
    expect(report.state, report.error ?? '').toBe('done');
    const set = { ...SET, secondExpre: 'AD=[20160101 TO 20211231]' };
    const analyze = async (analysis: unknown) => okData('/search/analyze', { ...set, analysis });
    const figures = Object.fromEntries(report.summary!.map((s) => [s.id, s.figures]));

    const types = await analyze({ kind: 'terms', dimension: 'patentType', limit: 10 });
    expect(figures.summary!.total).toBe(types.total);
    expect(report.total).toBe(types.total);
    const applicants = await analyze({ kind: 'terms', dimension: 'applicant', limit: 20 });
    expect(figures.summary!.applicants).toBe(applicants.result.distinct);
    const top5 = applicants.result.buckets.slice(0, 5).reduce((n: number, b: { count: number }) => n + b.count, 0);
    expect(figures.applicants).toMatchObject({ topCount: applicants.result.buckets[0].count, top5Count: top5 });
    expect(figures.applicants!.top5Share).toBe(Math.round((top5 / applicants.total) * 1000) / 10);

    const trend = await analyze({ kind: 'trend', date: 'applicationYear' });
    const points = trend.result.points.filter((p: { count: number }) => p.count > 0);
    expect(figures.trend).toMatchObject({
      firstYear: Number(points[0].key),
      firstCount: points[0].count,
      lastYear: Number(points.at(-1).key),
      lastCount: points.at(-1).count,
    });
    // The growth is over the last years with patents (up to 3 before the last), as analysts quote it.
    const from = points.find((p: { key: string }) => Number(p.key) >= Number(points.at(-1).key) - 3);
    const start = from === points.at(-1) ? points[0] : from;
    expect(figures.trend).toMatchObject({
      fromYear: Number(start.key),
      fromCount: start.count,
      growth: Math.round(((points.at(-1).count - start.count) / start.count) * 100),
    });
    expect(figures.trend!.firstYear).toBeGreaterThanOrEqual(2016);
    expect(figures.trend!.lastYear).toBeLessThanOrEqual(2021);

    const provinces = await analyze({ kind: 'terms', dimension: 'applicantProvince', limit: 60 });
    expect(figures.chinaMap).toMatchObject({
      covered: provinces.result.covered,
      topCount: provinces.result.buckets[0].count,
    });
    const legal = await analyze({ kind: 'terms', dimension: 'legalStatusClass', limit: 10 });
    const valid = legal.result.buckets.find((b: { key: string }) => b.key === 'valid')?.count ?? 0;
    expect(figures.legal).toMatchObject({ valid });

    // Every number in every sentence is one of its figures (or a year or rank among them).
    for (const section of report.summary!) {
      const stated = (section.sentence.match(/\d[\d,]*(\.\d+)?/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
      const known = new Set(Object.values(section.figures));
      for (const n of stated) expect(known.has(n), `${section.id}: ${n} in “${section.sentence}”`).toBe(true);
    }
  }, 120_000);

  it('refuses a range over 12 units, answers spec 2 §8 messages for deleted and expired reports, and counts the quota', async () => {
    const tooLong = await fails(
      'POST',
      '/report/patent',
      { title: 'x', set: SET, sections: ['summary'], timeRange: { unit: 'month', from: '2020-01', to: '2021-01' } },
      'REPORT_RANGE_TOO_LONG',
    );
    expect(tooLong.message).toContain('12');

    const report = await create({ title: '删除测试', sections: ['summary'] });
    expect(report.state).toBe('done');
    // Another user does not see it.
    await fails('GET', `/report/patent/${report.id}`, undefined, 'REPORT_NOT_FOUND', stranger);

    await t.context.repositories.reports.update(report.id, { expires_at: '2000-01-01T00:00:00.000Z' });
    const expired = await fails('GET', `/report/patent/${report.id}/file?format=pdf`, undefined, 'REPORT_EXPIRED');
    expect(expired.message).toBe('报告已过期，请重新生成！');
    const again = (await okData(`/report/patent/${report.id}/regenerate`, {})) as Report;
    expect(again.state).toBe('generating');
    await runJobs();
    expect(((await okData(`/report/patent/${report.id}`, undefined, owner, 'GET')) as Report).state).toBe('done');

    await okData(`/report/patent/${report.id}/delete`, {});
    const deleted = await fails(
      'GET',
      `/report/patent/${report.id}/file?format=pdf`,
      undefined,
      'REPORT_DELETED',
      owner,
      'en',
    );
    expect(deleted.message).toBe('Current report has been deleted, please regenerate');

    const list = (await okData('/report/patent/list', {})) as ReportListResponse;
    expect(list.items.some((r) => r.id === report.id)).toBe(false);
    const limit = await okData('/user/limit', {});
    expect(limit.report.used).toBe(list.quota.used);

    await t.context.repositories.users.update(owner.userId, { quotas: { report: list.quota.used } });
    const quota = await fails(
      'POST',
      '/report/patent',
      { title: 'x', set: SET, sections: ['summary'] },
      'REPORT_QUOTA_EXHAUSTED',
    );
    expect(quota.message).toBe('当前剩余报告生成额度为0');
  }, 120_000);

  it('lists every report for operators only', async () => {
    await fails('POST', '/sys/report/list', {}, 'FORBIDDEN', await authHeader(t, ['/reportCenter']));
    const admin = await authHeader(t);
    const all = await okData('/sys/report/list', {}, admin);
    expect(all.total).toBeGreaterThan(0);
    expect(all.usage.find((u: { userId: string }) => u.userId === owner.userId)?.reports).toBeGreaterThan(0);
  });
});
