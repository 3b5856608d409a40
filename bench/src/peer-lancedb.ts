/**
 * A peer engine for search.bench.ts (`--peer lancedb`): LanceDB's own full-text index (@lancedb/lancedb,
 * BM25 over its inverted index) on the same generated corpus, for the shapes it can express.
 *
 * The table, at bench/out/lancedb-<size>-<seed>-<profile>/, holds per record the id, the publication
 * number, title, abstract, claims and applicant names. Each text is written to a zh or an en column by
 * its language, because one column has one tokenizer:
 * - `<field>_zh`: base tokenizer `ngram`, 2 to 2 characters (the CJK bigrams our engine indexes too);
 *   a zh term of n ≥ 2 characters is all of its n−1 bigrams (MatchQuery, operator AND) in one column.
 *   The ngram tokenizer gives its grams no positions (a PhraseQuery on such a column treats `据处理数据`
 *   as holding `数据处理`), so the zh columns are indexed without positions and a zh phrase is the same
 *   AND of bigrams: a superset of the exact phrase. One character has no bigram: not expressible.
 *   (Unigrams too, ngram 1 to 2, would answer one character but make every bigram term an AND of three
 *   postings, one of them a character's; LanceDB's `jieba` tokenizer needs a dictionary downloaded
 *   into its model folder at run time, which this machine cannot fetch.)
 * - `<field>_en`: base tokenizer `simple`, lower case, English stemming (as our engine stems), no stop
 *   word removal, with positions: an en phrase is a PhraseQuery.
 * A term with a Han character is searched in the zh columns, any other in the en ones.
 *
 * Expressible: terms, phrases, AND / OR / NOT (BooleanQuery Must / Should / MustNot, nested) and the
 * text fields TI, AB, CLM, TIAB, TIABC (the default) and PA. Not expressed: one zh character,
 * truncation (`batter*`, `*conductor`: no wildcard or prefix query on a word index), proximity
 * (N/5, W/5: the zh columns have no positions; a PhraseQuery slop is not our W/n on en either),
 * date and number ranges, IPC / status / PN conditions (columns and SQL filters, not the FTS index),
 * and a NOT standing alone. Those shapes get no LanceDB time.
 *
 * LanceDB returns the best `limit` rows of a full-text search and no total: counting the matches
 * means fetching every match (limit = the table's size). The timed run is the top 20 by BM25; the
 * count is a separate, untimed-in-the-table call.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  BooleanQuery,
  Index,
  MatchQuery,
  Occur,
  Operator,
  PhraseQuery,
  connect,
  type FullTextQuery,
  type Table,
} from '@lancedb/lancedb';
import type { Patent } from '@patlas/contracts';
import { parseExpression, type QueryNode, type TermNode } from '@patlas/query';
import { generateCorpus, type FieldProfile } from '../corpus.js';
import { OUT_DIR } from './paths.js';
import type { BenchQuery } from './search-queries.js';

/** Bumped when the table's columns or index options change: an older table is rebuilt. */
const TABLE_VERSION = 2;
const TABLE = 'patents';
const BATCH = 10_000;
const PAGE_SIZE = 20;

