import { analysisEndpoints as endpoints } from '@patlas/contracts';
import type {
  AnalysisJumpRequest,
  AnalysisJumpResponse,
  AnalysisRequest,
  AnalysisResponse,
  AnalysisResultSet,
  ApplicantGroupAnalysisResponse,
  ApplicantGroupJumpRequest,
  ClusteringRequest,
  ClusteringResponse,
  LandscapeRequest,
  LandscapeResponse,
  TextMiningJumpResponse,
  WordCloudRequest,
  WordCloudResponse,
  WordMergeReductionRequest,
  WordMergeRequest,
  WordMergeResponse,
} from '@patlas/contracts';
import { apiPost, type RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

/** `POST /api/product/search/analyze`: one aggregation over a result set. */
export function analyze(body: AnalysisRequest, options: Options): Promise<AnalysisResponse> {
  return call(endpoints.analyze, { body }, options);
}

/** `POST /api/product/search/analysisJump`: the result page state of one chart element. */
export function analysisJump(body: AnalysisJumpRequest, options: Options): Promise<AnalysisJumpResponse> {
  return call(endpoints.jump, { body }, options);
}

/** `POST /api/product/search/analy/applicantGroup`: the set counted per applicant group of the user (issue 46). */
export function applicantGroupAnalysis(
  body: AnalysisResultSet,
  options: Options,
): Promise<ApplicantGroupAnalysisResponse> {
  return call(endpoints.applicantGroups, { body }, options);
}

/** `POST /api/product/search/analy/applicantGroup/analysisJump`: a group's bar as the expression AND `PA=@组名`. */
export function applicantGroupJump(body: ApplicantGroupJumpRequest, options: Options): Promise<AnalysisJumpResponse> {
  return call(endpoints.applicantGroupJump, { body }, options);
}

/** `POST /api/product/search/analyWordCloud`: the set's key terms (TF-IDF against the whole index). */
export function wordCloud(body: WordCloudRequest, options: Options): Promise<WordCloudResponse> {
  return call(endpoints.wordCloud, { body }, options);
}

/** `POST /api/product/search/analyClustering`: topics of the set with readable labels. */
export function clustering(body: ClusteringRequest, options: Options): Promise<ClusteringResponse> {
  return call(endpoints.clustering, { body }, options);
}

/** `POST /api/product/search/analyPatentLandscape`: the 2-D map of the set's documents. */
export function landscape(body: LandscapeRequest, options: Options): Promise<LandscapeResponse> {
  return call(endpoints.landscape, { body }, options);
}

/**
 * The per-chart jumps of the text-mining charts (word, cluster, landscape region), by path: a chart
 * action keeps the path and its own loose body, so these go through apiPost rather than `call`.
 */
export const TEXT_JUMP_PATHS = {
  word: endpoints.wordCloudJump.path,
  cluster: endpoints.clusteringJump.path,
  region: endpoints.landscapeJump.path,
} as const;

export function textMiningJump(
  path: (typeof TEXT_JUMP_PATHS)[keyof typeof TEXT_JUMP_PATHS],
  body: Record<string, unknown>,
  options: Options,
): Promise<TextMiningJumpResponse> {
  return apiPost<TextMiningJumpResponse>(path, body, options);
}

/** `POST /api/product/search/depth/analysis/merge/word`: merges words into one term, or removes them. */
export function mergeWords(body: WordMergeRequest, options: Options): Promise<WordMergeResponse> {
  return call(endpoints.mergeWord, { body }, options);
}

/** `POST /api/product/search/depth/analysis/merge/word/reduction`: undoes one merge or removal, or all. */
export function reduceWords(body: WordMergeReductionRequest, options: Options): Promise<WordMergeResponse> {
  return call(endpoints.mergeWordReduction, { body }, options);
}
