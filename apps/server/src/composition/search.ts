import { applicantGroupNames } from '../domains/applicant-group/applicant-group.service.js';
import path from 'node:path';
import type { DatabaseHandle } from '../db/database.js';
import { AdvancedSearchRepository } from '../domains/advanced-search/advanced-search.repository.js';
import { advancedSearchDomain } from '../domains/advanced-search/advanced-search.domain.js';
import { AdvancedSearchService } from '../domains/advanced-search/advanced-search.service.js';
import { AlertRunSets } from '../domains/alert/alert-run-sets.js';
import { analysisDomain } from '../domains/analysis/analysis.domain.js';
import { AnalysisService } from '../domains/analysis/analysis.service.js';
import { TextMiningService } from '../domains/analysis/text-mining.service.js';
import { WordMergeRepository } from '../domains/analysis/word-merge.repository.js';
import { WordMergeService } from '../domains/analysis/word-merge.service.js';
import { awardDomain } from '../domains/award/award.domain.js';
import { AwardRepository } from '../domains/award/award.repository.js';
import { AwardService } from '../domains/award/award.service.js';
import { batchSearchDomain } from '../domains/batch-search/batch-search.domain.js';
import { BatchRecordRepository } from '../domains/batch-search/batch-record.repository.js';
import { BatchSearchService } from '../domains/batch-search/batch-search.service.js';
import { businessDomain } from '../domains/business/business.domain.js';
import { BusinessRepository } from '../domains/business/business.repository.js';
import { BusinessService } from '../domains/business/business.service.js';
import { CompanyInfoRepository } from '../domains/business/company-info.repository.js';
import { CompanyInfoService } from '../domains/business/company-info.service.js';
import { chartDomain } from '../domains/chart/chart.domain.js';
import { ChartRepository } from '../domains/chart/chart.repository.js';
import { ChartService } from '../domains/chart/chart.service.js';
import { CitationSets } from '../domains/citation/citation-sets.js';
import { citationDomain } from '../domains/citation/citation.domain.js';
import { CitationQueryRepository } from '../domains/citation/citation.repository.js';
import { CitationSearchService } from '../domains/citation/citation.service.js';
import { classificationDomain } from '../domains/classification/classification.domain.js';
import { ClassificationService } from '../domains/classification/classification.service.js';
import { defaultSchemeStore } from '../domains/classification/scheme-store.js';
import { dashboardsDomain } from '../domains/dashboards/dashboards.domain.js';
import { DashboardsService } from '../domains/dashboards/dashboards.service.js';
import { DuplicateSets } from '../domains/duplicate/duplicate-sets.js';
import { ImportRunSets } from '../domains/data-import/import-run-sets.js';
import { DataVersionService } from '../domains/patent/data-version.service.js';
import { historyDomain } from '../domains/history/history.domain.js';
import { HistoryCombiner } from '../domains/history/history-combine.js';
import { SearchHistoryRepository } from '../domains/history/search-history.repository.js';
import { HistoryReferences, SearchHistoryService } from '../domains/history/search-history.service.js';
import { DrawingIndex } from '../domains/image-search/drawing-index.js';
import { ImageIndexer } from '../domains/image-search/image-index.js';
import { imageIndexJob } from '../domains/image-search/image-index.job.js';
import { imageSearchDomain } from '../domains/image-search/image-search.domain.js';
import { ImageSearchRepository } from '../domains/image-search/image-search.repository.js';
import { ImageSearchService } from '../domains/image-search/image-search.service.js';
import { LibrarySets } from '../domains/library/library-sets.js';
import { operateHistoryDomain } from '../domains/operate-history/operate-history.domain.js';
import { OperateHistoryRepository } from '../domains/operate-history/operate-history.repository.js';
import { OperateHistoryService } from '../domains/operate-history/operate-history.service.js';
import { DataVersionRepository } from '../domains/patent/data-version.repository.js';
import { patentDomain } from '../domains/patent/patent.domain.js';
import { PatentRepository } from '../domains/patent/patent.repository.js';
import { PatentService } from '../domains/patent/patent.service.js';
import { ReadMarkRepository } from '../domains/patent/read-mark.repository.js';
import { ReadMarkService } from '../domains/patent/read-mark.service.js';
import { PATENT_VALUE_RESCORE_KIND, patentValueRescoreJob } from '../domains/patent-value/patent-value.job.js';
import { patentValueDomain } from '../domains/patent-value/patent-value.domain.js';
import { PatentValueRepository } from '../domains/patent-value/patent-value.repository.js';
import { PatentValueService } from '../domains/patent-value/patent-value.service.js';
import { PreEvaluationSets } from '../domains/pre-evaluation/pre-evaluation-sets.js';
import { ExpressionSearch } from '../domains/search/expression-search.js';
import { FamilyExpansionRepository, FamilyExpansionService } from '../domains/search/family-expansion.js';
import { RecallCheckService } from '../domains/search/recall-check.js';
import { searchDomain } from '../domains/search/search.domain.js';
import { SearchStateRepository } from '../domains/search/search-state.repository.js';
import { SearchService, type SetResolvers } from '../domains/search/search.service.js';
import { semanticSearchDomain } from '../domains/semantic-search/semantic-search.domain.js';
import { SemanticQueryRepository } from '../domains/semantic-search/semantic-query.repository.js';
import { SemanticSearchService } from '../domains/semantic-search/semantic-search.service.js';
import { specialTopicDomain } from '../domains/special-topic/special-topic.domain.js';
import { SpecialTopicRepository } from '../domains/special-topic/special-topic.repository.js';
import { SpecialTopicService } from '../domains/special-topic/special-topic.service.js';
import { trackingDomain } from '../domains/tracking/tracking.domain.js';
import { TrackingRepository } from '../domains/tracking/tracking.repository.js';
import { TrackingService } from '../domains/tracking/tracking.service.js';
import { translationDomain } from '../domains/translation/translation.domain.js';
import { createTranslationProvider } from '../domains/translation/translation.provider.js';
import { TranslationUsageRepository } from '../domains/translation/translation.repository.js';
import { TranslationService } from '../domains/translation/translation.service.js';
import { TermTranslator } from '../domains/translation/term-translator.js';
import { costlyRateLimit } from '../plugins/costly-rate-limit.js';
import { currentCaller } from '../plugins/request-signal.js';
import type { Repositories, Services } from '../composition.js';
import type { IdentityServices } from './identity.js';
import { API, PRODUCT, routesOf, type AreaEntries, type Infrastructure } from './area.js';

