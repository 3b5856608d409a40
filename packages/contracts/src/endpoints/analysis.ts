import { endpoint } from '../endpoint.js';
import {
  AnalysisJumpRequestSchema,
  AnalysisJumpResponseSchema,
  AnalysisMapRequestSchema,
  AnalysisRequestSchema,
  AnalysisResponseSchema,
  ApplicantGroupAnalysisResponseSchema,
  ApplicantGroupJumpRequestSchema,
  ClusterJumpRequestSchema,
  ClusteringRequestSchema,
  ClusteringResponseSchema,
  ConnectionJumpRequestSchema,
  ExpiredYearJumpRequestSchema,
  ImpactRequestSchema,
  LandscapeDetailRequestSchema,
  LandscapeRegionRequestSchema,
  LandscapeRequestSchema,
  LandscapeResponseSchema,
  LandscapeTopInfoResponseSchema,
  MultiFieldRankJumpRequestSchema,
  PatentClusterRequestSchema,
  PatentClusterResponseSchema,
  ResultSetAnalysisRequestSchema,
  SingleFieldRankJumpRequestSchema,
  SingleFieldRankRequestSchema,
  TextMiningJumpResponseSchema,
  TextMiningPageResponseSchema,
  WordCloudDetailRequestSchema,
  WordCloudJumpRequestSchema,
  WordCloudRequestSchema,
  WordCloudResponseSchema,
} from '../analysis.js';
import { WordMergeReductionRequestSchema, WordMergeRequestSchema, WordMergeResponseSchema } from '../word-merge.js';

/** A chart of a fixed kind over a result set: the body is the result set alone. */
const fixed = <const P extends `/${string}`>(path: P) =>
  endpoint({ method: 'POST', path, body: ResultSetAnalysisRequestSchema, response: AnalysisResponseSchema });

/** Result-set analysis (spec 2 §7 "Analysis (POST)", docs/analysis.md), text mining and merged words. */
export const analysisEndpoints = {
  analyze: endpoint({
    method: 'POST',
    path: '/product/search/analyze',
    body: AnalysisRequestSchema,
    response: AnalysisResponseSchema,
  }),
  singleFieldRank: endpoint({
    method: 'POST',
    path: '/product/search/analy/single/field/rank',
    body: SingleFieldRankRequestSchema,
    response: AnalysisResponseSchema,
  }),
  expiredYear: fixed('/product/search/analy/expired/year'),
  threeRates: fixed('/product/search/china/invention/three/rate'),
  validPatents: fixed('/product/search/china/patent/efficient'),
  impact: endpoint({
    method: 'POST',
    path: '/product/search/analy/impact',
    body: ImpactRequestSchema,
    response: AnalysisResponseSchema,
  }),
  map: endpoint({
    method: 'POST',
    path: '/product/search/analy/map',
    body: AnalysisMapRequestSchema,
    response: AnalysisResponseSchema,
  }),
  jump: endpoint({
    method: 'POST',
    path: '/product/search/analysisJump',
    body: AnalysisJumpRequestSchema,
    response: AnalysisJumpResponseSchema,
  }),
  singleFieldRankJump: endpoint({
    method: 'POST',
    path: '/product/search/single/field/rank/analysisJump',
    body: SingleFieldRankJumpRequestSchema,
    response: AnalysisJumpResponseSchema,
  }),
  multiFieldRankJump: endpoint({
    method: 'POST',
    path: '/product/search/multi/field/rank/analysisJump',
    body: MultiFieldRankJumpRequestSchema,
    response: AnalysisJumpResponseSchema,
  }),
  expiredYearJump: endpoint({
    method: 'POST',
    path: '/product/search/expired/year/analysisJump',
    body: ExpiredYearJumpRequestSchema,
    response: AnalysisJumpResponseSchema,
  }),
  // applicant groups as a dimension (issue 46 item 1)
  applicantGroups: endpoint({
    method: 'POST',
    path: '/product/search/analy/applicantGroup',
    body: ResultSetAnalysisRequestSchema,
    response: ApplicantGroupAnalysisResponseSchema,
  }),
  applicantGroupJump: endpoint({
    method: 'POST',
    path: '/product/search/analy/applicantGroup/analysisJump',
    body: ApplicantGroupJumpRequestSchema,
    response: AnalysisJumpResponseSchema,
  }),
  connectionJump: endpoint({
    method: 'POST',
    path: '/product/search/connection/analysisJump',
    body: ConnectionJumpRequestSchema,
    response: AnalysisJumpResponseSchema,
  }),
  // text mining (text-mining.routes.ts)
  wordCloud: endpoint({
    method: 'POST',
    path: '/product/search/analyWordCloud',
    body: WordCloudRequestSchema,
    response: WordCloudResponseSchema,
  }),
  wordCloudDetail: endpoint({
    method: 'POST',
    path: '/product/search/analyWordCloud/detail',
    body: WordCloudDetailRequestSchema,
    response: TextMiningPageResponseSchema,
  }),
  wordCloudJump: endpoint({
    method: 'POST',
    path: '/product/search/analyWordCloud/analysisJump',
    body: WordCloudJumpRequestSchema,
    response: AnalysisJumpResponseSchema,
  }),
  clustering: endpoint({
    method: 'POST',
    path: '/product/search/analyClustering',
    body: ClusteringRequestSchema,
    response: ClusteringResponseSchema,
  }),
  patentCluster: endpoint({
    method: 'POST',
    path: '/product/search/analy/patentCluster',
    body: PatentClusterRequestSchema,
    response: PatentClusterResponseSchema,
  }),
  clusteringJump: endpoint({
    method: 'POST',
    path: '/product/search/patent/clustering/analysisJump',
    body: ClusterJumpRequestSchema,
    response: TextMiningJumpResponseSchema,
  }),
  landscape: endpoint({
    method: 'POST',
    path: '/product/search/analyPatentLandscape',
    body: LandscapeRequestSchema,
    response: LandscapeResponseSchema,
  }),
  landscapeTopInfo: endpoint({
    method: 'POST',
    path: '/product/search/getOtherTopInfo/PatentLandscape',
    body: LandscapeRegionRequestSchema,
    response: LandscapeTopInfoResponseSchema,
  }),
  landscapeDetail: endpoint({
    method: 'POST',
    path: '/product/search/detail/patentLandscape',
    body: LandscapeDetailRequestSchema,
    response: TextMiningPageResponseSchema,
  }),
  landscapeJump: endpoint({
    method: 'POST',
    path: '/product/search/patent/landscape/analysisJump',
    body: LandscapeRegionRequestSchema,
    response: TextMiningJumpResponseSchema,
  }),
  // merged and removed words (word-merge.routes.ts)
  mergeWord: endpoint({
    method: 'POST',
    path: '/product/search/depth/analysis/merge/word',
    body: WordMergeRequestSchema,
    response: WordMergeResponseSchema,
  }),
  mergeWordReduction: endpoint({
    method: 'POST',
    path: '/product/search/depth/analysis/merge/word/reduction',
    body: WordMergeReductionRequestSchema,
    response: WordMergeResponseSchema,
  }),
};
