import { readFileSync } from 'node:fs';
import type { Citation, Party, Patent, PatentType } from '@patlas/contracts';
import { cnSerialRange, type CnSeries } from './number-ranges.js';
import { hash32, Prng } from './prng.js';
import { AliasTable, sampleQuantiles } from './sampler.js';
import type { CorpusStats, Distribution, LanguageStats } from './stats-types.js';

export type Lang = 'zh' | 'en';

/**
 * `sources`: fields are present at the rates of the real demo sources taken together (partial records).
 * `office`: at the rates seen within the sources that carry each field (close to a full office feed; much bigger).
 * `full`: what a vendor or office export of bibliographic records carries (issue 15's import benchmark): every record
 * has a title, an abstract, claims and full bibliographic data, at the lengths of FULL_LENGTHS; no description.
 */
export type FieldProfile = 'sources' | 'office' | 'full';

/** Fields every `full` record has; the others keep their `office` rates, and there is no description. */
const FULL_FIELDS = [
  'title',
  'abstract',
  'claims',
  'applicants',
  'inventors',
  'agents',
  'ipc',
  'cpc',
  'applicationDate',
  'publicationDate',
] as const;

/**
 * Text lengths of the `full` profile (issue 15): abstracts of about 300 characters (zh) or 120 words (en), claims of
 * about 1,200 characters in both (about 175 English words), each drawn uniformly within ±10 %.
 */
export const FULL_LENGTHS = {
  zh: { abstract: 300, claims: 1200 },
  en: { abstract: 120, claims: 175 },
} as const;

export interface CorpusOptions {
  count: number;
  seed: number;
  /** share of Chinese (CN) records; default: the share in the real sources */
  zhShare?: number;
  profile?: FieldProfile;
  /** stats to follow; default: bench/corpus-stats.json */
  stats?: CorpusStats;
}

/**
 * Rates for what no real source carries (documented in bench/README.md). Each is an assumption, not a measurement.
 */
export const ASSUMED = {
  /** share of records that open a CN↔US family pair (the partner is emitted a little later) */
  familyPairShare: 0.04,
  legalStatus: 0.6,
  /** US pre-grant publications (A1) among US records: the US sources are all grants */
  usApplicationShare: 0.3,
  /** CN designs (S): no CN source has them */
  cnDesignShare: 0.03,
  /** citations that point at numbers outside the generated corpus */
  externalCitationShare: 0.3,
  /** days from filing to a US A1 publication (18 months) */
  usA1LagDays: [480, 600] as const,
} as const;

/** Fixed "today" so legal status does not depend on when the corpus is generated. */
const NOW = Date.UTC(2025, 5, 30);
const DAY = 86_400_000;

let defaultStats: CorpusStats | undefined;

/** Reads bench/corpus-stats.json next to the sources (tsx) or two levels up (compiled into dist/src). */
export function loadCorpusStats(): CorpusStats {
  if (defaultStats) return defaultStats;
  for (const rel of ['../corpus-stats.json', '../../corpus-stats.json']) {
    try {
      defaultStats = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as CorpusStats;
      return defaultStats;
    } catch {
      // try the next location
    }
  }
  throw new Error('bench/corpus-stats.json not found; run bench/scripts/derive-stats.ts');
}

// ---------- per-language model built once from the stats ----------

interface LangModel {
  lang: Lang;
  s: LanguageStats;
  presence: Record<string, number>;
  /** vocabulary index drawn by document frequency: which words a document uses */
  byDf: AliasTable<number>;
  /** mean occurrences of a word in a document that uses it (tf / df): how often it repeats there */
  repeat: Float64Array;
  titleWords: AliasTable<string>;
  titleEndings: AliasTable<string>;
  openers: AliasTable<string>;
  applicants: AliasTable<number>;
  surnames: AliasTable<string>;
  given: AliasTable<string>;
  ipcSub: AliasTable<string>;
  ipcBySub: Map<string, AliasTable<string>>;
  cpc: AliasTable<string>;
  kinds: AliasTable<string>;
  years: Map<number, number>;
  nameWords: string[];
}

const table = (d: Distribution): AliasTable<string> => new AliasTable(d.values, d.counts);

