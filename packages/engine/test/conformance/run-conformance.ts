import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NearNode, QueryNode, RangeNode, TermNode } from '@patlas/query';
import { stemmer } from 'stemmer';
import type { IndexablePatent, SearchEngine } from '../../src/index.js';
import { FIXTURE_CORPUS } from './fixture-corpus.js';
import { runAnalysisConformance } from './run-analysis-conformance.js';

/**
 * The conformance suite every SearchEngine back end must pass: for each query shape, the exact
 * set of publication numbers over FIXTURE_CORPUS. Expected sets come from a naive reference
 * matcher written here (string search, word lists), independent of the engine's analysers, and a
 * few are pinned by hand so the reference itself is checked.
 */
const span = { start: 0, end: 0 };
export const term = (field: string | null, value: string, phrase = false): TermNode => ({
  kind: 'Term',
  field,
  value,
  phrase,
  span,
});
export const and = (...children: QueryNode[]): QueryNode => ({ kind: 'And', children, span });
export const or = (...children: QueryNode[]): QueryNode => ({ kind: 'Or', children, span });
export const not = (child: QueryNode): QueryNode => ({ kind: 'Not', child, span });
export const range = (field: string, from?: string, to?: string, includeFrom = true, includeTo = true): RangeNode => ({
  kind: 'Range',
  field,
  ...(from !== undefined ? { from } : {}),
  ...(to !== undefined ? { to } : {}),
  includeFrom,
  includeTo,
  span,
});
export const near = (
  left: TermNode,
  right: TermNode,
  unit: NearNode['unit'],
  ordered: boolean,
  distance?: number,
  field: string | null = null,
): NearNode => ({
  kind: 'Near',
  field,
  left,
  right,
  ordered,
  unit,
  ...(distance !== undefined ? { distance } : {}),
  span,
});

// ---- the naive reference ----------------------------------------------------------------------
type Doc = IndexablePatent;
const lower = (s: string | undefined): string => (s ?? '').normalize('NFKC').toLowerCase();
const txt = (t: Doc['title']): string => lower([t?.text ?? '', ...Object.values(t?.translations ?? {})].join('\n'));
const fieldTexts: Record<string, (d: Doc) => string[]> = {
  TI: (d) => [txt(d.title)],
  AB: (d) => [txt(d.abstract)],
  CLM: (d) => [txt(d.claims)],
  DESC: (d) => [txt(d.description)],
  TIAB: (d) => [txt(d.title), txt(d.abstract)],
  TIABC: (d) => [txt(d.title), txt(d.abstract), txt(d.claims)],
  FT: (d) => [txt(d.title), txt(d.abstract), txt(d.claims), txt(d.description)],
  PA: (d) => (d.applicants ?? []).map((p) => lower(p.name)),
  IN: (d) => (d.inventors ?? []).map((p) => lower(p.name)),
  PROV: (d) => [...(d.applicants ?? []), ...(d.inventors ?? [])].map((p) => lower(p.province)),
  CITY: (d) => [...(d.applicants ?? []), ...(d.inventors ?? [])].map((p) => lower(p.city)),
  LIT: (d) => (d.litigations ?? []).map((r) => lower(Object.values(r).join('\n'))),
  LIC: (d) => (d.licenses ?? []).map((r) => lower(Object.values(r).join('\n'))),
  LE: (d) => (d.legalEvents ?? []).map((e) => lower(`${e.code ?? ''} ${e.description ?? ''}`)),
  LITCN: (d) => (d.litigations ?? []).map((r) => lower(r.caseNumber)),
  LITCT: (d) => (d.litigations ?? []).map((r) => lower(r.court)),
  LITPL: (d) => (d.litigations ?? []).map((r) => lower(r.plaintiff)),
  LITDF: (d) => (d.litigations ?? []).map((r) => lower(r.defendant)),
  LITPT: (d) => (d.litigations ?? []).flatMap((r) => [lower(r.plaintiff), lower(r.defendant)]),
  LITRS: (d) => (d.litigations ?? []).map((r) => lower(r.outcome)),
  LICOR: (d) => (d.licenses ?? []).map((r) => lower(r.licensor)),
  LICEE: (d) => (d.licenses ?? []).map((r) => lower(r.licensee)),
  LICT: (d) => (d.licenses ?? []).map((r) => lower(r.exclusivity)),
  TRFOR: (d) => (d.assignments ?? []).map((r) => lower(r.assignor)),
  TRFEE: (d) => (d.assignments ?? []).map((r) => lower(r.assignee)),
  PLGOR: (d) => (d.pledges ?? []).map((r) => lower(r.pledgor)),
  PLGEE: (d) => (d.pledges ?? []).map((r) => lower(r.pledgee)),
  REXRQ: (d) => (d.reexaminations ?? []).map((r) => lower(r.requester)),
  REXN: (d) => (d.reexaminations ?? []).map((r) => lower(r.decisionNumber)),
  REXT: (d) => (d.reexaminations ?? []).map((r) => lower(r.decisionType)),
};
/** Units: a CJK character or a Latin/digit word. */
const units = (s: string): string[] => s.match(/[\u3400-\u9fff]|[a-z0-9]+/g) ?? [];
const refWordEq = (a: string, b: string): boolean => stemmer(a) === stemmer(b);
/** Does the unit sequence `q` occur in `u` at index i? Latin words compare by stem. */
const seqAt = (u: string[], q: string[], i: number): boolean =>
  q.every(
    (x, k) => u[i + k] !== undefined && (/^[a-z0-9]+$/.test(x) ? refWordEq(u[i + k] as string, x) : u[i + k] === x),
  );
