import { accountEndpoints } from './account.js';
import { applicantGroupEndpoints } from './applicant-group.js';
import { advancedSearchEndpoints } from './advanced-search.js';
import { alertEndpoints } from './alert.js';
import { analysisEndpoints } from './analysis.js';
import { authEndpoints } from './auth.js';
import { awardEndpoints } from './award.js';
import { batchSearchEndpoints } from './batch-search.js';
import { businessEndpoints } from './business.js';
import { chartEndpoints } from './chart.js';
import { citationEndpoints } from './citation.js';
import { classificationEndpoints } from './classification.js';
import { dashboardsEndpoints } from './dashboards.js';
import { dataImportEndpoints } from './data-import.js';
import { dataVersionEndpoints } from './data-version.js';
import { disclosureEndpoints } from './disclosure.js';
import { duplicateEndpoints } from './duplicate.js';
import { exportEndpoints } from './export.js';
import { fileEndpoints } from './file.js';
import { foreignSyntaxEndpoints } from './foreign-syntax.js';
import { formalReviewEndpoints } from './formal-review.js';
import { groupEndpoints } from './group.js';
import { historyEndpoints } from './history.js';
import { imageSearchEndpoints } from './image-search.js';
import { jobsEndpoints } from './jobs.js';
import { libraryEndpoints } from './library.js';
import { messageEndpoints } from './message.js';
import { operateHistoryEndpoints } from './operate-history.js';
import { patentValueEndpoints } from './patent-value.js';
import { patentEndpoints } from './patent.js';
import { preEvaluationEndpoints } from './pre-evaluation.js';
import { recallCheckEndpoints } from './recall-check.js';
import { reportEndpoints } from './report.js';
import { rewriteEndpoints } from './rewrite.js';
import { searchEndpoints } from './search.js';
import { searchClauseEndpoints } from './search-clauses.js';
import { semanticSearchEndpoints } from './semantic-search.js';
import { shareEndpoints } from './share.js';
import { specialTopicEndpoints } from './special-topic.js';
import { sysEndpoints } from './sys.js';
import { systemEndpoints } from './system.js';
import { trackingEndpoints } from './tracking.js';
import { translationEndpoints } from './translation.js';

export * from './account.js';
export * from './advanced-search.js';
export * from './applicant-group.js';
export * from './alert.js';
export * from './analysis.js';
export * from './auth.js';
export * from './award.js';
export * from './batch-search.js';
export * from './business.js';
export * from './chart.js';
export * from './citation.js';
export * from './classification.js';
export * from './dashboards.js';
export * from './data-import.js';
export * from './data-version.js';
export * from './disclosure.js';
export * from './duplicate.js';
export * from './export.js';
export * from './file.js';
export * from './foreign-syntax.js';
export * from './formal-review.js';
export * from './group.js';
export * from './history.js';
export * from './image-search.js';
export * from './jobs.js';
export * from './library.js';
export * from './message.js';
export * from './operate-history.js';
export * from './patent.js';
export * from './patent-value.js';
export * from './pre-evaluation.js';
export * from './recall-check.js';
export * from './report.js';
export * from './rewrite.js';
export * from './search.js';
export * from './search-clauses.js';
export * from './semantic-search.js';
export * from './share.js';
export * from './special-topic.js';
export * from './sys.js';
export * from './system.js';
export * from './tracking.js';
export * from './translation.js';

/** Every endpoint defined in contracts, by domain (the endpoint test checks them against the server's routes). */
export const ENDPOINTS = {
  account: accountEndpoints,
  advancedSearch: advancedSearchEndpoints,
  alert: alertEndpoints,
  applicantGroup: applicantGroupEndpoints,
  analysis: analysisEndpoints,
  auth: authEndpoints,
  award: awardEndpoints,
  batchSearch: batchSearchEndpoints,
  business: businessEndpoints,
  chart: chartEndpoints,
  citation: citationEndpoints,
  classification: classificationEndpoints,
  dashboards: dashboardsEndpoints,
  dataImport: dataImportEndpoints,
  dataVersion: dataVersionEndpoints,
  disclosure: disclosureEndpoints,
  duplicate: duplicateEndpoints,
  export: exportEndpoints,
  file: fileEndpoints,
  foreignSyntax: foreignSyntaxEndpoints,
  formalReview: formalReviewEndpoints,
  group: groupEndpoints,
  history: historyEndpoints,
  imageSearch: imageSearchEndpoints,
  jobs: jobsEndpoints,
  library: libraryEndpoints,
  message: messageEndpoints,
  operateHistory: operateHistoryEndpoints,
  patentValue: patentValueEndpoints,
  patent: patentEndpoints,
  preEvaluation: preEvaluationEndpoints,
  recallCheck: recallCheckEndpoints,
  report: reportEndpoints,
  rewrite: rewriteEndpoints,
  search: searchEndpoints,
  searchClauses: searchClauseEndpoints,
  semanticSearch: semanticSearchEndpoints,
  share: shareEndpoints,
  specialTopic: specialTopicEndpoints,
  sys: sysEndpoints,
  system: systemEndpoints,
  tracking: trackingEndpoints,
  translation: translationEndpoints,
} as const;