function buildModel(lang: Lang, stats: CorpusStats, profile: FieldProfile): LangModel {
  const s = stats[lang];
  const other = stats[lang === 'zh' ? 'en' : 'zh'];
  const presence: Record<string, number> = {};
  const rates = profile === 'full' ? 'office' : profile;
  for (const [field, rate] of Object.entries(s.presence[rates])) {
    // A field no source of this language carries borrows the other language's rate.
    presence[field] = s.presence.office[field] ? rate : (other.presence[rates][field] ?? 0);
  }
  if (profile === 'full') {
    for (const field of FULL_FIELDS) presence[field] = 1;
    presence.description = 0;
    presence.legalStatus = 1;
  }
  const topicValues = s.vocab.values.slice(100).filter((w) => (lang === 'zh' ? [...w].length >= 2 : w.length >= 3));
  const ipcBySub = new Map<string, { v: string[]; c: number[] }>();
  const symbols = lang === 'zh' ? mergeDist(s.ipcSymbols, s.cpcSymbols) : mergeDist(s.ipcSymbols, s.cpcSymbols);
  symbols.values.forEach((sym, i) => {
    const e = ipcBySub.get(sym.slice(0, 4)) ?? { v: [], c: [] };
    e.v.push(sym);
    e.c.push(symbols.counts[i] ?? 1);
    ipcBySub.set(sym.slice(0, 4), e);
  });
  const kinds = s.kinds.values
    .map((k, i) => [k, s.kinds.counts[i] ?? 0] as const)
    .filter(([k]) =>
      lang === 'zh' ? ['A', 'B', 'C', 'U'].includes(k) : ['B', 'B1', 'B2', 'S1', 'P', 'P2', 'E'].includes(k),
    );
  return {
    lang,
    s,
    presence,
    byDf: new AliasTable(
      s.vocab.values.map((_, i) => i),
      s.vocab.df.map((d) => Math.max(1, d)),
    ),
    repeat: Float64Array.from(s.vocab.counts, (c, i) => c / Math.max(1, s.vocab.df[i] ?? 1)),
    titleWords: table(s.titleVocab),
    titleEndings: table(s.titleEndings),
    openers: table(s.abstractOpeners),
    applicants: new AliasTable(
      s.applicants.values.map((_, i) => i),
      s.applicants.counts,
    ),
    surnames: table(s.surnames),
    given: table(s.givenNames),
    ipcSub: table(s.ipcSubclasses),
    ipcBySub: new Map([...ipcBySub].map(([k, e]) => [k, new AliasTable(e.v, e.c)])),
    cpc: table(s.cpcSymbols),
    kinds: new AliasTable(
      kinds.map(([k]) => k),
      kinds.map(([, c]) => c),
    ),
    years: new Map(s.years.values.map((y, i) => [Number(y), s.years.counts[i] ?? 0])),
    nameWords: topicValues
      .filter((w) => (lang === 'zh' ? [...w].length === 2 && /^\p{Script=Han}+$/u.test(w) : /^[a-z]{4,9}$/.test(w)))
      .slice(0, 3000),
  };
}

function mergeDist(a: Distribution, b: Distribution): Distribution {
  const m = new Map<string, number>();
  a.values.forEach((v, i) => m.set(v, (m.get(v) ?? 0) + (a.counts[i] ?? 0)));
  b.values.forEach((v, i) => m.set(v, (m.get(v) ?? 0) + (b.counts[i] ?? 0)));
  return { values: [...m.keys()], counts: [...m.values()] };
}

// ---------- dates ----------

const iso = (t: number): string => new Date(t).toISOString().slice(0, 10);
const yearOf = (t: number): number => new Date(t).getUTCFullYear();

/** Maps record index → publication instant: records come out in date order, so citations can point back in time. */
class TimeAxis {
  private readonly years: number[];
  private readonly cdf: number[];
  private readonly zhShareByYear: number[];

  constructor(zh: Map<number, number>, en: Map<number, number>, zhShare: number) {
    const total = (m: Map<number, number>): number => [...m.values()].reduce((a, b) => a + b, 0) || 1;
    const tz = total(zh);
    const te = total(en);
    this.years = [...new Set([...zh.keys(), ...en.keys()])].sort((a, b) => a - b);
    let acc = 0;
    this.cdf = [];
    this.zhShareByYear = [];
    for (const y of this.years) {
      const pz = (zhShare * (zh.get(y) ?? 0)) / tz;
      const pe = ((1 - zhShare) * (en.get(y) ?? 0)) / te;
      acc += pz + pe;
      this.cdf.push(acc);
      this.zhShareByYear.push(pz + pe > 0 ? pz / (pz + pe) : 0);
    }
  }

  at(u: number): { time: number; zhShare: number } {
    const total = this.cdf[this.cdf.length - 1] ?? 1;
    const x = u * total;
    let i = 0;
    while (i < this.cdf.length - 1 && (this.cdf[i] ?? 0) <= x) i++;
    const lo = i === 0 ? 0 : (this.cdf[i - 1] ?? 0);
    const hi = this.cdf[i] ?? total;
    const frac = hi > lo ? (x - lo) / (hi - lo) : 0;
    const year = this.years[i] ?? 2020;
    const start = Date.UTC(year, 0, 1);
    const end = Date.UTC(year + 1, 0, 1);
    return { time: start + Math.floor(frac * ((end - start) / DAY)) * DAY, zhShare: this.zhShareByYear[i] ?? 0 };
  }
}

// ---------- numbers ----------

type Series = 'CN-A' | 'CN-U' | 'CN-S' | 'US-G' | 'US-D' | 'US-PP' | 'US-RE' | 'US-A1';

/**
 * Hands out publication serials: records of a year take increasing serials from the first 85 % of that year's range
 * (so they are unique), while numbers dated in the past (the A publication behind a B grant, the partner of a family
 * pair) come from the reserved last 15 %, one counter per series and year.
 */
class NumberBook {
  private readonly last = new Map<string, number>();
  private readonly reserved = new Map<string, number>();
  private readonly appSerial = new Map<string, number>();

  constructor(
    private readonly rng: Prng,
    private readonly usAnchors: { year: number; first: number }[],
  ) {}

  range(series: Series, year: number): [number, number] {
    switch (series) {
      case 'CN-A':
      case 'CN-U':
      case 'CN-S':
        return cnSerialRange(series.slice(3) as CnSeries, year);
      case 'US-G':
        return [this.usAt(year), this.usAt(year + 1)];
      case 'US-D':
        return [503_000 + (year - 2005) * 21_600, 503_000 + (year - 2004) * 21_600];
      case 'US-PP':
        return [15_400 + (year - 2005) * 1_100, 15_400 + (year - 2004) * 1_100];
      case 'US-RE':
        return [38_600 + (year - 2005) * 600, 38_600 + (year - 2004) * 600];
      case 'US-A1':
        return [1, 400_000];
    }
  }

