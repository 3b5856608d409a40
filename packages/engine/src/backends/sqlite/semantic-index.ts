import { existsSync, renameSync, rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import usearch from 'usearch';
import type { TextEmbedder } from '../../semantic/embedder.js';
import {
  combinedVector,
  packFieldVectors,
  termCounts,
  unpackFieldVectors,
  weightedSimilarity,
  type FieldWeights,
} from '../../semantic/hybrid.js';
import {
  deserialiseLsaModel,
  embedTerms,
  serialiseLsaModel,
  termRow,
  trainLsaModel,
  type LsaModel,
} from '../../semantic/lsa-model.js';
import { corpusIdf, type WordVectors } from '../../semantic/word-vectors.js';
import { sampleIndexes } from '../../linear-algebra/random.js';
import type { DocTerms } from '../../text-mining/terms.js';
import type { SemanticBuildOptions, SemanticStatus } from '../../search-engine.js';
import type { StoredTexts } from './compile-query.js';

const { Index, MetricKind, ScalarKind } = usearch;
type VectorIndex = InstanceType<typeof Index>;

/** A document found near a query vector. */
export interface NeighbourHit {
  readonly id: number;
  readonly similarity: number;
}

/**
 * Exact similarity of the stored field vectors (`sem_vecs`, `dims` each) of these documents under
 * the user's weights; `vecs` selects `id, v` for a JSON array of ids. Shared by the writer's
 * SemanticIndex and the search workers' read-only connections.
 */
export function storedSimilarities(
  vecs: Database.Statement,
  query: Float32Array,
  ids: readonly number[],
  weights: FieldWeights,
  dims: number,
): Map<number, number> {
  const out = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = JSON.stringify(ids.slice(i, i + 1000));
    for (const [id, blob] of vecs.all(chunk) as [number, Buffer][]) {
      out.set(id, weightedSimilarity(query, unpackFieldVectors(blob, dims), weights));
    }
  }
  return out;
}

/** Selects `id, v` of the stored field vectors for a JSON array of ids (storedSimilarities). */
export const SELECT_VECTORS_SQL = 'SELECT id, v FROM sem_vecs WHERE id IN (SELECT value FROM json_each(?))';

/** Documents per slice of a build's sampling, and the most a fold slice takes (the event loop runs between slices). */
const SAVE_BATCH = 100;
/**
 * The work a slice of the fold does before it yields to the event loop (issue 40: p99 delay ≤ 50 ms).
 * Each slice also commits its vectors: 10 ms slices made a fresh start's fill ~2.5× longer in all.
 */
const FOLD_SLICE_MS = 25;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function newVectorIndex(dims: number): VectorIndex {
  return new Index({
    dimensions: dims,
    metric: MetricKind.Cos,
    quantization: ScalarKind.F16,
    connectivity: 16,
    expansion_add: 128,
    expansion_search: 256,
    multi: false,
  });
}

function fieldTexts(texts: StoredTexts): string[] {
  return [texts.ti, texts.ab, texts.clm];
}

/**
 * The vector side of the SQLite back end. Per patent, unit vectors of its title, abstract and
 * claims (int8, `sem_vecs`, so the user's field weights can re-score candidates exactly) and, in
 * an HNSW index (usearch, f16, saved next to the engine file as `<file>.usearch`), their mean for
 * nearest-neighbour search: about 0.2 ms a query at 10k vectors and sub-linear after (DEPS-TRIED
 * measured recall@10 0.999). The LSA model lives in `sem_model`; an external embedder replaces it.
 */
