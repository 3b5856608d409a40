import type Database from 'better-sqlite3';
import type { Patent } from '@patlas/contracts';
import { numberKeysForLookup } from '../../analysis/patent-numbers.js';
import { recordVersion } from '../../record-version.js';
import type { StoredTexts } from './compile-query.js';
import { FTS_COLUMNS, keptPostings, TITLE_COLUMNS, type KeptPostings } from './index-schema.js';
import { analyseDoc, publicationKey, type AnalysedDoc, type IndexablePatent } from './index-tokens.js';
import { ownMatchIds } from './postings/own-match.js';
import { SegmentPostings } from './postings/segment-store.js';
import { PostingsWriter } from './postings/segment-writer.js';

/**
 * A record analysed for the index, serialised as the writer stores it: analysis (tokens, JSON)
 * runs wherever the caller likes (a worker thread in a bulk load), the writer only writes.
 */
export interface PreparedDoc {
  /** The publication key (upsert key). */
  readonly pn: string;
  /** JSON of the result row (DocRow), without the abstract when the app store holds the texts. */
  readonly row: string;
  /** JSON of the stored texts, or '' when the app store holds them (SqliteEngineOptions.textSource). */
  readonly texts: string;
  /** JSON of the column values (DocColumnValues). */
  readonly cols: string;
  /** FTS5 token strings in FTS_COLUMNS order. */
  readonly fts: readonly string[];
  /** The record's version (recordVersion of its JSON), compared with the store's by a verify pass. */
  readonly version: string;
}

export interface PreparedBatch {
  readonly docs: readonly PreparedDoc[];
  /** Latin words and their stems, for wildcard expansion (the `vocab` table). */
  readonly words: readonly (readonly [string, string])[];
}

export interface PrepareOptions {
  /** The app store holds these records' texts: the index keeps no copy of them. */
  readonly textsInStore?: boolean;
  /**
   * Words already handed to the writer by this preparer: not sent again (each costs the writer a
   * lookup). Cleared when it grows past `MAX_SEEN_WORDS`, so memory stays bounded.
   */
  readonly seenWords?: Set<string>;
}

const MAX_SEEN_WORDS = 200_000;

/** The texts verification, highlighting and semantic vectors read, as index-tokens.ts joins them. */
export function storedTextsOf(doc: Pick<Patent, 'title' | 'abstract' | 'claims'>): StoredTexts {
  const full = (t: Patent['title']): string => (t ? [t.text, ...Object.values(t.translations ?? {})].join('\n') : '');
  return { ti: full(doc.title), ab: full(doc.abstract), clm: full(doc.claims) };
}

/**
 * The record as the store keeps it, without the value score the index is given beside it: the
 * version must equal the store's (recordVersion of its JSON), whatever the score.
 */
function recordOf(doc: IndexablePatent): Patent {
  if (doc.valueScore === undefined) return doc;
  const { valueScore: _valueScore, ...record } = doc;
  return record;
}

/** Analyses records and serialises what the writer stores (pure: runs in any thread). */
export function prepareDocs(
  docs: readonly IndexablePatent[],
  options: PrepareOptions = {},
): { batch: PreparedBatch; analysed: AnalysedDoc[] } {
  const vocab = new Map<string, string>();
  const analysed = docs.map((doc) => analyseDoc(doc, vocab));
  const prepared = analysed.map((a, i): PreparedDoc => {
    // The store holds the abstract too: the row keeps what result lists and analyses read (loadRows).
    const { abstract: _abstract, ...rowWithoutAbstract } = a.row;
    return {
      pn: a.pn,
      row: JSON.stringify(options.textsInStore ? rowWithoutAbstract : a.row),
      texts: options.textsInStore ? '' : JSON.stringify(a.texts),
      cols: JSON.stringify(a.cols),
      fts: FTS_COLUMNS.map((c) => a.fts[c]),
      version: recordVersion(JSON.stringify(recordOf(docs[i] as IndexablePatent))),
    };
  });
  const seen = options.seenWords;
  if (seen && seen.size > MAX_SEEN_WORDS) seen.clear();
  const words: [string, string][] = [];
  for (const [word, stem] of vocab) {
    if (seen?.has(word)) continue;
    seen?.add(word);
    words.push([word, stem]);
  }
  return { batch: { docs: prepared, words }, analysed };
}

/** A word backwards, by code point: `vocab.rev`, what a left truncation reads (index-schema.ts v9). */
export function reversedWord(word: string): string {
  return Array.from(word).reverse().join('');
}

/** Where the title table's columns sit in a prepared document's `fts` values. */
const TITLE_FTS_INDEXES = TITLE_COLUMNS.map((c) => FTS_COLUMNS.indexOf(c));

/**
 * FTS5 merge settings of a bulk load. Each flush of FTS5's pending terms writes a segment, and
 * automerge rewrites a level's segments into one of the next level once `automerge` of them pile
 * up, so every posting is rewritten once per level: merging 16 at a time instead of 4 halves the
 * levels (about a quarter less writer time on Chinese claims, measured on the bench `full` profile).
 * `crisismerge` (a whole level merged at once, in one transaction) must stay above it, or every
 * merge becomes one: a 1M-record load then wrote level merges of gigabytes into a single WAL.
 */
