import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { POSTINGS_SCHEMA } from './postings/postings-schema.js';

/**
 * Physical schema of the SQLite back end, versioned: a file written by another version is
 * rebuilt from the records the server re-imports (the engine is an index, not the store).
 *
 * - `fts`: a contentless FTS5 table (no stored copy of the text: DESIGN "65% of the FTS5 file is
 *   its stored copy"), contentless_delete for upserts. Every searchable field is a column of
 *   pre-analysed tokens (index-tokens.ts), so any boolean mix of text, party, class, number and
 *   keyword conditions compiles to one MATCH.
 * - `docs`: one row per record: the result row (JSON) and the title/abstract/claims text used for
 *   highlighting and exact verification of proximity and CJK wildcards.
 * - `doc_cols`: the column values (dates, counts, facet values, group keys) loaded into memory at
 *   open (doc-columns.ts), in their own table: scanning them out of `docs` read every record's
 *   texts too (v1: 6–13 s to open 1M records; ~0.3 KB of 3 KB per record is needed).
 * - `vocab`: every indexed Latin word with its stem, to expand `batter*` / `wom?n` into stems.
 *
 * v4: doc_cols also holds the analysis dimensions (class tokens, assignees, agents, applicant places).
 * v5: columns for legal events and the parties/numbers of litigation, licence, transfer, pledge and
 *     reexamination records; doc_cols holds their dates and the defence-declassified flag and date.
 * v6: no 1-character prefix index, and claims as column 0 (bench `full` profile, 20k Chinese
 *     records: 11.1 → 6.4 KB of FTS5 data per record, writes ~25 % faster). The prefix index only
 *     served a lone CJK character (`锂*`, rare in patent queries), which FTS5 still answers by
 *     scanning the terms that start with it. FTS5 writes a column marker (2 bytes) before every
 *     position list outside column 0: claims hold most of a record's tokens.
 * v7: `docs.version`, the version (record-version.ts) of the record each row was indexed from, which
 *     `patlas index verify` compares with the store's.
 * v8: `pastd`, the applicants' standardised names (the PA-STD field: the vendor's 标准化申请人, else
 *     the name as written), and the applicantStandard dimension in doc_cols (docs/companies.md).
 * v9: `fts_title`, the title table: the same columns as `fts`, holding only the title columns (ti,
 *     tiw) of every document. Title conditions (TI=…) and the title-newest ranking of large hit
 *     sets walk its short doclists instead of the whole-text doclists of `fts` (a term in the
 *     titles of 5 % of the corpus is in the claims of half of it). Scores stay those of `fts`
 *     (patlas_title_bm25 reads the main table's lengths; native/patlas-fts.c). `vocab.rev`, each
 *     word reversed and indexed: a left truncation (`*conductor`) reads an index range instead of
 *     every word of the vocabulary.
 * v10: the `ab` column also holds a record's own key words (`keywords`: the English key words of the
 *     cn-g06f-cpc records), so AB, TIAB, TIABC and the default field find them (issue 43).
 *     Also v10: doc_cols hold `drw` (the record's drawing count) and `ftx` (1 when it has claims or
 *     description text), for the result page's set-wide content counts (issue 43). A row without
 *     them reads as unknown; the new version rebuilds older indexes so every row has them.
 *     Also v10: `applicantPairs` in doc_cols, each applicant's standardised and written name together (the
 *     applicantPair facet: the written names a merged applicant facet lists, docs/companies.md).
 * v11: `patype` and `pacc`, the applicants' types (company, university …) and countries or regions
 *     (CN, HK …; a Chinese province without a country reads as CN): the PA-TYPE and PA-CC fields
 *     (docs/company-fields.md).
 * v12: `tprob`, `tmeans`, `teff`: the technical problem, means and effect sentences extracted at
 *     index time (text-mining/problem-means-effect.ts; the TPROB / TMEANS / TEFFECT fields), and the
 *     `effect` dimension in doc_cols (the effect terms, columns of the technology–effect matrix).
 * v13: `post_segs`, `post_blocks` and `post_pos`, the engine's own postings of every FTS5 column (postings/segment-store.ts,
 *     issue 44): document lists, occurrence counts and positions per (column, token), and a document
 *     list per CJK character, in a file created with them (index_meta `postings` = 1). `fts` then
 *     tokenizes through `patlas` (native/patlas-postings.c), which wraps unicode61 and records the
 *     same tokens for those postings.
 * v14: `post_segs.lens`: each segment document's token counts in the ranked text fields (clm, ti, ab,
 *     desc, tiw), for BM25F on the engine's own postings (postings/own-rank.ts).
 * `index_meta` (no new version: any file gets it on open) holds the index's identity.
 */
export const INDEX_SCHEMA_VERSION = 14;

/** The columns the title table fills; every other column of it stays empty. */
export const TITLE_COLUMNS = ['ti', 'tiw'] as const satisfies readonly FtsColumn[];