  private usAt(year: number): number {
    const a = this.usAnchors;
    const first = a[0];
    const lastA = a[a.length - 1];
    if (!first || !lastA) return 7_000_000 + (year - 2006) * 200_000;
    if (year < first.year) return first.first - (first.year - year) * 160_000;
    if (year > lastA.year) return lastA.first + (year - lastA.year) * 330_000;
    return a.find((x) => x.year === year)?.first ?? lastA.first;
  }

  main(series: Series, time: number): number {
    const year = yearOf(time);
    const [first, end] = this.range(series, year);
    const frac = (time - Date.UTC(year, 0, 1)) / (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1));
    // Keyed by range, not year: years before a series' first anchor share one range.
    const key = `${series}${first}`;
    const base = first + Math.floor(frac * 0.85 * (end - first));
    const serial = Math.max((this.last.get(key) ?? 0) + 1 + this.rng.int(0, 3), base);
    this.last.set(key, serial);
    return serial;
  }

  back(series: Series, time: number): number {
    const year = yearOf(time);
    const [first, end] = this.range(series, year);
    const key = `${series}${first}`;
    const k = this.reserved.get(key) ?? 0;
    this.reserved.set(key, k + 1);
    return first + Math.floor(0.85 * (end - first)) + k * 4 + this.rng.int(0, 3);
  }

  /** Per year+type counters keep application numbers unique too. */
  appSerialFor(key: string): number {
    const next = (this.appSerial.get(key) ?? this.rng.int(10_000, 400_000)) + this.rng.int(1, 9);
    this.appSerial.set(key, next);
    return next;
  }
}

/** CNIPA check digit of a 12-digit application number: weights 2…9,2…5, sum mod 11, 10 → X. */
export function cnCheckDigit(twelve: string): string {
  const w = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5];
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (w[i] ?? 0);
  const c = sum % 11;
  return c === 10 ? 'X' : String(c);
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

function usSeriesCode(year: number): number {
  if (year <= 2004) return 10;
  if (year <= 2007) return 11;
  if (year <= 2010) return 12;
  if (year <= 2013) return 13;
  if (year <= 2014) return 14;
  if (year <= 2017) return 15;
  if (year <= 2019) return 16;
  if (year <= 2022) return 17;
  return 18;
}

// ---------- record kinds ----------

interface KindInfo {
  country: 'CN' | 'US';
  kind: string;
  type: PatentType;
  series: Series;
  /** the record's date is a grant (B/U/S…) rather than a first publication */
  grant: boolean;
  /** grant preceded by an application publication (CN B, US B2) */
  prePublished: boolean;
  /** lag table key in the stats */
  lagKey: string;
  termYears: number;
}

function kindInfo(country: 'CN' | 'US', kind: string): KindInfo {
  if (country === 'CN') {
    switch (kind) {
      case 'U':
        return {
          country,
          kind,
          type: 'utility_model',
          series: 'CN-U',
          grant: true,
          prePublished: false,
          lagKey: 'U',
          termYears: 10,
        };
      case 'S':
        return {
          country,
          kind,
          type: 'design',
          series: 'CN-S',
          grant: true,
          prePublished: false,
          lagKey: 'U',
          termYears: 15,
        };
      case 'B':
        return {
          country,
          kind,
          type: 'invention_grant',
          series: 'CN-A',
          grant: true,
          prePublished: true,
          lagKey: 'B',
          termYears: 20,
        };
      default:
        return {
          country,
          kind: 'A',
          type: 'invention_application',
          series: 'CN-A',
          grant: false,
          prePublished: false,
          lagKey: 'A',
          termYears: 20,
        };
    }
  }
  switch (kind) {
    case 'A1':
      return {
        country,
        kind,
        type: 'invention_application',
        series: 'US-A1',
        grant: false,
        prePublished: false,
        lagKey: 'A1',
        termYears: 20,
      };
    case 'B1':
      return {
        country,
        kind,
        type: 'invention_grant',
        series: 'US-G',
        grant: true,
        prePublished: false,
        lagKey: 'B1',
        termYears: 20,
      };
    case 'S1':
      return {
        country,
        kind,
        type: 'design',
        series: 'US-D',
        grant: true,
        prePublished: false,
        lagKey: 'S1',
        termYears: 15,
      };
    case 'P2':
      return {
        country,
        kind,
        type: 'other',
        series: 'US-PP',
        grant: true,
        prePublished: true,
        lagKey: 'B2',
        termYears: 20,
      };
    case 'E':
      return {
        country,
        kind,
        type: 'other',
        series: 'US-RE',
        grant: true,
        prePublished: false,
        lagKey: 'B2',
        termYears: 20,
      };
    default:
      return {
        country,
        kind: 'B2',
        type: 'invention_grant',
        series: 'US-G',
        grant: true,
        prePublished: true,
        lagKey: 'B2',
        termYears: 20,
      };
  }
}

function formatNumber(info: KindInfo, serial: number, year: number): string {
  switch (info.series) {
    case 'CN-A':
    case 'CN-U':
    case 'CN-S':
      return `CN${serial}${info.kind}`;
    case 'US-G':
      return `US${serial}${info.kind}`;
    case 'US-D':
      return `USD${serial}${info.kind}`;
    case 'US-PP':
      return `USPP${serial}${info.kind}`;
    case 'US-RE':
      return `USRE${serial}${info.kind}`;
    case 'US-A1':
      return `US${year}${pad(serial, 7)}${info.kind}`;
  }
}

