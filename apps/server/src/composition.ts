import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { hasPermission } from '@patlas/contracts';
import {
  createPooledEngine,
  createSqliteEngine,
  type PooledEngine,
  type SearchEngine,
  type TextMiningRunner,
  type WordVectors,
} from '@patlas/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { createCpuPool, type CpuPool } from './cpu/cpu-pool.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { AccountRepository } from './domains/account/account.repository.js';
import { AccountService } from './domains/account/account.service.js';
import { DisplayCopyRepository } from './domains/account/display-copy.repository.js';
import { DisplayCopyService } from './domains/account/display-copy.service.js';
import { EmailLinkRepository } from './domains/account/email-link.repository.js';
import { RegistrationService } from './domains/account/registration.service.js';
import { TryoutRepository } from './domains/account/tryout.repository.js';
import { UserGuideRepository } from './domains/account/user-guide.repository.js';
import { AdvancedSearchRepository } from './domains/advanced-search/advanced-search.repository.js';
import { AwardRepository } from './domains/award/award.repository.js';
import { AwardService } from './domains/award/award.service.js';
import { SpecialTopicRepository } from './domains/special-topic/special-topic.repository.js';
import { SpecialTopicService } from './domains/special-topic/special-topic.service.js';
import { AdvancedSearchService } from './domains/advanced-search/advanced-search.service.js';
import { AnalysisService } from './domains/analysis/analysis.service.js';
import { TextMiningService } from './domains/analysis/text-mining.service.js';
import { WordMergeRepository } from './domains/analysis/word-merge.repository.js';
import { WordMergeService } from './domains/analysis/word-merge.service.js';
import { CitationQueryRepository } from './domains/citation/citation.repository.js';
import { CitationSearchService } from './domains/citation/citation.service.js';
import { ApiTokenRepository } from './domains/auth/api-token.repository.js';
import { SocketTicketRepository } from './domains/auth/socket-ticket.repository.js';
import { ApiTokenService } from './domains/auth/api-token.service.js';
import { AuditRepository } from './domains/auth/audit.repository.js';
import { AuditService } from './domains/auth/audit.service.js';
import { AuthAdminService } from './domains/auth/auth-admin.service.js';
import { CaptchaRepository } from './domains/auth/captcha.repository.js';
import { LoginFailureRepository } from './domains/auth/login-failure.repository.js';
import { LoginService } from './domains/auth/login.service.js';
import { PasswordAttempts } from './domains/auth/password-attempts.js';
import { RoleRepository } from './domains/auth/role.repository.js';
import { SessionRepository } from './domains/auth/session.repository.js';
import { SessionService } from './domains/auth/session.service.js';
import { TenantRepository } from './domains/auth/tenant.repository.js';
import type { Clock } from './kernel/clock.js';
import { UserRepository } from './domains/auth/user.repository.js';
import { BatchRecordRepository } from './domains/batch-search/batch-record.repository.js';
import { BatchSearchService } from './domains/batch-search/batch-search.service.js';
import { ChartRepository } from './domains/chart/chart.repository.js';
import { ChartService } from './domains/chart/chart.service.js';
import { ClassificationService } from './domains/classification/classification.service.js';
import { DataImportService, type ImportRunner } from './domains/data-import/data-import.service.js';
import { ImportRunRepository } from './domains/data-import/import-run.repository.js';
import { SchemeStore } from './domains/classification/scheme.js';
import { DashboardsService } from './domains/dashboards/dashboards.service.js';
import { BusinessRepository } from './domains/business/business.repository.js';
import { BusinessService } from './domains/business/business.service.js';
import { EXPORT_KIND, exportExpiryJob, exportJob } from './domains/export/export.job.js';
import { ExportRepository } from './domains/export/export.repository.js';
import { alertRunsJob, alertScheduleJob, ALERT_RUNS_KIND } from './domains/alert/alert.job.js';
import { AlertRepository } from './domains/alert/alert.repository.js';
import { ALERT_PERMISSION, AlertService } from './domains/alert/alert.service.js';
import { customConfigOf } from './domains/account/account.service.js';
import { AnalysisExporter } from './domains/export/analysis-export.js';
import { ExportService } from './domains/export/export.service.js';
import { DUPLICATE_CHECK_KIND, duplicateCheckJob } from './domains/duplicate/duplicate.job.js';
import { REPORT_KIND, reportExpiryJob, reportJob } from './domains/report/report.job.js';
import { ReportRepository } from './domains/report/report.repository.js';
import { ReportService } from './domains/report/report.service.js';
import { REWRITE_DOCUMENT_KIND, rewriteDocumentJob } from './domains/rewrite/rewrite.job.js';
import { createRewriteProvider } from './domains/rewrite/rewrite.provider.js';
import { RewriteRepository } from './domains/rewrite/rewrite.repository.js';
import { RewriteService } from './domains/rewrite/rewrite.service.js';
import { DuplicateRepository } from './domains/duplicate/duplicate.repository.js';
import { DuplicateService } from './domains/duplicate/duplicate.service.js';
import { FormalReviewService } from './domains/formal-review/formal-review.service.js';
import { FileRepository } from './domains/file/file.repository.js';
import { uploadCleanupJob } from './domains/file/file.job.js';
import { FileService } from './domains/file/file.service.js';
import { PRE_EVALUATION_KIND, preEvaluationJob } from './domains/pre-evaluation/pre-evaluation.job.js';
import { PreEvaluationRepository } from './domains/pre-evaluation/pre-evaluation.repository.js';
import { PreEvaluationService } from './domains/pre-evaluation/pre-evaluation.service.js';
import { DisclosureRepository } from './domains/disclosure/disclosure.repository.js';
import { DisclosureService } from './domains/disclosure/disclosure.service.js';
import { GroupRepository } from './domains/group/group.repository.js';
import { GroupService } from './domains/group/group.service.js';
import { SearchHistoryRepository } from './domains/history/search-history.repository.js';
import { SearchHistoryService } from './domains/history/search-history.service.js';
import { ImageEmbedder } from './domains/image-search/image-features.js';
import { ImageIndexer } from './domains/image-search/image-index.js';
import { IMAGE_INDEX_KIND, imageIndexJob } from './domains/image-search/image-index.job.js';
import { ImageSearchRepository } from './domains/image-search/image-search.repository.js';
import { ImageSearchService } from './domains/image-search/image-search.service.js';
import { LibraryRepository } from './domains/library/library.repository.js';
import { LibraryMembersRepository } from './domains/library/library-members.repository.js';
import { LibraryShareService } from './domains/library/library-share.service.js';
import { LibraryService } from './domains/library/library.service.js';
import { MessageRepository } from './domains/message/message.repository.js';
import { MessageService } from './domains/message/message.service.js';
import type { People, Person } from './kernel/people.js';
import { OperateHistoryRepository } from './domains/operate-history/operate-history.repository.js';
import { OperateHistoryService } from './domains/operate-history/operate-history.service.js';
import { runImport, withIndexWrites } from './domains/patent/import/import.service.js';
import { PATENT_VALUE_RESCORE_KIND, patentValueRescoreJob } from './domains/patent-value/patent-value.job.js';
import { PatentValueRepository } from './domains/patent-value/patent-value.repository.js';
import { PatentValueService } from './domains/patent-value/patent-value.service.js';
import { detectFormat } from './domains/patent/import/registry.js';
import { DataVersionRepository } from './domains/patent/data-version.repository.js';
import { DataVersionService } from './domains/patent/data-version.service.js';
import { PatentRepository } from './domains/patent/patent.repository.js';
import { PatentService } from './domains/patent/patent.service.js';
import { SearchStateRepository } from './domains/search/search-state.repository.js';
import { ShareRepository } from './domains/share/share.repository.js';
import { ShareService } from './domains/share/share.service.js';
import { SearchService } from './domains/search/search.service.js';
import { loadOnnxEmbedder } from './domains/semantic-search/onnx-embedder.js';
import { SemanticModelKeeper } from './domains/semantic-search/semantic-model.js';
import { loadShippedVectors } from './domains/semantic-search/word-vectors.js';
import { SemanticQueryRepository } from './domains/semantic-search/semantic-query.repository.js';
import { SemanticSearchService } from './domains/semantic-search/semantic-search.service.js';
import { TrackingRepository } from './domains/tracking/tracking.repository.js';
import { TrackingService } from './domains/tracking/tracking.service.js';
import { createTranslationProvider } from './domains/translation/translation.provider.js';
import { TranslationUsageRepository } from './domains/translation/translation.repository.js';
import { TranslationService, type Delay } from './domains/translation/translation.service.js';
import { createSheetReader, type SheetReader } from './files/sheet-reader.js';
import { historyRetentionJob } from './jobs/history-retention.job.js';
import { HistoryRetentionRepository } from './jobs/history-retention.repository.js';
import type { JobQueue } from './jobs/queue.js';
import { createJobs, type Jobs } from './jobs/worker.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { MailSendRepository } from './mail/mail-send.repository.js';
import { MailThrottle } from './mail/mail-throttle.js';
import { currentCaller, currentRequest, runAsCaller } from './plugins/request-signal.js';
import { failInterruptedTasks, TaskRepository } from './tasks/task.repository.js';

