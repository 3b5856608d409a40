import { z } from 'zod';
import { KeywordSchema } from './keyword.js';

/** The classification schemes the browser offers (spec 1 §1 "classification search"). */
export const ClassificationSchemeSchema = z.enum(['ipc', 'cpc']);
export type ClassificationScheme = z.infer<typeof ClassificationSchemeSchema>;

/**
 * A scheme symbol as written in the tree and in a search: H, H01, H01M, H01M4 (main group
 * H01M 4/00) or H01M4/52 (subgroup). Spaces and a main group's "/00" are accepted and dropped.
 */
const SymbolSchema = z.string().trim().min(1).max(40);

/** One node of the scheme: its symbol, title in the caller's language and our patents under it. */
export const ClassificationNodeSchema = z.object({
  /** The symbol a search uses (`IPC=<code>`): H01M4 for main group H01M 4/00. */
  code: z.string(),
  /** The symbol as the scheme prints it: H01M4/00. */
  symbol: z.string(),
  /** 0 section, 1 class, 2 subclass, 3 main group, 4+ subgroup (dot levels). */
  depth: z.number().int(),
  title: z.string(),
  /** True when the title is in the language asked for (Chinese titles exist only for some nodes). */
  titleInLanguage: z.boolean(),
  /** Patents the result page finds for `IPC=<code>` (or CPC): this node and everything under it. */
  count: z.number().int(),
  hasChildren: z.boolean(),
});
export type ClassificationNode = z.infer<typeof ClassificationNodeSchema>;

export const ClassificationChildrenRequestSchema = z.object({
  scheme: ClassificationSchemeSchema.default('ipc'),
  /** Parent symbol; omitted for the sections. */
  code: SymbolSchema.optional(),
});
export type ClassificationChildrenRequest = z.input<typeof ClassificationChildrenRequestSchema>;

export const ClassificationChildrenResponseSchema = z.object({
  scheme: ClassificationSchemeSchema,
  parent: ClassificationNodeSchema.nullable(),
  children: z.array(ClassificationNodeSchema),
});
export type ClassificationChildrenResponse = z.infer<typeof ClassificationChildrenResponseSchema>;

export const ClassificationSearchRequestSchema = z.object({
  scheme: ClassificationSchemeSchema.default('ipc'),
  /** A symbol prefix (H01M4) or words of a title, zh or en. */
  keyword: KeywordSchema.min(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ClassificationSearchRequest = z.input<typeof ClassificationSearchRequestSchema>;

export const ClassificationSearchResponseSchema = z.object({
  scheme: ClassificationSchemeSchema,
  items: z.array(ClassificationNodeSchema),
  /** Matches in the scheme; `items` holds the first `limit` in scheme order, symbol matches first. */
  total: z.number().int(),
});
export type ClassificationSearchResponse = z.infer<typeof ClassificationSearchResponseSchema>;

export const ClassificationPathRequestSchema = z.object({
  scheme: ClassificationSchemeSchema.default('ipc'),
  code: SymbolSchema,
});
export type ClassificationPathRequest = z.input<typeof ClassificationPathRequestSchema>;

/** The nodes from the section down to the symbol asked for (to open the tree at it). */
export const ClassificationPathResponseSchema = z.object({
  scheme: ClassificationSchemeSchema,
  path: z.array(ClassificationNodeSchema),
});
export type ClassificationPathResponse = z.infer<typeof ClassificationPathResponseSchema>;