const occurrences = (text: string, value: string): number[] => {
  const u = units(text);
  const q = units(lower(value));
  const out: number[] = [];
  for (let i = 0; i + q.length <= u.length; i++) if (seqAt(u, q, i)) out.push(i);
  return out;
};
/** Reference term match: Chinese as a substring of the text, Latin words by stem, in sequence. */
export const refText =
  (field: string, value: string) =>
  (d: Doc): boolean => {
    const v = lower(value);
    return (fieldTexts[field] as (d: Doc) => string[])(d).some((t) => {
      if (/[*?]/.test(v)) {
        const re = new RegExp(v.replace(/\*/g, '[^\\n]*').replace(/\?/g, '[^\\n]'));
        return /^[a-z*?]+$/.test(v)
          ? units(t).some((w) => new RegExp(`^${v.replace(/\*/g, '.*').replace(/\?/g, '.')}$`).test(w))
          : re.test(t);
      }
      return /^[\u3400-\u9fff]+$/.test(v) ? t.includes(v) : occurrences(t, v).length > 0;
    });
  };
const refNear =
  (field: string, a: string, b: string, test: (ia: number, la: number, ib: number) => boolean) =>
  (d: Doc): boolean =>
    (fieldTexts[field] as (d: Doc) => string[])(d).some((t) => {
      const la = units(lower(a)).length;
      return occurrences(t, a).some((ia) => occurrences(t, b).some((ib) => test(ia, la, ib)));
    });
const sentences = (t: string): string[] => t.split(/[。！？；!?;]|\.(?=\s|$)|\n/);
const refSameSentence =
  (field: string, a: string, b: string) =>
  (d: Doc): boolean =>
    (fieldTexts[field] as (d: Doc) => string[])(d).some((t) =>
      sentences(t).some(
        (s) => refText('TI', a)({ ...d, title: { text: s } }) && refText('TI', b)({ ...d, title: { text: s } }),
      ),
    );
const day = (iso: string | undefined): number => (iso ? Number(iso.replace(/-/g, '')) : 0);
/** Any of the dates (YYYY-MM-DD) within [from, to] (YYYYMMDD, inclusive). */
const anyDay = (dates: (string | undefined)[], from = 0, to = 99_999_999): boolean =>
  dates.some((x) => day(x) > 0 && day(x) >= from && day(x) <= to);
const ipcStarts = (codes: string[] | undefined, prefix: string): boolean =>
  (codes ?? []).some((c) => c.replace(/\s/g, '').toUpperCase().startsWith(prefix));

interface Case {
  name: string;
  ast: QueryNode;
  expected: (d: Doc) => boolean;
  /** Pinned by hand: the reference must agree with this. */
  pinned?: string[];
  /** The case checks that nothing matches. */
  isEmpty?: boolean;
}

const CN_SCOPE = ['CN', 'TW', 'HK', 'MO'];
const C = FIXTURE_CORPUS;
const pnOf = (i: number): string => (C[i] as Doc).publicationNumber;