/**
 * The composition root: the one place that builds repositories (from the database handle) and
 * services (from repositories, the engine, the clock and other services). Domains receive what
 * they need from here through their plugin's options (app.ts); nothing else constructs a repository.
 */

/** Every repository of the app, one instance each, over one database. */
export interface Repositories {
  patents: PatentRepository;
  patentValues: PatentValueRepository;
  // domains/auth
  users: UserRepository;
  roles: RoleRepository;
  tenants: TenantRepository;
  audit: AuditRepository;
  sessions: SessionRepository;
  apiTokens: ApiTokenRepository;
  socketTickets: SocketTicketRepository;
  captchas: CaptchaRepository;
  loginFailures: LoginFailureRepository;
  // domains/account
  accounts: AccountRepository;
  emailLinks: EmailLinkRepository;
  tryouts: TryoutRepository;
  userGuide: UserGuideRepository;
  displayCopy: DisplayCopyRepository;
  // the others, one each
  searchStates: SearchStateRepository;
  semanticQueries: SemanticQueryRepository;
  searchHistory: SearchHistoryRepository;
  operateHistory: OperateHistoryRepository;
  tracking: TrackingRepository;
  chart: ChartRepository;
  advancedSearch: AdvancedSearchRepository;
  specialTopics: SpecialTopicRepository;
  awards: AwardRepository;
  batchRecords: BatchRecordRepository;
  imageSearch: ImageSearchRepository;
  historyRetention: HistoryRetentionRepository;
  importRuns: ImportRunRepository;
  /** What each import added and changed (issue 19: alerts report it). */
  dataVersions: DataVersionRepository;
  libraries: LibraryRepository;
  libraryMembers: LibraryMembersRepository;
  exports: ExportRepository;
  reports: ReportRepository;
  alerts: AlertRepository;
  duplicates: DuplicateRepository;
  /** pre-evaluations and novelty searches (domains/pre-evaluation) */
  preEvaluations: PreEvaluationRepository;
  /** merged and removed word-cloud terms per user and set (domains/analysis) */
  wordMerges: WordMergeRepository;
  /** stored citation searches (domains/citation) */
  citationQueries: CitationQueryRepository;
  /** imported company trees (domains/business) */
  companyRelations: BusinessRepository;
  // collaboration (issue 17)
  groups: GroupRepository;
  messages: MessageRepository;
  shares: ShareRepository;
  /** Mails sent per address and user: the caps on re-sends (issue 41, mail/mail-throttle.ts) */
  mailSends: MailSendRepository;
  /** My files and their chunked uploads (domains/file) */
  files: FileRepository;
  /** disclosures and application drafts (domains/disclosure) */
  disclosures: DisclosureRepository;
  /** assisted writing (domains/rewrite) */
  rewrites: RewriteRepository;
  /** the translation calls' daily character counts (domains/translation) */
  translationUsage: TranslationUsageRepository;
  /** The states of the document tasks, one lifecycle per kind (apps/server/src/tasks) */
  tasks: DocumentTasks;
}