/**
 * Search: the patent store and its values, the expression search with its set sources, semantic and
 * image search, histories, analyses, citations, and what reads the index for the home page
 * (dashboards, companies, classification, special topics, awards, batch search, translation).
 */

export function searchRepositories(database: DatabaseHandle) {
  const { db, dialect } = database;
  return {
    patents: new PatentRepository(db, database.sqlite),
    patentValues: new PatentValueRepository(db),
    /** What each import added and changed (issue 19: alerts report it). */
    dataVersions: new DataVersionRepository(db),
    searchStates: new SearchStateRepository(db),
    /** reading marks: the patents each user opened (domains/patent) */
    readMarks: new ReadMarkRepository(db),
    semanticQueries: new SemanticQueryRepository(db),
    searchHistory: new SearchHistoryRepository(db, dialect),
    operateHistory: new OperateHistoryRepository(db),
    tracking: new TrackingRepository(db),
    chart: new ChartRepository(db),
    advancedSearch: new AdvancedSearchRepository(db),
    specialTopics: new SpecialTopicRepository(db),
    awards: new AwardRepository(db),
    batchRecords: new BatchRecordRepository(db),
    imageSearch: new ImageSearchRepository(db),
    /** merged and removed word-cloud terms per user and set (domains/analysis) */
    wordMerges: new WordMergeRepository(db),
    /** stored citation searches (domains/citation) */
    citationQueries: new CitationQueryRepository(db),
    /** imported company trees (domains/business) */
    companyRelations: new BusinessRepository(db),
    /** the operators' company information file: listed or not, type, region (domains/business) */
    companyInfo: new CompanyInfoRepository(db),
    /** the translation calls' daily character counts (domains/translation) */
    translationUsage: new TranslationUsageRepository(db),
    /** the simple-family expansions each account made (domains/search, its quota) */
    familyExpansions: new FamilyExpansionRepository(db),
  };
}
export type SearchRepositories = ReturnType<typeof searchRepositories>;

/**
 * How each kind of set source is resolved, read by the domain that owns the set from its own
 * tables (or, semantic and citation sets, computed): the layer under the search service, so every
 * service above searches any set without the search knowing those domains' services.
 */
function setResolversOf(r: Repositories, semanticSearch: SemanticSearchService, citations: CitationSets): SetResolvers {
  const libraries = new LibrarySets(r.libraries, r.libraryMembers);
  const alertRuns = new AlertRunSets(r.alerts);
  const duplicates = new DuplicateSets(r.tasks.duplicate);
  const preEvaluations = new PreEvaluationSets(r.tasks.preEvaluation);
  const importRuns = new ImportRunSets(r.importRuns, new DataVersionService(r.dataVersions));
  return {
    semantic: (source) => semanticSearch.rankedSet(source.key),
    library: (source, context) => libraries.resolveSet(source, context),
    alertRun: (source, context) => alertRuns.resolveSet(source.key, context),
    duplicate: (source, context) => duplicates.resolveSet(source, context),
    citation: (source) => citations.resolveSet(source),
    preEvaluation: (source, context) => preEvaluations.resolveSet(source, context),
    importRun: (source, context) => importRuns.resolveSet(source.key, context),
  };
}