const TEXT_FIELDS = ['title', 'abstract', 'claims', 'pa'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Lang = 'zh' | 'en';

/** Our field ids (packages/query fields.ts) → the text fields they read, as compile-query.ts maps them. */
const FIELD_COLUMNS: Record<string, readonly TextField[]> = {
  TI: ['title'],
  AB: ['abstract'],
  CLM: ['claims'],
  TIAB: ['title', 'abstract'],
  TIABC: ['title', 'abstract', 'claims'],
  PA: ['pa'],
};

const ZH_INDEX = {
  baseTokenizer: 'ngram',
  ngramMinLength: 2,
  ngramMaxLength: 2,
  prefixOnly: false,
  withPosition: false,
  lowercase: true,
  stem: false,
  removeStopWords: false,
  asciiFolding: false,
} as const;

const EN_INDEX = {
  baseTokenizer: 'simple',
  language: 'English',
  withPosition: true,
  lowercase: true,
  stem: true,
  removeStopWords: false,
  asciiFolding: true,
} as const;

const HAN = /\p{Script=Han}/u;

export interface LanceDbPeerOptions {
  size: number;
  seed: number;
  profile: FieldProfile;
  rebuild?: boolean;
  /** The bench's expressions: each one LanceDB can express becomes a shape. */
  queries: readonly BenchQuery[];
}

export interface LanceDbPeer {
  /** Per expressible shape: the top 20 by BM25; resolves to the rows returned (≤ 20). */
  shapes: Map<string, () => Promise<number>>;
  /** Per expressible shape: every match fetched (LanceDB has no count of a full-text search). */
  counts: Map<string, () => Promise<number>>;
  /** Shapes not expressed, with the reason. */
  skipped: Map<string, string>;
  /** Generation + insert + compaction + index build of the table (from the build, when reused). */
  buildSeconds: number;
  /** Of the index build alone. */
  indexSeconds: number;
  sizeBytes: number;
  reused: boolean;
  dir: string;
  rows: number;
  close(): void;
}

interface TableMeta {
  version: number;
  size: number;
  seed: number;
  profile: FieldProfile;
  buildSeconds: number;
  indexSeconds: number;
  builtAt: string;
}

type Row = Record<'id', number> & Record<'pn' | `${TextField}_${Lang}`, string>;

function langOf(text: { lang?: string; text: string }): Lang {
  if (text.lang) return text.lang.startsWith('zh') ? 'zh' : 'en';
  return HAN.test(text.text) ? 'zh' : 'en';
}

function toRow(patent: Patent, id: number): Row {
  const row = { id, pn: patent.publicationNumber } as Row;
  for (const field of TEXT_FIELDS) for (const lang of ['zh', 'en'] as const) row[`${field}_${lang}`] = '';
  for (const field of ['title', 'abstract', 'claims'] as const) {
    const text = patent[field];
    if (text) row[`${field}_${langOf(text)}`] = text.text;
  }
  // Applicant names by script: a Chinese name to the bigram column, a Latin one to the word column.
  const names = { zh: [] as string[], en: [] as string[] };
  for (const party of patent.applicants ?? []) names[HAN.test(party.name) ? 'zh' : 'en'].push(party.name);
  row.pa_zh = names.zh.join('；');
  row.pa_en = names.en.join('; ');
  return row;
}

function dirSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(p) : statSync(p).size;
  }
  return total;
}

async function buildTable(dir: string, options: LanceDbPeerOptions): Promise<TableMeta> {
  const { size, seed, profile } = options;
  console.log(`building the LanceDB peer table ${path.relative(process.cwd(), dir)} …`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const db = await connect(dir);
  let table: Table | undefined;
  let batch: Row[] = [];
  let id = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    if (table) await table.add(batch);
    else table = await db.createTable(TABLE, batch);
    batch = [];
  };
  for (const patent of generateCorpus({ count: size, seed, profile })) {
    batch.push(toRow(patent, id++));
    if (batch.length === BATCH) await flush();
  }
  await flush();
  if (!table) throw new Error('the LanceDB peer table is empty');
  // One fragment per added batch: compact them before indexing, as a loaded table would be, and drop
  // the versions the inserts left behind so the size on disk is the table's. (Not after indexing: an
  // optimize there rewrote every full-text index, and the table on disk held each one twice.)
  // This process is the table's only writer: files of the dropped versions can go at once.
  await table.optimize({ cleanupOlderThan: new Date(), deleteUnverified: true });
  const indexStart = performance.now();
  for (const field of TEXT_FIELDS) {
    await table.createIndex(`${field}_zh`, { config: Index.fts(ZH_INDEX) });
    await table.createIndex(`${field}_en`, { config: Index.fts(EN_INDEX) });
  }
  const now = performance.now();
  table.close();
  db.close();
  const meta: TableMeta = {
    version: TABLE_VERSION,
    size,
    seed,
    profile,
    buildSeconds: (now - started) / 1000,
    indexSeconds: (now - indexStart) / 1000,
    builtAt: new Date().toISOString(),
  };
  writeFileSync(path.join(dir, 'peer.json'), JSON.stringify(meta, null, 2));
  return meta;
}

/** One term in the columns of its field and script, or undefined when LanceDB cannot express it. */
function termQuery(term: TermNode): FullTextQuery | undefined {
  const fields = FIELD_COLUMNS[term.field ?? 'TIABC'];
  const value = term.value.trim();
  if (!fields || !value || /[*?]/.test(value)) return undefined;
  const zh = HAN.test(value);
  // Bigrams only: a single Han character (and nothing else) has no token in the zh columns.
  if (zh && value.replace(/\s+/g, '').length < 2) return undefined;
  const perColumn = fields.map((field): FullTextQuery => {
    const column = `${field}_${zh ? 'zh' : 'en'}`;
    if (!zh && term.phrase && /\s/.test(value)) return new PhraseQuery(value, column);
    return new MatchQuery(value, column, { operator: Operator.And });
  });
  if (perColumn.length === 1) return perColumn[0];
  return new BooleanQuery(perColumn.map((q): [Occur, FullTextQuery] => [Occur.Should, q]));
}