/** The task kit's lifecycle of each kind of document task. */
export interface DocumentTasks {
  export: TaskRepository<'export'>;
  report: TaskRepository<'report'>;
  duplicate: TaskRepository<'duplicate'>;
  preEvaluation: TaskRepository<'preEvaluation'>;
  rewrite: TaskRepository<'rewrite'>;
}

export function createRepositories(database: DatabaseHandle, now: Clock): Repositories {
  const { db, dialect } = database;
  return {
    patents: new PatentRepository(db, database.sqlite),
    patentValues: new PatentValueRepository(db),
    users: new UserRepository(db, now),
    roles: new RoleRepository(db),
    tenants: new TenantRepository(db, now),
    audit: new AuditRepository(db, now),
    sessions: new SessionRepository(db, dialect),
    apiTokens: new ApiTokenRepository(db),
    socketTickets: new SocketTicketRepository(db),
    captchas: new CaptchaRepository(db),
    loginFailures: new LoginFailureRepository(db, dialect),
    accounts: new AccountRepository(db),
    emailLinks: new EmailLinkRepository(db),
    tryouts: new TryoutRepository(db),
    userGuide: new UserGuideRepository(db),
    displayCopy: new DisplayCopyRepository(db, now),
    searchStates: new SearchStateRepository(db),
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
    historyRetention: new HistoryRetentionRepository(db),
    importRuns: new ImportRunRepository(db),
    dataVersions: new DataVersionRepository(db),
    libraries: new LibraryRepository(db, dialect),
    libraryMembers: new LibraryMembersRepository(db),
    exports: new ExportRepository(db),
    reports: new ReportRepository(db),
    alerts: new AlertRepository(db),
    duplicates: new DuplicateRepository(db),
    preEvaluations: new PreEvaluationRepository(db),
    wordMerges: new WordMergeRepository(db),
    citationQueries: new CitationQueryRepository(db),
    companyRelations: new BusinessRepository(db),
    groups: new GroupRepository(db),
    messages: new MessageRepository(db),
    shares: new ShareRepository(db),
    mailSends: new MailSendRepository(db),
    files: new FileRepository(db),
    disclosures: new DisclosureRepository(db),
    rewrites: new RewriteRepository(db),
    translationUsage: new TranslationUsageRepository(db),
    tasks: {
      export: new TaskRepository(db, 'export', now),
      report: new TaskRepository(db, 'report', now),
      duplicate: new TaskRepository(db, 'duplicate', now),
      preEvaluation: new TaskRepository(db, 'preEvaluation', now),
      rewrite: new TaskRepository(db, 'rewrite', now),
    },
  };
}

/** Every service of the app; a domain's plugin receives its own services and those of other domains it uses. */
export interface Services {
  patents: PatentService;
  /** patent value scores (domains/patent-value); the import scores every record through it */
  patentValue: PatentValueService;
  // domains/auth
  sessions: SessionService;
  login: LoginService;
  apiTokens: ApiTokenService;
  audit: AuditService;
  authAdmin: AuthAdminService;
  // domains/account
  registration: RegistrationService;
  account: AccountService;
  displayCopy: DisplayCopyService;
  // the others
  search: SearchService;
  analysis: AnalysisService;
  textMining: TextMiningService;
  /** merging and removing word-cloud/cluster terms (domains/analysis) */
  wordMerge: WordMergeService;
  /** citation search, a set source of the result page (domains/citation) */
  citation: CitationSearchService;
  semanticSearch: SemanticSearchService;
  dashboards: DashboardsService;
  /** companies and their trees (domains/business) */
  business: BusinessService;
  history: SearchHistoryService;
  imageSearch: ImageSearchService;
  /** computes drawing features (run by the image-index job) */
  imageIndexer: ImageIndexer;
  operateHistory: OperateHistoryService;
  tracking: TrackingService;
  chart: ChartService;
  classification: ClassificationService;
  advancedSearch: AdvancedSearchService;
  batchSearch: BatchSearchService;
  translation: TranslationService;
  /** the operators' patent imports (domains/data-import) */
  dataImport: DataImportService;
  /** Patent libraries, saved expressions and indexing labels (domains/library) */
  library: LibraryService;
  /** collaborative libraries: sharing, members, invitations */
  libraryShare: LibraryShareService;
  /** export and the download centre (domains/export) */
  exports: ExportService;
  /** the duplicate and similarity check (domains/duplicate) */
  duplicate: DuplicateService;
  /** pre-evaluation and the novelty search from a disclosure (domains/pre-evaluation) */
  preEvaluation: PreEvaluationService;
  /** the message centre; other domains notify and invite through it */
  messages: MessageService;
  groups: GroupService;
  shares: ShareService;
  /** e-mail alerts (domains/alert) */
  alerts: AlertService;
  /** the home page's special topics (domains/special-topic) */
  specialTopics: SpecialTopicService;
  /** award lists and the AWARD field of the index (domains/award) */
  awards: AwardService;
  /** smart reports (domains/report) */
  reports: ReportService;
  /** the pre-evaluation's formal review and abnormal-application signals (domains/formal-review) */
  formalReview: FormalReviewService;
  /** My files and their chunked uploads (domains/file) */
  files: FileService;
  /** disclosure writing and application drafts (domains/disclosure) */
  disclosure: DisclosureService;
  /** assisted writing through LLM_URL (domains/rewrite) */
  rewrite: RewriteService;
}

