import type { AnalysisJumpRequest, AnalysisJumpResponse, AnalysisRequest, AnalysisResponse } from '@patlas/contracts';
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
