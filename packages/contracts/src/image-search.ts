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

export const ImageSearchHitSchema = z.object({
  publicationNumber: z.string(),
  title: z.string().optional(),
  applicants: z.array(z.string()),
  publicationDate: z.string().optional(),
  /** The patent's best-matching drawing, a file served at /api/product/patent/drawing/<file>. */
  drawing: z.string(),
  /** Caption of that drawing when the record has one. */
  drawingCaption: z.string().optional(),
  /** 0–1 */
  similarity: z.number(),
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