/** What the services are built from besides the repositories. */
export interface ServiceInfrastructure {
  config: Pick<
    Config,
    | 'auth'
    | 'publicUrl'
    | 'translate'
    | 'dataDir'
    | 'imports'
    | 'exports'
    | 'files'
    | 'llm'
    | 'rewrite'
    | 'alerts'
    | 'retention'
  >;
  engine: SearchEngine;
  /** Text mining on the search workers (undefined: on this thread, over `engine`). */
  textMining?: TextMiningRunner | undefined;
  semanticModel: SemanticModelKeeper;
  /** The shipped word vectors (nearest terms of a term), unless SEMANTIC_VECTORS_PATH=off. */
  wordVectors?: WordVectors | undefined;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: Clock;
  drawingsDir: string;
  imageEmbedder: ImageEmbedder;
  /** The pause between translation batches (default: a real timer). */
  translationDelay?: Delay | undefined;
  /** The patent import pipeline into this installation's store and index (domains/patent runImport). */
  runImport: ImportRunner;
  /** The durable job queue (download tasks are its `export` jobs). */
  jobs: JobQueue;
  /** Runs a task between this installation's imports and index repairs (import.service withIndexWrites). */
  indexWrites: <T>(task: () => Promise<T>) => Promise<T>;
  /** The CPU workers: document rendering, the duplicate check's alignment, the formal review. */
  cpu: CpuPool;
  /** Reads spreadsheet imports in a worker thread (files/sheet-reader.ts). */
  sheets: SheetReader;
}