/**
 * `hashsize`: FTS5 flushes its pending terms as a segment once they take this much memory. A
 * quarter of the 1 MB default made 60k Chinese `full` records' FTS5 data 6 % smaller and was no
 * slower to write; 4 MB and 32 MB were 20–50 % slower (the pending-term hash outgrows the CPU cache).
 */
const BULK_FTS_CONFIG = { automerge: 16, crisismerge: 64, hashsize: 256 * 1024 } as const;
/** FTS5's defaults, restored when a bulk load ends (and at open, after a crash mid-load). */
export const DEFAULT_FTS_CONFIG = { automerge: 4, crisismerge: 16, hashsize: 1024 * 1024 } as const;

type FtsConfig = Readonly<Record<'automerge' | 'crisismerge' | 'hashsize', number>>;

/** Sets FTS5's persistent merge settings (stored in the index file, shared by every connection). */
export function setFtsConfig(db: Database.Database, config: FtsConfig): void {
  // FTS5 takes its commands as literals only (a bound value is a "logic error").
  for (const [key, value] of Object.entries(config)) {
    db.exec(`INSERT INTO fts (fts, rank) VALUES ('${key}', ${Math.trunc(value)})`);
  }
}

/** Restores FTS5's default merge settings when a bulk load that did not finish left its own behind. */
export function resetFtsConfig(db: Database.Database): void {
  const set = db
    .prepare("SELECT k, v FROM fts_config WHERE k IN ('automerge', 'crisismerge', 'hashsize')")
    .raw()
    .all() as [keyof FtsConfig, number][];
  if (set.some(([k, v]) => DEFAULT_FTS_CONFIG[k] !== v)) setFtsConfig(db, DEFAULT_FTS_CONFIG);
}

/**
 * Writes prepared records into the index tables of one connection: the engine's own (index())
 * or a bulk load's writer thread (index-worker.ts), so both paths store the same rows.
 */
export class IndexWriter {
  private readonly stmt;
  private readonly writeBatch: Database.Transaction<(batch: PreparedBatch) => number[]>;
  private readonly removeIds: Database.Transaction<(ids: readonly number[]) => void>;
  /** The engine's own postings (issue 44), written beside FTS5's in the same transactions. */
  private postingsWriter: PostingsWriter | undefined;
  /** Reads this file's own postings when it keeps no FTS5 postings (idsOf). */
  private ownReader: SegmentPostings | undefined;

  constructor(private readonly db: Database.Database) {
    this.stmt = {
      idByPn: db.prepare('SELECT id FROM docs WHERE pn = ?').pluck(),
      insertDoc: db.prepare('INSERT INTO docs (pn, row, texts, version) VALUES (?, ?, ?, ?)'),
      updateDoc: db.prepare('UPDATE docs SET row = ?, texts = ?, version = ? WHERE id = ?'),
      deleteDoc: db.prepare('DELETE FROM docs WHERE id = ?'),
      upsertCols: db.prepare('INSERT OR REPLACE INTO doc_cols (id, cols) VALUES (?, ?)'),
      deleteCols: db.prepare('DELETE FROM doc_cols WHERE id = ?'),
      insertFts: db.prepare(
        `INSERT INTO fts (rowid, ${FTS_COLUMNS.join(', ')}) VALUES (?, ${FTS_COLUMNS.map(() => '?').join(', ')})`,
      ),
      deleteFts: db.prepare('DELETE FROM fts WHERE rowid = ?'),
      // The title table (index-schema.ts v9): every document has a row, so its row count is the main table's.
      insertTitle: db.prepare(`INSERT INTO fts_title (rowid, ${TITLE_COLUMNS.join(', ')}) VALUES (?, ?, ?)`),
      deleteTitle: db.prepare('DELETE FROM fts_title WHERE rowid = ?'),
      insertWord: db.prepare('INSERT OR IGNORE INTO vocab (word, stem, rev) VALUES (?, ?, ?)'),
      match: db.prepare('SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid').pluck(),
      // The engine's own postings, recorded by the `patlas` tokenizer as FTS5 indexes (issue 44).
      postDoc: db.prepare('SELECT patlas_post_doc(?)'),
      // A file keeping only its own postings: the document's token strings go to the collector alone.
      postIndex: db.prepare(`SELECT patlas_post_index(?, ${FTS_COLUMNS.map(() => '?').join(', ')})`),
      takeLengths: db.prepare('SELECT patlas_post_lengths()').pluck(),
      takePostings: db.prepare('SELECT patlas_post_take()').pluck(),
    };
    this.writeBatch = db.transaction((batch: PreparedBatch): number[] => {
      const ids: number[] = [];
      // The last version of each document in the batch, indexed in id order: the postings
      // collector (native/patlas-postings.c) gap-codes ids as FTS5 hands it their tokens.
      const byId = new Map<number, PreparedDoc>();
      for (const doc of batch.docs) {
        const existing = this.stmt.idByPn.get(doc.pn) as number | undefined;
        let id: number;
        if (existing !== undefined) {
          // contentless_delete: the old tokens go without being given again.
          if (!byId.has(existing) && this.kept !== 'own') {
            this.stmt.deleteFts.run(existing);
            this.stmt.deleteTitle.run(existing);
          }
          this.stmt.updateDoc.run(doc.row, doc.texts, doc.version, existing);
          id = existing;
        } else {
          id = Number(this.stmt.insertDoc.run(doc.pn, doc.row, doc.texts, doc.version).lastInsertRowid);
        }
        this.stmt.upsertCols.run(id, doc.cols);
        byId.set(id, doc);
        ids.push(id);
      }
      const written = [...byId.keys()].sort((x, y) => x - y);
      for (const id of written) {
        const doc = byId.get(id) as PreparedDoc;
        if (this.kept === 'own') {
          this.stmt.postIndex.run(id, ...doc.fts);
          continue;
        }
        if (this.recordsPostings) this.stmt.postDoc.run(id);
        this.stmt.insertFts.run(id, ...doc.fts);
        this.stmt.insertTitle.run(id, ...TITLE_FTS_INDEXES.map((i) => doc.fts[i]));
      }
      if (this.recordsPostings) {
        // The lengths first: taking the postings forgets them.
        const lengths = this.stmt.takeLengths.get() as Buffer;
        this.postings.writeCollected(this.stmt.takePostings.get() as Buffer, written, lengths);
      }
      for (const [word, stem] of batch.words) this.stmt.insertWord.run(word, stem, reversedWord(word));
      return ids;
    });
    this.removeIds = db.transaction((ids: readonly number[]) => {
      for (const id of ids) {
        if (this.kept !== 'own') {
          this.stmt.deleteFts.run(id);
          this.stmt.deleteTitle.run(id);
        }
        this.stmt.deleteDoc.run(id);
        this.stmt.deleteCols.run(id);
      }
      if (this.recordsPostings) this.postings.writeSegment([], ids);
    });
  }

