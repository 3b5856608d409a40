import { z } from 'zod';
import type { PermissionRule } from './auth.js';
import { MAX_UPLOAD_CHUNKS, MAX_USER_FILE_NAME_LENGTH, MAX_USER_FILE_PAGE_SIZE } from './limits.js';
import { KeywordSchema } from './keyword.js';

/**
 * My files and the chunked upload protocol (spec 2 §3 "Uploaded file record", "Chunk parameters",
 * §5 upload checks, §7 "Files" and "Chunked upload", §8; issue 22). docs/my-files.md describes
 * the protocol and the decisions where the spec is silent. Paths are under /api/product.
 */

/** Spec 2 §2/§6: /myFile needs '/myFiles', /searchFile '/user/searchFile'; the calls take either. */
export const MY_FILES_PERMISSION = '/myFiles';
export const SEARCH_FILES_PERMISSION = '/user/searchFile';
export const MY_FILE_ACCESS: PermissionRule = [MY_FILES_PERMISSION, SEARCH_FILES_PERMISSION];

/**
 * Types My files takes (a drafting workbench's documents, sheets, slides and pictures), by
 * extension. Spec 2 §5 compares "the last 3 characters of the name"; we compare the name's
 * ending `.ext`, the same for three-letter extensions and right for docx, xlsx, pptx and jpeg.
 */
export const MY_FILE_TYPES = [
  'pdf',
  'doc',
  'docx',
  'txt',
  'rtf',
  'xls',
  'xlsx',
  'csv',
  'ppt',
  'pptx',
  'jpg',
  'jpeg',
  'png',
  'gif',
] as const;

/** The allowed extension a file name ends with (`.ext`, any case), or undefined. */
export function allowedExtensionOf(fileName: string, types: readonly string[] = MY_FILE_TYPES): string | undefined {
  const lower = fileName.toLowerCase();
  // Longest first: "a.docx" is docx, not a match of a shorter type.
  return [...types].sort((a, b) => b.length - a.length).find((type) => lower.endsWith(`.${type}`));
}

/** Spec 2 §3: "fileType (fixed to 1)". */
export const CHUNK_FILE_TYPE = 1;

/**
 * Spec 2 §3 chunk parameters, sent as the `param` field (JSON) of each piece. Numbers may come as
 * strings (form fields). `chunkNumber` counts from 1; `uploadId` is empty on the first piece and
 * then the one the server answered; `identifier` is the whole file's MD5 (hex).
 */
export const UploadChunkParamSchema = z.object({
  chunkNumber: z.coerce.number().int().min(1).max(MAX_UPLOAD_CHUNKS),
  totalChunks: z.coerce.number().int().min(1).max(MAX_UPLOAD_CHUNKS),
  chunkSize: z.coerce.number().int().min(1),
  fileType: z.coerce
    .number()
    .int()
    .refine((v) => v === CHUNK_FILE_TYPE, { message: 'must be 1' }),
  identifier: z.string().regex(/^[0-9a-fA-F]{32}$/, 'must be the file’s MD5 (32 hex digits)'),
  fileName: z.string().min(1).max(MAX_USER_FILE_NAME_LENGTH),
  dirId: z.string().max(64).nullish(),
  documentType: z.union([z.string().max(64), z.number()]).nullish(),
  currentChunkSize: z.coerce.number().int().min(0),
  uploadId: z.string().max(64).nullish(),
});
export type UploadChunkParam = z.infer<typeof UploadChunkParamSchema>;

/**
 * The `param` of a non-chunked upload (chunk flag false): every field is optional; `identifier`,
 * when given for a single file, is checked against the file's MD5.
 */
export const UploadWholeParamSchema = z.object({
  identifier: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/)
    .nullish(),
  fileName: z.string().min(1).max(MAX_USER_FILE_NAME_LENGTH).nullish(),
  dirId: z.string().max(64).nullish(),
  documentType: z.union([z.string().max(64), z.number()]).nullish(),
});

/** A stored file as the list shows it (spec 2 §3 "Uploaded file record: file name, url, fileId"). */
export const MyFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  /** The extension, lower case (pdf, docx …). */
  type: z.string(),
  size: z.number().int(),
  md5: z.string(),
  /** The download call's path under /api/product. */
  url: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyFile = z.infer<typeof MyFileSchema>;

/**
 * Spec 2 §7 chunked upload answer: `status` 0 on success (not the envelope's usual 1) with
 * uploadId and key; `key` is the stored file's id once the last piece is in, null before.
 */
export const UploadResultSchema = z.object({
  uploadId: z.string(),
  key: z.string().nullable(),
  fileName: z.string(),
  /** True once the file is assembled, checked and stored. */
  complete: z.boolean(),
  /** The pieces the server holds so far, in order. */
  uploadedChunks: z.array(z.number().int()),
  /** The stored file(s): one for a chunked upload's last piece, every file of a non-chunked batch. */
  files: z.array(MyFileSchema),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** GET /file/my/file/upload: the resume state of a file (by its MD5 and its slicing). */
export const UploadStateQuerySchema = z.object({
  identifier: z.string().regex(/^[0-9a-fA-F]{32}$/),
  totalChunks: z.coerce.number().int().min(1).max(MAX_UPLOAD_CHUNKS),
  chunkSize: z.coerce.number().int().min(1),
});
export const UploadStateSchema = z.object({
  /** The unfinished upload of this file, null when there is none (start from piece 1). */
  uploadId: z.string().nullable(),
  uploadedChunks: z.array(z.number().int()),
});
export type UploadState = z.infer<typeof UploadStateSchema>;

/** GET /file/my/file/list (spec 2 §9 pagination: default 10 a page). */
export const MyFileListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_USER_FILE_PAGE_SIZE).default(10),
  /** Part of the name, any case. */
  name: KeywordSchema.optional(),
});
export const MyFileListResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(MyFileSchema),
  /** The largest file this installation takes (FILE_UPLOAD_MAX_BYTES): the uploader checks against it. */
  maxFileBytes: z.number().int(),
});
export type MyFileListResponse = z.infer<typeof MyFileListResponseSchema>;

/**
 * POST /file/my/file (spec 2 §7 names the path only): rename one file, or delete several by id.
 */
export const MyFileActionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('rename'),
    fileId: z.string().min(1).max(64),
    fileName: z.string().max(MAX_USER_FILE_NAME_LENGTH * 2),
  }),
  z.object({
    action: z.literal('delete'),
    fileIds: z.array(z.string().min(1).max(64)).min(1).max(MAX_USER_FILE_PAGE_SIZE),
  }),
]);
export type MyFileAction = z.infer<typeof MyFileActionSchema>;
export const MyFileActionResponseSchema = z.object({
  /** The renamed file (rename). */
  file: MyFileSchema.optional(),
  /** The ids deleted (delete): the caller's own among those asked. */
  deleted: z.array(z.string()).optional(),
});
export type MyFileActionResponse = z.infer<typeof MyFileActionResponseSchema>;