export function createServices(repositories: Repositories, infra: ServiceInfrastructure): Services {
  const r = repositories;
  const { config, engine, now } = infra;
  const patents = new PatentService(r.patents);
  const mailThrottle = new MailThrottle(r.mailSends, now);
  const patentValue = new PatentValueService({
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
  });
  const audit = new AuditService(r.audit);
  const sessions = new SessionService({
    sessions: r.sessions,
    users: r.users,
    roles: r.roles,
    tenants: r.tenants,
    apiTokens: r.apiTokens,
    socketTickets: r.socketTickets,
    audit: r.audit,
    accessTtlSeconds: config.auth.accessTtlSeconds,
    now,
  });
  const attempts = new PasswordAttempts(r.loginFailures, now);
  const login = new LoginService({
    captchas: r.captchas,
    attempts,
    users: r.users,
    roles: r.roles,
    tenants: r.tenants,
    sessions,
    audit: r.audit,
    captchaStyle: config.auth.captchaStyle,
    now,
  });
  const semanticSearch = new SemanticSearchService(engine, r.semanticQueries, infra.semanticModel, infra.wordVectors);
  // Result sets that are not an expression: each kind resolved by the domain that owns it.
  const search: SearchService = new SearchService(engine, r.searchStates, {
    semantic: (source) => semanticSearch.rankedSet(source.key),
    // The library service is built below; a set is resolved only once a search runs.
    library: (source, context) => library.resolveSet(source, context),
    // Built below, like the library service.
    alertRun: (source, context) => alerts.resolveSet(source.key, context),
    // Built below as well: a check's similar patents as a result set.
    duplicate: (source, context) => duplicate.resolveSet(source, context),
    // Built below as well: the patents citing or cited by a citation search's seeds.
    citation: (source) => citation.resolveSet(source),
    // Built below as well: an evaluation's prior art as a result set.
    preEvaluation: (source, context) => preEvaluation.resolveSet(source, context),
  });
  // Analyses and text mining read a set for the caller of the request being served.
  search.useCaller(currentCaller);
  // The indexer calls back only once it runs, after `imageSearch` below exists.
  const imageIndexer = new ImageIndexer(r.imageSearch, patents, infra.imageEmbedder, infra.drawingsDir, now, () =>
    imageSearch.invalidateIndex(),
  );
  const imageSearch = new ImageSearchService(
    r.imageSearch,
    patents,
    imageIndexer,
    infra.imageEmbedder,
    now,
    config.retention.imageSearchKeys * 86_400_000,
  );
  const history = new SearchHistoryService(r.searchHistory, search, now, infra.sheets);
  // Collaboration: the accounts as groups, messages and shares see them; invitations call back
  // the domain that sent them (each registers its kind with the message service when built).
  const people = peopleOf(r.users);
  const messages = new MessageService(r.messages, people, now);
  const groups = new GroupService(r.groups, messages, people, now);
  const shares = new ShareService(
    r.shares,
    messages,
    people,
    async (pn) => {
      const detail = await patents.getDetail(pn);
      return { pn: detail.publicationNumber, title: detail.title?.text };
    },
    now,
  );
  // #n in expressions are the user's history entries: the search service asks the history service.
  search.useHistoryReferences(history);
  const operateHistory = new OperateHistoryService(r.operateHistory, now, infra.sheets);
  const account = new AccountService({
    accounts: r.accounts,
    guide: r.userGuide,
    audit,
    sessions,
    attempts,
    links: r.emailLinks,
    mailer: infra.mailer,
    throttle: mailThrottle,
    publicUrl: config.publicUrl,
    log: infra.log,
    now,
    unreadMessages: (userId) => messages.unreadCount(userId),
  });
  const library: LibraryService = new LibraryService({
    repository: r.libraries,
    members: r.libraryMembers,
    patents,
    search,
    engine,
    history,
    operateHistory,
    favouritesLimit: async (auth) => (await account.userLimit(auth)).favorites.limit,
    favouritesLimitOf: (userId) => account.quotaLimitOf(userId, 'favorites'),
    sheets: infra.sheets,
    now,
  });
  // Favourites count the patents of the user's own active libraries (spec 2 §6).
  account.useQuotaUsage('favorites', (userId) => library.favouritesUsed(userId));
  const tracking = new TrackingService(r.tracking, now);
  const analysis = new AnalysisService(engine, search);
  const textMining = new TextMiningService(engine, search, infra.textMining);
  const wordMerge = new WordMergeService(r.wordMerges, now);
  // A set's word cloud and clusters count the caller's merged words as one term.
  textMining.useTermAdjustments((set) => wordMerge.adjustmentsOf(currentCaller()?.userId ?? null, set));
  const citation = new CitationSearchService({ patents, search, engine, repository: r.citationQueries });
  const exports = new ExportService({
    repository: r.exports,
    tasks: r.tasks.export,
    search,
    engine,
    patents,
    operateHistory,
    tracking,
    enqueue: async (task, record) => {
      await infra.jobs.enqueueFor(task.userId, EXPORT_KIND, { taskId: task.id }, record);
    },
    exportLimit: async (auth) => (await account.userLimit(auth)).export.limit,
    exportsDir: path.join(config.dataDir, 'exports'),
    drawingsDir: infra.drawingsDir,
    cpu: infra.cpu,
    fileDays: config.exports.fileDays,
    analysisExport: new AnalysisExporter({
      analysis,
      textMining,
      imagesDir: path.join(config.dataDir, 'exports', 'charts'),
    }),
    now,
    log: infra.log.child({ module: 'export' }),
  });
  // Exports count the rows of finished tasks and direct exports (issue 18).
  account.useQuotaUsage('export', (userId) => exports.exportedRows(userId));
  const duplicate = new DuplicateService({
    repository: r.duplicates,
    tasks: r.tasks.duplicate,
    engine,
    cpu: infra.cpu,
    patents,
    semanticModel: infra.semanticModel,
    enqueue: async (task, record) => {
      await infra.jobs.enqueueFor(task.userId, DUPLICATE_CHECK_KIND, { checkId: task.id }, record);
    },
    now,
    log: infra.log.child({ module: 'duplicate' }),
  });
  const preEvaluation = new PreEvaluationService({
    repository: r.preEvaluations,
    tasks: r.tasks.preEvaluation,
    engine,
    patents,
    semanticModel: infra.semanticModel,
    enqueue: async (task, record) => {
      await infra.jobs.enqueueFor(task.userId, PRE_EVALUATION_KIND, { evaluationId: task.id }, record);
    },
    now,
    log: infra.log.child({ module: 'pre-evaluation' }),
  });
  const libraryShare = new LibraryShareService({
    libraries: r.libraries,
    members: r.libraryMembers,
    messages,
    groupMembers: async (userId, groupId) => {
      const [group] = await groups.list(userId, groupId);
      return {
        name: group!.name,
        userIds: group!.members.filter((m) => m.status === 'active').map((m) => m.userId),
      };
    },
    people,
    now,
  });
  const alerts: AlertService = new AlertService({
    repository: r.alerts,
    versions: new DataVersionService(r.dataVersions),
    patents,
    search,
    engine,
    library,
    exports,
    mailer: infra.mailer,
    throttle: mailThrottle,
    limits: config.alerts,
    owner: async (userId) => {
      const user = await r.users.findById(userId);
      if (!user) return undefined;
      const permissions = await r.roles.permissionsOfUser(userId);
      return { email: user.email, isActive: user.disabled !== 1 && hasPermission(permissions, ALERT_PERMISSION) };
    },
    publicUrl: config.publicUrl,
    userLanguage: async (userId) => {
      const user = await r.users.findById(userId);
      return customConfigOf(user?.custom_config ?? '{}').language;
    },
    enqueueRuns: async (uniqueKey) => {
      await infra.jobs.enqueue(ALERT_RUNS_KIND, {}, { uniqueKey });
    },
    now,
    log: infra.log.child({ module: 'alerts' }),
  });
  const awards = new AwardService({
    repository: r.awards,
    patents,
    engine,
    indexWrites: infra.indexWrites,
    now,
    log: infra.log.child({ module: 'awards' }),
  });
  const reports = new ReportService({
    repository: r.reports,
    tasks: r.tasks.report,
    analysis,
    textMining,
    search,
    enqueue: async (task, record) => {
      await infra.jobs.enqueueFor(task.userId, REPORT_KIND, { reportId: task.id }, record);
    },
    reportLimit: async (auth) => (await account.userLimit(auth)).report.limit,
    asUser: runAsCaller,
    reportsDir: path.join(config.dataDir, 'reports'),
    cpu: infra.cpu,
    publicUrl: config.publicUrl,
    now,
    log: infra.log.child({ module: 'report' }),
  });
  // Reports count each generation (issue 20; spec 2 §6 "report generation" quota).
  account.useQuotaUsage('report', (userId) => reports.usedBy(userId));
  const rewrite = new RewriteService({
    repository: r.rewrites,
    tasks: r.tasks.rewrite,
    provider: createRewriteProvider(config.llm),
    enqueue: async (task, record) => {
      await infra.jobs.enqueueFor(task.userId, REWRITE_DOCUMENT_KIND, { rewriteId: task.id }, record);
    },
    dailyChars: config.rewrite.dailyChars,
    cpu: infra.cpu,
    writingLimit: async (auth) => (await account.userLimit(auth)).writing.limit,
    textBudgetMs: config.llm.timeoutMs,
    now,
    log: infra.log.child({ module: 'rewrite' }),
  });
  // Spec 2 §6 "writing copies": each rewrite made (passage or document) that did not fail.
  account.useQuotaUsage('writing', (userId) => rewrite.usedBy(userId));
  return {
    alerts,
    specialTopics: new SpecialTopicService({
      repository: r.specialTopics,
      search,
      picturesDir: path.join(config.dataDir, 'uploads', 'topics'),
      now,
      log: infra.log.child({ module: 'special-topics' }),
    }),
    awards,
    reports,
    disclosure: new DisclosureService({
      repository: r.disclosures,
      imagesDir: path.join(config.dataDir, 'uploads', 'disclosures'),
      now,
      log: infra.log.child({ module: 'disclosure' }),
    }),
    rewrite,
    patents,
    patentValue,
    sessions,
    login,
    apiTokens: new ApiTokenService({
      tokens: r.apiTokens,
      audit: r.audit,
      users: r.users,
      sessions: r.sessions,
      attempts,
      now,
    }),
    audit,
    authAdmin: new AuthAdminService({ users: r.users, roles: r.roles, tenants: r.tenants, audit: r.audit, sessions }),
    registration: new RegistrationService({
      accounts: r.accounts,
      links: r.emailLinks,
      tryouts: r.tryouts,
      audit,
      sessions,
      mailer: infra.mailer,
      throttle: mailThrottle,
      publicUrl: config.publicUrl,
      now,
      log: infra.log,
    }),
    account,
    displayCopy: new DisplayCopyService(r.displayCopy),
    search,
    analysis,
    textMining,
    wordMerge,
    citation,
    semanticSearch,
    business: new BusinessService(engine, search, patents, r.companyRelations),
    dashboards: new DashboardsService(engine, search, awards),
    history,
    imageSearch,
    imageIndexer,
    operateHistory,
    tracking,
    chart: new ChartService(r.chart, now),
    classification: new ClassificationService(new SchemeStore(), engine),
    advancedSearch: new AdvancedSearchService(r.advancedSearch, now),
    batchSearch: new BatchSearchService(patents, search, r.batchRecords, now, infra.sheets),
    translation: new TranslationService(createTranslationProvider(config.translate), infra.translationDelay, {
      usage: r.translationUsage,
      perUser: config.translate.dailyCharsPerUser,
      perAddress: config.translate.dailyCharsPerAddress,
      now,
    }),
    dataImport: new DataImportService({
      runs: r.importRuns,
      uploadsDir: path.join(config.dataDir, 'uploads', 'import'),
      maxFileBytes: config.imports.maxFileBytes,
      runImport: infra.runImport,
      detectFormat: async (file) => (await detectFormat(file))?.id,
      // Records an import adds may outgrow the semantic space: it relearns in the background.
      afterImport: () => infra.semanticModel.refresh(),
      audit,
      now,
      log: infra.log.child({ module: 'data-import' }),
    }),
    library,
    libraryShare,
    exports,
    duplicate,
    preEvaluation,
    messages,
    groups,
    shares,
    formalReview: new FormalReviewService({ search, duplicate, cpu: infra.cpu, now }),
    files: new FileService({
      repository: r.files,
      filesDir: path.join(config.dataDir, 'uploads', 'my-files'),
      maxFileBytes: config.files.maxFileBytes,
      maxStorageBytes: config.files.maxStorageBytes,
      now,
      log: infra.log.child({ module: 'files' }),
    }),
  };
}