export const CASES: Case[] = [
  {
    name: 'two-character Chinese term as substring (电池 in 蓄电池组)',
    ast: term(null, '电池'),
    expected: refText('TIABC', '电池'),
    pinned: ['CN110010968U', 'CN110015081U', 'CN110027420U', 'CN110032904A'],
  },
  {
    name: 'one Chinese character (锂 in 锂基)',
    ast: term(null, '锂'),
    expected: refText('TIABC', '锂'),
    pinned: ['CN110035646U'],
  },
  { name: 'one Chinese character ending a run (池)', ast: term(null, '池'), expected: refText('TIABC', '池') },
  { name: 'long Chinese term', ast: term('TI', '无线充电'), expected: refText('TI', '无线充电') },
  { name: 'Chinese phrase in abstract', ast: term('AB', '参考信号', true), expected: refText('AB', '参考信号') },
  { name: 'Chinese term in claims', ast: term('CLM', '点柱'), expected: refText('CLM', '点柱') },
  {
    name: 'description only (DESC)',
    ast: term('DESC', '正极材料'),
    expected: refText('DESC', '正极材料'),
    pinned: [pnOf(0)],
  },
  { name: 'full text (FT) includes description', ast: term('FT', '循环寿命'), expected: refText('FT', '循环寿命') },
  { name: 'TIAB', ast: term('TIAB', '网络'), expected: refText('TIAB', '网络') },
  {
    name: 'English word with stemming (batteries ~ battery)',
    ast: term('AB', 'battery'),
    expected: refText('AB', 'battery'),
  },
  {
    name: 'English phrase',
    ast: term('AB', 'semiconductor device', true),
    expected: refText('AB', 'semiconductor device'),
  },
  { name: 'English right truncation', ast: term('AB', 'electr*'), expected: refText('AB', 'electr*') },
  { name: 'English middle wildcard', ast: term('AB', 'sen?or'), expected: refText('AB', 'sen?or') },
  { name: 'Chinese middle truncation 电*池', ast: term('TIABC', '电*池'), expected: refText('TIABC', '电*池') },
  { name: 'Chinese one-character wildcard 天?', ast: term('TI', '天?方位'), expected: refText('TI', '天?方位') },
  { name: 'applicant substring', ast: term('PA', '华为'), expected: refText('PA', '华为') },
  { name: 'applicant English word', ast: term('PA', 'samsung'), expected: refText('PA', 'samsung') },
  { name: 'inventor', ast: term('IN', '张伟'), expected: refText('IN', '张伟') },
  {
    name: 'province and city',
    ast: and(term('PROV', '广东'), term('CITY', '深圳')),
    expected: (d) => refText('PROV', '广东')(d) && refText('CITY', '深圳')(d),
  },
  { name: 'litigation text', ast: term('LIT', '深圳'), expected: refText('LIT', '深圳'), pinned: [pnOf(3)] },
  { name: 'licence text', ast: term('LIC', '独占'), expected: refText('LIC', '独占'), pinned: [pnOf(6)] },
  // Legal search (/search/lawSearch, /search/defense): the sub-fields of the legal records.
  { name: 'legal event text (Chinese)', ast: term('LE', '授权'), expected: refText('LE', '授权'), pinned: [pnOf(1)] },
  {
    name: 'legal event text (English stem) and code',
    ast: or(term('LE', 'lapses'), term('LE', 'FPAY')),
    expected: (d) => refText('LE', 'lapses')(d) || refText('LE', 'FPAY')(d),
    pinned: ['US6837910B2'],
  },
  {
    name: 'legal event date range (any event)',
    ast: range('LED', '20200101', '20211231'),
    expected: (d) =>
      anyDay(
        (d.legalEvents ?? []).map((e) => e.date),
        20200101,
        20211231,
      ),
    pinned: ['CN110002742U', 'CN110004113A'],
  },
  {
    name: 'litigation case number as a phrase',
    ast: term('LITCN', '(2020)京73民初456号', true),
    expected: refText('LITCN', '(2020)京73民初456号'),
    pinned: ['CN110012339A'],
  },
  {
    name: 'litigation case number truncated',
    ast: term('LITCN', 'IPR2019*'),
    expected: refText('LITCN', 'IPR2019*'),
    pinned: ['US6838635B2'],
  },
  {
    name: 'court',
    ast: term('LITCT', '知识产权法院'),
    expected: refText('LITCT', '知识产权法院'),
    pinned: ['CN110012339A', 'CN116560767A'],
  },
  {
    name: 'litigation party: plaintiff or defendant',
    ast: term('LITPT', '华为'),
    expected: refText('LITPT', '华为'),
    pinned: [pnOf(3), 'CN116560767A'],
  },
  {
    name: 'plaintiff and defendant apart',
    ast: or(term('LITPL', 'Apple Inc', true), term('LITDF', '格力')),
    expected: (d) => refText('LITPL', 'apple inc')(d) || refText('LITDF', '格力')(d),
    pinned: ['CN110012339A', 'US6838635B2'],
  },
  {
    name: 'plaintiff is not defendant',
    ast: term('LITDF', '华为'),
    expected: refText('LITDF', '华为'),
    pinned: ['CN116560767A'],
  },
  {
    name: 'litigation outcome',
    ast: term('LITRS', '调解'),
    expected: refText('LITRS', '调解'),
    pinned: [pnOf(3), 'CN116560767A'],
  },
  {
    name: 'litigation date: a verdict date in range',
    ast: range('LITD', '2021', '2021'),
    expected: (d) =>
      anyDay(
        (d.litigations ?? []).flatMap((l) => [l.filingDate, l.verdictDate]),
        20210101,
        20211231,
      ),
    pinned: ['CN110012339A', 'US6838635B2'],
  },
  {
    name: 'litigation date: a filing date in range',
    ast: range('LITD', '2023'),
    expected: (d) =>
      anyDay(
        (d.litigations ?? []).flatMap((l) => [l.filingDate, l.verdictDate]),
        20230101,
      ),
    pinned: ['CN116560767A'],
  },
  {
    name: 'licensor, licensee and licence type',
    ast: or(term('LICOR', '大学'), term('LICEE', 'genentech'), term('LICT', '普通')),
    expected: (d) => refText('LICOR', '大学')(d) || refText('LICEE', 'genentech')(d) || refText('LICT', '普通')(d),
    pinned: [pnOf(6), 'CN110017823B', 'US6841140B2'],
  },
  {
    name: 'licence date',
    ast: range('LICD', '2019', '2020'),
    expected: (d) =>
      anyDay(
        (d.licenses ?? []).map((l) => l.effectiveDate),
        20190101,
        20201231,
      ),
    pinned: ['CN110017823B'],
  },
  {
    name: 'assignor AND transfer date',
    ast: and(term('TRFOR', '研究所'), range('TRFD', '2021')),
    expected: (d) =>
      refText('TRFOR', '研究所')(d) &&
      anyDay(
        (d.assignments ?? []).map((a) => a.effectiveDate),
        20210101,
      ),
    pinned: ['CN110020565A'],
  },
  {
    name: 'transferee (English)',
    ast: term('TRFEE', 'intel'),
    expected: refText('TRFEE', 'intel'),
    pinned: ['US6843159B2'],
  },
  {
    name: 'pledgee',
    ast: term('PLGEE', '银行'),
    expected: refText('PLGEE', '银行'),
    pinned: ['CN110024678A', 'CN110030162B'],
  },
  {
    name: 'pledgor, and pledge date before, exclusive',
    ast: or(term('PLGOR', '浙江'), range('PLGD', undefined, '20220101', true, false)),
    expected: (d) =>
      refText('PLGOR', '浙江')(d) ||
      anyDay(
        (d.pledges ?? []).map((p) => p.effectiveDate),
        0,
        20211231,
      ),
    pinned: ['CN110024678A', 'CN110030162B'],
  },
  {
    name: 'reexamination requester',
    ast: term('REXRQ', '公司'),
    expected: refText('REXRQ', '公司'),
    pinned: ['CN110031533U', 'CN115794481A'],
  },
  {
    name: 'decision number and type',
    ast: and(term('REXN', '51234'), term('REXT', '全部无效')),
    expected: (d) => refText('REXN', '51234')(d) && refText('REXT', '全部无效')(d),
    pinned: ['CN110031533U'],
  },
  {
    name: 'decision date',
    ast: range('REXD', '2023'),
    expected: (d) =>
      anyDay(
        (d.reexaminations ?? []).map((r) => r.decisionDate),
        20230101,
      ),
    pinned: ['CN115794481A'],
  },
  {
    name: 'defence declassified flag (DEF=1)',
    ast: term('DEF', '1'),
    expected: (d) => d.declassified !== undefined,
    pinned: ['CN110037017A', 'CN120003465B'],
  },
  {
    name: 'not declassified (DEF=0)',
    ast: term('DEF', '0'),
    expected: (d) => d.declassified === undefined,
  },
  {
    name: 'declassified with a declassification date',
    ast: and(term('DEF', '1'), range('DEFD', '2020')),
    expected: (d) => day(d.declassified?.date) >= 20200101,
    pinned: ['CN120003465B'],
  },
  {
    name: 'application date range (years)',
    ast: range('AD', '2018', '2020'),
    expected: (d) => day(d.applicationDate) >= 20180101 && day(d.applicationDate) <= 20201231,
  },
  {
    name: 'publication date open range, exclusive',
    ast: range('PD', '202201', undefined, false),
    expected: (d) => day(d.publicationDate) > 20220131,
  },
  {
    name: 'grant date to, day precision',
    ast: range('GD', undefined, '20200315'),
    expected: (d) => day(d.grantDate) > 0 && day(d.grantDate) <= 20200315,
  },
  {
    name: 'date as a term (AD=2019)',
    ast: term('AD', '2019'),
    expected: (d) => (d.applicationDate ?? '').startsWith('2019'),
  },
  { name: 'priority date', ast: range('PRD', '2015'), expected: (d) => day(d.priorityDate) >= 20150101 },
  { name: 'IPC subclass prefix', ast: term('IPC', 'H01M'), expected: (d) => ipcStarts(d.classifications?.ipc, 'H01M') },
  {
    name: 'IPC group with /*',
    ast: term('IPC', 'H01M4/*'),
    expected: (d) => ipcStarts(d.classifications?.ipc, 'H01M4/'),
  },
  {
    name: 'IPC with spaces and partial subgroup',
    ast: term('IPC', 'G06F 16/3*'),
    expected: (d) => ipcStarts(d.classifications?.ipc, 'G06F16/3'),
  },
  { name: 'CPC group', ast: term('CPC', 'G06F40'), expected: (d) => ipcStarts(d.classifications?.cpc, 'G06F40/') },
  {
    name: 'main IPC',
    ast: term('IPC-MAIN', 'H04W'),
    expected: (d) => ipcStarts((d.classifications?.ipc ?? []).slice(0, 1), 'H04W'),
  },
  {
    name: 'patent type, Chinese label',
    ast: term('PT', '发明授权'),
    expected: (d) => d.patentType === 'invention_grant',
  },
  { name: 'patent type id', ast: term('PT', 'utility_model'), expected: (d) => d.patentType === 'utility_model' },
  { name: 'legal status', ast: term('LS', '有效'), expected: (d) => d.legalStatus === '有效' },
  { name: 'country', ast: term('CC', 'tw'), expected: (d) => d.country === 'TW' },
  { name: 'kind code', ast: term('KD', 'U'), expected: (d) => d.kind === 'U' },
  {
    name: 'publication number written with spaces',
    ast: term('PN', 'CN 110001371 B'),
    expected: (d) => d.publicationNumber === 'CN110001371B',
    pinned: ['CN110001371B'],
  },
  {
    name: 'publication number without kind',
    ast: term('PN', 'cn117151122'),
    expected: (d) => d.publicationNumber === 'CN117151122A',
  },
  {
    name: 'application number with check digit',
    ast: term('AN', (C[1] as Doc).applicationNumber as string),
    expected: (d) => d.applicationNumber === (C[1] as Doc).applicationNumber,
    pinned: [pnOf(1), pnOf(2)],
  },
  {
    name: 'priority number',
    ast: term('PR', (C[4] as Doc).priorityNumbers?.[0] ?? 'none'),
    expected: (d) => (d.priorityNumbers ?? []).includes((C[4] as Doc).priorityNumbers?.[0] ?? '-'),
  },
  { name: 'family id', ast: term('FAM', 'F1000'), expected: (d) => d.family?.simpleFamilyId === 'F1000' },
  { name: 'family size range', ast: range('FAMN', '2'), expected: (d) => (d.family?.simple?.length ?? 1) >= 2 },
  {
    name: 'cited number',
    ast: term('CIT', pnOf(1)),
    expected: (d) => (d.citations ?? []).some((c) => c.number === pnOf(1)),
  },
  {
    name: 'citing number',
    ast: term('CITED', pnOf(0)),
    expected: (d) => (d.citedBy ?? []).some((c) => c.number === pnOf(0)),
  },
  { name: 'cited-by count', ast: range('CITEDN', '1'), expected: (d) => (d.citedBy?.length ?? 0) >= 1 },
  { name: 'citation count equal 2', ast: term('CITN', '2'), expected: (d) => (d.citations?.length ?? 0) === 2 },
  {
    name: 'value score (absent = no hit)',
    ast: range('PV', '50'),
    expected: (d) => d.valueScore !== undefined && d.valueScore >= 50,
  },
  {
    name: 'claim count',
    ast: range('CLMN', undefined, '4'),
    expected: (d) => d.claimCount !== undefined && d.claimCount <= 4,
  },
  {
    name: 'AND NOT',
    ast: and(term(null, '网络'), not(term(null, '安全'))),
    expected: (d) => refText('TIABC', '网络')(d) && !refText('TIABC', '安全')(d),
  },
  {
    name: 'OR with a range',
    ast: or(term('TI', '天线'), range('AD', '2023')),
    expected: (d) => refText('TI', '天线')(d) || day(d.applicationDate) >= 20230101,
  },
  {
    name: 'text AND range AND keyword',
    ast: and(or(term(null, '电池'), term(null, '充电')), range('AD', '2016'), not(term('LS', '失效'))),
    expected: (d) =>
      (refText('TIABC', '电池')(d) || refText('TIABC', '充电')(d)) &&
      day(d.applicationDate) >= 20160101 &&
      d.legalStatus !== '失效',
  },
  { name: 'leading NOT', ast: not(term('CC', 'CN')), expected: (d) => d.country !== 'CN' },
  {
    name: 'leading NOT with the data-source condition (spec 1 §5: CC=* AND NOT …)',
    ast: and(term('CC', '*'), not(term(null, '电池'))),
    expected: (d) => !refText('TIABC', '电池')(d),
  },
  {
    name: 'unordered proximity (Chinese, characters)',
    ast: near(term(null, '基站'), term(null, '信号'), 'word', false, 6),
    expected: refNear(
      'TIABC',
      '基站',
      '信号',
      (ia, la, ib) => (ib >= ia + la && ib - ia - la <= 6) || (ia >= ib + 2 && ia - ib - 2 <= 6),
    ),
    pinned: ['CN110001371B'],
  },
  {
    name: 'ordered proximity fails in the wrong order',
    ast: or(
      near(term(null, '基站'), term(null, '信号'), 'word', true, 6),
      near(term(null, '信号'), term(null, '基站'), 'word', true, 5),
    ),
    expected: () => false,
    isEmpty: true,
  },
  {
    name: 'ordered proximity (Chinese)',
    ast: near(term(null, '信号'), term(null, '基站'), 'word', true, 6),
    expected: refNear('TIABC', '信号', '基站', (ia, la, ib) => ib >= ia + la && ib - ia - la <= 6),
    pinned: ['CN110001371B'],
  },
  {
    name: 'ordered proximity (English words)',
    ast: near(term('AB', 'image'), term('AB', 'sensor'), 'word', true, 3, 'AB'),
    expected: refNear('AB', 'image', 'sensor', (ia, la, ib) => ib >= ia + la && ib - ia - la <= 3),
  },
  {
    name: 'same sentence',
    ast: near(term(null, '网络'), term(null, '安全'), 'sentence', false),
    expected: refSameSentence('TIABC', '网络', '安全'),
  },
  {
    name: 'same paragraph (claims)',
    ast: near(term('CLM', '点柱'), term('CLM', '矿块'), 'paragraph', false, undefined, 'CLM'),
    expected: (d) =>
      (fieldTexts.CLM as (d: Doc) => string[])(d).some((t) =>
        t.split('\n').some((p) => p.includes('点柱') && p.includes('矿块')),
      ),
  },
];

