import SparkMD5 from 'spark-md5';
import {
  CHUNK_FILE_TYPE,
  MAX_UPLOAD_CHUNK_RETRIES,
  type Language,
  type UploadResult,
  type UploadState,
} from '@patlas/contracts';
import { urlOf } from '../../api/client';

/**
 * The chunked upload protocol of spec 2 §3, §7 and §8, without React: the file's MD5 computed
 * piece by piece (spark-md5), the resume state asked first, then each missing piece POSTed as
 * multipart (chunk flag, `param` JSON, the piece), a network error retried up to
 * MAX_UPLOAD_CHUNK_RETRIES times. docs/my-files.md describes the server side.
 */

/** What the uploader is told (spec 2 §3 "Upload configuration: accept, fileUnit, eachSplitSize, api, token, tokenType"). */
export interface UploadConfig {
  /** The upload call, under the API base (e.g. /product/file/my/file/upload). */
  api: string;
  /** The resume-state call (GET with identifier, totalChunks, chunkSize); default: `api`. */
  stateApi?: string;
  /** Bytes of one unit (spec 2 §9: 1048576). */
  fileUnit: number;
  /** Units per piece: chunk size = eachSplitSize × fileUnit. */
  eachSplitSize: number;
  /** Spec 2 §9 "slice upload on by default"; false sends the whole file with the chunk flag false. */
  isChunked: boolean;
  documentType?: string;
  dirId?: string;
  /** The access token, renewed first when it has expired. */
  token: () => Promise<string | undefined>;
  /** Spec 2 §7: "authorization header is token type plus token" (default Bearer). */
  tokenType?: string;
  lang: Language;
  /** Wait before retry `attempt` (1…MAX_UPLOAD_CHUNK_RETRIES) of a piece after a network error. */
  retryDelayMs?: (attempt: number) => number;
}

