import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES, type ErrorCode } from '@patlas/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/** The multipart plugin's options: one file per request, MAX_UPLOAD_BYTES at most (larger: PAYLOAD_TOO_LARGE). */
export const MULTIPART_OPTIONS = { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } };

export interface Upload {
  file: Buffer;
  /** the name the client gave the file, as sent */
  filename: string;
}

export interface UploadOptions {
  /** Answered when the request has no file or an empty one (default IMPORT_FILE_REQUIRED). */
  missing?: ErrorCode;
  /** A route's own limit below MAX_UPLOAD_BYTES, and what it answers above it. */
  limit?: { bytes: number; tooLarge: () => AppError };
}

/**
 * The one uploaded file of a multipart request (every import route and image search reads its
 * upload here). A request that is not multipart, has no file or an empty one is refused with
 * `missing`; above MAX_UPLOAD_BYTES the error handler answers PAYLOAD_TOO_LARGE.
 */
export async function readUpload(request: FastifyRequest, options: UploadOptions = {}): Promise<Upload> {
  const missing = options.missing ?? 'IMPORT_FILE_REQUIRED';
  const { limit } = options;
  if (!request.isMultipart()) throw new AppError(missing);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file(limit ? { limits: { fileSize: limit.bytes } } : undefined);
  } catch (err) {
    throw asUploadError(err);
  }
  if (!part) throw new AppError(missing);
  let file: Buffer;
  try {
    // Over the limit, toBuffer throws a 413 which the error handler answers PAYLOAD_TOO_LARGE.
    file = await part.toBuffer();
  } catch (err) {
    if (limit && (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw limit.tooLarge();
    throw asUploadError(err);
  }
  // @fastify/multipart checks `truncated` only as each chunk arrives: when busboy cuts the file at
  // the limit on the last chunk it reads, toBuffer answers the first MAX_UPLOAD_BYTES as if whole
  // (a 20 MB workbook then read as a broken one: "save it as .xlsx").
  if (part.file.truncated) throw limit ? limit.tooLarge() : new AppError('PAYLOAD_TOO_LARGE');
  if (file.length === 0) throw new AppError(missing);
  return { file, filename: part.filename };
}

/** A file of a multipart request, written to disk by saveUploads. */
export interface SavedUpload {
  path: string;
  /** the name the client gave the file, as sent */
  filename: string;
  size: number;
}

export interface SaveUploadsOptions {
  maxFiles: number;
  maxFileBytes: number;
  /** Where to write a file of this name (the caller makes its folder). */
  target: (filename: string) => Promise<string>;
  /** Answered when a file goes over maxFileBytes (nothing of the request is kept). */
  tooLarge: (filename: string) => AppError;
  /** Answered when the request carries more than maxFiles files. */
  tooMany: () => AppError;
}

/**
 * Every file of a multipart request, streamed to disk as it arrives (memory stays flat whatever
 * the size), for uploads too large to hold in memory (patent imports). All or nothing: when a
 * file is too large, the request breaks off or it has no file, what was written is removed.
 */
export async function saveUploads(request: FastifyRequest, options: SaveUploadsOptions): Promise<SavedUpload[]> {
  if (!request.isMultipart()) throw new AppError('IMPORT_FILE_REQUIRED');
  const saved: SavedUpload[] = [];
  const written: string[] = [];
  try {
    for await (const part of request.files({
      limits: { files: options.maxFiles, fileSize: options.maxFileBytes },
      // Checked below, on the written file, so the answer names it.
      throwFileSizeLimit: false,
    })) {
      const target = await options.target(part.filename);
      written.push(target);
      await pipeline(part.file, createWriteStream(target));
      if (part.file.truncated) throw options.tooLarge(part.filename);
      saved.push({ path: target, filename: part.filename, size: (await stat(target)).size });
    }
  } catch (err) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw options.tooMany();
    throw asUploadError(err);
  }
  if (saved.length === 0) throw new AppError('IMPORT_FILE_REQUIRED');
  return saved;
}

/** The files and text fields of a multipart request, read by readUploadForm. */
export interface UploadForm {
  files: Upload[];
  fields: Record<string, string>;
}

export interface UploadFormOptions {
  maxFiles: number;
  maxFileBytes: number;
  /** Answered when a file goes over maxFileBytes. */
  tooLarge: (filename: string) => AppError;
  /** Answered when the request carries more than maxFiles files. */
  tooMany: () => AppError;
  /** Answered when the request is not multipart or has no file (empty files are none). */
  missing: ErrorCode;
}

/**
 * Every file (held in memory: small uploads only) and every text field of a multipart request,
 * whatever their order (the chunked uploads' `param` and `chunk` fields may come before or after
 * the piece). The same guard as readUpload: a damaged body is UPLOAD_MALFORMED.
 */
export async function readUploadForm(request: FastifyRequest, options: UploadFormOptions): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError(options.missing);
  const files: Upload[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { files: options.maxFiles, fileSize: options.maxFileBytes } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      let file: Buffer;
      try {
        file = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw options.tooLarge(part.filename);
        throw err;
      }
      if (file.length > 0) files.push({ file, filename: part.filename });
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw options.tooMany();
    throw asUploadError(err);
  }
  if (files.length === 0) throw new AppError(options.missing);
  return { files, fields };
}

/**
 * A failure while reading a multipart body, as answered: the parser's own errors (busboy's plain
 * errors: no boundary, data cut short, a damaged part header) and a body broken off by the client
 * become UPLOAD_MALFORMED (400); handled errors, the plugin's limits (413) and system errors
 * (a full disk: ENOSPC…) pass unchanged.
 */
function asUploadError(err: unknown): unknown {
  if (err instanceof AppError || !(err instanceof Error)) return err;
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === 'FST_MP_PREMATURE_CLOSE') return new AppError('UPLOAD_MALFORMED');
  if (statusCode !== undefined || code !== undefined) return err;
  return new AppError('UPLOAD_MALFORMED');
}