export function searchServices(r: Repositories, infra: Infrastructure, before: IdentityServices) {
  const { config, engine, now } = infra;
  const patents = new PatentService(r.patents);
  const semanticSearch = new SemanticSearchService(engine, r.semanticQueries, infra.semanticModel, infra.wordVectors);
  const citationSets = new CitationSets({ patents, repository: r.citationQueries });
  const translationProvider = createTranslationProvider(config.translate);
  const readMarks = new ReadMarkService(r.readMarks, now);
  const companyInfo = new CompanyInfoService(r.companyInfo, infra.sheets, now);
  const search = new SearchService(engine, r.searchStates, {
    sets: setResolversOf(r, semanticSearch, citationSets),
    // Analyses and text mining read a set for the caller of the request being served.
    caller: currentCaller,
    // #n in expressions are the user's history entries, read over the expression search alone.
    references: new HistoryReferences(r.searchHistory, new HistoryCombiner(new ExpressionSearch(engine))),
    // Cross-language search (issue 43): the search's words through the translation service, remembered and time-limited.
    translator: new TermTranslator(translationProvider, config.translate.queryTimeoutMs),
    // PA=@组名 (issue 46): the user's applicant groups, read from the applicant-group domain's table.
    applicantGroups: applicantGroupNames(r.applicantGroups),
    // PA-LISTED=是 (issue 46 item 4): the names the operators' company information file marks listed.
    listedCompanies: companyInfo,
    // The result page's "unread only" leaves out the patents the searcher opened.
    readMarks,
    // SEM=(…) (issue 48): the top N by meaning, ranked by the semantic search.
    semanticClauses: semanticSearch,
    // Issue 48 item 5: `asOf` leaves out the records later imports added.
    dataVersions: new DataVersionService(r.dataVersions),
    // …and matches the records they changed as they were, in the CPU pool (as-of-match.ts).
    asOfMatcher: (input) => infra.cpu.run('asOfMatch', input),
  });
  const drawingIndex = new DrawingIndex(r.imageSearch, patents);
  const imageIndexer = new ImageIndexer(r.imageSearch, patents, infra.imageEmbedder, infra.drawingsDir, now, () =>
    drawingIndex.invalidate(),
  );
  // The applicant-group chart (issue 46) counts the set per group the caller can write as PA=@组名.
  const analysis = new AnalysisService(engine, search, applicantGroupNames(r.applicantGroups));
  const wordMerge = new WordMergeService(r.wordMerges, now);
  const awards = new AwardService({
    repository: r.awards,
    patents,
    engine,
    indexWrites: infra.indexWrites,
    now,
    log: infra.log.child({ module: 'awards' }),
  });
  return {
    patents,
    /** reading marks (spec 2 §3/§9): written by the detail call, read by result lists and "unread only" */
    readMarks,
    /** simple-family expansion and its `familyExpand` quota (issue 46; domains/search) */
    familyExpansion: new FamilyExpansionService({
      engine,
      search,
      patents,
      repository: r.familyExpansions,
      limit: (auth) => before.quotas.limitOf(auth, 'familyExpand'),
    }),
    /** the recall check of an expression against known-relevant patents (issue 48 item 4; domains/search) */
    recallCheck: new RecallCheckService({ engine, search, patents, cpu: infra.cpu }),
    /** patent value scores (domains/patent-value); the import scores every record through it */
    patentValue: new PatentValueService({
      repository: r.patentValues,
      patents,
      engine,
      cpu: infra.cpu,
      indexWrites: infra.indexWrites,
      enqueueRescore: async () => {
        await infra.jobs.enqueue(PATENT_VALUE_RESCORE_KIND, {}, { uniqueKey: PATENT_VALUE_RESCORE_KIND });
      },
      now,
      log: infra.log.child({ module: 'patent-value' }),
    }),
    search,
    semanticSearch,
    history: new SearchHistoryService(r.searchHistory, search, now, infra.sheets),
    operateHistory: new OperateHistoryService(r.operateHistory, now, infra.sheets),
    analysis,
    textMining: new TextMiningService(engine, search, {
      textMining: infra.textMining,
      // A set's word cloud and clusters count the caller's merged words as one term.
      termAdjustments: (set) => wordMerge.adjustmentsOf(currentCaller()?.userId ?? null, set),
    }),
    /** merging and removing word-cloud/cluster terms (domains/analysis) */
    wordMerge,
    /** citation search, a set source of the result page (domains/citation) */
    citation: new CitationSearchService({ sets: citationSets, patents, search, engine, repository: r.citationQueries }),
    imageSearch: new ImageSearchService(
      r.imageSearch,
      drawingIndex,
      patents,
      imageIndexer,
      infra.imageEmbedder,
      now,
      config.retention.imageSearchKeys * 86_400_000,
    ),
    /** computes drawing features (run by the image-index job) */
    imageIndexer,
    tracking: new TrackingService(r.tracking, now),
    chart: new ChartService(r.chart, now),
    classification: new ClassificationService(defaultSchemeStore(), engine),
    advancedSearch: new AdvancedSearchService(r.advancedSearch, now),
    /** the home page's special topics (domains/special-topic) */
    specialTopics: new SpecialTopicService({
      repository: r.specialTopics,
      search,
      picturesDir: path.join(config.dataDir, 'uploads', 'topics'),
      now,
      log: infra.log.child({ module: 'special-topics' }),
    }),
    /** award lists and the AWARD field of the index (domains/award) */
    awards,
    /** companies and their trees (domains/business) */
    business: new BusinessService(engine, search, patents, r.companyRelations),
    /** the operators' company information file (domains/business): PA-LISTED and the detail page's parties */
    companyInfo,
    dashboards: new DashboardsService(engine, search, awards),
    batchSearch: new BatchSearchService(patents, search, r.batchRecords, now, infra.sheets),
    translation: new TranslationService(translationProvider, infra.translationDelay, {
      usage: r.translationUsage,
      perUser: config.translate.dailyCharsPerUser,
      perAddress: config.translate.dailyCharsPerAddress,
      now,
    }),
  };
}
export type SearchServices = ReturnType<typeof searchServices>;

