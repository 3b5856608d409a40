import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  allowedExtensionOf,
  MAX_UPLOAD_BATCH_FILES,
  MAX_USER_FILE_NAME_LENGTH,
  MAX_USER_FILES,
  MY_FILE_TYPES,
  UPLOAD_STALE_HOURS,
  UploadChunkParamSchema,
  UploadWholeParamSchema,
  type Language,
  type MyFile,
  type MyFileListResponse,
  type UploadChunkParam,
  type UploadResult,
  type UploadState,
} from '@patlas/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { checkXlsxBuffer, XlsxLimitError } from '../../files/xlsx-guard.js';
import type { Clock } from '../../kernel/clock.js';
import type { FileRepository, FileUploadRow, UserFileRow } from './file.repository.js';

export interface FileServiceDeps {
  repository: FileRepository;
  /** Stored files: <filesDir>/<user id>/<file id>; pieces of uploads under way: <filesDir>/.parts/<upload id>/<n>. */
  filesDir: string;
  /** The largest file (FILE_UPLOAD_MAX_BYTES, default MAX_USER_FILE_BYTES). */
  maxFileBytes: number;
  /**
   * Bytes one account may hold, its unfinished uploads' pieces included (FILE_STORAGE_MAX_BYTES,
   * default DEFAULT_USER_STORAGE_BYTES).
   */
  maxStorageBytes: number;
  now: Clock;
  log?: FastifyBaseLogger | undefined;
}

/** The download call of a file (under /api/product). */
export function downloadPathOf(fileId: string): string {
  return `/file/my/file/download/${encodeURIComponent(fileId)}`;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  rtf: 'application/rtf',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
};

