import { z } from 'zod';
import { PatentTypeSchema } from './patent.js';
import { MAX_PAGE_SIZE, SearchHitSchema, SourceScopeSchema } from './search.js';
import { RelevanceBandSchema } from './relevance-bands.js';

/**
 * Semantic search (spec 1 §7 `POST /search/semantics`): free text ranked by meaning. The field
 * names of the request are the spec's (searchContext, ss_dataSources, ss_patentType, ss_dateType,
 * ss_weights); the rest is ours.
 */

/** How a semantic query is ranked: both signals fused (default), keywords (BM25) only, vectors only. */
export const SEMANTIC_MODES = ['hybrid', 'bm25', 'vector'] as const;
export type SemanticMode = (typeof SEMANTIC_MODES)[number];

/** Not shown in the spec: the fewest characters worth a semantic search (after trimming). */
export const MIN_SEMANTIC_TEXT_LENGTH = 2;
/** Not shown: how many of the best-ranked patents a semantic search lists (pages of up to 100). */
export const MAX_SEMANTIC_RESULTS = 1000;
/** The semantic date filter works on the application date (AD) or the publication date (PD). */
export const SEMANTIC_DATE_TYPES = ['AD', 'PD'] as const;

const IsoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** "3,3,3,3"; the all-zero rule is checked by the server with its own message (SEMANTIC_WEIGHTS_ALL_ZERO). */
const SemanticWeightsTextSchema = z.string().regex(/^\d{1,2},\d{1,2},\d{1,2},\d{1,2}$/);

/** What a semantic search asks; stored under `key` so a result page is a deep link. */
export const SemanticQuerySchema = z.object({
  /** The text (a paragraph of a disclosure, a claim, an abstract), at most MAX_SEMANTIC_TEXT_LENGTH (50000) characters: checked by the server with its own message. */
  searchContext: z.string(),
  /**
   * Offices to search (two-letter codes such as CN, US, EP), or the scope `cn` / `uncn`. Empty or
   * absent: all. The same office twice is refused (spec 1 §5 "Same country cannot be selected twice").
   */
  ss_dataSources: z
    .array(z.union([SourceScopeSchema, z.string().regex(/^[A-Za-z]{2}$/)]))
    .max(60)
    .optional(),
  ss_patentType: z.array(PatentTypeSchema).max(10).optional(),
  ss_dateType: z.enum(SEMANTIC_DATE_TYPES).optional(),
  ss_dateFrom: IsoDay.optional(),
  ss_dateTo: IsoDay.optional(),
  /** Title, abstract, claims, description weights "t,a,c,d" (not all 0). Absent: the user's saved weights. */
  ss_weights: SemanticWeightsTextSchema.optional(),
  mode: z.enum(SEMANTIC_MODES).optional(),
  /**
   * Terms the user removed from the expansion of a short text ("also searched: …", `expansions`
   * of the answer): never searched for this query.
   */
  excludeExpansions: z.array(z.string().min(1).max(100)).max(50).optional(),
});
export type SemanticQuery = z.infer<typeof SemanticQuerySchema>;

/** A new search (the query's fields) or another page of a stored one (`key`). */
export const SemanticSearchRequestSchema = SemanticQuerySchema.partial({ searchContext: true }).extend({
  key: z.string().min(8).max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type SemanticSearchRequest = z.input<typeof SemanticSearchRequestSchema>;

export const SemanticHitSchema = SearchHitSchema.extend({
  /**
   * The score that ranks the hits, 0–1, never rising down the list: hybrid, the fused reciprocal
   * rank (1 = first by keywords and by vectors), for a short text re-ranked with its term proximity
   * (docs/semantic-search.md, "How it ranks" step 6); vectors only, the similarity; keywords only,
   * the BM25 score over the best one's.
   */
  relevance: z.number(),
  /** Cosine similarity of the text and the patent in the vector space, 0–1 (0 when vectors were not used). */
  similarity: z.number(),
  /** Rank of the patent by keywords (BM25) and by vectors among the candidates; absent when not found by that signal. */
  bm25Rank: z.number().int().optional(),
  vectorRank: z.number().int().optional(),
  /**
   * The calibrated band of `similarity` (relevance-bands.ts: what unrelated patents score under this
   * model); absent when the model has no calibration or vectors were not used. `relevance` is a rank
   * fusion (the first hit is near 1 however weak): shown as the rank, never as a percentage.
   */
  band: RelevanceBandSchema.optional(),
});
export type SemanticHit = z.infer<typeof SemanticHitSchema>;

export const SemanticSearchResponseSchema = z.object({
  /** Key of the stored query: `/home?tabName=semantics&key=…` opens this result again. */
  key: z.string(),
  query: SemanticQuerySchema.extend({ ss_weights: SemanticWeightsTextSchema, mode: z.enum(SEMANTIC_MODES) }),
  /** Ranked patents found (at most MAX_SEMANTIC_RESULTS). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(SemanticHitSchema),
  /** The vector model that ranked: `lsa-<dims>` (learned from the corpus) or the configured model's name. */
  model: z.string(),
  /** The weighted key terms the text was reduced to for the keyword signal. */
  keyTerms: z.array(z.object({ term: z.string(), weight: z.number() })),
  /**
   * A short text is also searched for the terms nearest it in the shipped word vectors ("also
   * searched: …" / "同时检索：…"); each can be removed (`excludeExpansions`). Empty for a long text.
   */
  expansions: z.array(z.string()),
  tookMs: z.number(),
});
export type SemanticSearchResponse = z.infer<typeof SemanticSearchResponseSchema>;

/** `GET /search/semantics/nearTerms?term=…&limit=…`: the shipped vectors' nearest terms of a term. */
export const SemanticNearTermsRequestSchema = z.object({
  term: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type SemanticNearTermsRequest = z.input<typeof SemanticNearTermsRequestSchema>;

export const SemanticNearTermsSchema = z.object({
  term: z.string(),
  /** Best first; empty when the vectors are off or nothing is near enough. */
  terms: z.array(z.object({ term: z.string(), similarity: z.number() })),
});
export type SemanticNearTerms = z.infer<typeof SemanticNearTermsSchema>;
