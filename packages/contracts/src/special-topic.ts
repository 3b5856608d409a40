import { z } from 'zod';
import { MAX_EXPRESSION_LENGTH } from './limits.js';

/**
 * Special topics (专题) of the home page (spec 1 §7 POST /indexPage/getSpecialTopicInfo): operators
 * define a name, a search expression, a description and a picture in the operators' area; the home
 * page shows each enabled topic as a card with the expression's live count and opens its result page.
 * docs/special-topics.md.
 */

/** Topics an installation keeps (ours: a home page shows a dozen at most; the rest wait disabled). */
export const MAX_SPECIAL_TOPICS = 50;
/** Longest topic name in either language (ours). */
export const MAX_TOPIC_NAME_LENGTH = 30;
/** Longest description in either language (ours: two lines of a card). */
export const MAX_TOPIC_DESCRIPTION_LENGTH = 200;
/** Largest picture an operator may upload: 2 MB (ours); JPEG, PNG or WebP, at most 4096 px a side. */
export const MAX_TOPIC_PICTURE_BYTES = 2 * 1024 * 1024;
export const MAX_TOPIC_PICTURE_SIDE = 4096;
export const TOPIC_PICTURE_TYPES = ['jpeg', 'png', 'webp'] as const;
/** How long a topic's count is reused before the engine counts again (ours). */
export const TOPIC_COUNT_TTL_MS = 60_000;

export const SpecialTopicInputSchema = z.object({
  nameZh: z.string().trim().min(1).max(MAX_TOPIC_NAME_LENGTH),
  nameEn: z.string().trim().max(MAX_TOPIC_NAME_LENGTH).default(''),
  expression: z.string().trim().min(1).max(MAX_EXPRESSION_LENGTH),
  descriptionZh: z.string().trim().max(MAX_TOPIC_DESCRIPTION_LENGTH).default(''),
  descriptionEn: z.string().trim().max(MAX_TOPIC_DESCRIPTION_LENGTH).default(''),
  enabled: z.boolean().default(true),
});
export type SpecialTopicInput = z.input<typeof SpecialTopicInputSchema>;

export const SpecialTopicPatchSchema = SpecialTopicInputSchema.partial();
export type SpecialTopicPatch = z.input<typeof SpecialTopicPatchSchema>;

/** A topic as the operators' area sees it. */
export const SpecialTopicSchema = z.object({
  id: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  expression: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  /** URL of the picture (GET, no session needed), null without one. */
  pictureUrl: z.string().nullable(),
  enabled: z.boolean(),
  /** Place on the home page, 1 first. */
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpecialTopic = z.infer<typeof SpecialTopicSchema>;

/** POST /sys/specialTopics/order: every topic id, in the new order. */
export const SpecialTopicOrderSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(MAX_SPECIAL_TOPICS),
});

/** One card of the home page (getSpecialTopicInfo), in the caller's language. */
export const SpecialTopicCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  expression: z.string(),
  pictureUrl: z.string().nullable(),
  /** Hits of the expression in the whole corpus; null when it could not be counted just now. */
  count: z.number().int().nullable(),
});
export type SpecialTopicCard = z.infer<typeof SpecialTopicCardSchema>;
export const SpecialTopicCardListSchema = z.array(SpecialTopicCardSchema);