/** Characters no file name may hold: path separators, Windows' reserved ones, control characters. */
// eslint-disable-next-line no-control-regex
const BAD_NAME_CHARACTERS = /[/\\:*?"<>|\u0000-\u001f\u007f]/;

const HOUR_MS = 60 * 60 * 1000;

/** "5MB": a byte count as the spec writes its limit (whole MB when it is one). */
export function formatLimit(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  if (Number.isInteger(mb)) return `${mb}MB`;
  const kb = bytes / 1024;
  return Number.isInteger(kb) ? `${kb}KB` : `${bytes}B`;
}

/** "4.8MB", "12KB", "300B": an amount of storage in its largest whole-enough unit. */
export function formatSize(bytes: number): string {
  const units: [string, number][] = [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ];
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))}${unit}`;
  }
  return `${bytes}B`;
}

/** The first issue of a zod parse as FILE_CHUNK_PARAM_INVALID. */
function paramError(error: z.ZodError, raw: unknown, lang: Language): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || 'param';
  const key = issue?.path[0];
  const isMissing =
    typeof raw !== 'object' ||
    raw === null ||
    (typeof key === 'string' && (raw as Record<string, unknown>)[key] == null);
  const reason = isMissing ? (lang === 'zh' ? '缺失' : 'is missing') : (issue?.message ?? '');
  return new AppError('FILE_CHUNK_PARAM_INVALID', { field, reason });
}

/** The `param` form field as JSON; a missing or broken one is FILE_CHUNK_PARAM_INVALID. */
function parseParamJson(raw: string | undefined, lang: Language): unknown {
  if (raw === undefined || raw.trim() === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new AppError('FILE_CHUNK_PARAM_INVALID', {
      field: 'param',
      reason: lang === 'zh' ? '不是合法的 JSON' : 'is not valid JSON',
    });
  }
}

/** The spec's chunk flag: "true"/"1" chunked; absent, "false" or "0" a whole file. */
export function isChunkFlag(raw: string | undefined): boolean {
  return raw !== undefined && /^(true|1)$/i.test(raw.trim());
}

/**
 * My files (issue 22; spec 2 §3, §5, §7, §8, §9): chunked and whole uploads into the user's
 * files, with resume (the pieces an unfinished upload holds), the MD5 check on assembly, the
 * list, rename, delete and download. Every call is scoped to the caller: another user's files
 * and uploads answer "not found".
 */
export class FileService {
  private readonly partsDir: string;

  constructor(private readonly deps: FileServiceDeps) {
    this.partsDir = path.join(deps.filesDir, '.parts');
  }

  get maxFileBytes(): number {
    return this.deps.maxFileBytes;
  }

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  private tooLarge(): AppError {
    return new AppError('FILE_TOO_LARGE', { max: formatLimit(this.deps.maxFileBytes) });
  }

  /** Spec 2 §5 upload check: the name's type must be one of MY_FILE_TYPES. */
  private extensionOf(fileName: string): string {
    const ext = allowedExtensionOf(fileName);
    if (!ext) throw new AppError('FILE_TYPE_NOT_ALLOWED', { types: MY_FILE_TYPES.join(', ') });
    return ext;
  }

  /** A name as stored: trimmed, not empty, no separators or control characters, not too long. */
  private cleanName(fileName: string): string {
    const name = fileName.trim();
    if (!name || name.length > MAX_USER_FILE_NAME_LENGTH || BAD_NAME_CHARACTERS.test(name) || /^\.+$/.test(name)) {
      throw new AppError('FILE_NAME_INVALID', { max: MAX_USER_FILE_NAME_LENGTH });
    }
    return name;
  }

  /** Room for `adding` more files: unfinished uploads count as the files they will be (issue 41 §7). */
  private async checkRoom(userId: string, adding: number): Promise<void> {
    const { repository } = this.deps;
    const held = (await repository.countFiles(userId)) + (await repository.countOpenUploads(userId));
    if (held + adding > MAX_USER_FILES) {
      throw new AppError('FILE_STORAGE_FULL', { max: MAX_USER_FILES });
    }
  }

  /**
   * Room for `adding` more bytes: the stored files and every piece the user's unfinished uploads
   * hold count (issue 41 §7: pieces of uploads never finished counted for nothing, so an account
   * could fill the disk with them). `replacing`: bytes the write replaces (a resent piece).
   */
  private async checkBytes(userId: string, adding: number, replacing = 0): Promise<void> {
    const { repository, maxStorageBytes } = this.deps;
    const used = (await repository.storedBytes(userId)) + (await repository.openUploadBytes(userId)) - replacing;
    if (used + adding > maxStorageBytes) {
      throw new AppError('FILE_STORAGE_QUOTA_EXCEEDED', {
        max: formatSize(maxStorageBytes),
        used: formatSize(used),
        size: formatSize(adding),
        hours: UPLOAD_STALE_HOURS,
      });
    }
  }

  /**
   * Guards of a type that another part of Patlas may unpack: an .xlsx goes through the zip-bomb
   * guard (files/xlsx-guard.ts) before it is kept.
   */
  private async checkContent(file: Buffer, fileName: string, ext: string, lang: Language): Promise<void> {
    if (ext !== 'xlsx') return;
    try {
      await checkXlsxBuffer(file, lang);
    } catch (err) {
      if (err instanceof XlsxLimitError)
        throw new AppError('FILE_UNACCEPTABLE', { name: fileName, reason: err.reason });
      throw err;
    }
  }

  private toMyFile(row: UserFileRow): MyFile {
    return {
      fileId: row.id,
      fileName: row.file_name,
      type: row.file_type,
      size: Number(row.size),
      md5: row.md5,
      url: downloadPathOf(row.id),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  /** Writes a stored file's bytes and records it. */
  private async store(
    userId: string,
    file: Buffer,
    meta: { fileName: string; ext: string; md5: string; documentType: string | null; dirId: string | null },
  ): Promise<MyFile> {
    const id = randomUUID();
    const storageKey = `${userId}/${id}`;
    const target = path.join(this.deps.filesDir, storageKey);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}.tmp`, file);
    await rename(`${target}.tmp`, target);
    const now = this.nowIso();
    const row: UserFileRow = {
      id,
      user_id: userId,
      file_name: meta.fileName,
      file_type: meta.ext,
      size: file.length,
      md5: meta.md5,
      storage_key: storageKey,
      document_type: meta.documentType,
      dir_id: meta.dirId,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.deps.repository.insertFile(row);
    } catch (err) {
      await rm(target, { force: true });
      throw err;
    }
    return this.toMyFile(row);
  }

  // ---- uploads ----

  /**
   * POST /file/my/file/upload: one multipart request of the uploader. `chunk` true: one piece of
   * a chunked upload with the spec's `param`; false: one to MAX_UPLOAD_BATCH_FILES whole files.
   */
  async upload(
    userId: string,
    form: { files: { file: Buffer; filename: string }[]; fields: Record<string, string> },
    lang: Language,
  ): Promise<UploadResult> {
    const raw = parseParamJson(form.fields.param, lang);
    if (!isChunkFlag(form.fields.chunk)) return this.uploadWhole(userId, form.files, raw, lang);
    if (form.files.length > 1) throw new AppError('FILE_COUNT_EXCEEDED', { max: 1 });
    const parsed = UploadChunkParamSchema.safeParse(raw);
    if (!parsed.success) throw paramError(parsed.error, raw, lang);
    return this.receiveChunk(userId, parsed.data, form.files[0]!.file, lang);
  }

  private async uploadWhole(
    userId: string,
    files: { file: Buffer; filename: string }[],
    raw: unknown,
    lang: Language,
  ): Promise<UploadResult> {
    if (files.length > MAX_UPLOAD_BATCH_FILES)
      throw new AppError('FILE_COUNT_EXCEEDED', { max: MAX_UPLOAD_BATCH_FILES });
    const parsed = UploadWholeParamSchema.safeParse(raw);
    if (!parsed.success) throw paramError(parsed.error, raw, lang);
    const param = parsed.data;
    // Every file is checked before any is kept: a batch is stored whole or not at all.
    const checked = [];
    for (const { file, filename } of files) {
      const fileName = this.cleanName(files.length === 1 && param.fileName ? param.fileName : filename);
      const ext = this.extensionOf(fileName);
      if (file.length > this.deps.maxFileBytes) throw this.tooLarge();
      const md5 = createHash('md5').update(file).digest('hex');
      if (files.length === 1 && param.identifier && param.identifier.toLowerCase() !== md5) {
        throw new AppError('FILE_MD5_MISMATCH');
      }
      await this.checkContent(file, fileName, ext, lang);
      checked.push({ file, fileName, ext, md5 });
    }
    await this.checkRoom(userId, checked.length);
    await this.checkBytes(
      userId,
      checked.reduce((sum, item) => sum + item.file.length, 0),
    );
    const stored: MyFile[] = [];
    for (const item of checked) {
      stored.push(
        await this.store(userId, item.file, {
          ...item,
          documentType: param.documentType == null ? null : String(param.documentType),
          dirId: param.dirId || null,
        }),
      );
    }
    const first = stored[0]!;
    return {
      uploadId: first.fileId,
      key: first.fileId,
      fileName: first.fileName,
      complete: true,
      uploadedChunks: [1],
      files: stored,
    };
  }

  /** The size rules of a piece: every piece but the last is chunkSize bytes, and the file fits the limit. */
  private checkChunk(param: UploadChunkParam, chunk: Buffer): void {
    const { chunkNumber, totalChunks, chunkSize, currentChunkSize } = param;
    if ((totalChunks - 1) * chunkSize + 1 > this.deps.maxFileBytes) throw this.tooLarge();
    if (chunkNumber > totalChunks) {
      throw new AppError('FILE_CHUNK_OUT_OF_RANGE', { number: chunkNumber, total: totalChunks });
    }
    // currentChunkSize is what the client sliced; fewer bytes arrived: the transfer was cut.
    if (chunk.length !== currentChunkSize) {
      throw new AppError('FILE_CHUNK_SIZE_MISMATCH', {
        number: chunkNumber,
        actual: chunk.length,
        expected: currentChunkSize,
      });
    }
    const isLast = chunkNumber === totalChunks;
    if ((!isLast && chunk.length !== chunkSize) || (isLast && chunk.length > chunkSize)) {
      throw new AppError('FILE_CHUNK_SIZE_MISMATCH', {
        number: chunkNumber,
        actual: chunk.length,
        expected: chunkSize,
      });
    }
  }

  /** The upload a piece belongs to: the one named, the open one of the same file, or a new one. */
  private async uploadFor(userId: string, param: UploadChunkParam, fileName: string): Promise<FileUploadRow> {
    const { repository } = this.deps;
    const identifier = param.identifier.toLowerCase();
    if (param.uploadId) {
      const named = await repository.findUpload(userId, param.uploadId);
      if (!named || named.state !== 'receiving') throw new AppError('FILE_UPLOAD_NOT_FOUND');
      if (
        named.identifier !== identifier ||
        Number(named.total_chunks) !== param.totalChunks ||
        Number(named.chunk_size) !== param.chunkSize
      ) {
        throw new AppError('FILE_UPLOAD_MISMATCH', { uploadId: param.uploadId });
      }
      return named;
    }
    const open = await repository.findOpenUpload(userId, identifier, param.totalChunks, param.chunkSize);
    if (open) return open;
    await this.checkRoom(userId, 1);
    const now = this.nowIso();
    const row: FileUploadRow = {
      id: randomUUID(),
      user_id: userId,
      identifier,
      file_name: fileName,
      total_chunks: param.totalChunks,
      chunk_size: param.chunkSize,
      document_type: param.documentType == null ? null : String(param.documentType),
      dir_id: param.dirId || null,
      state: 'receiving',
      created_at: now,
      updated_at: now,
    };
    await repository.insertUpload(row);
    return row;
  }

  private partPath(uploadId: string, chunkNumber: number): string {
    return path.join(this.partsDir, uploadId, String(chunkNumber));
  }

  /** One piece: kept on disk and recorded; the piece that completes the set assembles the file. */
  private async receiveChunk(
    userId: string,
    param: UploadChunkParam,
    chunk: Buffer,
    lang: Language,
  ): Promise<UploadResult> {
    const fileName = this.cleanName(param.fileName);
    this.extensionOf(fileName);
    this.checkChunk(param, chunk);
    const upload = await this.uploadFor(userId, param, fileName);
    try {
      await this.checkBytes(userId, chunk.length, await this.deps.repository.chunkBytes(upload.id, param.chunkNumber));
    } catch (err) {
      // An upload this piece would have started holds nothing: it is not kept.
      if ((await this.deps.repository.chunkNumbers(upload.id)).length === 0) {
        await this.deps.repository.deleteUpload(upload.id);
      }
      throw err;
    }
    const target = this.partPath(upload.id, param.chunkNumber);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside then renamed: a piece on disk is always whole.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, chunk);
    await rename(temporary, target);
    await this.deps.repository.putChunk(upload.id, param.chunkNumber, chunk.length, this.nowIso());
    const received = await this.deps.repository.chunkNumbers(upload.id);
    const base = { uploadId: upload.id, fileName, uploadedChunks: received };
    if (received.length < Number(upload.total_chunks)) {
      return { ...base, key: null, complete: false, files: [] };
    }
    if (!(await this.deps.repository.claimAssembly(upload.id, this.nowIso()))) {
      // Another request holds the last piece too and assembles the file: this one is in.
      return { ...base, key: null, complete: false, files: [] };
    }
    const file = await this.assemble(userId, upload, fileName, lang);
    return { ...base, key: file.fileId, complete: true, files: [file] };
  }

  /** Joins the pieces in order, checks the MD5 and the type's guard, stores the file and drops the pieces. */
  private async assemble(userId: string, upload: FileUploadRow, fileName: string, lang: Language): Promise<MyFile> {
    const discard = async () => {
      await this.deps.repository.deleteUpload(upload.id);
      await rm(path.join(this.partsDir, upload.id), { recursive: true, force: true });
    };
    try {
      const parts: Buffer[] = [];
      for (let n = 1; n <= Number(upload.total_chunks); n += 1) parts.push(await readFile(this.partPath(upload.id, n)));
      const file = Buffer.concat(parts);
      if (file.length > this.deps.maxFileBytes) throw this.tooLarge();
      const md5 = createHash('md5').update(file).digest('hex');
      if (md5 !== upload.identifier) throw new AppError('FILE_MD5_MISMATCH');
      const ext = this.extensionOf(fileName);
      await this.checkContent(file, fileName, ext, lang);
      const stored = await this.store(userId, file, {
        fileName,
        ext,
        md5,
        documentType: upload.document_type,
        dirId: upload.dir_id,
      });
      await discard();
      return stored;
    } catch (err) {
      // A refused file starts again from its first piece; nothing of the user's other files is touched.
      await discard();
      throw err;
    }
  }

  /** GET /file/my/file/upload: which pieces of this file the server already holds (resume). */
  async uploadState(
    userId: string,
    query: { identifier: string; totalChunks: number; chunkSize: number },
  ): Promise<UploadState> {
    const open = await this.deps.repository.findOpenUpload(
      userId,
      query.identifier.toLowerCase(),
      query.totalChunks,
      query.chunkSize,
    );
    if (!open) return { uploadId: null, uploadedChunks: [] };
    // A piece recorded but lost from disk is sent again.
    const numbers = await this.deps.repository.chunkNumbers(open.id);
    const present: number[] = [];
    for (const n of numbers) {
      if (
        await stat(this.partPath(open.id, n)).then(
          (s) => s.isFile(),
          () => false,
        )
      )
        present.push(n);
    }
    return { uploadId: open.id, uploadedChunks: present };
  }

  /**
   * Removes uploads whose last piece is older than UPLOAD_STALE_HOURS, and pieces' folders that
   * no upload owns (a crash between the two writes). Run hourly and at start.
   */
  async cleanStaleUploads(): Promise<{ uploads: number; folders: number }> {
    const before = new Date(this.deps.now().getTime() - UPLOAD_STALE_HOURS * HOUR_MS).toISOString();
    const stale = await this.deps.repository.staleUploadIds(before);
    for (const id of stale) {
      await this.deps.repository.deleteUpload(id);
      await rm(path.join(this.partsDir, id), { recursive: true, force: true });
    }
    let folders = 0;
    const entries = await readdir(this.partsDir).catch(() => [] as string[]);
    for (const entry of entries) {
      if (await this.deps.repository.uploadExists(entry)) continue;
      const info = await stat(path.join(this.partsDir, entry)).catch(() => undefined);
      // A folder just made for an upload being inserted is left for the next run.
      if (!info || this.deps.now().getTime() - info.mtimeMs < HOUR_MS) continue;
      await rm(path.join(this.partsDir, entry), { recursive: true, force: true });
      folders += 1;
    }
    if (stale.length > 0 || folders > 0) {
      this.deps.log?.info({ uploads: stale.length, folders }, 'removed stale chunked uploads');
    }
    return { uploads: stale.length, folders };
  }

  // ---- the list, rename, delete, download ----

  async list(
    userId: string,
    query: { page: number; pageSize: number; name?: string | undefined },
  ): Promise<MyFileListResponse> {
    const { total, rows } = await this.deps.repository.pageFiles(
      userId,
      { name: query.name },
      query.page,
      query.pageSize,
    );
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      items: rows.map((row) => this.toMyFile(row)),
      maxFileBytes: this.deps.maxFileBytes,
    };
  }

  /** Renames a file; the type (extension) stays what it was. */
  async rename(userId: string, fileId: string, fileName: string): Promise<MyFile> {
    const row = await this.deps.repository.findFile(userId, fileId);
    if (!row) throw new AppError('FILE_NOT_FOUND');
    const name = this.cleanName(fileName);
    if (!name.toLowerCase().endsWith(`.${row.file_type}`) || name.length === row.file_type.length + 1) {
      throw new AppError('FILE_EXTENSION_CHANGED', { ext: row.file_type });
    }
    await this.deps.repository.renameFile(userId, fileId, name, this.nowIso());
    return this.toMyFile((await this.deps.repository.findFile(userId, fileId))!);
  }

  /** Deletes the caller's files among `fileIds` (others' ids are ignored); answers those deleted. */
  async delete(userId: string, fileIds: readonly string[]): Promise<string[]> {
    const rows = await this.deps.repository.deleteFiles(userId, [...new Set(fileIds)]);
    if (rows.length === 0) throw new AppError('FILE_NOT_FOUND');
    for (const row of rows) await rm(path.join(this.deps.filesDir, row.storage_key), { force: true });
    return rows.map((row) => row.id);
  }

  /** A file of the caller to send: where it is, its name and type. */
  async fileOf(
    userId: string,
    fileId: string,
  ): Promise<{ path: string; fileName: string; size: number; contentType: string }> {
    const row = await this.deps.repository.findFile(userId, fileId);
    if (!row) throw new AppError('FILE_NOT_FOUND');
    const file = path.join(this.deps.filesDir, row.storage_key);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) throw new AppError('FILE_NOT_FOUND');
    return {
      path: file,
      fileName: row.file_name,
      size: info.size,
      contentType: CONTENT_TYPES[row.file_type] ?? 'application/octet-stream',
    };
  }
}
