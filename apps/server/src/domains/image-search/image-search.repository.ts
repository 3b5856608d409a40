import type { Kysely, Selectable } from 'kysely';
import type { Database, ImageSearchesTable } from '../../db/schema.js';
import type { DrawingFeatures } from './image-features.js';
import type { IndexedDrawing } from './image-ranking.js';

export type ImageSearchRow = Selectable<ImageSearchesTable>;

export function encodeVector(vector: Float32Array): string {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString('base64');
}

export function decodeVector(base64: string): Float32Array {
  const bytes = Buffer.from(base64, 'base64');
  // Copy into an aligned buffer: a Buffer's offset in its pool need not be a multiple of 4.
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

/** A drawing's features to store, or the reason it could not be read. */
export type DrawingFeatureRecord =
  | { file: string; publicationNumber: string; features: DrawingFeatures }
  | { file: string; publicationNumber: string; error: string };

/** The drawing feature index (drawing_features) and the image searches (image_searches). */
export class ImageSearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The files already indexed by this feature model (rows with an error count: they are not retried). */
  async indexedFiles(model: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('drawing_features').select('file').where('model', '=', model).execute();
    return new Set(rows.map((r) => r.file));
  }

  async saveFeatures(records: readonly DrawingFeatureRecord[], model: string, now: string): Promise<void> {
    if (records.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('drawing_features')
        .where(
          'file',
          'in',
          records.map((r) => r.file),
        )
        .execute();
      await trx
        .insertInto('drawing_features')
        .values(
          records.map((r) => ({
            file: r.file,
            publication_number: r.publicationNumber,
            phash: 'features' in r ? r.features.phash : null,
            embedding: 'features' in r ? encodeVector(r.features.embedding) : null,
            model,
            error: 'error' in r ? r.error.slice(0, 500) : null,
            created_at: now,
          })),
        )
        .execute();
    });
  }

  /** Drops rows of drawings that are no longer in the store (a re-imported patent with other sheets). */
  async deleteFiles(files: readonly string[]): Promise<void> {
    for (let i = 0; i < files.length; i += 500) {
      await this.db
        .deleteFrom('drawing_features')
        .where('file', 'in', files.slice(i, i + 500))
        .execute();
    }
  }

  /** Every usable drawing of the index (the searchable set), in a stable order. */
  async loadIndex(model: string): Promise<IndexedDrawing[]> {
    const rows = await this.db
      .selectFrom('drawing_features')
      .select(['file', 'publication_number', 'phash', 'embedding'])
      .where('model', '=', model)
      .where('embedding', 'is not', null)
      .orderBy('file')
      .execute();
    return rows.map((r) => ({
      file: r.file,
      publicationNumber: r.publication_number,
      phash: r.phash ?? '0000000000000000',
      embedding: decodeVector(r.embedding ?? ''),
    }));
  }

  async countIndexed(model: string): Promise<number> {
    const row = await this.db
      .selectFrom('drawing_features')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('model', '=', model)
      .where('embedding', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertSearch(row: ImageSearchRow, keepPerUser: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('image_searches').values(row).execute();
      if (row.user_id === null) return;
      const stale = await trx
        .selectFrom('image_searches')
        .select('key')
        .where('user_id', '=', row.user_id)
        .orderBy('created_at', 'desc')
        .orderBy('key', 'desc')
        .offset(keepPerUser)
        .limit(1000)
        .execute();
      if (stale.length > 0) {
        await trx
          .deleteFrom('image_searches')
          .where(
            'key',
            'in',
            stale.map((r) => r.key),
          )
          .execute();
      }
    });
  }

  findSearch(key: string): Promise<ImageSearchRow | undefined> {
    return this.db.selectFrom('image_searches').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** A search ranked again: its results, the index size and the query (which holds the filters it ran under). */
  async updateResults(key: string, results: string, indexedDrawings: number, query: string): Promise<void> {
    await this.db
      .updateTable('image_searches')
      .set({ results, indexed_drawings: indexedDrawings, query })
      .where('key', '=', key)
      .execute();
  }

  /** A user's image searches, newest first, without the stored query features. */
  listByUser(userId: string, limit: number) {
    return this.db
      .selectFrom('image_searches')
      .select(['key', 'file_name', 'thumbnail', 'results', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('key', 'desc')
      .limit(limit)
      .execute();
  }

  async clearUser(userId: string): Promise<number> {
    const result = await this.db.deleteFrom('image_searches').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Searches created before the cutoff (ISO time) are removed; answers how many. */
  async deleteCreatedBefore(cutoff: string): Promise<number> {
    const result = await this.db.deleteFrom('image_searches').where('created_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
