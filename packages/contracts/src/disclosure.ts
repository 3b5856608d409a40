import { z } from 'zod';
import { KeywordSchema } from './keyword.js';

/**
 * Disclosure writing and application drafts (spec 2 §1 "use a drafting workbench", §2
 * /disclosurePaper/addWrite, /disclosurePaper/editWrite, /disclosure, /patentApply; issue 22).
 * Shared by apps/server/src/domains/disclosure and apps/web/src/features/disclosure; paths are
 * under /api/product/disclosurePaper/*. The spec names no calls: these are ours.
 *
 * A document is a technical disclosure (交底书) or an application draft (申请文件), written section
 * by section in a rich-text editor. `content` is the editor's JSON (one TipTap document per
 * section); `sections` is the same text as plain strings, derived by the server from `content`,
 * which other tools (novelty search, pre-evaluation) read.
 */

/** Spec 2 §6: the permission of the writing pages and of every call below. */
export const DISCLOSURE_WRITING_PERMISSION = '/disclosurePaperWriting';

export const DISCLOSURE_KINDS = ['disclosure', 'application'] as const;
export const DisclosureKindSchema = z.enum(DISCLOSURE_KINDS);
export type DisclosureKind = z.infer<typeof DisclosureKindSchema>;

/** The sections of a technical disclosure, in order. */
export const DISCLOSURE_SECTION_KEYS = [
  'field', // 技术领域
  'background', // 背景技术
  'problem', // 要解决的技术问题
  'solution', // 技术方案
  'effects', // 有益效果
  'drawings', // 附图说明
  'embodiments', // 具体实施方式
] as const;
/** The sections of an application draft, in order; `description` holds the 说明书's parts under their headings. */
export const APPLICATION_SECTION_KEYS = [
  'title', // 发明名称
  'abstract', // 摘要
  'claims', // 权利要求书
  'description', // 说明书: 技术领域, 背景技术, 发明内容, 附图说明, 具体实施方式
] as const;
export type DisclosureSectionKey = (typeof DISCLOSURE_SECTION_KEYS)[number];
export type ApplicationSectionKey = (typeof APPLICATION_SECTION_KEYS)[number];

export const SECTION_KEYS_BY_KIND: Record<DisclosureKind, readonly string[]> = {
  disclosure: DISCLOSURE_SECTION_KEYS,
  application: APPLICATION_SECTION_KEYS,
};

/** The headings of an application's 说明书, in order (its editor starts with them). */
export const APPLICATION_DESCRIPTION_HEADINGS = {
  zh: ['技术领域', '背景技术', '发明内容', '附图说明', '具体实施方式'],
  en: ['Technical field', 'Background', 'Summary of the invention', 'Description of the drawings', 'Embodiments'],
} as const;

/** A mark of rich text (bold, italic, fontSize { size } …). */
export interface DisclosureRichMark {
  type: string;
  attrs?: Record<string, unknown> | undefined;
}
/** A node of the editor's JSON (TipTap / ProseMirror): doc, paragraph, heading, lists, image, text … */
export interface DisclosureRichNode {
  type: string;
  attrs?: Record<string, unknown> | undefined;
  content?: DisclosureRichNode[] | undefined;
  marks?: DisclosureRichMark[] | undefined;
  text?: string | undefined;
}
export const DisclosureRichMarkSchema = z.object({
  type: z.string().min(1).max(40),
  attrs: z.record(z.string(), z.unknown()).optional(),
});
export const DisclosureRichNodeSchema: z.ZodType<DisclosureRichNode, DisclosureRichNode> = z.lazy(() =>
  z.object({
    type: z.string().min(1).max(40),
    attrs: z.record(z.string(), z.unknown()).optional(),
    content: z.array(DisclosureRichNodeSchema).optional(),
    marks: z.array(DisclosureRichMarkSchema).optional(),
    text: z.string().optional(),
  }),
);

/** The editor's JSON of a document: one TipTap document (`type: 'doc'`) per section key. */
export const DisclosureContentSchema = z.object({
  sections: z.record(z.string(), DisclosureRichNodeSchema),
});
export type DisclosureContent = z.infer<typeof DisclosureContentSchema>;

/** Plain text per section key (every key of the document's kind; '' when not written). */
export const DisclosureSectionsSchema = z.record(z.string(), z.string());
export type DisclosureSections = z.infer<typeof DisclosureSectionsSchema>;