/** Our AST as a LanceDB full-text query, or undefined when a node has no LanceDB form. */
export function toLanceQuery(node: QueryNode): FullTextQuery | undefined {
  switch (node.kind) {
    case 'Term':
      return termQuery(node);
    case 'And': {
      const clauses: [Occur, FullTextQuery][] = [];
      for (const child of node.children) {
        const q = toLanceQuery(child.kind === 'Not' ? child.child : child);
        if (!q) return undefined;
        clauses.push([child.kind === 'Not' ? Occur.MustNot : Occur.Must, q]);
      }
      // LanceDB: "boolean query must have at least one should/must query".
      return clauses.some(([occur]) => occur === Occur.Must) ? new BooleanQuery(clauses) : undefined;
    }
    case 'Or': {
      const clauses: [Occur, FullTextQuery][] = [];
      for (const child of node.children) {
        const q = child.kind === 'Not' ? undefined : toLanceQuery(child);
        if (!q) return undefined;
        clauses.push([Occur.Should, q]);
      }
      return new BooleanQuery(clauses);
    }
    default:
      // Not alone, Near, Range, history references and SEM have no LanceDB full-text form.
      return undefined;
  }
}

/** Why a shape has no LanceDB query: the first node that has no LanceDB form. */
function whyNot(node: QueryNode): string {
  switch (node.kind) {
    case 'Term': {
      if (!FIELD_COLUMNS[node.field ?? 'TIABC']) return `field ${node.field ?? ''} is not in the full-text index`;
      if (/[*?]/.test(node.value)) return 'truncation: no wildcard or prefix query';
      return 'one zh character: no bigram to look up';
    }
    case 'And':
    case 'Or': {
      const bad = node.children.find((c) => !toLanceQuery(c.kind === 'Not' ? c.child : c));
      return bad ? whyNot(bad.kind === 'Not' ? bad.child : bad) : 'NOT in an OR, or no positive clause';
    }
    case 'Not':
      return 'NOT alone: a boolean query needs a must or should clause';
    case 'Near':
      return 'proximity: no positions on zh columns, no N/n or W/n query';
    case 'Range':
      return 'range: a SQL filter, not the full-text index';
    default:
      return `${node.kind}: no full-text form`;
  }
}

export async function openLanceDbPeer(options: LanceDbPeerOptions): Promise<LanceDbPeer> {
  const { size, seed, profile } = options;
  const dir = path.join(OUT_DIR, `lancedb-${size}-${seed}-${profile}`);
  const metaFile = path.join(dir, 'peer.json');
  let meta: TableMeta | undefined;
  let reused = false;
  if (!options.rebuild && existsSync(metaFile)) {
    const m = JSON.parse(readFileSync(metaFile, 'utf8')) as TableMeta;
    if (m.version === TABLE_VERSION && m.size === size && m.seed === seed && m.profile === profile) {
      console.log(`reusing ${path.relative(process.cwd(), dir)} (built ${m.builtAt})`);
      meta = m;
      reused = true;
    }
  }
  meta ??= await buildTable(dir, options);
  const db = await connect(dir);
  const table = await db.openTable(TABLE);
  const rows = await table.countRows();

  const shapes = new Map<string, () => Promise<number>>();
  const counts = new Map<string, () => Promise<number>>();
  const skipped = new Map<string, string>();
  for (const q of options.queries) {
    const parsed = parseExpression(q.expression);
    if (!parsed.ok) {
      skipped.set(q.shape, 'does not parse');
      continue;
    }
    const fts = toLanceQuery(parsed.ast);
    if (!fts) {
      skipped.set(q.shape, whyNot(parsed.ast));
      continue;
    }
    // `_score` selected: LanceDB adds it anyway and warns when it is not asked for.
    const search = (limit: number) => async (): Promise<number> =>
      (await table.query().fullTextSearch(fts).select(['id', '_score']).limit(limit).toArray()).length;
    shapes.set(q.shape, search(PAGE_SIZE));
    counts.set(q.shape, search(Math.max(rows, 1)));
  }
  return {
    shapes,
    counts,
    skipped,
    buildSeconds: meta.buildSeconds,
    indexSeconds: meta.indexSeconds,
    sizeBytes: dirSize(dir),
    reused,
    dir,
    rows,
    close: () => {
      table.close();
      db.close();
    },
  };
}