export class SemanticIndex {
  private model: LsaModel | undefined;
  private vectors: VectorIndex | undefined;
  private dirty = false;
  private building = false;
  private closed = false;
  private readonly stmt;

  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
    private readonly external: TextEmbedder | undefined,
    /** The engine's index schema version: vectors are keyed by its doc ids, which a rebuild renumbers. */
    schemaVersion: number,
    /** The stored texts of documents (the engine reads them from its copy or from the app store). */
    private readonly loadTexts: (ids: readonly number[]) => Map<number, StoredTexts>,
    /** The shipped word vectors: query expansion, and term weights when no LSA model is in use. */
    readonly wordVectors?: WordVectors,
  ) {
    db.exec(`
      CREATE TABLE IF NOT EXISTS sem_model (k TEXT PRIMARY KEY, v BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS sem_vecs (id INTEGER PRIMARY KEY, v BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS sem_pending (id INTEGER PRIMARY KEY);
    `);
    this.stmt = {
      get: db.prepare('SELECT v FROM sem_model WHERE k = ?').pluck(),
      put: db.prepare('INSERT OR REPLACE INTO sem_model (k, v) VALUES (?, ?)'),
      putVec: db.prepare('INSERT OR REPLACE INTO sem_vecs (id, v) VALUES (?, ?)'),
      delVec: db.prepare('DELETE FROM sem_vecs WHERE id = ?'),
      countVecs: db.prepare('SELECT count(*) FROM sem_vecs').pluck(),
      vecs: db.prepare(SELECT_VECTORS_SQL).raw(),
      allVecs: db.prepare('SELECT id, v FROM sem_vecs ORDER BY id').raw(),
      ids: db.prepare('SELECT id FROM docs ORDER BY id').pluck(),
      putPending: db.prepare('INSERT OR IGNORE INTO sem_pending (id) VALUES (?)'),
      delPending: db.prepare('DELETE FROM sem_pending WHERE id = ?'),
      firstPending: db.prepare('SELECT id FROM sem_pending ORDER BY id LIMIT ?').pluck(),
    };
    const keyedBy = this.stmt.get.get('schema') as Buffer | undefined;
    if (keyedBy?.toString() !== String(schemaVersion)) {
      db.exec('DELETE FROM sem_vecs; DELETE FROM sem_pending');
      this.removeVectorFile();
      this.stmt.put.run('schema', Buffer.from(String(schemaVersion)));
    }
    const modelName = (this.stmt.get.get('embedder') as Buffer | undefined)?.toString();
    if (external) {
      if (modelName !== external.name) this.reset(external.name);
    } else if (modelName?.startsWith('lsa')) {
      const meta = this.stmt.get.get('lsa_meta') as Buffer | undefined;
      const idf = this.stmt.get.get('lsa_idf') as Buffer | undefined;
      const vec = this.stmt.get.get('lsa_vectors') as Buffer | undefined;
      if (meta && idf && vec) this.model = deserialiseLsaModel(meta.toString(), idf, vec);
    } else if (modelName) {
      // Vectors of an external model that is no longer configured: useless to the LSA space.
      this.reset(undefined);
    }
    if (this.dims > 0) this.vectors = this.openVectorIndex();
  }

  /** Dimensions of the vectors in use; 0 before a model exists. */
  get dims(): number {
    return this.external?.dims ?? this.model?.dims ?? 0;
  }

  get ready(): boolean {
    return this.vectors !== undefined && (this.external !== undefined || this.model !== undefined);
  }

  status(): SemanticStatus {
    return {
      model: this.external ? this.external.name : this.model ? `lsa-${this.model.dims}` : null,
      dims: this.dims,
      vectors: this.vectors?.size() ?? 0,
      trainedOn: this.model?.trainedOn ?? 0,
      building: this.building,
    };
  }

  /**
   * IDF of a term (key terms of a query): from the LSA model, else from the shipped vectors'
   * training counts (log of the corpus' tokens over the word's, by its written form); undefined
   * for an unknown term or no model.
   */
  idfOf(key: string, form = key): number | undefined {
    if (this.model) {
      const row = termRow(this.model, key);
      return row === undefined ? undefined : this.model.idf[row];
    }
    return this.wordVectors ? corpusIdf(this.wordVectors, form) : undefined;
  }

  private get vectorFile(): string | undefined {
    return this.file === ':memory:' ? undefined : `${this.file}.usearch`;
  }

  private removeVectorFile(): void {
    if (this.vectorFile) rmSync(this.vectorFile, { force: true });
  }

  private reset(embedderName: string | undefined): void {
    this.db.exec("DELETE FROM sem_vecs; DELETE FROM sem_pending; DELETE FROM sem_model WHERE k LIKE 'lsa_%'");
    if (embedderName) this.stmt.put.run('embedder', Buffer.from(embedderName));
    else this.db.prepare("DELETE FROM sem_model WHERE k = 'embedder'").run();
    this.removeVectorFile();
    this.model = undefined;
  }

  /** The saved HNSW file when it holds every stored vector, else rebuilt from `sem_vecs`. */
  private openVectorIndex(): VectorIndex {
    const index = newVectorIndex(this.dims);
    const stored = this.stmt.countVecs.get() as number;
    const file = this.vectorFile;
    if (file && existsSync(file)) {
      try {
        index.load(file);
        if (index.size() === stored) return index;
      } catch {
        // A file from a crash or another version: rebuilt below.
      }
    }
    const rebuilt = newVectorIndex(this.dims);
    for (const [id, blob] of this.stmt.allVecs.iterate() as Iterable<[number, Buffer]>) {
      const v = combinedVector(unpackFieldVectors(blob, this.dims), this.dims);
      if (v) rebuilt.add(BigInt(id), v);
    }
    this.dirty = true;
    return rebuilt;
  }

  /** The unit vector of a text, or undefined when the model has nothing to say about it. */
  async embed(text: string): Promise<Float32Array | undefined> {
    if (this.external) return (await this.external.embed([text]))[0];
    if (!this.model) return undefined;
    return embedTerms(this.model, termCounts(text).counts);
  }

  private async fieldVectors(docs: readonly StoredTexts[]): Promise<(Float32Array | undefined)[][]> {
    if (this.external) {
      const flat = await this.external.embed(docs.flatMap((t) => fieldTexts(t).map((s) => s.slice(0, 8000))));
      return docs.map((_, i) => flat.slice(i * 3, i * 3 + 3));
    }
    const model = this.model;
    if (!model) return [];
    return docs.map((t) => fieldTexts(t).map((s) => (s ? embedTerms(model, termCounts(s).counts) : undefined)));
  }

  /**
   * Folds documents into the space (new or changed ones); a no-op before a model exists. A long
   * list (a bulk load's batch, a repair) goes in slices of ~FOLD_SLICE_MS of work, each its own
   * transaction, yielding between them: embedding and HNSW insertion of 1,000 full records held
   * the HTTP thread 2.1–2.7 s in one piece.
   */
  async add(docs: readonly { id: number; texts: StoredTexts }[]): Promise<void> {
    for (let start = 0; start < docs.length;) {
      if (!this.ready || this.closed) return;
      const slice = docs.slice(start, start + this.perSlice);
      const started = performance.now();
      const vectors = await this.fieldVectors(slice.map((d) => d.texts));
      // Closed while an external embedder worked: the database is gone.
      if (this.closed) return;
      this.insert(slice, vectors);
      start += slice.length;
      this.pace(performance.now() - started, slice.length);
      if (start < docs.length) await yieldToLoop();
    }
  }

  /** Documents per slice for ~FOLD_SLICE_MS of work, at the rate of the last slice (one at least). */
  private perSlice = 1;

  private pace(elapsedMs: number, count: number): void {
    const msEach = elapsedMs / Math.max(1, count);
    this.perSlice = Math.max(1, Math.min(SAVE_BATCH, Math.floor(FOLD_SLICE_MS / Math.max(msEach, 0.01))));
  }

  private insert(docs: readonly { id: number }[], vectors: readonly (Float32Array | undefined)[][]): void {
    const index = this.vectors as VectorIndex;
    this.db.transaction(() => {
      docs.forEach((d, i) => {
        const fields = vectors[i] ?? [];
        const key = BigInt(d.id);
        if (index.contains(key)) index.remove(key);
        const combined = combinedVector(fields, this.dims);
        // Embedded now, with or without a vector: no longer waiting for one.
        this.stmt.delPending.run(d.id);
        if (!combined) {
          this.stmt.delVec.run(d.id);
          return;
        }
        this.stmt.putVec.run(d.id, packFieldVectors(fields, this.dims));
        index.add(key, combined);
      });
    })();
    this.dirty = true;
  }

  /**
   * Documents (new or rewritten) whose vectors `fill` computes later: a bulk import's rate then
   * holds the keyword index alone (the embedding, ~0.6 ms of CPU a full record, was most of an
   * import's main thread). A rewritten document's old vector goes now. A no-op before a model exists
   * (its build embeds every document).
   */
  defer(ids: readonly number[]): void {
    if (!this.ready || ids.length === 0) return;
    const index = this.vectors as VectorIndex;
    this.db.transaction(() => {
      for (const id of ids) {
        if (index.contains(BigInt(id))) {
          index.remove(BigInt(id));
          this.dirty = true;
        }
        this.stmt.delVec.run(id);
        this.stmt.putPending.run(id);
      }
    })();
  }

  /**
   * Computes the vectors `defer` left, in slices that yield to the event loop (the server answers
   * meanwhile; semantic searches see each slice as it lands). Stops at close; returns how many
   * documents it embedded.
   */
  async fill(signal?: AbortSignal): Promise<number> {
    if (!this.ready || this.building) return 0;
    this.building = true;
    try {
      return await this.foldPending(signal);
    } finally {
      this.building = false;
      if (!this.closed) this.save();
    }
  }

  remove(ids: readonly number[]): void {
    const index = this.vectors;
    this.db.transaction(() => {
      for (const id of ids) {
        this.stmt.delPending.run(id);
        this.stmt.delVec.run(id);
        if (index?.contains(BigInt(id))) index.remove(BigInt(id));
      }
    })();
    if (ids.length > 0) this.dirty = true;
  }

  /**
   * (Re)builds the space: learns the LSA model from a sample of the indexed documents (skipped
   * with an external embedder), then folds every document in. Runs in slices so the process keeps
   * answering; searches meanwhile use the previous vectors, or keywords alone before the first model.
   */
  async build(options: SemanticBuildOptions = {}): Promise<SemanticStatus> {
    if (this.building) return this.status();
    this.building = true;
    try {
      await this.learnAndFold(options);
    } finally {
      this.building = false;
    }
    return this.status();
  }

  private async learnAndFold(options: SemanticBuildOptions): Promise<void> {
    const ids = this.stmt.ids.all() as number[];
    let model: LsaModel | undefined;
    if (!this.external) {
      const sampleSize = Math.min(ids.length, options.sampleSize ?? 20_000);
      const picked = Array.from(sampleIndexes(ids.length, sampleSize, 1), (i) => ids[i] as number);
      const sample: DocTerms[] = [];
      for (let i = 0; i < picked.length; i += SAVE_BATCH) {
        if (this.closed) return;
        for (const texts of this.loadTexts(picked.slice(i, i + SAVE_BATCH)).values()) {
          sample.push(termCounts(fieldTexts(texts).join('\n')));
        }
        options.onProgress?.(sample.length, picked.length + ids.length);
        await yieldToLoop();
      }
      if (sample.length < 2) return;
      model = await trainLsaModel(sample, options.dims === undefined ? {} : { dims: options.dims });
    }
    // Swap in the new space; documents indexed from here on fold into it as they arrive.
    const dims = this.external?.dims ?? (model as LsaModel).dims;
    this.db.transaction(() => {
      // Every document is folded in below, through the pending list: a build cut short (a restart)
      // leaves the rest there, and the next fill carries on from it.
      this.db.exec('DELETE FROM sem_vecs; DELETE FROM sem_pending; INSERT INTO sem_pending (id) SELECT id FROM docs');
      if (model) {
        const s = serialiseLsaModel(model);
        this.stmt.put.run('embedder', Buffer.from(`lsa-${model.dims}`));
        this.stmt.put.run('lsa_meta', Buffer.from(s.meta));
        this.stmt.put.run('lsa_idf', s.idf);
        this.stmt.put.run('lsa_vectors', s.vectors);
      } else if (this.external) {
        this.stmt.put.run('embedder', Buffer.from(this.external.name));
      }
    })();
    this.model = model;
    this.vectors = newVectorIndex(dims);
    this.dirty = true;
    await this.foldPending(undefined, (done) => options.onProgress?.(ids.length + done, 2 * ids.length));
    if (!this.closed) this.save();
  }

  /**
   * Embeds the pending documents a slice at a time, yielding between slices; returns how many. A
   * slice holds as many documents as fit in FOLD_SLICE_MS at the rate of the last one (embedding
   * and HNSW insertion cost ~1–20 ms a full record, more as the index grows and the machine is
   * busy), so the HTTP thread, which shares the HNSW index with it, answers within ~FOLD_SLICE_MS.
   */
  private async foldPending(signal?: AbortSignal, onSlice?: (done: number) => void): Promise<number> {
    let done = 0;
    for (;;) {
      if (this.closed || signal?.aborted) break;
      const ids = this.stmt.firstPending.all(this.perSlice) as number[];
      if (ids.length === 0) break;
      // Each slice reads its texts just before it embeds them: a record re-indexed meanwhile is read as it is now.
      const texts = this.loadTexts(ids);
      // add() takes them off the list (and paces the next slice); a document removed meanwhile has no
      // texts, and only leaves it.
      await this.add([...texts].map(([id, t]) => ({ id, texts: t })));
      if (this.closed) break;
      const gone = ids.filter((id) => !texts.has(id));
      if (gone.length > 0) {
        this.db.transaction(() => {
          for (const id of gone) this.stmt.delPending.run(id);
        })();
      }
      done += texts.size;
      onSlice?.(done);
      await yieldToLoop();
    }
    return done;
  }

  /** The `k` nearest documents by the combined vector (approximate, HNSW). */
  nearest(query: Float32Array, k: number): NeighbourHit[] {
    const index = this.vectors;
    if (!index || index.size() === 0) return [];
    const found = index.search(query, Math.min(k, index.size()), 0);
    return Array.from(found.keys, (key, i) => ({ id: Number(key), similarity: 1 - (found.distances[i] as number) }));
  }

  /** Exact similarity under the user's weights for these documents (those without vectors are left out). */
  similarities(query: Float32Array, ids: readonly number[], weights: FieldWeights): Map<number, number> {
    return storedSimilarities(this.stmt.vecs, query, ids, weights, this.dims);
  }

  /** Stops a build in progress (at its next slice) and saves the vectors. */
  close(): void {
    this.closed = true;
    this.save();
  }

  /** Writes the HNSW index when it changed (atomically: a crash leaves the previous file). */
  save(): void {
    const file = this.vectorFile;
    if (!file || !this.vectors || !this.dirty) return;
    this.vectors.save(`${file}.tmp`);
    renameSync(`${file}.tmp`, file);
    this.dirty = false;
  }
}
