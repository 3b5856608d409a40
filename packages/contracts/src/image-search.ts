import { z } from 'zod';

/**
 * Image search (spec 1 §7: POST /search/image/search, /search/image/getResultKey,
 * /image/history/list, /image/history/clear; route /search/img): upload a drawing, get the patents
 * whose drawings look alike, best drawing first. Response shapes are not shown in the spec; these are ours.
 */

/** Issue 7: "Upload jpg, jpeg or png (5 MB limit)". The page checks it too; the server decides. */
export const MAX_IMAGE_SEARCH_BYTES = 5 * 1024 * 1024;
/** Spec 1 §5: "Image search needs an image (jpg, jpeg, png)". */
export const IMAGE_SEARCH_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const IMAGE_SEARCH_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
/** Not shown in the spec: how many patents an image search lists. */
export const MAX_IMAGE_SEARCH_RESULTS = 50;
/** Not shown in the spec: how many image searches a user's history keeps (oldest dropped). */
export const MAX_IMAGE_HISTORY = 50;

/** True when the name ends in .jpg, .jpeg or .png (any case). */
export function isImageSearchFileName(name: string): boolean {
  const extension = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return (IMAGE_SEARCH_EXTENSIONS as readonly string[]).includes(extension ?? '');
}

/**
 * Issue 43 (9): a raw similarity says little (unrelated line drawings reach 0.9), so each hit
 * carries its band, calibrated against unrelated drawing pairs of the index
 * (apps/server/src/domains/image-search/image-calibration.ts): `very` very similar, `similar`,
 * `weak` weakly similar, `none` no more alike than unrelated designs are.
 */
export const IMAGE_SIMILARITY_BANDS = ['very', 'similar', 'weak', 'none'] as const;
export const ImageSimilarityBandSchema = z.enum(IMAGE_SIMILARITY_BANDS);
export type ImageSimilarityBand = z.infer<typeof ImageSimilarityBandSchema>;

/** Not shown in the spec: how many Locarno classes or subclasses one image search may filter on. */
export const MAX_IMAGE_SEARCH_LOCARNO = 20;

/** A Locarno class (`14`) or subclass (`14-04`; `1404` and `14.04` are read as it too). */
export const LocarnoCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{2}(?:[-.\s]?\d{2})?$/)
  .transform((code) => (code.length > 2 ? `${code.slice(0, 2)}-${code.slice(-2)}` : code));

const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const IMAGE_SEARCH_DATE_FIELDS = ['publication', 'application'] as const;

/**
 * What an image search is limited to, applied to the index before ranking: patents in any of the
 * Locarno classes/subclasses, and with the chosen date (publication by default) in the range
 * (both ends included, either may be open).
 */
export const ImageSearchFiltersSchema = z
  .object({
    locarno: z.array(LocarnoCodeSchema).max(MAX_IMAGE_SEARCH_LOCARNO).optional(),
    dateField: z.enum(IMAGE_SEARCH_DATE_FIELDS).optional(),
    dateFrom: IsoDateSchema.optional(),
    dateTo: IsoDateSchema.optional(),
  })
  .refine((f) => !f.dateFrom || !f.dateTo || f.dateFrom <= f.dateTo, {
    message: 'dateFrom must not be after dateTo',
    path: ['dateTo'],
  });
export type ImageSearchFilters = z.infer<typeof ImageSearchFiltersSchema>;
export type ImageSearchFiltersInput = z.input<typeof ImageSearchFiltersSchema>;

/**
 * The upload's filters, in its query string (the body is the multipart file): `locarno` as a
 * comma-separated list (`14-04,28`).
 */
