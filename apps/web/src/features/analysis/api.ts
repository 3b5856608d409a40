import type {
  AnalysisJumpRequest,
  AnalysisJumpResponse,
  AnalysisRequest,
  AnalysisResponse,
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

type Options = Omit<RequestOptions, 'query'>;

/** `POST /api/product/search/analyze`: one aggregation over a result set. */
export function analyze(body: AnalysisRequest, options: Options): Promise<AnalysisResponse> {
  return apiPost<AnalysisResponse>('/product/search/analyze', body, options);
}

/** `POST /api/product/search/analysisJump`: the result page state of one chart element. */
export function analysisJump(body: AnalysisJumpRequest, options: Options): Promise<AnalysisJumpResponse> {
  return apiPost<AnalysisJumpResponse>('/product/search/analysisJump', body, options);
}

/** `POST /api/product/search/analyWordCloud`: the set's key terms (TF-IDF against the whole index). */
export function wordCloud(body: WordCloudRequest, options: Options): Promise<WordCloudResponse> {
  return apiPost<WordCloudResponse>('/product/search/analyWordCloud', body, options);
}

/** `POST /api/product/search/analyClustering`: topics of the set with readable labels. */
export function clustering(body: ClusteringRequest, options: Options): Promise<ClusteringResponse> {
  return apiPost<ClusteringResponse>('/product/search/analyClustering', body, options);
}

/** `POST /api/product/search/analyPatentLandscape`: the 2-D map of the set's documents. */
export function landscape(body: LandscapeRequest, options: Options): Promise<LandscapeResponse> {
  return apiPost<LandscapeResponse>('/product/search/analyPatentLandscape', body, options);
}

/** The per-chart jumps of the text-mining charts (word, cluster, landscape region). */
export const TEXT_JUMP_PATHS = {
  word: '/product/search/analyWordCloud/analysisJump',
  cluster: '/product/search/patent/clustering/analysisJump',
  region: '/product/search/patent/landscape/analysisJump',
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
  return apiPost<WordMergeResponse>('/product/search/depth/analysis/merge/word', body, options);
}

/** `POST /api/product/search/depth/analysis/merge/word/reduction`: undoes one merge or removal, or all. */
export function reduceWords(body: WordMergeReductionRequest, options: Options): Promise<WordMergeResponse> {
  return apiPost<WordMergeResponse>('/product/search/depth/analysis/merge/word/reduction', body, options);
}
