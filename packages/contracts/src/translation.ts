import { z } from 'zod';

/** Most texts one translation call may carry. */
export const TRANSLATION_MAX_TEXTS = 100;
/** Most characters (all texts together) one translation call may carry. */
export const TRANSLATION_MAX_CHARS = 50_000;
/**
 * Characters one account may have translated per UTC day (issue 41: a call may carry 50,000, and
 * IP-login visitors may call too). Counted as sent to the service; a failed batch gives its
 * characters back. TRANSLATE_DAILY_CHARS_PER_USER overrides it.
 */
export const DEFAULT_TRANSLATE_DAILY_CHARS_PER_USER = 500_000;
/**
 * The same for callers without an account (IP-login visitors), per client address: every visitor
 * behind one address shares it. TRANSLATE_DAILY_CHARS_PER_ADDRESS overrides it.
 */
export const DEFAULT_TRANSLATE_DAILY_CHARS_PER_ADDRESS = 1_000_000;

/** The languages a text can be translated into. */
export const TranslationLanguageSchema = z.enum(['zh', 'en']);
export type TranslationLanguage = z.infer<typeof TranslationLanguageSchema>;

/** POST /search/translation and /translate (spec 1 §7): texts into `language`, source detected. */
export const TranslationRequestSchema = z
  .object({
    language: TranslationLanguageSchema,
    texts: z.array(z.string().max(TRANSLATION_MAX_CHARS)).min(1).max(TRANSLATION_MAX_TEXTS),
  })
  .refine((body) => body.texts.reduce((sum, text) => sum + text.length, 0) <= TRANSLATION_MAX_CHARS, {
    path: ['texts'],
    message: `at most ${TRANSLATION_MAX_CHARS} characters in all`,
  });
export type TranslationRequest = z.infer<typeof TranslationRequestSchema>;

/**
 * One translation per text, in order. A text whose batch failed comes back as '' and `Error`
 * says which batches failed (spec 1 §7: a failed batch does not fail the call).
 */
export const TranslationResponseSchema = z.object({
  TargetTextList: z.array(z.string()),
  Error: z.string().optional(),
});
export type TranslationResponse = z.infer<typeof TranslationResponseSchema>;
