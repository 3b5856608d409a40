import { z } from 'zod';
import { RelevanceBandSchema } from './relevance-bands.js';
import { UNCANCELLABLE_TASK_STATES } from './task.js';
import { SpanSchema } from './duplicate.js';
import { ApplicationTextSchema } from './formal-review.js';
import { MAX_ABNORMAL_APPLICANT_LENGTH, MAX_PRE_EVALUATION_TEXT_LENGTH } from './limits.js';
import { IsoDateSchema } from './patent.js';

/**
 * Pre-evaluation of an application (spec 2 §1 "pre-evaluate applications … novelty/creativity",
 * §2 /preAssessment …, §5 "pre-evaluation input at least 30 characters", §7 /apply/pre/*; issue 22)
 * and the novelty search from a disclosure (/disclosureNoveltySearch …), which runs the same method.
 * Shared by apps/server/src/domains/pre-evaluation and apps/web/src/features/pre-evaluation. Paths
 * are under /api/product. docs/pre-evaluation.md says what every judgement means and does not mean.
 *
 * A claim set or a disclosure is cut into technical features; the nearest prior art is searched;
 * each feature is matched with the best passage of each document; a document that discloses every
 * feature is a novelty risk (X), two that together do are an inventiveness risk (Y).
 */

// ---------------------------------------------------------------------------------------------
// Permissions (spec 2 §6, verbatim)

/** The pre-evaluation pages and calls (/preAssessment, /preAssessmentSearch, /estimateDetails, /docDetails). */
export const PRE_EVALUATION_PERMISSION = '/preAssessment';
/** Spec 1 §4 / spec 2 §2: /pre and /pre/detail, "allowed only when the menu holds the matching permission". */
export const PRE_SEARCH_PERMISSION = '/search/pre';
export const PRE_SEARCH_DETAIL_PERMISSION = '/search/pre/detail';
/** The novelty search from a disclosure and its subpages. */
export const NOVELTY_SEARCH_PERMISSION = '/disclosureNoveltySearch';

// ---------------------------------------------------------------------------------------------
// Limits and thresholds

/** Ours: an evaluation's title (else the text's start). */
export const MAX_PRE_EVALUATION_TITLE_LENGTH = 100;
/** Prior-art documents retrieved by the hybrid search and matched feature by feature. */
export const PRE_EVALUATION_PRIOR_ART = 50;
/** Documents the feature × document matrix shows (those disclosing most, first). */
export const PRE_EVALUATION_MATRIX_DOCUMENTS = 20;
/** Features kept from one input (adjacent short ones are merged beyond it). */
export const MAX_PRE_EVALUATION_FEATURES = 20;
/**
 * A feature counts as disclosed by a passage scoring at least this (0–1, see FEATURE_SCORE_WEIGHTS):
 * roughly, most of the feature's weighted terms stand in one sentence of the document.
 */
export const FEATURE_DISCLOSED_SCORE = 0.6;
/** At least this, a passage partly discloses the feature (the matrix colours it amber). */
export const FEATURE_PARTIAL_SCORE = 0.35;
/**
 * A cell's score: the IDF-weighted share of the feature's analysed terms found in the passage,
 * blended with the cosine of their semantic vectors when the corpus has a vector space.
 */
export const FEATURE_SCORE_WEIGHTS = { terms: 0.7, vector: 0.3 } as const;
/** Evaluations deleted at once. */
export const MAX_PRE_EVALUATION_DELETE = 100;

// ---------------------------------------------------------------------------------------------
// Values

/** What the input is: a claim set, or a disclosure (its solution); `auto` decides from the text. */
export const PRE_EVALUATION_INPUT_KINDS = ['auto', 'claims', 'disclosure'] as const;
export const PreEvaluationInputKindSchema = z.enum(PRE_EVALUATION_INPUT_KINDS);
export const PRE_EVALUATION_KINDS = ['claims', 'disclosure'] as const;
export const PreEvaluationKindSchema = z.enum(PRE_EVALUATION_KINDS);
export type PreEvaluationKind = z.infer<typeof PreEvaluationKindSchema>;

