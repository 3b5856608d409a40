import { z } from 'zod';
import { MAX_ADVANCED_TEMPLATE_FIELDS, MAX_INPUT_LENGTH } from './limits.js';

/**
 * Advanced-search templates (spec 1 §1 "keep … advanced-search templates", §7 "Advanced-search
 * templates"): a template is a name and the field-dictionary ids of the form's rows, in order.
 * Per user, under /api/product/advancedSearch/template/*.
 */

/** Field ids of packages/query's dictionary (checked against it on the server). */
export const TemplateFieldsSchema = z.array(z.string().trim().min(1).max(32)).min(1).max(MAX_ADVANCED_TEMPLATE_FIELDS);

export const AdvancedTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  fields: z.array(z.string()),
  /** The template initDefaultTemplate made; it cannot be deleted. */
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type AdvancedTemplate = z.infer<typeof AdvancedTemplateSchema>;

/** POST addTemplate. */
export const AddTemplateRequestSchema = z.object({
  name: z.string().trim().min(1).max(MAX_INPUT_LENGTH),
  fields: TemplateFieldsSchema,
});
export type AddTemplateRequest = z.infer<typeof AddTemplateRequestSchema>;

/** POST getTemplate / initDefaultTemplate answer: the user's templates, the default first. */
export const AdvancedTemplateListSchema = z.array(AdvancedTemplateSchema);

/** POST addLastSearchFields body and getLastSearchFields answer (fields is empty before the first search). */
export const LastSearchFieldsSchema = z.object({ fields: z.array(z.string()) });
export const AddLastSearchFieldsRequestSchema = z.object({ fields: TemplateFieldsSchema });
export type LastSearchFields = z.infer<typeof LastSearchFieldsSchema>;

export const TemplateIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/**
 * The rows of the default template: the fields incoPat/CNIPA advanced forms open with — text,
 * parties, numbers, dates, classification, country and patent type.
 */
export const DEFAULT_TEMPLATE_FIELDS: readonly string[] = Object.freeze([
  'TIABC',
  'TI',
  'AB',
  'CLM',
  'PA',
  'IN',
  'AN',
  'PN',
  'AD',
  'PD',
  'IPC',
  'CC',
  'PT',
  'PV',
]);