/** Registered, enabled accounts for the collaboration domains (kernel/people.ts). */
function peopleOf(users: UserRepository): People {
  const personOf = (row: { id: string; email: string; fullname: string; disabled: number } | undefined) =>
    row && row.disabled !== 1 ? { userId: row.id, email: row.email, fullname: row.fullname } : undefined;
  return {
    findByEmail: async (email) => personOf(await users.findByEmail(email)),
    findByIds: async (ids) => {
      const found = new Map<string, Person>();
      for (const id of new Set(ids)) {
        const row = await users.findById(id);
        // Messages and shares from an account disabled since still show who sent them.
        if (row) found.set(id, { userId: row.id, email: row.email, fullname: row.fullname });
      }
      return found;
    },
  };
}

/** Image search's background indexing of drawings; imports schedule it. */
export interface ImageIndexing {
  /** Queues the background indexing (one queued/running run at a time). */
  scheduleIndexing(): Promise<void>;
  /** Stops a running indexing between two drawings (graceful shutdown). */
  stop(): void;
  /** Ends the CNN's worker thread (the app's close, once the jobs have stopped). */
  close(): Promise<void>;
}

/** What the app holds besides Fastify: the database, the engine, the jobs, every repository and service. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  /** The patent search index (embedded SQLite FTS5 file in DATA_DIR, whatever the app database). */
  engine: SearchEngine;
  /**
   * Resolves once the search workers have opened the index (SEARCH_WORKERS > 0; seconds per 100k
   * patents): searches meanwhile wait within their budget.
   */
  searchReady: () => Promise<void>;
  /**
   * Pooled searches waiting for a worker (for the start, a free worker or their user's turn; 0
   * without a pool): background work can give way while it is above 0 (issue 40).
   */
  searchPending: () => number;
  drawingsDir: string;
  /** True while the demo corpus loads or the search index is rebuilt from the store. */
  demo: { loading: boolean };
  /**
   * True while the server's start (main.ts) checks the search index against the store and the search
   * workers open it: the server answers meanwhile, and /api/health says it is still starting.
   */
  startup: { running: boolean };
  /** The clock of every repository and service; tests move it instead of sleeping. */
  now: Clock;
  /** The durable job queue and this process's worker (main.ts starts it polling). */
  jobs: Jobs;
  imageIndex: ImageIndexing;
  /** Relearns the semantic space when the corpus outgrows it (domains/semantic-search). */
  semanticModel: SemanticModelKeeper;
  /** Account mails (SMTP, or .eml files in DATA_DIR/outbox). */
  mailer: Mailer;
  /** The CPU workers (CPU_WORKERS; docs/cpu-workers.md), closed with the app. */
  cpu: CpuPool;
  /** The spreadsheet imports' worker thread (closed with the app). */
  sheets: SheetReader;
  repositories: Repositories;
  services: Services;
}

