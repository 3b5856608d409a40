/**
 * One-off dev script: measures the real sources under ../shared/data (beside the repository; another folder as
 * the argument) and writes bench/corpus-stats.json,
 * which is all the corpus generator reads. Run it again only when the sources or the stats format change:
 *   npx tsx --conditions=@patlas/source bench/scripts/derive-stats.ts [../shared/data]
 * The generator never reads ../shared/data; the committed JSON is the hand-over.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { cnYearOfSerial, type CnSeries } from '../src/number-ranges.js';
import { SHARED_DATA } from '../src/paths.js';
import type { CorpusStats, Distribution, LanguageStats, PresenceTable } from '../src/stats-types.js';

const DATA = process.argv[2] ?? SHARED_DATA;
const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'corpus-stats.json');
const VOCAB_SIZE = 20_000;
/** Terms whose real hit fraction is recorded, matched as TermProbe matches generated records. */
const PROBE_TERMS = {
  zh: ['电池', '锂离子电池', '神经网络', '区块链', '齿轮', '数据', '图像', '传感器', '催化剂', '无人机'],
  en: ['battery', 'neural', 'semiconductor', 'gear', 'data', 'image', 'sensor', 'catalyst', 'vehicle', 'blockchain'],
};
const jieba = Jieba.withDict(dict);

// ---------- small readers (no extra dependencies for a one-off script) ----------