/** A refused upload: the server's status and message (spec 2 §8 "an upload-error event carries status and message"). */
export class UploadError extends Error {
  constructor(
    /** The HTTP status; 0 when no answer arrived (network error after the retries). */
    readonly status: number,
    message: string,
    /** The server's error code when it sent one. */
    readonly code: string | undefined,
    /** True when the network failed (the item says "upload failed, please retry"). */
    readonly isNetwork: boolean,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadProgress {
  /** Spec 2 §4: the share of successful pieces, 0–100. */
  percent: number;
  phase: 'hashing' | 'uploading';
}

/** Spec 2 §5: "Progress percent is clamped to 0-100". */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** The file's MD5 (hex), read `pieceBytes` at a time so a large file is never held whole. */
export async function md5OfFile(file: Blob, pieceBytes: number, signal?: AbortSignal): Promise<string> {
  const spark = new SparkMD5.ArrayBuffer();
  for (let start = 0; start < file.size; start += pieceBytes) {
    signal?.throwIfAborted();
    spark.append(await file.slice(start, start + pieceBytes).arrayBuffer());
  }
  return spark.end();
}

const DEFAULT_RETRY_DELAY = (attempt: number) => Math.min(8000, 500 * 2 ** (attempt - 1));

async function headersOf(config: UploadConfig): Promise<Record<string, string>> {
  const token = await config.token();
  return {
    'Accept-Language': config.lang,
    ...(token ? { Authorization: `${config.tokenType ?? 'Bearer'} ${token}` } : {}),
  };
}

interface Envelope {
  status?: unknown;
  message?: unknown;
  data?: unknown;
}

async function envelopeOf(response: Response): Promise<Envelope | undefined> {
  return (await response.json().catch(() => undefined)) as Envelope | undefined;
}

function refusalOf(response: Response, envelope: Envelope | undefined): UploadError {
  const code = (envelope?.data as { code?: unknown } | undefined)?.code;
  const message =
    typeof envelope?.message === 'string' && envelope.message ? envelope.message : `HTTP ${response.status}`;
  return new UploadError(response.status, message, typeof code === 'string' ? code : undefined, false);
}

/** A fetch that throws (no answer) is retried up to MAX_UPLOAD_CHUNK_RETRIES times; an answer is returned. */
async function fetchWithRetries(
  send: () => Promise<Response>,
  config: UploadConfig,
  signal: AbortSignal | undefined,
): Promise<Response> {
  const delay = config.retryDelayMs ?? DEFAULT_RETRY_DELAY;
  let lastError: unknown;
  for (let attempt = 0; attempt <= MAX_UPLOAD_CHUNK_RETRIES; attempt += 1) {
    if (attempt > 0) {
      const ms = delay(attempt);
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    }
    signal?.throwIfAborted();
    try {
      return await send();
    } catch (error) {
      if (signal?.aborted) throw error;
      lastError = error;
    }
  }
  throw new UploadError(0, lastError instanceof Error ? lastError.message : String(lastError), 'NETWORK_ERROR', true);
}

/** One POST of the protocol: the chunk flag, the `param` JSON, then the piece (field `file`). */
async function postPiece(
  config: UploadConfig,
  isChunk: boolean,
  param: Record<string, unknown>,
  piece: Blob,
  fileName: string,
  signal: AbortSignal | undefined,
): Promise<UploadResult> {
  const response = await fetchWithRetries(
    async () => {
      const form = new FormData();
      form.append('chunk', String(isChunk));
      form.append('param', JSON.stringify(param));
      form.append('file', piece, fileName);
      return fetch(urlOf(config.api), { method: 'POST', headers: await headersOf(config), body: form, signal });
    },
    config,
    signal,
  );
  const envelope = await envelopeOf(response);
  // Spec 2 §7: status 0 is success on this call; failures come with an HTTP error status.
  const data = envelope?.data as UploadResult | undefined;
  if (!response.ok || envelope?.status !== 0 || !data || typeof data.uploadId !== 'string') {
    throw refusalOf(response, envelope);
  }
  return data;
}

/** The pieces the server already holds of this file (resume); none when the call fails. */
async function heldPieces(
  config: UploadConfig,
  identifier: string,
  totalChunks: number,
  chunkSize: number,
  signal: AbortSignal | undefined,
): Promise<UploadState> {
  const none: UploadState = { uploadId: null, uploadedChunks: [] };
  try {
    const response = await fetch(urlOf(config.stateApi ?? config.api, { identifier, totalChunks, chunkSize }), {
      method: 'GET',
      headers: { Accept: 'application/json', ...(await headersOf(config)) },
      signal,
    });
    const envelope = await envelopeOf(response);
    if (!response.ok || envelope?.status !== 1) return none;
    return (envelope.data as UploadState | undefined) ?? none;
  } catch (error) {
    if (signal?.aborted) throw error;
    return none;
  }
}

/**
 * Uploads one file: its MD5, then the pieces the server lacks (or the whole file when not
 * chunked). Answers the server's result of the piece that completed the file; throws
 * UploadError when the server refuses a piece or the network fails past the retries.
 */
export async function uploadFile(
  file: File,
  config: UploadConfig,
  onProgress: (progress: UploadProgress) => void = () => undefined,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const chunkSize = Math.max(1, Math.floor(config.eachSplitSize * config.fileUnit));
  onProgress({ percent: 0, phase: 'hashing' });
  const identifier = await md5OfFile(file, chunkSize, signal);
  const base = {
    fileType: CHUNK_FILE_TYPE,
    identifier,
    fileName: file.name,
    dirId: config.dirId ?? '',
    documentType: config.documentType ?? '',
  };
  if (!config.isChunked) {
    onProgress({ percent: 0, phase: 'uploading' });
    const result = await postPiece(config, false, base, file, file.name, signal);
    onProgress({ percent: 100, phase: 'uploading' });
    return result;
  }
  const totalChunks = Math.max(1, Math.ceil(file.size / chunkSize));
  const state = await heldPieces(config, identifier, totalChunks, chunkSize, signal);
  const held = new Set(state.uploadedChunks);
  let uploadId = state.uploadId ?? '';
  const report = () => onProgress({ percent: clampPercent((held.size / totalChunks) * 100), phase: 'uploading' });
  report();
  let last: UploadResult | undefined;
  for (let n = 1; n <= totalChunks; n += 1) {
    if (held.has(n)) continue;
    const piece = file.slice((n - 1) * chunkSize, n * chunkSize);
    const param = {
      ...base,
      chunkNumber: n,
      totalChunks,
      chunkSize,
      currentChunkSize: piece.size,
      uploadId,
    };
    last = await postPiece(config, true, param, piece, file.name, signal);
    uploadId = last.uploadId;
    for (const number of last.uploadedChunks) held.add(number);
    held.add(n);
    report();
  }
  if (!last?.complete) {
    // Every piece was held already but the file is not stored (it was being assembled): send the last again.
    const piece = file.slice((totalChunks - 1) * chunkSize);
    last = await postPiece(
      config,
      true,
      { ...base, chunkNumber: totalChunks, totalChunks, chunkSize, currentChunkSize: piece.size, uploadId },
      piece,
      file.name,
      signal,
    );
  }
  return last;
}