export interface ComposeOptions {
  now: Clock;
  /** The app's logger (mail, jobs and the semantic keeper log through it). */
  log: FastifyBaseLogger;
  /** Most patents an analysis may cover (default MAX_ANALYSIS_TOTAL); tests lower it to reach the limit. */
  maxAnalysisTotal?: number | undefined;
  translationDelay?: Delay | undefined;
  /** See BuildOptions.engineColumns. */
  engineColumns?: 'open' | 'first-use' | undefined;
  /** See BuildOptions.searchStartGate. */
  searchStartGate?: Promise<unknown> | undefined;
}

/** The log line of a pooled task stopped before its end, by reason. */
const STOPPED_LINES = {
  timeout: 'search stopped: time budget exceeded',
  cancelled: 'search stopped: client gone',
  starting: 'search stopped: search workers still starting',
} as const;

/** Test hooks holding the search workers' start: a test's own gate, or (NODE_ENV=test) a delay. */
function searchStartGateOf(config: Config, options: ComposeOptions): { startGate?: Promise<unknown> } {
  const gates: Promise<unknown>[] = [];
  if (options.searchStartGate) gates.push(options.searchStartGate);
  const delayMs = config.searchFairness.testStartDelayMs;
  if (delayMs > 0) gates.push(new Promise((resolve) => setTimeout(resolve, delayMs).unref()));
  return gates.length > 0 ? { startGate: Promise.all(gates) } : {};
}

/**
 * Opens the database, runs migrations, opens the search engine and builds every repository,
 * service and job definition. app.ts's buildApp (the server, the CLI, the tests) starts here.
 */