/** Which page started it: the pre-evaluation or the novelty search from a disclosure. */
export const PRE_EVALUATION_ORIGINS = ['preAssessment', 'noveltySearch'] as const;
export const PreEvaluationOriginSchema = z.enum(PRE_EVALUATION_ORIGINS);
export type PreEvaluationOrigin = z.infer<typeof PreEvaluationOriginSchema>;

export const PRE_EVALUATION_STATES = UNCANCELLABLE_TASK_STATES;
export const PreEvaluationStateSchema = z.enum(PRE_EVALUATION_STATES);
export type PreEvaluationState = z.infer<typeof PreEvaluationStateSchema>;

/** The step a running evaluation is in. */
export const PRE_EVALUATION_STAGES = ['features', 'search', 'matching'] as const;
export const PreEvaluationStageSchema = z.enum(PRE_EVALUATION_STAGES);
export type PreEvaluationStage = z.infer<typeof PreEvaluationStageSchema>;

/**
 * `insufficient` (证据不足，无法判断 / Too little evidence to judge, issue 43 item 8): what would be
 * `low` when the prior art found is too thin to support it (see PRE_EVALUATION_EVIDENCE): a corpus
 * lacking the field is not evidence of novelty.
 * `coarse` (权利要求特征过少，无法判断 / Too coarse to judge, issue 49 item 3): the text gave fewer
 * than PRE_EVALUATION_MIN_FEATURES features; a document "disclosing every feature" of a one-feature
 * claim says nothing, so no verdict is given.
 */
export const RISK_LEVELS = ['high', 'medium', 'low', 'insufficient', 'coarse'] as const;
export const RiskLevelSchema = z.enum(RISK_LEVELS);
export type RiskLevel = z.infer<typeof RiskLevelSchema>;

/** Fewer features than this and the verdict is `coarse`: the claim is too coarse to judge. */
export const PRE_EVALUATION_MIN_FEATURES = 2;

/**
 * When a `low` risk is honest: the prior art must show that the field was searched. Below any of
 * these the verdict is `insufficient` instead (pre-evaluation-risk.ts):
 * - fewer than `minDocuments` documents found;
 * - no document at least partly discloses `minFeatureShare` of the features (the nearest touch
 *   only a corner of the claim: they are not the field's art);
 * - the closest document's similarity is in the `weak` band (relevance-bands.ts: no closer than
 *   unrelated patents typically are), when the vector model is calibrated.
 */
export const PRE_EVALUATION_EVIDENCE = { minDocuments: 3, minFeatureShare: 0.5 } as const;

/** Search-report categories: X alone destroys novelty, Y in combination inventiveness, A background. */
export const PRIOR_ART_CATEGORIES = ['X', 'Y', 'A'] as const;
export const PriorArtCategorySchema = z.enum(PRIOR_ART_CATEGORIES);
export type PriorArtCategory = z.infer<typeof PriorArtCategorySchema>;

export const PASSAGE_SECTIONS = ['title', 'abstract', 'claims', 'description'] as const;
export const PassageSectionSchema = z.enum(PASSAGE_SECTIONS);
export type PassageSection = z.infer<typeof PassageSectionSchema>;

/** Where a feature came from in the input: the claim's preamble, its characterising part, or neither. */
export const FEATURE_PARTS = ['preamble', 'characterising', 'element', 'sentence'] as const;

/** A technical feature of the input. */
export const TechnicalFeatureSchema = z.object({
  index: z.number().int(),
  /** F1, F2 … */
  label: z.string(),
  text: z.string(),
  /** Characters [start, end) of the evaluated text. */
  start: z.number().int(),
  end: z.number().int(),
  part: z.enum(FEATURE_PARTS),
});
export type TechnicalFeature = z.infer<typeof TechnicalFeatureSchema>;