export function runConformance(name: string, createEngine: () => Promise<SearchEngine> | SearchEngine): void {
  describe(`SearchEngine conformance: ${name}`, () => {
    let engine: SearchEngine;
    beforeAll(async () => {
      engine = await createEngine();
      await engine.index(FIXTURE_CORPUS);
    });
    afterAll(async () => {
      await engine.close();
    });
    const all = async (ast: QueryNode, extra: object = {}): Promise<string[]> => {
      const res = await engine.search({ ast, pageSize: 100, sort: { field: 'PD', order: 'asc' }, ...extra });
      return res.items.map((i) => i.publicationNumber).sort();
    };
    const ref = (pred: (d: Doc) => boolean): string[] =>
      C.filter(pred)
        .map((d) => d.publicationNumber)
        .sort();

    it('indexes the whole fixture', async () => {
      expect(await engine.size()).toBe(C.length);
    });

    describe('query shapes: exact hit sets', () => {
      it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_n, c) => {
        const expected = ref(c.expected);
        if (c.pinned) expect(expected).toEqual([...c.pinned].sort());
        if (!c.isEmpty) expect(expected.length, 'the reference finds something').toBeGreaterThan(0);
        expect(expected.length, 'the reference does not match everything').toBeLessThan(C.length);
        expect(await all(c.ast)).toEqual(expected);
        expect(await engine.count(c.ast)).toBe(expected.length);
      });
    });

    it('scope cn / uncn splits the offices', async () => {
      const q = range('PD', '1990');
      expect(await all(q, { scope: 'cn' })).toEqual(ref((d) => CN_SCOPE.includes(d.country)));
      expect(await all(q, { scope: 'uncn' })).toEqual(ref((d) => !CN_SCOPE.includes(d.country)));
    });

    it('facet filters: OR within a field, AND across fields', async () => {
      const filters = [
        { field: 'legalStatus' as const, values: ['有效', '审中'] },
        { field: 'patentType' as const, values: ['invention_grant'] },
      ];
      expect(await all(range('PD', '1990'), { filters })).toEqual(
        ref((d) => ['有效', '审中'].includes(d.legalStatus ?? '') && d.patentType === 'invention_grant'),
      );
      expect(
        await all(term('PA', '华为'), { filters: [{ field: 'applicant', values: ['华为技术有限公司'] }] }),
      ).toEqual(ref((d) => (d.applicants ?? []).some((a) => a.name === '华为技术有限公司')));
    });

    it('facet counts equal counting the hits', async () => {
      const q = or(term(null, '网络'), term('CC', 'US'));
      const hits = C.filter((d) => refText('TIABC', '网络')(d) || d.country === 'US');
      const res = await engine.search({
        ast: q,
        facets: ['applicant', 'year', 'country', 'patentType', 'legalStatus', 'ipcSubclass', 'inventor', 'agency'],
        facetLimit: 1000,
      });
      const count = (values: (d: Doc) => (string | undefined)[]): Record<string, number> => {
        const out: Record<string, number> = {};
        for (const d of hits) for (const v of new Set(values(d))) if (v) out[v] = (out[v] ?? 0) + 1;
        return out;
      };
      const asRecord = (b: { value: string; count: number }[] | undefined): Record<string, number> =>
        Object.fromEntries((b ?? []).map((x) => [x.value, x.count]));
      expect(asRecord(res.facets.country)).toEqual(count((d) => [d.country]));
      expect(asRecord(res.facets.applicant)).toEqual(count((d) => (d.applicants ?? []).map((a) => a.name)));
      expect(asRecord(res.facets.inventor)).toEqual(count((d) => (d.inventors ?? []).map((a) => a.name)));
      expect(asRecord(res.facets.year)).toEqual(count((d) => [d.applicationDate?.slice(0, 4)]));
      expect(asRecord(res.facets.legalStatus)).toEqual(count((d) => [d.legalStatus]));
      expect(asRecord(res.facets.patentType)).toEqual(count((d) => [d.patentType]));
      expect(asRecord(res.facets.agency)).toEqual(count((d) => [d.agency ?? undefined]));
      expect(asRecord(res.facets.ipcSubclass)).toEqual(
        count((d) => (d.classifications?.ipc ?? []).map((c) => c.slice(0, 4))),
      );
      const counts = (res.facets.applicant ?? []).map((b) => b.count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it('sorts by dates, citations, family size and value; pages are consistent', async () => {
      const q = range('PD', '1990');
      const byAd = [...C].sort(
        (a, b) => day(a.applicationDate) - day(b.applicationDate) || day(b.publicationDate) - day(a.publicationDate),
      );
      const pages: string[] = [];
      for (let page = 1; page <= 8; page++) {
        const res = await engine.search({ ast: q, page, pageSize: 10, sort: { field: 'AD', order: 'asc' } });
        expect(res.total).toBe(C.length);
        pages.push(...res.items.map((i) => i.publicationNumber));
      }
      expect(pages.map((pn) => C.find((d) => d.publicationNumber === pn)?.applicationDate)).toEqual(
        byAd.map((d) => d.applicationDate),
      );
      const cited = await engine.search({ ast: q, pageSize: 5, sort: { field: 'citedBy' } });
      const maxCited = Math.max(...C.map((d) => d.citedBy?.length ?? 0));
      expect(C.find((d) => d.publicationNumber === cited.items[0]?.publicationNumber)?.citedBy?.length).toBe(maxCited);
      const value = await engine.search({ ast: q, pageSize: 100, sort: { field: 'value', order: 'desc' } });
      const values = value.items.map((i) => C.find((d) => d.publicationNumber === i.publicationNumber)?.valueScore);
      const present = values.filter((v): v is number => v !== undefined);
      expect(present).toEqual([...present].sort((a, b) => b - a));
      expect(values.slice(present.length).every((v) => v === undefined)).toBe(true);
      const fam = await engine.search({ ast: q, pageSize: 1, sort: { field: 'familySize' } });
      expect(C.find((d) => d.publicationNumber === fam.items[0]?.publicationNumber)?.family?.simple?.length).toBe(2);
    });

    it('relevance puts title matches first and returns scores', async () => {
      const res = await engine.search({ ast: term(null, '网络'), pageSize: 100 });
      const titleHit = res.items.map((i) => (i.title ?? '').includes('网络'));
      const firstNonTitle = titleHit.indexOf(false);
      expect(firstNonTitle === -1 || titleHit.slice(firstNonTitle).every((x) => !x)).toBe(true);
      expect(res.items[0]?.score).toBeGreaterThan(0);
    });

    it('merges by application number and by simple family', async () => {
      const q = range('PD', '1990');
      const groups = (key: (d: Doc) => string | undefined): number =>
        new Set(C.map((d) => key(d) ?? `self:${d.publicationNumber}`)).size;
      expect((await engine.search({ ast: q, merge: 1 })).total).toBe(groups((d) => d.applicationNumber));
      expect((await engine.search({ ast: q, merge: 2 })).total).toBe(groups((d) => d.family?.simpleFamilyId));
      expect(await engine.count(q, { merge: 2 })).toBe(groups((d) => d.family?.simpleFamilyId));
    });

    it('expands families and gets rows by any written number', async () => {
      const members = (C[0] as Doc).family?.simple ?? [];
      expect((await engine.expandFamily([pnOf(0)])).sort()).toEqual([...members].sort());
      const rows = await engine.get(['cn 110001371 b', 'XX999', pnOf(50)]);
      expect(rows.map((r) => r.publicationNumber)).toEqual(['CN110001371B', pnOf(50)]);
      expect(rows[0]?.applicants.length).toBeGreaterThan(0);
    });

    it("gives each hit its applicants' provinces and the class of its legal status, when the record has them", async () => {
      // The fixture's wordings and the classes analysis puts them in (docs/analysis.md).
      const CLASS_OF: Record<string, string> = {
        有效: 'valid',
        失效: 'lapsed',
        审中: 'pending',
        active: 'valid',
        expired: 'lapsed',
      };
      const res = await engine.search({ ast: range('PD', '1990'), pageSize: 100 });
      expect(res.items.length).toBe(C.length);
      const byNumber = new Map(C.map((d) => [d.publicationNumber, d]));
      for (const hit of res.items) {
        const doc = byNumber.get(hit.publicationNumber)!;
        const provinces = [...new Set((doc.applicants ?? []).flatMap((p) => (p.province ? [p.province] : [])))];
        expect(hit.applicantProvinces, hit.publicationNumber).toEqual(provinces.length > 0 ? provinces : undefined);
        expect(hit.legalStatus).toBe(doc.legalStatus);
        expect(hit.legalStatusClass, hit.publicationNumber).toBe(
          doc.legalStatus ? CLASS_OF[doc.legalStatus] : undefined,
        );
      }
      expect(res.items.some((hit) => hit.applicantProvinces?.includes('广东省'))).toBe(true);
    });

    it('highlights matched terms in title and abstract', async () => {
      const res = await engine.search({ ast: term(null, '电池'), highlight: true, pageSize: 100 });
      const withTitle = res.items.find((i) => (i.title ?? '').includes('电池'));
      expect(withTitle?.highlights?.title).toContain('<em>电池</em>');
    });

    it('refuses pages beyond 100000 and page sizes above 100', async () => {
      await expect(engine.search({ ast: term(null, '电池'), page: 100_001 })).rejects.toMatchObject({
        code: 'PAGE_TOO_DEEP',
      });
      await expect(engine.search({ ast: term(null, '电池'), pageSize: 101 })).rejects.toMatchObject({
        code: 'PAGE_SIZE_INVALID',
      });
      const deep = await engine.search({ ast: term(null, '电池'), page: 100_000 });
      expect(deep.items).toEqual([]);
      expect(deep.total).toBe(ref(refText('TIABC', '电池')).length);
    });

    it('answers a window of the ordered result set in the order of the ordinary pages', async () => {
      const ast = term(null, '电池');
      const pages: string[] = [];
      let total = 0;
      for (let page = 1; ; page++) {
        const res = await engine.search({ ast, page, pageSize: 100 });
        total = res.total;
        if (res.items.length === 0) break;
        pages.push(...res.items.map((i) => i.publicationNumber));
      }
      expect(pages.length).toBeGreaterThan(3);
      const whole = await engine.rankedNumbers({ ast, offset: 0, limit: 1_000 });
      expect(whole).toEqual({ total, publicationNumbers: pages.slice(0, 1_000) });
      const window = await engine.rankedNumbers({ ast, offset: 2, limit: 2 });
      expect(window.publicationNumbers).toEqual(pages.slice(2, 4));
      // Another order: the window follows the sort, as the pages do.
      const sort = { field: 'PD', order: 'asc' } as const;
      const sorted = (await engine.search({ ast, sort, pageSize: 100 })).items.map((i) => i.publicationNumber);
      expect((await engine.rankedNumbers({ ast, sort, offset: 1, limit: 3 })).publicationNumbers).toEqual(
        sorted.slice(1, 4),
      );
      await expect(engine.rankedNumbers({ ast, offset: 0, limit: 300_001 })).rejects.toMatchObject({
        code: 'PAGE_SIZE_INVALID',
      });
      await expect(engine.rankedNumbers({ ast, offset: -1, limit: 10 })).rejects.toMatchObject({
        code: 'PAGE_TOO_DEEP',
      });
    });

    it('upserts by publication number and removes', async () => {
      const doc = C[10] as Doc;
      await engine.index([{ ...doc, publicationNumber: doc.publicationNumber, title: { text: '一种石墨烯导热膜' } }]);
      expect(await engine.size()).toBe(C.length);
      expect(await all(term('TI', '石墨烯'))).toEqual([doc.publicationNumber]);
      expect(await engine.remove([doc.publicationNumber.toLowerCase()])).toBe(1);
      expect(await all(term('TI', '石墨烯'))).toEqual([]);
      expect(await engine.size()).toBe(C.length - 1);
      await engine.index([doc]);
    });
  });
  runAnalysisConformance(name, createEngine);
}
