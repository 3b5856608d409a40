import {
  NOVELTY_SEARCH_PERMISSION,
  PRE_EVALUATION_PERMISSION,
  PRE_SEARCH_DETAIL_PERMISSION,
  PRE_SEARCH_PERMISSION,
} from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import {
  DOC_DETAILS_PATH,
  ESTIMATE_DETAILS_PATH,
  NOVELTY_REPORT_PATH,
  NOVELTY_RESULT_PATH,
  NOVELTY_SEARCH_PATH,
  PATENT_COMPARE_PATH,
  PRE_ASSESSMENT_PATH,
  PRE_ASSESSMENT_SEARCH_PATH,
  PRE_DETAIL_PATH,
  PRE_PATH,
} from '../../app/paths';

const estimate = async () => (await import('./EstimateDetailsPage')).EstimateDetailsPage;

/**
 * Pre-evaluation of novelty and inventiveness with evidence, and the novelty search from a
 * disclosure (issue 22; spec 2 §2 /preAssessment, /preAssessmentSearch, /estimateDetails,
 * /docDetails, /pre, /pre/detail, /disclosureNoveltySearch with /search, /patentCompare,
 * /noveltyReport). docs/pre-evaluation.md says what each page shows.
 */
export const preEvaluationFeature = defineFeature({
  routes: [
    {
      path: PRE_ASSESSMENT_PATH,
      titleKey: 'preEvaluation:routes.preAssessment',
      access: PRE_EVALUATION_PERMISSION,
      tab: { permission: PRE_EVALUATION_PERMISSION },
      menu: { group: 'main', labelKey: 'preEvaluation:nav', order: 98, activePrefixes: [PRE_ASSESSMENT_PATH] },
      page: async () => (await import('./PreAssessmentPage')).PreAssessmentPage,
    },
    {
      path: PRE_ASSESSMENT_SEARCH_PATH,
      titleKey: 'preEvaluation:routes.search',
      access: PRE_EVALUATION_PERMISSION,
      tab: { permission: PRE_EVALUATION_PERMISSION, keyParams: ['id'] },
      page: async () => (await import('./PreAssessmentSearchPage')).PreAssessmentSearchPage,
    },
    {
      path: ESTIMATE_DETAILS_PATH,
      titleKey: 'preEvaluation:routes.estimate',
      access: PRE_EVALUATION_PERMISSION,
      tab: { permission: PRE_EVALUATION_PERMISSION, keyParams: ['id'] },
      page: estimate,
    },
    {
      path: DOC_DETAILS_PATH,
      titleKey: 'preEvaluation:routes.doc',
      access: [PRE_EVALUATION_PERMISSION, NOVELTY_SEARCH_PERMISSION, PRE_SEARCH_PERMISSION],
      tab: { permission: false, keyParams: ['id', 'pn'], labelParam: 'pn' },
      page: async () => (await import('./DocDetailsPage')).DocDetailsPage,
    },
    {
      path: PRE_PATH,
      titleKey: 'preEvaluation:routes.pre',
      access: PRE_SEARCH_PERMISSION,
      // Spec 1 §4 / spec 2 §2: "/pre … allowed only when the menu holds the matching permission, otherwise the user goes to /login".
      deniedTo: 'login',
      tab: { permission: PRE_SEARCH_PERMISSION },
      page: async () => (await import('./PreListPage')).PreListPage,
    },
    {
      path: PRE_DETAIL_PATH,
      titleKey: 'preEvaluation:routes.preDetail',
      access: PRE_SEARCH_DETAIL_PERMISSION,
      deniedTo: 'login',
      tab: { permission: PRE_SEARCH_DETAIL_PERMISSION, keyParams: ['id'] },
      page: estimate,
    },
    {
      path: NOVELTY_SEARCH_PATH,
      titleKey: 'preEvaluation:routes.novelty',
      access: NOVELTY_SEARCH_PERMISSION,
      tab: { permission: NOVELTY_SEARCH_PERMISSION },
      menu: { group: 'main', labelKey: 'preEvaluation:noveltyNav', order: 97.5, activePrefixes: [NOVELTY_SEARCH_PATH] },
      page: async () => (await import('./NoveltySearchPage')).NoveltySearchPage,
    },
    {
      path: NOVELTY_RESULT_PATH,
      titleKey: 'preEvaluation:routes.noveltyResult',
      access: NOVELTY_SEARCH_PERMISSION,
      tab: { permission: NOVELTY_SEARCH_PERMISSION, keyParams: ['id'] },
      page: async () => (await import('./NoveltyResultPage')).NoveltyResultPage,
    },
    {
      path: PATENT_COMPARE_PATH,
      titleKey: 'preEvaluation:routes.compare',
      access: NOVELTY_SEARCH_PERMISSION,
      tab: { permission: NOVELTY_SEARCH_PERMISSION, keyParams: ['id', 'pn'], labelParam: 'pn' },
      page: async () => (await import('./PatentComparePage')).PatentComparePage,
    },
    {
      path: NOVELTY_REPORT_PATH,
      titleKey: 'preEvaluation:routes.report',
      access: NOVELTY_SEARCH_PERMISSION,
      tab: { permission: NOVELTY_SEARCH_PERMISSION, keyParams: ['id'] },
      page: async () => (await import('./NoveltyReportPage')).NoveltyReportPage,
    },
    // Spec 2 §2 names the pages without the innovation-space prefix.
    { path: '/preAssessment', redirectTo: PRE_ASSESSMENT_PATH, keepQuery: true },
    { path: '/preAssessmentSearch', redirectTo: PRE_ASSESSMENT_SEARCH_PATH, keepQuery: true },
    { path: '/estimateDetails', redirectTo: ESTIMATE_DETAILS_PATH, keepQuery: true },
    { path: '/docDetails', redirectTo: DOC_DETAILS_PATH, keepQuery: true },
    { path: '/pre', redirectTo: PRE_PATH, keepQuery: true },
    { path: '/pre/detail', redirectTo: PRE_DETAIL_PATH, keepQuery: true },
    { path: '/disclosureNoveltySearch', redirectTo: NOVELTY_SEARCH_PATH, keepQuery: true },
    { path: '/disclosureNoveltySearch/search', redirectTo: NOVELTY_RESULT_PATH, keepQuery: true },
    { path: '/disclosureNoveltySearch/patentCompare', redirectTo: PATENT_COMPARE_PATH, keepQuery: true },
    { path: '/disclosureNoveltySearch/noveltyReport', redirectTo: NOVELTY_REPORT_PATH, keepQuery: true },
    { path: '/patentCompare', redirectTo: PATENT_COMPARE_PATH, keepQuery: true },
    { path: '/noveltyReport', redirectTo: NOVELTY_REPORT_PATH, keepQuery: true },
  ],
});
