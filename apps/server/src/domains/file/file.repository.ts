import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, FileUploadsTable, UserFilesTable } from '../../db/schema.js';

export type UserFileRow = Selectable<UserFilesTable>;
export type FileUploadRow = Selectable<FileUploadsTable>;

/**
 * My files and the chunked uploads under way (domains/file). Every read names its owner: a user
 * never reaches another user's rows through here. Child rows are removed explicitly (SQLite runs
 * without foreign-key enforcement).
 */
export class FileRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // ---- stored files ----

  async insertFile(row: UserFileRow): Promise<void> {
    await this.db.insertInto('user_files').values(row).execute();
  }

  findFile(userId: string, id: string): Promise<UserFileRow | undefined> {
    return this.db
      .selectFrom('user_files')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async countFiles(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('user_files')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Bytes of the user's stored files. */
  async storedBytes(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('user_files')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('bytes'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }

  /** A page of the user's files, newest first; `name`: part of the name, any case. */
  async pageFiles(
    userId: string,
    filter: { name?: string | undefined },
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: UserFileRow[] }> {
    let query = this.db.selectFrom('user_files').where('user_id', '=', userId);
    const name = filter.name?.trim();
    if (name) {
      const like = `%${name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where(sql<boolean>`lower(file_name) like ${like} escape '\\'`);
    }
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count.n), rows };
  }

  async renameFile(userId: string, id: string, fileName: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('user_files')
      .set({ file_name: fileName, updated_at: nowIso })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Deletes the user's files among `ids`; answers the rows deleted (their bytes are the caller's to remove). */
  async deleteFiles(userId: string, ids: readonly string[]): Promise<UserFileRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('user_files')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .execute();
    if (rows.length === 0) return [];
    await this.db
      .deleteFrom('user_files')
      .where('user_id', '=', userId)
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows;
  }

  // ---- chunked uploads ----

  async insertUpload(row: FileUploadRow): Promise<void> {
    await this.db.insertInto('file_uploads').values(row).execute();
  }

  findUpload(userId: string, id: string): Promise<FileUploadRow | undefined> {
    return this.db
      .selectFrom('file_uploads')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The user's latest unfinished upload of a file, by its MD5 and its slicing. */
  findOpenUpload(
    userId: string,
    identifier: string,
    totalChunks: number,
    chunkSize: number,
  ): Promise<FileUploadRow | undefined> {
    return this.db
      .selectFrom('file_uploads')
      .selectAll()
      .where('user_id', '=', userId)
      .where('identifier', '=', identifier)
      .where('total_chunks', '=', totalChunks)
      .where('chunk_size', '=', chunkSize)
      .where('state', '=', 'receiving')
      .orderBy('updated_at', 'desc')
      .executeTakeFirst();
  }

  /** Records a piece (again: a resent piece replaces the first) and touches the upload. */
  async putChunk(uploadId: string, chunkNumber: number, size: number, nowIso: string): Promise<void> {
    await this.db
      .insertInto('file_upload_chunks')
      .values({ upload_id: uploadId, chunk_number: chunkNumber, size, received_at: nowIso })
      .onConflict((oc) => oc.columns(['upload_id', 'chunk_number']).doUpdateSet({ size, received_at: nowIso }))
      .execute();
    await this.db.updateTable('file_uploads').set({ updated_at: nowIso }).where('id', '=', uploadId).execute();
  }

  /** The user's unfinished uploads (receiving or being assembled). */
  async countOpenUploads(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('file_uploads')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Bytes of the pieces the user's unfinished uploads hold. */
  async openUploadBytes(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('file_upload_chunks')
      .innerJoin('file_uploads', 'file_uploads.id', 'file_upload_chunks.upload_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('file_upload_chunks.size'), eb.lit(0)).as('bytes'))
      .where('file_uploads.user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }

  /** The size of a piece already received (a resent piece replaces it), or 0. */
  async chunkBytes(uploadId: string, chunkNumber: number): Promise<number> {
    const row = await this.db
      .selectFrom('file_upload_chunks')
      .select('size')
      .where('upload_id', '=', uploadId)
      .where('chunk_number', '=', chunkNumber)
      .executeTakeFirst();
    return row ? Number(row.size) : 0;
  }

  async chunkNumbers(uploadId: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('file_upload_chunks')
      .select('chunk_number')
      .where('upload_id', '=', uploadId)
      .orderBy('chunk_number')
      .execute();
    return rows.map((r) => Number(r.chunk_number));
  }

  /** Moves an upload from receiving to assembling; false when another request already did (it assembles). */
  async claimAssembly(uploadId: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('file_uploads')
      .set({ state: 'assembling', updated_at: nowIso })
      .where('id', '=', uploadId)
      .where('state', '=', 'receiving')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteUpload(uploadId: string): Promise<void> {
    await this.db.deleteFrom('file_upload_chunks').where('upload_id', '=', uploadId).execute();
    await this.db.deleteFrom('file_uploads').where('id', '=', uploadId).execute();
  }

  /** Uploads whose last piece arrived before `beforeIso` (abandoned: their pieces are removed). */
  async staleUploadIds(beforeIso: string): Promise<string[]> {
    const rows = await this.db.selectFrom('file_uploads').select('id').where('updated_at', '<', beforeIso).execute();
    return rows.map((r) => r.id);
  }

  async uploadExists(uploadId: string): Promise<boolean> {
    const row = await this.db.selectFrom('file_uploads').select('id').where('id', '=', uploadId).executeTakeFirst();
    return row !== undefined;
  }
}
