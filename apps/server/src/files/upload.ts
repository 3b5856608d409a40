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
  const part = await request.file(limit ? { limits: { fileSize: limit.bytes } } : undefined);
  if (!part) throw new AppError(missing);
  let file: Buffer;
  try {
    // Over the limit, toBuffer throws a 413 which the error handler answers PAYLOAD_TOO_LARGE.
    file = await part.toBuffer();
  } catch (err) {
    if (limit && (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw limit.tooLarge();
    throw err;
  }
  if (file.length === 0) throw new AppError(missing);
  return { file, filename: part.filename };
}
