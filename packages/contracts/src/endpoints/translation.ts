import { endpoint } from '../endpoint.js';
import { TranslationRequestSchema, TranslationResponseSchema } from '../translation.js';

/** Translation (spec 1 §7): /search/translation and /translate take the same body and answer alike. */
export const translationEndpoints = {
  searchTranslation: endpoint({
    method: 'POST',
    path: '/product/search/translation',
    body: TranslationRequestSchema,
    response: TranslationResponseSchema,
  }),
  translate: endpoint({
    method: 'POST',
    path: '/product/translate',
    body: TranslationRequestSchema,
    response: TranslationResponseSchema,
  }),
};