export async function compose(config: Config, options: ComposeOptions): Promise<AppContext> {
  const { now, log } = options;
  const database = openDatabase(config.db);
  await migrateToLatest(database.db);
  mkdirSync(config.dataDir, { recursive: true });
  // An operator's sentence-embedding model replaces the corpus-learned vectors; a bad path stops the start.
  const embedder = config.semantic.modelPath ? await loadOnnxEmbedder(config.semantic.modelPath) : undefined;
  // The shipped word vectors: text vectors without such a model, and the expansion of short queries.
  const shipped = config.semantic.vectorsPath ? loadShippedVectors(config.semantic.vectorsPath) : undefined;
  if (shipped) {
    const { vectors, loadMs, bytes } = shipped;
    log.info(
      { words: vectors.words.length, dims: vectors.dims, bytes, loadMs: Math.round(loadMs) },
      'word vectors loaded',
    );
  }
  const repositories = createRepositories(database, now);
  // On SQLite the index reads imported records' texts from the store rather than keeping a copy.
  const textSource = repositories.patents.textSource();
  const indexFile = path.join(config.dataDir, 'index.db');
  // An import-only process (the CLI) answers no searches: no pool.
  const isPooled = config.search.workers > 0 && options.engineColumns !== 'first-use';
  const ownEngine = createSqliteEngine({
    file: indexFile,
    ...(embedder ? { embedder } : {}),
    ...(shipped ? { wordVectors: shipped.vectors } : {}),
    ...(textSource ? { textSource } : {}),
    // Pooled, this thread's columns load only if a call here needs them (semantic filters, family expansion).
    ...(options.engineColumns || isPooled ? { loadColumns: options.engineColumns ?? 'first-use' } : {}),
    ...(options.maxAnalysisTotal !== undefined ? { maxAnalysisTotal: options.maxAnalysisTotal } : {}),
    ...(config.search.clauseCacheMb !== undefined ? { clauseCache: { maxMb: config.search.clauseCacheMb } } : {}),
  });
  const pooled: PooledEngine | undefined = isPooled
    ? createPooledEngine(ownEngine, {
        file: indexFile,
        workers: config.search.workers,
        ...(config.search.clauseCacheMb !== undefined ? { clauseCacheMb: config.search.clauseCacheMb } : {}),
        searchTimeoutMs: config.search.timeoutMs,
        analysisTimeoutMs: config.search.analysisTimeoutMs,
        ...(options.maxAnalysisTotal !== undefined ? { maxAnalysisTotal: options.maxAnalysisTotal } : {}),
        // Each worker reads the store's texts through its own read-only connection.
        ...(config.db.kind === 'sqlite' && textSource
          ? { textSource: { module: textSourceModule(), arg: config.db.file } }
          : {}),
        currentRequest,
        onStopped: ({ method, reason, elapsedMs }) => {
          const line = STOPPED_LINES[reason];
          log[reason === 'cancelled' ? 'info' : 'warn']({ module: 'search-pool', method, elapsedMs }, line);
        },
        ...(config.searchFairness.ownerCost !== undefined ? { ownerCost: config.searchFairness.ownerCost } : {}),
        ...searchStartGateOf(config, options),
      })
    : undefined;
  const engine: SearchEngine = pooled ?? ownEngine;
  const searchReady = pooled ? once(() => pooled.ready()) : () => Promise.resolve();
  const searchPending = pooled ? () => pooled.pendingCount() : () => 0;
  if (pooled) {
    const started = performance.now();
    searchReady().then(
      () =>
        log.info(
          { workers: config.search.workers, ms: Math.round(performance.now() - started) },
          'search workers ready',
        ),
      () => undefined, // closed before they were
    );
  }
  const drawingsDir = path.join(config.dataDir, 'drawings');
  const semanticModel = new SemanticModelKeeper(engine, embedder !== undefined || shipped !== undefined);
  semanticModel.log = log;
  const mailer = createMailer(
    { ...config.mail, outboxDir: path.join(config.dataDir, 'outbox') },
    log.child({ module: 'mail' }),
  );
  const jobs = createJobs({
    db: database.db,
    dialect: database.dialect,
    now,
    pollMs: config.jobs.pollMs,
    lanes: config.jobs.lanes,
    // Background lanes (checks, system) pause while people's searches wait for a search worker.
    shouldYield: () => searchPending() > 0,
  });
  jobs.worker.useLogger(log.child({ module: 'jobs' }));

  // Its workers start at the first task: started with the server, loading every task module
  // competed with the start itself (the index check, the search workers, the demo load) for the cores.
  const cpu = createCpuPool({ threads: config.cpu.workers, timeoutMs: config.cpu.taskTimeoutMs });
  // The CNN's worker thread: started on the first drawing or upload, ended with the app (imageIndex.close).
  const imageEmbedder = new ImageEmbedder();
  // Its worker thread starts at the first spreadsheet import.
  const sheets = createSheetReader();
  // Imports run through the context being built here; none starts before compose has answered it.
  const composed: { context?: AppContext } = {};
  const importRunner: ImportRunner = (files, importOptions) => {
    if (!composed.context) throw new Error('an import was started before the app was composed');
    return runImport(composed.context, files, importOptions);
  };
  const services = createServices(repositories, {
    config,
    engine,
    textMining: pooled?.textMining,
    semanticModel,
    wordVectors: shipped?.vectors,
    mailer,
    log,
    now,
    drawingsDir,
    imageEmbedder,
    translationDelay: options.translationDelay,
    runImport: importRunner,
    jobs: jobs.queue,
    cpu,
    sheets,
    indexWrites: (task) => {
      if (!composed.context) throw new Error('an index write was started before the app was composed');
      return withIndexWrites(composed.context, task);
    },
  });

  // Aborted at shutdown (context.imageIndex.stop): long background jobs stop between two steps (drawings, value rescoring, rewritten documents).
  const imageShutdown = new AbortController();
  jobs.queue.define(imageIndexJob(services.imageIndexer, imageShutdown.signal));
  jobs.queue.define(historyRetentionJob(repositories.historyRetention, { retention: config.retention }));
  jobs.queue.define(exportJob(services.exports));
  jobs.queue.define(exportExpiryJob(services.exports));
  jobs.queue.define(alertScheduleJob(services.alerts));
  jobs.queue.define(alertRunsJob(services.alerts));
  jobs.queue.define(patentValueRescoreJob(services.patentValue, imageShutdown.signal));
  jobs.queue.define(duplicateCheckJob(services.duplicate));
  jobs.queue.define(preEvaluationJob(services.preEvaluation));
  jobs.queue.define(reportJob(services.reports));
  jobs.queue.define(reportExpiryJob(services.reports));
  jobs.queue.define(uploadCleanupJob(services.files));
  // Chunked uploads abandoned while the server was down are removed now, not at the next hour.
  await services.files.cleanStaleUploads();
  jobs.queue.define(rewriteDocumentJob(services.rewrite, imageShutdown.signal));
  // Every kind at once: a document task still running lost its process and fails as interrupted
  // (an export's partial file goes too); "again", redraw or regenerate runs it anew.
  const interrupted = await failInterruptedTasks(Object.values(repositories.tasks));
  await services.exports.discardInterrupted(interrupted.export ?? []);
  // The recurring jobs' next runs are rows of the jobs table: queued once, kept across restarts.
  await jobs.queue.ensureScheduled();
  // Records stored before value evaluation existed get their scores in the background.
  await services.patentValue.scheduleBackfillIfNeeded();

  const context: AppContext = {
    config,
    database,
    engine,
    searchReady,
    searchPending,
    drawingsDir,
    demo: { loading: false },
    startup: { running: false },
    now,
    jobs,
    imageIndex: {
      scheduleIndexing: async () => {
        await jobs.queue.enqueue(IMAGE_INDEX_KIND, {}, { uniqueKey: IMAGE_INDEX_KIND });
      },
      stop: () => imageShutdown.abort(),
      close: () => imageEmbedder.close(),
    },
    semanticModel,
    mailer,
    cpu,
    sheets,
    repositories,
    services,
  };
  composed.context = context;
  return context;
}

/** The module a search worker opens the store's texts with (built: .js beside this file; sources: .ts). */
function textSourceModule(): string {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./domains/patent/patent-texts.repository.${extension}`, import.meta.url).href;
}

/** A function that runs `f` once and answers its first promise ever after. */
function once<T>(f: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= f());
}