/** RFC 4180 CSV with quoted multi-line fields; strips a UTF-8 BOM. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

function csvObjects(path: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  if (!header) return [];
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** Reads one member of a zip (xlsx) through its central directory. */
function readZipMember(path: string, member: string): string {
  const buf = readFileSync(path);
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const entries = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  for (let e = 0; e < entries; e++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    if (name === member) {
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    p += 46 + nameLen + extraLen + commentLen;
  }
  throw new Error(`${member} not in ${path}`);
}

function decodeXml(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

function stripTags(s: string): string {
  return decodeXml(s.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** xlsx sheet with inline strings (what the CNKI scraper wrote) → objects keyed by the header row. */
function xlsxObjects(path: string): Record<string, string>[] {
  const xml = readZipMember(path, 'xl/worksheets/sheet1.xml');
  const rows = [...xml.matchAll(/<row[^>]*>(.*?)<\/row>/gs)].map((m) => {
    const cells: Record<string, string> = {};
    for (const c of (m[1] ?? '').matchAll(/<c r="([A-Z]+)\d+"[^>]*>(.*?)<\/c>/gs)) {
      cells[c[1] ?? ''] = stripTags(c[2] ?? '');
    }
    return cells;
  });
  const header = rows.shift() ?? {};
  return rows.map((r) => Object.fromEntries(Object.entries(header).map(([col, name]) => [name, r[col] ?? ''])));
}

// ---------- accumulators ----------

class Counter {
  readonly m = new Map<string, number>();
  add(k: string, n = 1): void {
    this.m.set(k, (this.m.get(k) ?? 0) + n);
  }
  top(limit: number, minCount = 1): Distribution {
    const sorted = [...this.m].filter(([, c]) => c >= minCount).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const cut = sorted.slice(0, limit);
    return { values: cut.map(([k]) => k), counts: cut.map(([, c]) => c) };
  }
  get total(): number {
    let t = 0;
    for (const c of this.m.values()) t += c;
    return t;
  }
}

/** 101 percentiles (0 %, 1 % … 100 %): fine enough that a long tail (one 11k-char abstract) stays in the last 1 %. */
function quantiles(xs: number[]): number[] {
  if (xs.length === 0) return [];
  const s = [...xs].sort((a, b) => a - b);
  return Array.from({ length: 101 }, (_, i) => s[Math.min(s.length - 1, Math.round((i / 100) * (s.length - 1)))] ?? 0);
}

interface Doc {
  source: string;
  title?: string;
  abstract?: string;
  claims?: string;
  description?: string;
  claimCount?: number;
  keywords?: string[];
  applicants?: string[];
  inventors?: string[];
  ipc?: string[];
  cpc?: string[];
  pubNo?: string;
  kind?: string;
  appDate?: string;
  pubDate?: string;
  priority?: boolean;
  citations?: number;
  agents?: boolean;
  examiners?: boolean;
  year?: number;
}

const ZH_WORD = /^[\p{Script=Han}A-Za-z0-9][\p{Script=Han}A-Za-z0-9.-]*$/u;
const EN_WORD = /[A-Za-z][A-Za-z'-]*[A-Za-z]|[A-Za-z]|\d+(?:\.\d+)?/g;

/**
 * jieba's dictionary splits many patent terms (区块链 → 区块 链, 锂离子电池 → 锂离子 电池); the KPPatent gold
 * keyphrases are real patent terms, so they join the dictionary and the vocabulary keeps them whole.
 */
function loadKeyphraseDict(): number {
  const terms = new Set<string>();
  for (const f of ['data_A.json', 'test_data_TAC.part1-dev.json']) {
    for (const r of JSON.parse(readFileSync(join(DATA, 'cn-kppatent-zh', f), 'utf8')) as { output: string }[]) {
      for (const t of r.output.split(',')) {
        const term = t.trim();
        if (/^\p{Script=Han}{3,8}$/u.test(term)) terms.add(term);
      }
    }
  }
  jieba.loadDict(
    Buffer.from(
      [...terms]
        .sort()
        .map((t) => `${t} 300`)
        .join('\n') + '\n',
    ),
  );
  return terms.size;
}

/**
 * Terms that jieba still splits but the corpus always writes together (区块+链, 锂离子+电池) become words too:
 * adjacent Han tokens seen together ≥ 15 times and in ≥ 30 % of the rarer token's occurrences.
 */
function loadCollocations(docs: Doc[]): number {
  const single = new Counter();
  const pairs = new Counter();
  for (const d of docs) {
    for (const t of [d.title, d.abstract, d.claims]) {
      if (!t) continue;
      const toks = jieba.cut(t, false);
      for (let i = 0; i < toks.length; i++) {
        const a = toks[i] ?? '';
        single.add(a);
        const b = toks[i + 1];
        if (b && /^\p{Script=Han}+$/u.test(a + b) && (a + b).length >= 3 && (a + b).length <= 6)
          pairs.add(`${a}\t${b}`);
      }
    }
  }
  const words: string[] = [];
  for (const [pair, c] of pairs.m) {
    const [a = '', b = ''] = pair.split('\t');
    if (c >= 15 && c / Math.min(single.m.get(a) ?? 1, single.m.get(b) ?? 1) >= 0.3) words.push(`${a}${b} ${c * 10}`);
  }
  jieba.loadDict(Buffer.from(words.sort().join('\n') + '\n'));
  return words.length;
}

function zhTokens(text: string): string[] {
  return jieba.cut(text, false).filter((t) => ZH_WORD.test(t));
}
function enTokens(text: string): string[] {
  return (text.match(EN_WORD) ?? []).map((t) => t.toLowerCase());
}

// ---------- loading the sources ----------

function loadZh(): Doc[] {
  const docs: Doc[] = [];
  const ly = 'cn-g06f-cpc-liaoleyuan';
  for (const f of ['sample_train.csv', 'sample_val.csv', 'sample_test.csv']) {
    for (const r of csvObjects(join(DATA, ly, f))) {
      const pn = r.publication_number?.trim();
      if (!pn) continue;
      const text = r.text ?? '';
      let title = '';
      let kw = '';
      let abs = '';
      const m = /^Title:\s*(.*?)\nKeywords:\s*(.*?)\nAbstract:\s*([\s\S]*)$/.exec(text);
      if (m) [, title = '', kw = '', abs = ''] = m;
      else [title = '', kw = '', abs = ''] = text.split(' [SEP] ');
      let cpc: string[] = [];
      try {
        cpc = JSON.parse(r.labels ?? '[]') as string[];
      } catch {
        cpc = [];
      }
      docs.push({
        source: ly,
        pubNo: pn,
        title: title.trim(),
        abstract: abs.trim(),
        keywords: kw.split(/[;\s]+/).filter(Boolean),
        cpc,
      });
    }
  }
  for (const r of csvObjects(join(DATA, 'cn-ipc-titles-lxingy3', 'oof_predictions.csv'))) {
    const pn = r.publication_numbers?.trim();
    if (!pn) continue;
    docs.push({
      source: 'cn-ipc-titles-lxingy3',
      pubNo: pn,
      title: r.patent_title?.trim(),
      ipc: (r.true_subclasses_all ?? '').split('|').filter(Boolean),
    });
  }
  for (const line of readFileSync(join(DATA, 'cn-bdci2022-fewshot', 'expand_train_1.json'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as { title?: string; assignee?: string; abstract?: string };
    docs.push({
      source: 'cn-bdci2022-fewshot',
      title: r.title?.trim(),
      abstract: r.abstract?.trim(),
      applicants: r.assignee
        ? r.assignee
            .split(/[;；]/)
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    });
  }
  const kp = 'cn-kppatent-zh';
  for (const r of JSON.parse(readFileSync(join(DATA, kp, 'data_A.json'), 'utf8')) as {
    input: string;
    output: string;
  }[]) {
    docs.push({ source: kp, abstract: r.input.replace(/^摘要：/, '').trim(), keywords: r.output.split(',') });
  }
  for (const r of JSON.parse(readFileSync(join(DATA, kp, 'test_data_TAC.part1-dev.json'), 'utf8')) as {
    input: string;
    output: string;
  }[]) {
    const m = /标题：(.*?)\n摘要：([\s\S]*?)\n权利声明：([\s\S]*)$/.exec(r.input);
    const claims = (m?.[3] ?? '').trim();
    docs.push({
      source: kp,
      title: m?.[1]?.trim(),
      abstract: m?.[2]?.trim(),
      claims,
      claimCount: claims.match(/(?:^|[。；\s])\d+\s*[.、．]/g)?.length ?? 1,
      keywords: r.output.split(','),
    });
  }
  for (const r of xlsxObjects(join(DATA, 'cn-cnki-material-chemistry', 'MaterialChemistry_18_19.xlsx'))) {
    const pn = /filename=([A-Z0-9]+)/.exec(r.href ?? '')?.[1];
    docs.push({
      source: 'cn-cnki-material-chemistry',
      pubNo: pn,
      title: r.title,
      abstract: r.ChDiv_summary,
      claims: r.claim_text,
      claimCount: r.claim_text ? 1 : undefined,
      applicants: r.com ? [r.com] : [],
      inventors: (r.author ?? '').split(/[;；]/).filter(Boolean),
      appDate: r.sql,
      pubDate: r.quote,
    });
  }
  const chem = 'cn-chemner-patents';
  const seen = new Set<string>();
  for (const split of ['train', 'valid', 'test']) {
    for (const f of readdirSync(join(DATA, chem, split))) {
      for (const r of JSON.parse(readFileSync(join(DATA, chem, split, f), 'utf8')) as { text: string }[]) {
        const [head = '', ...rest] = r.text.split('\n');
        const [pn = '', title = ''] = head.split('#');
        if (seen.has(pn)) continue;
        seen.add(pn);
        docs.push({ source: chem, pubNo: pn.toUpperCase(), title, description: rest.join('\n') });
      }
    }
  }
  for (const d of docs) {
    const m = d.pubNo ? /^CN(\d{9})([A-Z])\d?$/.exec(d.pubNo) : null;
    if (m) {
      d.kind = m[2];
      d.year = d.pubDate ? Number(d.pubDate.slice(0, 4)) : cnYearOfSerial(cnSeriesOf(m[2] ?? ''), Number(m[1]));
    }
  }
  return docs;
}

function cnSeriesOf(kind: string): CnSeries {
  return kind === 'U' ? 'U' : kind === 'S' ? 'S' : 'A';
}

function xmlText(d: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(d);
  return m ? stripTags(m[1] ?? '') : undefined;
}
function isoOf(yyyymmdd: string | undefined): string | undefined {
  return yyyymmdd && /^\d{8}$/.test(yyyymmdd)
    ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`
    : undefined;
}

function personName(block: string): string | undefined {
  const last = xmlText(block, 'last-name');
  const first = xmlText(block, 'first-name');
  return last ? `${first ?? ''}|${last}` : undefined;
}

function loadEn(): Doc[] {
  const docs: Doc[] = [];
  const src = 'us-uspto-random10k-pygrams';
  for (const line of readFileSync(join(DATA, src, 'USPTO-random-10000.jsonl'), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as {
      patent_id: string;
      abstract?: string;
      classifications_cpc?: string[];
      publication_date?: string;
    };
    const num = r.patent_id.split('-')[0] ?? '';
    docs.push({
      source: src,
      pubNo: num,
      abstract: r.abstract?.trim() || undefined,
      cpc: (r.classifications_cpc ?? []).map((c) => c.replace(/\s+/g, '')),
      pubDate: r.publication_date,
      year: r.publication_date ? Number(r.publication_date.slice(0, 4)) : undefined,
      kind: num.startsWith('USP') ? 'P' : num.startsWith('USR') ? 'E' : 'B',
    });
  }
  const xsrc = 'us-grant-xml-patentsview-fixtures';
  for (const f of readdirSync(join(DATA, xsrc)).filter((n) => n.endsWith('.xml'))) {
    // Documents are concatenated; a few contain nested <?xml …?> in embedded content, so split on the root.
    for (const d of readFileSync(join(DATA, xsrc, f), 'utf8')
      .split('<us-patent-grant ')
      .slice(1)) {
      const pubRef = /<publication-reference>([\s\S]*?)<\/publication-reference>/.exec(d)?.[1] ?? '';
      const appRef = /<application-reference[^>]*>([\s\S]*?)<\/application-reference>/.exec(d)?.[1] ?? '';
      const ipc: string[] = [];
      for (const m of d.matchAll(/<classification-ipcr>([\s\S]*?)<\/classification-ipcr>/g)) {
        const b = m[1] ?? '';
        ipc.push(
          `${xmlText(b, 'section') ?? ''}${xmlText(b, 'class') ?? ''}${xmlText(b, 'subclass') ?? ''}${xmlText(b, 'main-group') ?? ''}/${xmlText(b, 'subgroup') ?? ''}`,
        );
      }
      for (const m of d.matchAll(/<classification-ipc>([\s\S]*?)<\/classification-ipc>/g)) {
        const main = /<main-classification>\s*([A-H]\d\d[A-Z])\s*(\d+)\s*(\d\d)\s*<\/main-classification>/.exec(
          m[1] ?? '',
        );
        if (main) ipc.push(`${main[1]}${Number(main[2])}/${main[3]}`);
      }
      const inventors: string[] = [];
      for (const m of d.matchAll(/<inventor [^>]*>([\s\S]*?)<\/inventor>/g)) {
        const n = personName(m[1] ?? '');
        if (n) inventors.push(n);
      }
      const applicants: string[] = [];
      for (const m of d.matchAll(/<(?:us-)?applicant [^>]*>([\s\S]*?)<\/(?:us-)?applicant>/g)) {
        const whole = m[0];
        const n = personName(m[1] ?? '');
        if (n && /app-type="applicant-inventor"/.test(whole) && !inventors.includes(n)) inventors.push(n);
      }
      for (const m of d.matchAll(/<assignee>([\s\S]*?)<\/assignee>/g)) {
        const org = xmlText(m[1] ?? '', 'orgname');
        const p = personName(m[1] ?? '');
        if (org) applicants.push(org);
        else if (p) applicants.push(p.replace('|', ' '));
      }
      const claimsBlock = /<claims[^>]*>([\s\S]*?)<\/claims>/.exec(d)?.[1] ?? '';
      const descBlock = /<description[^>]*>([\s\S]*?)<\/description>/.exec(d)?.[1] ?? '';
      const pubNo = `US${xmlText(pubRef, 'doc-number') ?? ''}`;
      const pubDate = isoOf(xmlText(pubRef, 'date'));
      docs.push({
        source: xsrc,
        pubNo,
        kind: xmlText(pubRef, 'kind'),
        title: xmlText(d, 'invention-title'),
        abstract: xmlText(d, 'abstract'),
        claims: stripTags(claimsBlock),
        claimCount: (claimsBlock.match(/<claim /g) ?? []).length,
        description: stripTags(descBlock),
        applicants,
        inventors,
        ipc,
        appDate: isoOf(xmlText(appRef, 'date')),
        pubDate,
        year: pubDate ? Number(pubDate.slice(0, 4)) : undefined,
        priority: /<priority-claim /.test(d) || /<us-related-documents>/.test(d),
        citations: (d.match(/<(?:us-)?citation>/g) ?? []).length,
        agents: /<agent /.test(d),
        examiners: /<primary-examiner>/.test(d),
      });
    }
  }
  return docs;
}

// ---------- measuring ----------

const FIELDS = [
  'title',
  'abstract',
  'claims',
  'description',
  'keywords',
  'applicants',
  'inventors',
  'ipc',
  'cpc',
  'applicationDate',
  'publicationDate',
  'priority',
  'citations',
  'agents',
  'examiners',
] as const;

function has(d: Doc, f: (typeof FIELDS)[number]): boolean | undefined {
  switch (f) {
    case 'title':
      return d.title === undefined ? undefined : d.title.length > 0;
    case 'abstract':
      return d.abstract === undefined ? undefined : d.abstract.length > 0;
    case 'claims':
      return d.claims === undefined ? undefined : d.claims.length > 0;
    case 'description':
      return d.description === undefined ? undefined : d.description.length > 0;
    case 'keywords':
      return d.keywords === undefined ? undefined : d.keywords.length > 0;
    case 'applicants':
      return d.applicants === undefined ? undefined : d.applicants.length > 0;
    case 'inventors':
      return d.inventors === undefined ? undefined : d.inventors.length > 0;
    case 'ipc':
      return d.ipc === undefined ? undefined : d.ipc.length > 0;
    case 'cpc':
      return d.cpc === undefined ? undefined : d.cpc.length > 0;
    case 'applicationDate':
      return d.source === 'cn-cnki-material-chemistry' || d.source === 'us-grant-xml-patentsview-fixtures'
        ? Boolean(d.appDate)
        : undefined;
    case 'publicationDate':
      return d.pubDate === undefined ? (d.source.startsWith('us-') ? false : undefined) : true;
    case 'priority':
      return d.priority;
    case 'citations':
      return d.citations === undefined ? undefined : d.citations > 0;
    case 'agents':
      return d.agents;
    case 'examiners':
      return d.examiners;
  }
}

/** `sources`: share of all records of the language that have the field (what an import of these sources gives).
 *  `office`: share among the records whose source carries the field at all (what a full office feed gives). */
function presence(docs: Doc[]): { sources: PresenceTable; office: PresenceTable } {
  const sources: PresenceTable = {};
  const office: PresenceTable = {};
  for (const f of FIELDS) {
    let yes = 0;
    let carried = 0;
    for (const d of docs) {
      const h = has(d, f);
      if (h === undefined) continue;
      carried++;
      if (h) yes++;
    }
    sources[f] = round(yes / docs.length);
    office[f] = carried ? round(yes / carried) : 0;
  }
  return { sources, office };
}

function round(x: number, digits = 4): number {
  const p = 10 ** digits;
  return Math.round(x * p) / p;
}

function partyType(name: string): string {
  if (/大学|学院|University|College|School/i.test(name)) return 'university';
  if (/研究院|研究所|科学院|研究中心|实验室|Institute|Laborator|Research Center|Foundation/i.test(name))
    return 'institute';
  if (/局|委员会|政府|部$|Government|Secretary|Navy|Army|Administration|Agency/i.test(name)) return 'government';
  if (
    /株式会社|公司|集团|厂|企业|Inc\b|Corp|Company|Co\b|Ltd|LLC|L\.L\.C|GmbH|AG\b|S\.A\.|Limited|Kaisha|Technologies|AB\b|B\.V\.|N\.V\./i.test(
      name,
    )
  )
    return 'company';
  if (/^[\p{Script=Han}]{2,4}$/u.test(name) || /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(name)) return 'person';
  return 'other';
}

function dist(c: Counter, limit: number, minCount = 1): Distribution {
  return c.top(limit, minCount);
}

function measure(lang: 'zh' | 'en', docs: Doc[]): LanguageStats {
  const tok = lang === 'zh' ? zhTokens : enTokens;
  const tf = new Counter();
  const df = new Counter();
  const titleTf = new Counter();
  const titleEnd = new Counter();
  const openers = new Counter();
  const lengths: Record<'title' | 'abstract' | 'claims' | 'description', number[]> = {
    title: [],
    abstract: [],
    claims: [],
    description: [],
  };
  const claimCounts: number[] = [];
  const applicants = new Counter();
  const applicantsPerDoc: number[] = [];
  const inventorsPerDoc: number[] = [];
  const surnames = new Counter();
  const given = new Counter();
  const ipcSub = new Counter();
  const ipcSym = new Counter();
  const cpcSym = new Counter();
  const years = new Counter();
  const kinds = new Counter();
  const lagDays: Record<string, number[]> = {};
  const keywordsPerDoc: number[] = [];
  const citationsPerDoc: number[] = [];
  const heapsPoints: [number, number][] = [];
  let tokenChars = 0;
  let tokenCount = 0;
  let titled = 0;
  let titlePrefixed = 0;
  let textDocs = 0;
  for (const d of docs) {
    const words = new Set<string>();
    let n = 0;
    for (const field of ['title', 'abstract', 'claims'] as const) {
      const t = d[field];
      if (!t) continue;
      for (const w of tok(t)) {
        tf.add(w);
        words.add(w);
        n++;
        tokenChars += w.length;
      }
    }
    tokenCount += n;
    if (n >= 5) heapsPoints.push([Math.log(n), Math.log(words.size)]);
    if (words.size) {
      textDocs++;
      for (const w of words) df.add(w);
    }
    if (d.title) {
      titled++;
      const tt = tok(d.title);
      for (const w of tt) titleTf.add(w);
      const last = tt.at(-1);
      if (last) titleEnd.add(last);
      if (lang === 'zh' ? d.title.startsWith('一种') : /^(A|An|The)\b/.test(d.title)) titlePrefixed++;
    }
    if (d.abstract) {
      const m = lang === 'zh' ? /^(.{2,14}?)一种/.exec(d.abstract) : /^(.{2,30}?\b(?:a|an))\s/i.exec(d.abstract);
      openers.add(m ? (m[1] ?? '') : '');
    }
    for (const f of ['title', 'abstract', 'claims', 'description'] as const) {
      const t = d[f];
      if (t) lengths[f].push(lang === 'zh' ? [...t].length : tok(t).length);
    }
    if (d.claims && d.claimCount) claimCounts.push(d.claimCount);
    if (d.keywords?.length) keywordsPerDoc.push(d.keywords.length);
    if (d.citations) citationsPerDoc.push(d.citations);
    if (d.applicants?.length) {
      applicantsPerDoc.push(d.applicants.length);
      for (const a of d.applicants) applicants.add(a);
    }
    if (d.inventors?.length) {
      inventorsPerDoc.push(d.inventors.length);
      for (const n of d.inventors) {
        if (lang === 'zh') {
          const chars = [...n.trim()];
          const compound = chars.length >= 4 ? 2 : 1;
          surnames.add(chars.slice(0, compound).join(''));
          for (const ch of chars.slice(compound)) if (/\p{Script=Han}/u.test(ch)) given.add(ch);
        } else {
          const [first = '', last = ''] = n.split('|');
          if (last) surnames.add(last);
          if (first) given.add(first.split(' ')[0] ?? first);
        }
      }
    }
    for (const s of d.ipc ?? []) {
      ipcSub.add(s.slice(0, 4));
      if (s.length > 4) ipcSym.add(s);
    }
    for (const s of d.cpc ?? []) {
      cpcSym.add(s);
      if (!d.ipc) ipcSub.add(s.slice(0, 4));
    }
    if (d.year) years.add(String(d.year));
    if (d.kind) kinds.add(d.kind);
    if (d.appDate && d.pubDate) {
      const lag = Math.round((Date.parse(d.pubDate) - Date.parse(d.appDate)) / 86_400_000);
      if (lag > 0) (lagDays[d.kind ?? '?'] ??= []).push(lag);
    }
  }
  const vocab = tf.top(VOCAB_SIZE);
  const probes: Record<string, number> = {};
  for (const term of PROBE_TERMS[lang]) {
    const re = lang === 'zh' ? null : new RegExp(`\\b${term}\\b`, 'i');
    let hits = 0;
    for (const d of docs) {
      const text = [d.title, d.abstract, d.claims].filter(Boolean).join('\n');
      if (text && (re ? re.test(text) : text.includes(term))) hits++;
    }
    probes[term] = round(hits / textDocs, 5);
  }
  const applicantDist = applicants.top(lang === 'zh' ? 4000 : 400);
  let singletons = 0;
  for (const c of applicants.m.values()) if (c === 1) singletons++;
  const pres = presence(docs);
  return {
    records: docs.length,
    heaps: heapsFit(heapsPoints),
    tokenChars: round(tokenChars / Math.max(1, tokenCount), 3),
    textDocs,
    probes,
    vocab: { values: vocab.values, counts: vocab.counts, df: vocab.values.map((w) => df.m.get(w) ?? 0) },
    titleVocab: dist(titleTf, 5000, 2),
    titleEndings: dist(titleEnd, 300, 2),
    titlePrefixShare: round(titled ? titlePrefixed / titled : 0),
    abstractOpeners: dist(openers, 40, 3),
    lengths: {
      title: quantiles(lengths.title),
      abstract: quantiles(lengths.abstract),
      claims: quantiles(lengths.claims),
      description: quantiles(lengths.description),
    },
    lengthUnit: lang === 'zh' ? 'chars' : 'words',
    claimCount: quantiles(claimCounts),
    keywordsPerDoc: quantiles(keywordsPerDoc),
    citationsPerDoc: quantiles(citationsPerDoc),
    applicants: { ...applicantDist, types: applicantDist.values.map(partyType) },
    applicantNewShare: round(applicants.total ? singletons / applicants.total : 0),
    applicantsPerDoc: quantiles(applicantsPerDoc),
    inventorsPerDoc: quantiles(inventorsPerDoc),
    surnames: dist(surnames, 500),
    givenNames: dist(given, lang === 'zh' ? 500 : 800),
    ipcSubclasses: dist(ipcSub, 700),
    ipcSymbols: dist(ipcSym, 3000),
    cpcSymbols: dist(cpcSym, 4000, lang === 'en' ? 2 : 1),
    years: dist(years, 100),
    kinds: dist(kinds, 20),
    lagDays: Object.fromEntries(Object.entries(lagDays).map(([k, v]) => [k, quantiles(v)])),
    presence: pres,
  };
}

/** Least-squares fit of Heaps' law, distinct = k · tokens^beta, over the documents' (log n, log d) points. */
function heapsFit(points: [number, number][]): { k: number; beta: number } {
  const n = points.length || 1;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const beta = (n * sxy - sx * sy) / (n * sxx - sx * sx || 1);
  return { k: round(Math.exp((sy - beta * sx) / n)), beta: round(beta) };
}

/** US grant number → publication date anchors: the smallest utility number seen per year. */
function usGrantAnchors(docs: Doc[]): { year: number; first: number }[] {
  const first = new Map<number, number>();
  for (const d of docs) {
    const m = d.pubNo ? /^US0*(\d{7,8})$/.exec(d.pubNo) : null;
    if (!m || !d.year) continue;
    const n = Number(m[1]);
    first.set(d.year, Math.min(first.get(d.year) ?? Infinity, n));
  }
  return [...first].sort((a, b) => a[0] - b[0]).map(([year, f]) => ({ year, first: f }));
}

function main(): void {
  const added = loadKeyphraseDict();
  console.log(`jieba: ${added} KPPatent keyphrases added to the dictionary`);
  const zhDocs = loadZh();
  const merged = loadCollocations(zhDocs);
  console.log(`jieba: ${merged} frequent token pairs (e.g. 区块+链) added as words`);
  const enDocs = loadEn();
  const stats: CorpusStats = {
    version: 1,
    generatedBy: 'bench/scripts/derive-stats.ts',
    sources: [...new Set([...zhDocs, ...enDocs].map((d) => d.source))].map((id) => ({
      id,
      records: [...zhDocs, ...enDocs].filter((d) => d.source === id).length,
    })),
    zh: measure('zh', zhDocs),
    en: measure('en', enDocs),
    usGrantAnchors: usGrantAnchors(enDocs),
  };
  writeFileSync(OUT, JSON.stringify(stats) + '\n');
  const size = readFileSync(OUT).length;
  console.log(
    `wrote ${OUT}: ${(size / 1024).toFixed(0)} KiB; zh ${zhDocs.length} records, en ${enDocs.length} records`,
  );
}

main();
