export * from './analysis/patent-numbers.js';
export * from './search-engine.js';
export { segmentForSearch, segmentWords, extractKeywords } from './analysis/chinese.js';
export { stemWord, isStopWord, ENGLISH_STOP_WORDS } from './analysis/english.js';
export { normaliseText, segmentUnits, type TextUnit } from './analysis/text-normalise.js';
export { analyseTerm, findTerm, type AnalysedTerm } from './analysis/query-terms.js';
export { highlightText } from './analysis/highlight.js';
export { createSqliteEngine, type SqliteEngineOptions, type TextSource } from './backends/sqlite/sqlite-engine.js';
export type { PostingsMode } from './backends/sqlite/postings/own-match.js';
export {
  createPooledEngine,
  type PooledEngine,
  type RequestBudget,
  type SearchPoolOptions,
  type StoppedTask,
} from './backends/sqlite/search-pool.js';
export {
  APPLICANT_PAIR_SEPARATOR,
  applicantPairs,
  pmeTexts,
  type IndexablePatent,
  publicationKey,
} from './backends/sqlite/index-tokens.js';
export { recordVersion } from './record-version.js';
export {
  compileQuery,
  CONTENT_FIELDS,
  printPlan,
  SQLITE_FIELD_IDS,
  type Plan,
} from './backends/sqlite/compile-query.js';
export { BM25_WEIGHTS, FTS_COLUMNS, INDEX_SCHEMA_VERSION } from './backends/sqlite/index-schema.js';
export { loadNativeExtension } from './backends/sqlite/native-extension.js';
export { drillDown, applyDrillDown, VALID_PATENT_TYPES, type AnalysisDrill } from './aggregation/drill-down.js';
// The counting core without the FTS index: bench/analysis.bench.ts times aggregations over 1M column rows.
export { DocColumns } from './backends/sqlite/doc-columns.js';
export { aggregateHits } from './backends/sqlite/aggregate.js';
export { analyseDoc } from './backends/sqlite/index-tokens.js';
export {
  classifyLegalStatus,
  normaliseProvince,
  expiryYearOf,
  type LegalStatusClass,
} from './aggregation/dimensions.js';
export {
  analyseWordCloud,
  analyseClusters,
  analyseLandscape,
  topTermsOf,
  docText,
  type WordCloud,
  type WordCloudWord,
  type Clustering,
  type TextCluster,
  type ClusterMember,
  type PatentLandscape,
  type LandscapePoint,
  type SampleInfo,
  type TextMiningOptions,
} from './text-mining/text-mining.js';
export { clusterDocuments, defaultClusterCount, type TopicClustering } from './text-mining/clustering.js';
export {
  layoutLandscape,
  LANDSCAPE_EXTENT,
  PEAK_RADIUS,
  type LandscapePeak,
  type LandscapeGrid,
} from './text-mining/landscape.js';
export { distinctiveTerms, type LabelTerm } from './text-mining/labels.js';
export { clearDocumentTermsCache, documentTerms, extractTerms, termExpression } from './text-mining/terms.js';
export { CHINESE_STOP_WORDS, ENGLISH_STOP } from './text-mining/stop-words.js';
export { type TextEmbedder } from './semantic/embedder.js';
export { trainLsaModel, embedTerms, DEFAULT_LSA_DIMENSIONS, type LsaModel } from './semantic/lsa-model.js';
export {
  contentWords,
  DEFAULT_SIF_A,
  embedWords,
  expansionTerms,
  loadWordVectors,
  nearestTerms,
  packWordVectors,
  parseFastTextBin,
  trainingTokens,
  wordVector,
  wordVectorEmbedder,
  type FastTextModel,
  type NearestTerm,
  type WordVectors,
} from './semantic/word-vectors.js';
export {
  termCounts,
  keyTermsOf,
  reciprocalRankFusion,
  weightedSimilarity,
  VECTOR_FIELDS,
  type FieldWeights,
} from './semantic/hybrid.js';
export { SEMANTIC_KEY_TERMS, PROXIMITY_WEIGHT, RERANK_DEPTH } from './backends/sqlite/semantic-search.js';
export { fieldProximity, proximityUnits, textProximity } from './semantic/proximity.js';
export { inThreadTextMining, type TextMiningRunner } from './text-mining/runner.js';
export { mergeExpression, termAdjuster, termKeyOf, type TermAdjustmentInput } from './text-mining/adjust.js';
export { companyRenames, currentCompanyName } from './analysis/company-renames.js';
export {
  extractProblemMeansEffect,
  effectCategories,
  splitSentences,
  PME_MAX_CHARS,
  type PmeTexts,
} from './text-mining/problem-means-effect.js';