// ---------- parties ----------

const CN_PLACES: [province: string, city: string, weight: number][] = [
  ['广东', '深圳', 14],
  ['广东', '广州', 6],
  ['广东', '东莞', 3],
  ['北京', '北京', 12],
  ['上海', '上海', 8],
  ['江苏', '苏州', 6],
  ['江苏', '南京', 5],
  ['江苏', '无锡', 2],
  ['浙江', '杭州', 7],
  ['浙江', '宁波', 3],
  ['山东', '青岛', 3],
  ['山东', '济南', 3],
  ['四川', '成都', 4],
  ['湖北', '武汉', 4],
  ['安徽', '合肥', 3],
  ['陕西', '西安', 3],
  ['天津', '天津', 3],
  ['湖南', '长沙', 3],
  ['重庆', '重庆', 2],
  ['福建', '厦门', 2],
  ['福建', '福州', 2],
  ['河南', '郑州', 2],
  ['辽宁', '沈阳', 2],
  ['黑龙江', '哈尔滨', 1],
  ['吉林', '长春', 1],
  ['河北', '石家庄', 1],
  ['江西', '南昌', 1],
  ['云南', '昆明', 1],
  ['广西', '南宁', 1],
];
const CN_PLACE_TOTAL = CN_PLACES.reduce((a, [, , w]) => a + w, 0);

/** Province/city of a Chinese applicant: from a place name in it, else a stable weighted draw from its hash. */
function cnPlace(name: string): { province: string; city: string } {
  for (const [province, city] of CN_PLACES) if (name.includes(city)) return { province, city };
  for (const [province, city] of CN_PLACES) if (name.includes(province)) return { province, city };
  let x = hash32(name) % CN_PLACE_TOTAL;
  for (const [province, city, w] of CN_PLACES) {
    if (x < w) return { province, city };
    x -= w;
  }
  return { province: '北京', city: '北京' };
}

const ZH_SUFFIXES: [string, Party['type'], number][] = [
  ['科技有限公司', 'company', 30],
  ['技术有限公司', 'company', 15],
  ['智能科技有限公司', 'company', 8],
  ['电子有限公司', 'company', 6],
  ['新材料有限公司', 'company', 5],
  ['机械有限公司', 'company', 6],
  ['股份有限公司', 'company', 8],
  ['设备制造有限公司', 'company', 5],
  ['大学', 'university', 6],
  ['研究院', 'institute', 4],
];
const EN_SUFFIXES: [string, Party['type'], number][] = [
  ['Inc.', 'company', 30],
  ['Corporation', 'company', 20],
  ['LLC', 'company', 12],
  ['Co., Ltd.', 'company', 12],
  ['GmbH', 'company', 6],
  ['Technologies, Inc.', 'company', 8],
  ['Limited', 'company', 5],
  ['Research Institute', 'institute', 3],
];
const zhSuffix = new AliasTable(
  ZH_SUFFIXES,
  ZH_SUFFIXES.map(([, , w]) => w),
);
const enSuffix = new AliasTable(
  EN_SUFFIXES,
  EN_SUFFIXES.map(([, , w]) => w),
);