/** THE detail contract (GET /disclosurePaper/detail?id=): other tools rely on it as it is. */
export const DisclosureDetailSchema = z.object({
  id: z.string(),
  kind: DisclosureKindSchema,
  title: z.string(),
  sections: DisclosureSectionsSchema,
  content: DisclosureContentSchema,
  /** Increases by one on every save; a save names the version it was based on. */
  version: z.number().int(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type DisclosureDetail = z.infer<typeof DisclosureDetailSchema>;

export const DisclosureIdQuerySchema = z.object({ id: z.string().min(1).max(64) });

/**
 * POST /disclosurePaper/save: creates (no `id`) or updates a document. An update names the
 * `version` it was based on; when the document has moved on since (another tab saved), the save
 * is refused with DISCLOSURE_VERSION_CONFLICT and nothing is overwritten. Either `content` (the
 * editor's JSON; `sections` are then derived from it) or `sections` (plain text, one paragraph
 * per line) is given. `checkpoint` keeps this save as a version of its own in the history.
 */
export const DisclosureSaveRequestSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  /** Read on create only: a document keeps its kind. */
  kind: DisclosureKindSchema.default('disclosure'),
  /** Empty: "未命名…" / "Untitled …" in the request's language. */
  title: z.string().default(''),
  content: DisclosureContentSchema.optional(),
  sections: DisclosureSectionsSchema.optional(),
  version: z.number().int().min(0).optional(),
  checkpoint: z.boolean().default(false),
});
export type DisclosureSaveRequest = z.input<typeof DisclosureSaveRequestSchema>;
/** A save request as the server reads it (defaults applied). */
export type DisclosureSaveFields = z.infer<typeof DisclosureSaveRequestSchema>;

export const DisclosureListItemSchema = z.object({
  id: z.string(),
  kind: DisclosureKindSchema,
  title: z.string(),
  version: z.number().int(),
  /** Characters of all sections. */
  chars: z.number().int(),
  images: z.number().int(),
  updatedAt: z.string(),
  createdAt: z.string(),
});
export type DisclosureListItem = z.infer<typeof DisclosureListItemSchema>;

export const DisclosureListRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  kind: DisclosureKindSchema.optional(),
  /** Part of the title, any case. */
  title: KeywordSchema.optional(),
});
export type DisclosureListRequest = z.input<typeof DisclosureListRequestSchema>;
export type DisclosureListQuery = z.infer<typeof DisclosureListRequestSchema>;

export const DisclosureListResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(DisclosureListItemSchema),
});
export type DisclosureListResponse = z.infer<typeof DisclosureListResponseSchema>;

export const DisclosureDeleteRequestSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100) });

/** How a version came to be: an autosave (later autosaves within the window update it), a "save version", a restore. */
export const DISCLOSURE_VERSION_SOURCES = ['auto', 'manual', 'restore'] as const;
export type DisclosureVersionSource = (typeof DISCLOSURE_VERSION_SOURCES)[number];

export const DisclosureVersionSchema = z.object({
  id: z.string(),
  /** The document's version this snapshot holds. */
  version: z.number().int(),
  /**
   * Issue 43: the first version the snapshot took (autosaves within the window, and a "save
   * version" right after them, update one snapshot): it stands for versions fromVersion–version.
   */
  fromVersion: z.number().int().optional(),
  title: z.string(),
  source: z.enum(DISCLOSURE_VERSION_SOURCES),
  /** For a restore: the version restored. */
  restoredFrom: z.number().int().nullable(),
  chars: z.number().int(),
  createdAt: z.string(),
  /** When the snapshot last took a save (autosaves within the window update it). */
  savedAt: z.string(),
});
export type DisclosureVersion = z.infer<typeof DisclosureVersionSchema>;

export const DisclosureVersionListSchema = z.object({ items: z.array(DisclosureVersionSchema) });
export type DisclosureVersionList = z.infer<typeof DisclosureVersionListSchema>;

export const DisclosureVersionDetailSchema = DisclosureVersionSchema.extend({
  sections: DisclosureSectionsSchema,
  content: DisclosureContentSchema,
});
export type DisclosureVersionDetail = z.infer<typeof DisclosureVersionDetailSchema>;

export const DisclosureVersionQuerySchema = z.object({
  id: z.string().min(1).max(64),
  versionId: z.string().min(1).max(64),
});

/** POST /disclosurePaper/versions/restore: the snapshot becomes the next version; `version` is the document's current one. */
export const DisclosureRestoreRequestSchema = z.object({
  id: z.string().min(1).max(64),
  versionId: z.string().min(1).max(64),
  version: z.number().int().min(0),
});
export type DisclosureRestoreRequest = z.infer<typeof DisclosureRestoreRequestSchema>;

/**
 * POST /disclosurePaper/uploadImage?id= (multipart, field "file"): spec 2 §7 "success when message
 * is 成功, image address in data.ossHttpPath". The address needs the caller's token (the editor
 * fetches it with the bearer header).
 */
export const DisclosureImageSchema = z.object({
  id: z.string(),
  ossHttpPath: z.string(),
  name: z.string(),
  bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type DisclosureImage = z.infer<typeof DisclosureImageSchema>;

/** The message of a successful image upload (spec 2 §7), whatever the language. */
export const DISCLOSURE_IMAGE_SUCCESS_MESSAGE = '成功';

/** Where the editor's images are served, under /api/product. */
export const DISCLOSURE_IMAGE_ROUTE = '/disclosurePaper/image';
/**
 * An editor image's address: the product's own image route and nothing before or after it, as
 * the upload answers it (`/api/product/disclosurePaper/image/<id>`). Anchored (issue 41 §3): the
 * web app fetches such an address with the bearer token, so another host's `…/disclosurePaper/image/x`
 * must never pass.
 */
export const DISCLOSURE_IMAGE_SRC = /^\/api\/product\/disclosurePaper\/image\/([A-Za-z0-9-]{8,64})$/;

/** The image id of one of our image addresses; undefined for anything else (data:, other sites, other paths). */
export function disclosureImageIdOf(src: unknown): string | undefined {
  return typeof src === 'string' ? DISCLOSURE_IMAGE_SRC.exec(src)?.[1] : undefined;
}

export const DisclosureExportQuerySchema = z.object({ id: z.string().min(1).max(64) });