export const ImageSearchQuerySchema = z
  .object({
    locarno: z
      .string()
      .max(400)
      .optional()
      .transform((list) =>
        list
          ?.split(',')
          .map((code) => code.trim())
          .filter(Boolean),
      )
      .pipe(z.array(LocarnoCodeSchema).max(MAX_IMAGE_SEARCH_LOCARNO).optional()),
    dateField: z.enum(IMAGE_SEARCH_DATE_FIELDS).optional(),
    dateFrom: IsoDateSchema.optional(),
    dateTo: IsoDateSchema.optional(),
  })
  .refine((f) => !f.dateFrom || !f.dateTo || f.dateFrom <= f.dateTo, {
    message: 'dateFrom must not be after dateTo',
    path: ['dateTo'],
  });
export type ImageSearchQuery = z.input<typeof ImageSearchQuerySchema>;

export const ImageSearchHitSchema = z.object({
  /** 1 = best match */
  rank: z.number().int(),
  publicationNumber: z.string(),
  title: z.string().optional(),
  applicants: z.array(z.string()),
  publicationDate: z.string().optional(),
  applicationDate: z.string().optional(),
  /** The record's Locarno subclasses (`14-04`). */
  locarno: z.array(z.string()),
  /** The patent's best-matching drawing, a file served at /api/product/patent/drawing/<file>. */
  drawing: z.string(),
  /** Caption of that drawing when the record has one. */
  drawingCaption: z.string().optional(),
  /** The raw similarity, 0–1 (the CNN cosine; a tooltip, not a verdict: see `band`). */
  similarity: z.number(),
  band: ImageSimilarityBandSchema,
});
export type ImageSearchHit = z.infer<typeof ImageSearchHitSchema>;

export const ImageSearchResultSchema = z.object({
  /** Opens this result again: /search/img?key=… (POST /search/image/getResultKey). */
  key: z.string(),
  fileName: z.string(),
  /** A small JPEG of the uploaded image (data URL), shown beside the results and in the history. */
  thumbnail: z.string(),
  total: z.number().int(),
  items: z.array(ImageSearchHitSchema),
  /** Drawings in the image index when the search ran. */
  indexedDrawings: z.number().int(),
  /** Of those, the drawings the filters left to rank (all of them without filters). */
  candidateDrawings: z.number().int(),
  /** The filters the ranking applied (none: an empty object). */
  filters: z.object({
    locarno: z.array(z.string()).optional(),
    dateField: z.enum(IMAGE_SEARCH_DATE_FIELDS).optional(),
    dateFrom: z.string().optional(),
    dateTo: z.string().optional(),
  }),
  /** The Locarno subclasses of the indexed patents, with how many patents each: the filter's choices. */
  locarnoClasses: z.array(z.object({ code: z.string(), patents: z.number().int() })),
  /** Drawings of stored patents not indexed yet (indexing runs in the background). */
  pendingDrawings: z.number().int(),
  createdAt: z.string(),
  tookMs: z.number(),
});
export type ImageSearchResult = z.infer<typeof ImageSearchResultSchema>;

export const ImageResultKeyRequestSchema = z.object({
  key: z.string().min(8).max(64),
  /** Rank the stored query again against the current index (drawings indexed since are found too). */
  rerun: z.boolean().optional(),
  /** With `rerun`: rank under these filters instead of the stored ones (which they then replace). */
  filters: ImageSearchFiltersSchema.optional(),
});
export type ImageResultKeyRequest = z.infer<typeof ImageResultKeyRequestSchema>;

export const ImageHistoryItemSchema = z.object({
  key: z.string(),
  fileName: z.string(),
  thumbnail: z.string(),
  total: z.number().int(),
  /** The best match when the search ran. */
  topPublicationNumber: z.string().optional(),
  createdAt: z.string(),
});
export type ImageHistoryItem = z.infer<typeof ImageHistoryItemSchema>;

export const ImageHistoryListSchema = z.object({ items: z.array(ImageHistoryItemSchema) });
export type ImageHistoryList = z.infer<typeof ImageHistoryListSchema>;

export const ImageHistoryClearResponseSchema = z.object({ deleted: z.number().int() });
export type ImageHistoryClearResponse = z.infer<typeof ImageHistoryClearResponseSchema>;