/** FTS5 columns in order; bm25 weights follow the same order. */
export const FTS_COLUMNS = [
  'clm', 'ti', 'ab', 'desc', 'tiw',
  'pa', 'asg', 'inv', 'agt', 'agc', 'addr', 'prov', 'city',
  'ipc', 'ipcm', 'cpc', 'loc',
  'ls', 'pt', 'cc', 'kd',
  'an', 'pn', 'pr', 'fam', 'cit', 'cited',
  'lit', 'plg', 'lic', 'trf', 'rex',
  'le', 'litcn', 'litct', 'litpl', 'litdf', 'litrs',
  'licor', 'licee', 'lict', 'trfor', 'trfee', 'plgor', 'plgee', 'rexrq', 'rexn', 'rext',
  'pastd',
  'patype', 'pacc', 'tprob', 'tmeans', 'teff',
] as const; // prettier-ignore
export type FtsColumn = (typeof FTS_COLUMNS)[number];

/** BM25 field weights: title first, then the jieba title words, abstract, claims, description. */
const WEIGHTS: Partial<Record<FtsColumn, number>> = { ti: 10, tiw: 6, ab: 4, clm: 2, desc: 1 };
export const BM25_WEIGHTS: readonly number[] = FTS_COLUMNS.map((c) => WEIGHTS[c] ?? 0.5);

/** Text fields whose text `docs.texts` keeps (verification and highlights). */
export const STORED_TEXT_COLUMNS = ['ti', 'ab', 'clm'] as const;
export type StoredTextColumn = (typeof STORED_TEXT_COLUMNS)[number];

/**
 * Which postings a file keeps (index_meta `postings`, chosen when it is created): FTS5's only
 * (`0`), FTS5's and the engine's own (`1`: `fts` tokenizes through `patlas` and every write
 * records both), or the engine's own only (`2`: the FTS5 tables stay empty, issue 44).
 */
export type KeptPostings = 'fts5' | 'both' | 'own';

const KEPT_POSTINGS_CODE: Record<KeptPostings, string> = { fts5: '0', both: '1', own: '2' };

/** Creates (or brings to this version) the index tables; `postings` as the file is to keep them when new. */
export function createIndexSchema(db: Database.Database, options: { postings?: KeptPostings } = {}): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version !== 0 && version !== INDEX_SCHEMA_VERSION) {
    db.exec(
      'DROP TABLE IF EXISTS fts; DROP TABLE IF EXISTS fts_title; DROP TABLE IF EXISTS docs; DROP TABLE IF EXISTS doc_cols; DROP TABLE IF EXISTS vocab; DROP TABLE IF EXISTS index_meta; DROP TABLE IF EXISTS post_segs; DROP TABLE IF EXISTS post_blocks; DROP TABLE IF EXISTS post_pos; DROP TABLE IF EXISTS post_skips;',
    );
  }
  db.exec(`
    CREATE TABLE IF NOT EXISTS docs (
      id INTEGER PRIMARY KEY,
      pn TEXT NOT NULL UNIQUE,
      row TEXT NOT NULL,
      texts TEXT NOT NULL,
      version TEXT
    );
    CREATE TABLE IF NOT EXISTS doc_cols (id INTEGER PRIMARY KEY, cols TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS vocab (word TEXT PRIMARY KEY, stem TEXT NOT NULL, rev TEXT NOT NULL) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS vocab_rev ON vocab (rev);
    CREATE TABLE IF NOT EXISTS index_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  `);
  db.prepare("INSERT OR IGNORE INTO index_meta (key, value) VALUES ('postings', ?)").run(
    KEPT_POSTINGS_CODE[options.postings ?? 'fts5'],
  );
  const tokenizer = keptPostings(db) === 'both' ? 'patlas unicode61' : 'unicode61';
  db.exec(`
    CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(
      ${FTS_COLUMNS.join(', ')},
      content='', contentless_delete=1, tokenize='${tokenizer} remove_diacritics 0'
    );
    CREATE VIRTUAL TABLE IF NOT EXISTS fts_title USING fts5(
      ${FTS_COLUMNS.join(', ')},
      content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0'
    );
  `);
  db.exec(POSTINGS_SCHEMA);
  // This index's identity: a column snapshot (column-snapshot.ts) is used only by the index it was written from.
  db.prepare("INSERT OR IGNORE INTO index_meta (key, value) VALUES ('id', ?)").run(randomUUID());
  db.pragma(`user_version = ${INDEX_SCHEMA_VERSION}`);
}

/** The postings this file keeps (createIndexSchema `postings`). */
export function keptPostings(db: Database.Database): KeptPostings {
  let code: unknown;
  try {
    code = db.prepare("SELECT value FROM index_meta WHERE key = 'postings'").pluck().get();
  } catch {
    return 'fts5';
  }
  return code === '2' ? 'own' : code === '1' ? 'both' : 'fts5';
}

/** True when this file keeps the engine's own postings (with FTS5's or alone). */
export function ownPostingsRecorded(db: Database.Database): boolean {
  return keptPostings(db) !== 'fts5';
}

/** The identity createIndexSchema gave this index file; undefined for a file written before it existed. */
export function indexIdOf(db: Database.Database): string | undefined {
  try {
    return db.prepare("SELECT value FROM index_meta WHERE key = 'id'").pluck().get() as string | undefined;
  } catch {
    return undefined;
  }
}