function capitalize(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

// ---------- the generator ----------

interface PendingTwin {
  lang: Lang;
  info: KindInfo;
  number: string;
  familyId: string;
  family: string[];
  priorityNumber?: string;
  priorityTime: number;
  ipc?: string[];
}

interface CitedRecord {
  number: string;
  country: string;
  kind: string;
  time: number;
}

const RESERVOIR = 50_000;
const TWIN_WINDOW = 200;

/**
 * Writes `count` synthetic patents whose vocabulary, lengths, applicants, classes, dates and field presence follow
 * corpus-stats.json. Same options → byte-identical records. Memory stays constant (a 50k-record citation reservoir
 * and a window of pending family partners), so 1M records stream straight to disk.
 */
export function* generateCorpus(options: CorpusOptions): Generator<Patent> {
  const stats = options.stats ?? loadCorpusStats();
  const profile = options.profile ?? 'sources';
  const zhShare = options.zhShare ?? stats.zh.records / (stats.zh.records + stats.en.records);
  const rng = new Prng(options.seed);
  const models: Record<Lang, LangModel> = {
    zh: buildModel('zh', stats, profile),
    en: buildModel('en', stats, profile),
  };
  const axis = new TimeAxis(models.zh.years, models.en.years, zhShare);
  const book = new NumberBook(rng, stats.usGrantAnchors);
  const pending = new Map<number, PendingTwin>();
  const reservoir: CitedRecord[] = [];
  let seen = 0;
  const applicantPool = {
    zh: Math.max(500, Math.round(options.count * zhShare * stats.zh.applicantNewShare * 0.3)),
    en: Math.max(500, Math.round(options.count * (1 - zhShare) * stats.en.applicantNewShare * 0.3)),
  };
  const cnNumberShare = 1 - ASSUMED.cnDesignShare;

  const lagDays = (m: LangModel, key: string): number => {
    if (key === 'A1') return rng.int(ASSUMED.usA1LagDays[0], ASSUMED.usA1LagDays[1]);
    const q = m.s.lagDays[key] ?? m.s.lagDays.B2 ?? m.s.lagDays.A ?? [];
    return q.length ? Math.max(30, Math.round(sampleQuantiles(q, rng))) : 540;
  };

  const pickKind = (lang: Lang): KindInfo => {
    const m = models[lang];
    if (lang === 'zh') {
      if (!rng.chance(cnNumberShare)) return kindInfo('CN', 'S');
      const k = m.kinds.sample(rng);
      return kindInfo('CN', k === 'C' ? 'B' : k);
    }
    if (rng.chance(ASSUMED.usApplicationShare)) return kindInfo('US', 'A1');
    const k = m.kinds.sample(rng);
    // The random sample has no kind (just "B"); the XML grants give the B1/B2 split.
    if (k === 'B') return kindInfo('US', rng.chance(0.85) ? 'B2' : 'B1');
    return kindInfo('US', k === 'P' ? 'P2' : k);
  };

  /**
   * A document's own vocabulary: Heaps' law gives how many distinct words `tokens` words of real text use; they are
   * drawn by document frequency and then repeated by their tf/df ratio. So a term is in about as many generated
   * documents as real ones (bursty), not in as many as a bag of words drawn by term frequency would put it.
   */
  const docVocabulary = (m: LangModel, tokens: number): { word: () => string; content: string[] } => {
    const distinct = Math.max(3, Math.min(tokens, Math.round(m.s.heaps.k * Math.max(1, tokens) ** m.s.heaps.beta)));
    const picked = new Set<number>();
    for (let k = 0; k < distinct; k++) picked.add(m.byDf.sampleIndex(rng));
    const ids = [...picked];
    const words = ids.map((i) => m.s.vocab.values[i] ?? '');
    const alias = new AliasTable(
      words,
      ids.map((i) => m.repeat[i] ?? 1),
    );
    // Content words (past the ~100 function words) make titles and keywords.
    const content = ids
      .filter((i) => i >= 100)
      .map((i) => m.s.vocab.values[i] ?? '')
      .filter((w) => (m.lang === 'zh' ? w.length >= 2 : w.length >= 3));
    return { word: () => alias.sample(rng), content };
  };

  /** Sentences of `target` length (chars for zh, words for en) from the document's vocabulary. */
  const prose = (m: LangModel, word: () => string, target: number): string => {
    if (m.lang === 'zh') {
      let out = '';
      let clause = 0;
      let sentence = 0;
      let clauseLen = rng.int(6, 18);
      let sentenceLen = rng.int(2, 4);
      while (out.length < target) {
        const w = word();
        out += w;
        clause += w.length;
        if (clause >= clauseLen) {
          sentence++;
          out += sentence >= sentenceLen ? '。' : '，';
          if (sentence >= sentenceLen) {
            sentence = 0;
            sentenceLen = rng.int(2, 4);
          }
          clause = 0;
          clauseLen = rng.int(6, 18);
        }
      }
      return out.endsWith('。') ? out : out.replace(/，$/, '') + '。';
    }
    const words: string[] = [];
    let inSentence = 0;
    let sentenceLen = rng.int(12, 30);
    for (let n = 0; n < target; n++) {
      let w = word();
      if (inSentence === 0) w = capitalize(w);
      inSentence++;
      if (inSentence >= sentenceLen || n === target - 1) {
        w += '.';
        inSentence = 0;
        sentenceLen = rng.int(12, 30);
      } else if (rng.chance(0.06)) w += ',';
      words.push(w);
    }
    return words.join(' ');
  };

  /** Title of `target` length from the document's content words plus the real title vocabulary and endings. */
  const makeTitle = (m: LangModel, content: string[], target: number): string => {
    const ending = m.titleEndings.sample(rng);
    const pickWord = (): string => (rng.chance(0.8) ? rng.pick(content) : m.titleWords.sample(rng));
    const parts: string[] = [];
    if (m.lang === 'zh') {
      const prefix = rng.chance(m.s.titlePrefixShare) ? '一种' : '';
      let len = ending.length + prefix.length;
      while (len < target) {
        const w = pickWord();
        parts.push(w);
        len += w.length;
      }
      return prefix + parts.join('') + ending;
    }
    for (let n = 1; n < target; n++) parts.push(pickWord());
    parts.push(ending);
    return capitalize(parts.join(' '));
  };

  const personName = (m: LangModel): string =>
    m.lang === 'zh'
      ? m.surnames.sample(rng) + m.given.sample(rng) + (rng.chance(0.7) ? m.given.sample(rng) : '')
      : `${m.given.sample(rng)} ${m.surnames.sample(rng)}`;

  const syntheticApplicant = (m: LangModel): Party => {
    const pool = applicantPool[m.lang];
    const id = Math.floor(rng.next() ** 2 * pool);
    // A name is a pure function of (seed, id), so the same synthetic applicant recurs across records.
    const r = new Prng(hash32(`${options.seed}:${m.lang}:${id}`));
    if (m.lang === 'zh') {
      if (r.chance(0.04)) {
        const name =
          r.pick(m.s.surnames.values.slice(0, 100)) + r.pick(m.s.givenNames.values) + r.pick(m.s.givenNames.values);
        return { name, type: 'person', country: 'CN', ...cnPlace(name) };
      }
      const [suffix, type] = zhSuffix.sample(r);
      const place = CN_PLACES[hash32(String(id)) % CN_PLACES.length] ?? ['北京', '北京', 1];
      const name = `${type === 'university' ? place[0] : place[1]}${r.pick(m.nameWords)}${type === 'university' ? '' : r.pick(m.nameWords)}${suffix}`;
      return { name, type, country: 'CN', province: place[0], city: place[1] };
    }
    const [suffix, type] = enSuffix.sample(r);
    const name = `${capitalize(r.pick(m.nameWords))} ${r.chance(0.5) ? capitalize(r.pick(m.nameWords)) + ' ' : ''}${suffix}`;
    return { name, type, country: 'US' };
  };

  const realApplicant = (m: LangModel): Party => {
    const i = m.applicants.sampleIndex(rng);
    const name = m.s.applicants.values[i] ?? '';
    const type = (m.s.applicants.types[i] ?? 'other') as Party['type'];
    if (m.lang === 'zh') {
      if (/株式会社/.test(name)) return { name, type: 'company', country: /三星|乐金|LG/.test(name) ? 'KR' : 'JP' };
      return { name, type, country: 'CN', ...cnPlace(name) };
    }
    return { name, type };
  };

  /** A street address in the party's place (the `full` profile's applicants carry one). */
  const address = (m: LangModel, party: Party): string => {
    if (m.lang === 'zh' && party.province && party.city) {
      const head = party.province === party.city ? `${party.city}市` : `${party.province}省${party.city}市`;
      return `${head}${rng.pick(m.nameWords)}路${rng.int(1, 999)}号`;
    }
    return `${rng.int(1, 9999)} ${capitalize(rng.pick(m.nameWords))} Street`;
  };

  const classSymbols = (m: LangModel, n: number): string[] => {
    const out = new Set<string>();
    for (let k = 0; k < n * 3 && out.size < n; k++) {
      const sub = m.ipcSub.sample(rng);
      const bySub = m.ipcBySub.get(sub);
      out.add(
        bySub && rng.chance(0.8)
          ? bySub.sample(rng)
          : `${sub}${rng.int(1, 40)}/${rng.chance(0.4) ? '00' : pad(rng.int(1, 60) * 2, 2)}`,
      );
    }
    return [...out];
  };

  for (let i = 0; i < options.count; i++) {
    const { time, zhShare: zhHere } = axis.at((i + 0.5) / options.count);
    const twin = pending.get(i);
    pending.delete(i);
    const lang: Lang = twin ? twin.lang : rng.chance(zhHere) ? 'zh' : 'en';
    const m = models[lang];
    const p = m.presence;
    const info = twin ? twin.info : pickKind(lang);
    const year = yearOf(time);

    // Dates: the record's own date is `time`; filing and first publication are placed before it.
    let appTime = time - lagDays(m, info.lagKey) * DAY;
    if (twin) appTime = Math.min(Math.max(twin.priorityTime + rng.int(30, 360) * DAY, appTime), time - 60 * DAY);
    let pubTime = time;
    let grantTime: number | undefined;
    if (info.grant) {
      grantTime = time;
      if (info.prePublished) {
        const firstPub = appTime + lagDays(m, info.country === 'CN' ? 'A' : 'A1') * DAY;
        pubTime = Math.min(firstPub, time - 30 * DAY);
        if (pubTime <= appTime) pubTime = appTime + Math.floor((time - appTime) / 2 / DAY) * DAY;
      }
    }

    const serial = twin
      ? 0
      : info.grant && info.prePublished && info.country === 'CN'
        ? book.back(info.series, pubTime)
        : book.main(info.series, time);
    const number = twin ? twin.number : formatNumber(info, serial, year);
    const appYear = yearOf(appTime);
    const applicationNumber =
      info.country === 'CN'
        ? (() => {
            const twelve = `${appYear}${info.type === 'utility_model' ? 2 : info.type === 'design' ? 3 : 1}${pad(book.appSerialFor(`CN${appYear}${info.series}`) % 10_000_000, 7)}`;
            return `CN${twelve}.${cnCheckDigit(twelve)}`;
          })()
        : (() => {
            const code = info.type === 'design' ? 29 : usSeriesCode(appYear);
            return `US${code}${pad(book.appSerialFor(`US${code}`) % 1_000_000, 6)}`;
          })();

    const patent: Patent = { publicationNumber: number, country: info.country, kind: info.kind, patentType: info.type };
    if (rng.chance(p.applicationDate ?? 0)) patent.applicationNumber = applicationNumber;

    const hasPriority = twin !== undefined || rng.chance(p.priority ?? 0);
    let priorityNumber = twin?.priorityNumber;
    let priorityTime = twin?.priorityTime;
    if (hasPriority && !twin) {
      priorityTime = appTime - rng.int(30, 365) * DAY;
      const py = yearOf(priorityTime);
      priorityNumber =
        info.country === 'CN'
          ? `${rng.pick(['US', 'JP', 'KR', 'EP', 'DE'])}${py}${pad(rng.int(1, 999_999), 6)}`
          : rng.chance(0.5)
            ? `US${rng.pick([60, 61, 62, 63])}${pad(rng.int(1, 999_999), 6)}`
            : `${rng.pick(['JP', 'KR', 'DE', 'CN', 'EP'])}${py}${pad(rng.int(1, 999_999), 6)}`;
    }
    if (priorityNumber) patent.priorityNumbers = [priorityNumber];

    // Plan the texts first: their total length sets the size of the document's vocabulary.
    const zhLang = lang === 'zh';
    const toTokens = (len: number): number => (zhLang ? len / m.s.tokenChars : len);
    const titleLen = rng.chance(p.title ?? 0)
      ? Math.max(2, Math.round(sampleQuantiles(m.s.lengths.title, rng, 0.98)))
      : 0;
    const full = profile === 'full' ? FULL_LENGTHS[lang] : undefined;
    const around = (n: number): number => Math.round(n * (0.9 + 0.2 * rng.next()));
    const abstractLen = rng.chance(p.abstract ?? 0)
      ? full
        ? around(full.abstract)
        : Math.round(sampleQuantiles(m.s.lengths.abstract, rng, 0.99))
      : 0;
    const claimN = rng.chance(p.claims ?? 0) ? Math.max(1, Math.round(sampleQuantiles(m.s.claimCount, rng, 0.98))) : 0;
    const claimsLen = claimN
      ? full
        ? around(full.claims)
        : Math.max(claimN * 10, Math.round(sampleQuantiles(m.s.lengths.claims, rng, 0.99)))
      : 0;
    const descriptionLen = rng.chance(p.description ?? 0)
      ? Math.round(sampleQuantiles(m.s.lengths.description, rng, 0.99))
      : 0;
    const vocab = docVocabulary(m, Math.round(toTokens(titleLen + abstractLen + claimsLen)) || 20);
    const word = vocab.word;
    const content = vocab.content.length ? vocab.content : [m.titleWords.sample(rng)];

    const title = titleLen ? makeTitle(m, content, titleLen) : undefined;
    if (title) patent.title = { lang, text: title };
    const core = title
      ? zhLang
        ? title.replace(/^一种/, '')
        : title.toLowerCase()
      : content.slice(0, 2).join(zhLang ? '' : ' ');

    if (abstractLen) {
      const opener = m.openers.sample(rng);
      let lead = '';
      if (opener) lead = zhLang ? `${opener}一种${core}，` : `${opener} ${core}. `;
      const rest = Math.max(zhLang ? 20 : 5, abstractLen - (zhLang ? lead.length : lead.split(' ').length));
      patent.abstract = { lang, text: lead + prose(m, word, rest) };
    }

    if (claimN) {
      // `full` lengths are of the whole claims text: dependent claims name the subject by its last word, as
      // drafters do (…所述的方法, The method of claim 1), and every preamble counts towards the length.
      const subject = full ? (zhLang ? core.slice(-2) : (core.split(' ').at(-1) ?? core)) : core;
      const preamble = full ? (zhLang ? subject.length + 17 : 7) : 0;
      const per = Math.max(zhLang ? (full ? 10 : 20) : full ? 4 : 8, Math.round(claimsLen / claimN) - preamble);
      const claims: string[] = [];
      for (let k = 1; k <= claimN; k++) {
        const ref = rng.int(1, Math.max(1, k - 1));
        if (zhLang) {
          claims.push(
            k === 1
              ? `1.一种${core}，其特征在于，包括：${prose(m, word, per)}`
              : `${k}.根据权利要求${ref}所述的${subject}，其特征在于，${prose(m, word, per)}`,
          );
        } else {
          claims.push(
            k === 1
              ? `1. A ${core} comprising: ${prose(m, word, per)}`
              : `${k}. The ${subject} of claim ${ref}, wherein ${prose(m, word, per)}`,
          );
        }
      }
      patent.claims = { lang, text: claims.join('\n') };
      patent.claimCount = claimN;
    }

    if (descriptionLen) {
      // The description is long and wordier than the abstract: its own, larger vocabulary.
      const descWord = docVocabulary(m, Math.round(toTokens(descriptionLen))).word;
      const heads = zhLang
        ? ['技术领域', '背景技术', '发明内容', '附图说明', '具体实施方式']
        : ['TECHNICAL FIELD', 'BACKGROUND', 'SUMMARY', 'BRIEF DESCRIPTION OF THE DRAWINGS', 'DETAILED DESCRIPTION'];
      const shares = [0.05, 0.2, 0.3, 0.05, 0.4];
      const body = heads.map(
        (h, k) =>
          `${h}\n${prose(m, descWord, Math.max(zhLang ? 20 : 5, Math.round(descriptionLen * (shares[k] ?? 0.2))))}`,
      );
      patent.description = { lang, text: body.join('\n') };
    }

    if (rng.chance(p.keywords ?? 0)) {
      const n = Math.max(
        1,
        Math.round(sampleQuantiles(m.s.keywordsPerDoc.length ? m.s.keywordsPerDoc : [3, 5, 8], rng, 0.95)),
      );
      patent.keywords = content.slice(0, n);
    }

    if (rng.chance(p.applicants ?? 0)) {
      const n = Math.max(1, Math.round(sampleQuantiles(m.s.applicantsPerDoc, rng)));
      const parties = new Map<string, Party>();
      for (let k = 0; k < n; k++) {
        const party = rng.chance(m.s.applicantNewShare) ? syntheticApplicant(m) : realApplicant(m);
        parties.set(party.name, party);
      }
      patent.applicants = [...parties.values()];
      if (profile === 'full') patent.applicants = patent.applicants.map((a) => ({ ...a, address: address(m, a) }));
    }

    if (rng.chance(p.inventors ?? 0)) {
      const n = Math.max(1, Math.round(sampleQuantiles(m.s.inventorsPerDoc, rng, 0.98)));
      const names = new Set<string>();
      for (let k = 0; k < n; k++) names.add(personName(m));
      patent.inventors = [...names].map((name) => ({ name, type: 'person' as const }));
    }

    if (rng.chance(p.agents ?? 0)) {
      patent.agents = [personName(m)];
      if (lang === 'zh') patent.agency = `${cnPlace(number).city}${rng.pick(m.nameWords)}专利代理有限公司`;
      else if (profile === 'full')
        patent.agency = `${capitalize(rng.pick(m.nameWords))} & ${capitalize(rng.pick(m.nameWords))} LLP`;
    }
    if (rng.chance(p.examiners ?? 0)) patent.examiners = [personName(m)];

    if (rng.chance(p.applicationDate ?? 0)) patent.applicationDate = iso(appTime);
    if (rng.chance(p.publicationDate ?? 0)) {
      patent.publicationDate = iso(pubTime);
      if (grantTime !== undefined) patent.grantDate = iso(grantTime);
    }
    if (priorityTime !== undefined) patent.priorityDate = iso(priorityTime);

    // Classifications: CPC is a refinement of IPC, so a record's IPC and CPC lists share their symbols.
    const wantIpc = rng.chance(p.ipc ?? 0);
    const wantCpc = rng.chance(p.cpc ?? 0);
    if (wantIpc || wantCpc || twin?.ipc) {
      const n = Math.max(1, Math.min(8, Math.round(-Math.log(1 - rng.next()) * 1.6)));
      let symbols =
        twin?.ipc ??
        (lang === 'en' && wantCpc ? Array.from({ length: n }, () => m.cpc.sample(rng)) : classSymbols(m, n));
      symbols = [...new Set(symbols)];
      patent.classifications = {};
      if (wantIpc || twin?.ipc) {
        patent.classifications.ipc = symbols;
        patent.classifications.ipcMain = symbols[0];
      }
      if (wantCpc) patent.classifications.cpc = symbols;
    }

    if (rng.chance(p.citations ?? 0) && seen > 0) {
      const n = Math.max(1, Math.min(60, Math.round(sampleQuantiles(stats.en.citationsPerDoc, rng))));
      const cites = new Map<string, Citation>();
      for (let k = 0; k < n; k++) {
        if (rng.chance(ASSUMED.externalCitationShare)) {
          const ext = rng.chance(0.5)
            ? `US${rng.int(3_000_000, 6_800_000)}A`
            : `JP${rng.int(1990, 2004)}${pad(rng.int(1, 399_999), 6)}A`;
          cites.set(ext, {
            number: ext,
            country: ext.slice(0, 2),
            category: rng.chance(0.7) ? 'examiner' : 'applicant',
          });
          continue;
        }
        const c = reservoir[rng.int(0, reservoir.length - 1)];
        if (!c || c.time >= pubTime) continue;
        cites.set(c.number, {
          number: c.number,
          country: c.country,
          kind: c.kind,
          date: iso(c.time),
          category: rng.chance(0.7) ? 'examiner' : 'applicant',
        });
      }
      if (cites.size) patent.citations = [...cites.values()];
    }

    // Family pairs: open one with a partner in the other office, emitted within the next TWIN_WINDOW records.
    let family = twin ? { simpleFamilyId: twin.familyId, simple: twin.family } : undefined;
    if (!twin && rng.chance(ASSUMED.familyPairShare)) {
      let j = i + 1 + rng.int(0, TWIN_WINDOW);
      while (pending.has(j)) j++;
      if (j < options.count) {
        const otherLang: Lang = lang === 'zh' ? 'en' : 'zh';
        const tTime = axis.at((j + 0.5) / options.count).time;
        let tInfo = pickKind(otherLang);
        // A design or plant partner for an invention makes no family; keep partners inventions.
        if (tInfo.type === 'design' || tInfo.type === 'other' || tInfo.type === 'utility_model')
          tInfo = kindInfo(tInfo.country, tInfo.country === 'CN' ? 'A' : 'A1');
        const tNumber = formatNumber(tInfo, book.back(tInfo.series, tTime), yearOf(tTime));
        const familyId = `SF${pad(hash32(`${options.seed}:${number}`) % 1_000_000_000, 9)}`;
        const members = [number, tNumber];
        pending.set(j, {
          lang: otherLang,
          info: tInfo,
          number: tNumber,
          familyId,
          family: members,
          priorityNumber: applicationNumber,
          priorityTime: appTime,
          ipc: patent.classifications?.ipc ?? patent.classifications?.cpc,
        });
        family = { simpleFamilyId: familyId, simple: members };
      }
    }
    if (family) patent.family = family;

    if (rng.chance(p.legalStatus ?? ASSUMED.legalStatus))
      patent.legalStatus = legalStatus(lang, info, appTime, time, rng);
    patent.source = { id: 'bench-synthetic', licence: 'generated from bench/corpus-stats.json' };

    // Algorithm R keeps a uniform sample of everything emitted so far: citations reach the whole past, not just the recent.
    const cited: CitedRecord = { number, country: info.country, kind: info.kind, time: pubTime };
    seen++;
    if (reservoir.length < RESERVOIR) reservoir.push(cited);
    else {
      const r = rng.int(0, seen - 1);
      if (r < RESERVOIR) reservoir[r] = cited;
    }

    yield patent;
  }
}

function legalStatus(lang: Lang, info: KindInfo, appTime: number, time: number, rng: Prng): string {
  const zh = lang === 'zh';
  const ageYears = (NOW - time) / (365.25 * DAY);
  if (info.grant) {
    if (appTime + info.termYears * 365.25 * DAY < NOW) return zh ? '失效' : 'expired';
    // Unpaid annuities end many grants early, more the older they are.
    return rng.chance(Math.min(0.6, 0.04 * ageYears)) ? (zh ? '失效' : 'expired') : zh ? '有效' : 'active';
  }
  if (ageYears < 3 && rng.chance(0.75)) return zh ? '审中' : 'pending';
  return rng.chance(0.55) ? (zh ? '失效' : 'expired') : zh ? '有效' : 'active';
}