/** A prior-art document of an evaluation (in retrieval order). */
export const PriorArtDocumentSchema = z.object({
  rank: z.number().int(),
  publicationNumber: z.string(),
  title: z.string().nullable(),
  applicants: z.array(z.string()),
  publicationDate: z.string().nullable(),
  applicationDate: z.string().nullable(),
  /** The hybrid search's score (0–1: first by keywords and by vectors is 1): a rank fusion, not a strength. */
  relevance: z.number(),
  /** Calibrated band of the document's similarity to the text (relevance-bands.ts); absent without a calibrated model. */
  band: RelevanceBandSchema.optional(),
  /** Features this document discloses (best cell ≥ FEATURE_DISCLOSED_SCORE). */
  disclosed: z.number().int(),
  /** Features it at least partly discloses (≥ FEATURE_PARTIAL_SCORE). */
  partial: z.number().int(),
  /** Mean of its best score per feature (0–1). */
  coverage: z.number(),
  /** The category the matrix suggests (X: discloses every feature; Y: part of the best pair; A: the rest). */
  category: PriorArtCategorySchema,
});
export type PriorArtDocument = z.infer<typeof PriorArtDocumentSchema>;

/** One cell of the matrix: a feature and the best-matching passage of one document. */
export const FeatureMatchSchema = z.object({
  feature: z.number().int(),
  publicationNumber: z.string(),
  /** Combined score (0–1); 0 with no passage when nothing of the feature is in the document. */
  score: z.number(),
  /** IDF-weighted share of the feature's terms found in the passage. */
  termScore: z.number(),
  /** Cosine of the feature's and the passage's semantic vectors; null without a vector space. */
  vectorScore: z.number().nullable(),
  disclosed: z.boolean(),
  /** The feature's terms found in the passage, as the feature writes them. */
  matchedTerms: z.array(z.string()),
  section: PassageSectionSchema.nullable(),
  /** Where the passage is in its section's text. */
  passageStart: z.number().int(),
  passageEnd: z.number().int(),
  passage: z.string(),
  /** Matched terms in the passage (offsets in `passage`) and in the feature (offsets in its text). */
  passageSpans: z.array(SpanSchema),
  featureSpans: z.array(SpanSchema),
});
export type FeatureMatch = z.infer<typeof FeatureMatchSchema>;

/** A risk judgement with the documents behind it and its reason in both languages. */
export const RiskSchema = z.object({
  level: RiskLevelSchema,
  /** The documents the judgement rests on (the X document, the Y pair, or the nearest). */
  documents: z.array(z.string()),
  /** Features none of `documents` discloses (indexes). */
  missing: z.array(z.number().int()),
  reason: z.object({ zh: z.string(), en: z.string() }),
});
export type Risk = z.infer<typeof RiskSchema>;

/** An evaluation as the list shows it. */
export const PreEvaluationSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: PreEvaluationKindSchema,
  origin: PreEvaluationOriginSchema,
  chars: z.number().int(),
  /** Prior art must be published before this day (the user's priority or filing date); null: no limit. */
  priorityDate: z.string().nullable(),
  /** The input's own publication, excluded with its family. */
  publicationNumber: z.string().nullable(),
  state: PreEvaluationStateSchema,
  stage: PreEvaluationStageSchema.nullable(),
  /** 0–1 while running. */
  progress: z.number(),
  novelty: RiskLevelSchema.nullable(),
  inventiveness: RiskLevelSchema.nullable(),
  features: z.number().int(),
  documents: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type PreEvaluation = z.infer<typeof PreEvaluationSchema>;

/** What a finished evaluation holds. */
export const PreEvaluationResultSchema = z.object({
  features: z.array(TechnicalFeatureSchema),
  /** Every matched document, in retrieval order. */
  documents: z.array(PriorArtDocumentSchema),
  /** The matrix's columns: the PRE_EVALUATION_MATRIX_DOCUMENTS disclosing most, best first. */
  matrixDocuments: z.array(z.string()),
  /** Every feature × document cell (documents of `documents`). */
  cells: z.array(FeatureMatchSchema),
  novelty: RiskSchema,
  inventiveness: RiskSchema,
  stats: z.object({
    /** Documents the search answered before exclusions. */
    searched: z.number().int(),
    /** Publications left out as the input's own or its family. */
    excluded: z.array(z.string()),
    /** The semantic model the vector scores come from; null: terms only. */
    model: z.string().nullable(),
    ms: z.number(),
    /** Of which the prior-art search. */
    searchMs: z.number(),
  }),
});
export type PreEvaluationResult = z.infer<typeof PreEvaluationResultSchema>;