export function searchEntries(s: Services, infra: Infrastructure): AreaEntries {
  const { config } = infra;
  // Per user and route: searches, counts and analyses (issue 40).
  const { ratePerMinute } = config.searchFairness;
  return {
    jobs: [imageIndexJob(s.imageIndexer, infra.shutdown), patentValueRescoreJob(s.patentValue, infra.shutdown)],
    routes: [
      routesOf(patentDomain, {
        prefix: PRODUCT,
        patents: s.patents,
        drawingsDir: infra.drawingsDir,
        readMarks: s.readMarks,
        companyInfo: s.companyInfo,
      }),
      routesOf(searchDomain, {
        prefix: API,
        search: s.search,
        ratePerMinute,
        recorder: s.history,
        familyExpansion: s.familyExpansion,
        recallCheck: s.recallCheck,
        cpu: infra.cpu,
      }),
      routesOf(analysisDomain, {
        prefix: PRODUCT,
        analysis: s.analysis,
        textMining: s.textMining,
        wordMerge: s.wordMerge,
        ratePerMinute,
      }),
      routesOf(semanticSearchDomain, {
        prefix: PRODUCT,
        semanticSearch: s.semanticSearch,
        account: s.account,
        ratePerMinute,
      }),
      routesOf(dashboardsDomain, { prefix: PRODUCT, dashboards: s.dashboards, ratePerMinute }),
      routesOf(historyDomain, { prefix: PRODUCT, history: s.history }),
      routesOf(imageSearchDomain, { prefix: PRODUCT, imageSearch: s.imageSearch }),
      routesOf(operateHistoryDomain, { prefix: PRODUCT, operateHistory: s.operateHistory }),
      routesOf(trackingDomain, { prefix: PRODUCT, tracking: s.tracking }),
      routesOf(chartDomain, { prefix: PRODUCT, chart: s.chart }),
      routesOf(classificationDomain, { prefix: PRODUCT, classification: s.classification }),
      routesOf(advancedSearchDomain, { prefix: PRODUCT, advancedSearch: s.advancedSearch }),
      routesOf(specialTopicDomain, { prefix: PRODUCT, specialTopics: s.specialTopics }),
      routesOf(awardDomain, { prefix: PRODUCT, awards: s.awards }),
      routesOf(batchSearchDomain, { prefix: API, batchSearch: s.batchSearch }),
      routesOf(translationDomain, { prefix: PRODUCT, translation: s.translation }),
      routesOf(businessDomain, { prefix: API, business: s.business, companyInfo: s.companyInfo }),
      routesOf(citationDomain, { prefix: PRODUCT, citation: s.citation }),
      routesOf(patentValueDomain, {
        prefix: PRODUCT,
        patentValue: s.patentValue,
        costly: costlyRateLimit(config.cpu.costlyPerMinute),
      }),
    ],
  };
}