  /** Whether this file keeps the engine's own postings (index-schema.ts `postings`), read on first write. */
  private get recordsPostings(): boolean {
    return this.kept !== 'fts5';
  }

  /** The postings this file keeps (index-schema.ts), read on first write. */
  private get kept(): KeptPostings {
    return (this.postingsKept ??= keptPostings(this.db));
  }

  private postingsKept: KeptPostings | undefined;

  /** Prepared on first write: a read-only engine may open a file written before the postings existed. */
  private get postings(): PostingsWriter {
    return (this.postingsWriter ??= new PostingsWriter(this.db));
  }

  /** Adds or replaces records (by publication key) in one transaction; answers their ids, in order. */
  write(batch: PreparedBatch): number[] {
    // IMMEDIATE: the write lock is taken (waiting out busy_timeout) before the first read. A deferred
    // transaction reads first (idByPn), and when another connection commits meanwhile (the engine
    // storing a batch's semantic vectors while a bulk load's writer thread writes the next batch)
    // SQLite cannot upgrade it and answers "database is locked" at once, without waiting.
    const ids = this.writeBatch.immediate(batch);
    if (this.recordsPostings) this.postings.mergeFull();
    return ids;
  }

  /** Ids of records by publication number in any written form (undefined when not indexed). */
  idsOf(publicationNumbers: readonly string[]): (number | undefined)[] {
    return publicationNumbers.map((pn) => {
      const id = this.stmt.idByPn.get(publicationKey(pn)) as number | undefined;
      if (id !== undefined) return id;
      const keys = numberKeysForLookup(pn).map((k) => `"${k.toLowerCase()}"`);
      if (keys.length === 0) return undefined;
      const match = `{pn}: (${keys.join(' OR ')})`;
      if (this.kept === 'own') return ownMatchIds((this.ownReader ??= new SegmentPostings(this.db)), match)[0];
      const found = this.stmt.match.all(match) as number[];
      return found[0];
    });
  }

  /** Removes records by publication number (any written form); answers the ids removed. */
  remove(publicationNumbers: readonly string[]): number[] {
    const ids = [...new Set(this.idsOf(publicationNumbers).filter((x): x is number => x !== undefined))];
    this.removeIds.immediate(ids);
    if (this.recordsPostings) this.postings.mergeFull();
    return ids;
  }

  /** Removes records by their exact publication key (`docs.pn`, as a verify pass lists them); answers the ids removed. */
  removeKeys(keys: readonly string[]): number[] {
    const ids = [
      ...new Set(keys.map((k) => this.stmt.idByPn.get(k) as number | undefined).filter((x) => x !== undefined)),
    ];
    this.removeIds.immediate(ids);
    if (this.recordsPostings) this.postings.mergeFull();
    return ids;
  }

  /** Bulk-load merge settings on; `endBulk` restores the defaults. */
  beginBulk(): void {
    setFtsConfig(this.db, BULK_FTS_CONFIG);
  }

  endBulk(): void {
    setFtsConfig(this.db, DEFAULT_FTS_CONFIG);
  }
}