// ---------------------------------------------------------------------------------------------
// Calls

/** POST /apply/pre/search: text (≥ PRE_EVALUATION_MIN_CHARS), optional title, date, kind, own number. */
export const PreEvaluationSearchRequestSchema = z.object({
  text: z.string().max(MAX_PRE_EVALUATION_TEXT_LENGTH * 2),
  title: z.string().trim().max(MAX_PRE_EVALUATION_TITLE_LENGTH).optional(),
  kind: PreEvaluationInputKindSchema.default('auto'),
  priorityDate: IsoDateSchema.optional(),
  publicationNumber: z.string().trim().max(64).optional(),
  origin: PreEvaluationOriginSchema.default('preAssessment'),
  /** The application's four sections (an application draft): the formal review checks them. */
  application: ApplicationTextSchema.optional(),
  /** The applicant, for the abnormal-application signals (their earlier filings). */
  applicant: z.string().trim().max(MAX_ABNORMAL_APPLICANT_LENGTH).optional(),
});
export type PreEvaluationSearchRequest = z.input<typeof PreEvaluationSearchRequestSchema>;

export const PreEvaluationSearchResponseSchema = z.object({ evaluation: PreEvaluationSchema });
export type PreEvaluationSearchResponse = z.infer<typeof PreEvaluationSearchResponseSchema>;

/** POST /apply/pre/result/list */
export const PreEvaluationListRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  origin: PreEvaluationOriginSchema.optional(),
});
export type PreEvaluationListRequest = z.input<typeof PreEvaluationListRequestSchema>;

export const PreEvaluationListResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(PreEvaluationSchema),
});
export type PreEvaluationListResponse = z.infer<typeof PreEvaluationListResponseSchema>;

/** POST /apply/pre/result/delete?ids=a,b (spec: params): ids comma-separated or repeated. */
export const PreEvaluationDeleteQuerySchema = z.object({
  ids: z
    .union([z.string(), z.array(z.string())])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(64)).min(1).max(MAX_PRE_EVALUATION_DELETE)),
});

/** GET /apply/pre/result/detail?id= */
export const PreEvaluationDetailQuerySchema = z.object({ id: z.string().min(1).max(64) });
export const PreEvaluationDetailSchema = z.object({
  evaluation: PreEvaluationSchema,
  text: z.string(),
  /** The four sections when they were given; else the formal review reads `text` as the claims or the description. */
  application: ApplicationTextSchema.nullable(),
  applicant: z.string().nullable(),
  /** Null until the evaluation is done. */
  result: PreEvaluationResultSchema.nullable(),
});
export type PreEvaluationDetail = z.infer<typeof PreEvaluationDetailSchema>;

/** `PN:X,PN:Y` — the categories a user chose on the novelty report (others keep the suggestion). */
export const CategoryChoicesSchema = z
  .string()
  .max(4000)
  .transform((text) => {
    const choices: Record<string, PriorArtCategory> = {};
    for (const pair of text.split(',')) {
      const [pn, category] = pair.split(':').map((s) => s.trim());
      if (pn && (category === 'X' || category === 'Y' || category === 'A')) choices[pn] = category;
    }
    return choices;
  });

/**
 * GET /apply/pre/result/export?id=&format=docx|pdf: the evaluation (`report=evaluation`), or the
 * novelty report of a disclosure (`report=novelty`, with the user's `documents` and `categories`).
 */
export const PreEvaluationExportQuerySchema = z.object({
  id: z.string().min(1).max(64),
  format: z.enum(['docx', 'pdf']).default('docx'),
  report: z.enum(['evaluation', 'novelty']).default('evaluation'),
  /** Comma-separated publication numbers the novelty report lists (default: every document). */
  documents: z.string().max(4000).optional(),
  categories: CategoryChoicesSchema.optional(),
});
export type PreEvaluationExportQuery = z.input<typeof PreEvaluationExportQuerySchema>;
