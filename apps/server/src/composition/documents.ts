import path from 'node:path';
import type { DatabaseHandle } from '../db/database.js';
import { disclosureDomain } from '../domains/disclosure/disclosure.domain.js';
import { DisclosureRepository } from '../domains/disclosure/disclosure.repository.js';
import { DisclosureService } from '../domains/disclosure/disclosure.service.js';
import { DUPLICATE_CHECK_KIND, duplicateCheckJob } from '../domains/duplicate/duplicate.job.js';
import { duplicateDomain } from '../domains/duplicate/duplicate.domain.js';
import { DuplicateRepository } from '../domains/duplicate/duplicate.repository.js';
import { DuplicateService } from '../domains/duplicate/duplicate.service.js';
import { AnalysisExporter } from '../domains/export/analysis-export.js';
import { exportDomain } from '../domains/export/export.domain.js';
import { EXPORT_KIND, exportExpiryJob, exportJob } from '../domains/export/export.job.js';
import { ExportRepository } from '../domains/export/export.repository.js';
import { ExportService } from '../domains/export/export.service.js';
import { formalReviewDomain } from '../domains/formal-review/formal-review.domain.js';
import { FormalReviewService } from '../domains/formal-review/formal-review.service.js';
import { preEvaluationDomain } from '../domains/pre-evaluation/pre-evaluation.domain.js';
import { PRE_EVALUATION_KIND, preEvaluationJob } from '../domains/pre-evaluation/pre-evaluation.job.js';
import { PreEvaluationRepository } from '../domains/pre-evaluation/pre-evaluation.repository.js';
import { PreEvaluationService } from '../domains/pre-evaluation/pre-evaluation.service.js';
import { reportDomain } from '../domains/report/report.domain.js';
import { REPORT_KIND, reportExpiryJob, reportJob } from '../domains/report/report.job.js';
import { ReportRepository } from '../domains/report/report.repository.js';
import { ReportService } from '../domains/report/report.service.js';
import { rewriteDomain } from '../domains/rewrite/rewrite.domain.js';
import { REWRITE_DOCUMENT_KIND, rewriteDocumentJob } from '../domains/rewrite/rewrite.job.js';
import { createRewriteProvider } from '../domains/rewrite/rewrite.provider.js';
import { RewriteRepository } from '../domains/rewrite/rewrite.repository.js';
import { RewriteService } from '../domains/rewrite/rewrite.service.js';
import type { Clock } from '../kernel/clock.js';
import { costlyRateLimit } from '../plugins/costly-rate-limit.js';
import { runAsCaller } from '../plugins/request-signal.js';
import { TaskRepository } from '../tasks/task.repository.js';
import type { Repositories, Services } from '../composition.js';
import { PRODUCT, routesOf, type AreaEntries, type Infrastructure } from './area.js';
import type { IdentityServices } from './identity.js';
import type { SearchServices } from './search.js';

/**
 * Documents: the five document tasks over the task kit (exports, reports, duplicate checks,
 * pre-evaluations, rewrites), the formal review, disclosures.
 */

/** The task kit's lifecycle of each kind of document task. */
/**
 * A document task's enqueue: its job in the owner's lane, carrying the task's id as `idKey`;
 * `record` writes the task row in the same transaction (jobs/queue.ts enqueueFor).
 */
function enqueueTask(infra: Pick<Infrastructure, 'jobs'>, kind: string, idKey: string) {
  return async (task: { id: string; userId: string }, record: () => Promise<unknown>) => {
    await infra.jobs.enqueueFor(task.userId, kind, { [idKey]: task.id }, record);
  };
}

export interface DocumentTasks {
  export: TaskRepository<'export'>;
  report: TaskRepository<'report'>;
  duplicate: TaskRepository<'duplicate'>;
  preEvaluation: TaskRepository<'preEvaluation'>;
  rewrite: TaskRepository<'rewrite'>;
}

export function documentsRepositories(database: DatabaseHandle, now: Clock) {
  const { db } = database;
  const tasks: DocumentTasks = {
    export: new TaskRepository(db, 'export', now),
    report: new TaskRepository(db, 'report', now),
    duplicate: new TaskRepository(db, 'duplicate', now),
    preEvaluation: new TaskRepository(db, 'preEvaluation', now),
    rewrite: new TaskRepository(db, 'rewrite', now),
  };
  return {
    exports: new ExportRepository(db),
    reports: new ReportRepository(db),
    duplicates: new DuplicateRepository(db),
    /** pre-evaluations and novelty searches (domains/pre-evaluation) */
    preEvaluations: new PreEvaluationRepository(db),
    /** disclosures and application drafts (domains/disclosure) */
    disclosures: new DisclosureRepository(db),
    /** assisted writing (domains/rewrite) */
    rewrites: new RewriteRepository(db),
    /** The states of the document tasks, one lifecycle per kind (apps/server/src/tasks) */
    tasks,
  };
}
export type DocumentsRepositories = ReturnType<typeof documentsRepositories>;

export function documentsServices(r: Repositories, infra: Infrastructure, before: IdentityServices & SearchServices) {
  const { config, engine, now } = infra;
  const { patents, search, analysis, textMining, operateHistory, tracking, quotas } = before;
  const duplicate = new DuplicateService({
    repository: r.duplicates,
    tasks: r.tasks.duplicate,
    engine,
    cpu: infra.cpu,
    patents,
    semanticModel: infra.semanticModel,
    enqueue: enqueueTask(infra, DUPLICATE_CHECK_KIND, 'checkId'),
    now,
    log: infra.log.child({ module: 'duplicate' }),
  });
  return {
    /** export and the download centre (domains/export) */
    exports: new ExportService({
      repository: r.exports,
      tasks: r.tasks.export,
      search,
      engine,
      patents,
      operateHistory,
      tracking,
      enqueue: enqueueTask(infra, EXPORT_KIND, 'taskId'),
      exportLimit: (auth) => quotas.limitOf(auth, 'export'),
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
    }),
    /** the duplicate and similarity check (domains/duplicate) */
    duplicate,
    /** pre-evaluation and the novelty search from a disclosure (domains/pre-evaluation) */
    preEvaluation: new PreEvaluationService({
      repository: r.preEvaluations,
      tasks: r.tasks.preEvaluation,
      engine,
      patents,
      semanticModel: infra.semanticModel,
      enqueue: enqueueTask(infra, PRE_EVALUATION_KIND, 'evaluationId'),
      now,
      log: infra.log.child({ module: 'pre-evaluation' }),
    }),
    /** smart reports (domains/report) */
    reports: new ReportService({
      repository: r.reports,
      tasks: r.tasks.report,
      analysis,
      textMining,
      search,
      enqueue: enqueueTask(infra, REPORT_KIND, 'reportId'),
      reportLimit: (auth) => quotas.limitOf(auth, 'report'),
      asUser: runAsCaller,
      reportsDir: path.join(config.dataDir, 'reports'),
      cpu: infra.cpu,
      publicUrl: config.publicUrl,
      now,
      log: infra.log.child({ module: 'report' }),
    }),
    /** assisted writing through LLM_URL (domains/rewrite) */
    rewrite: new RewriteService({
      repository: r.rewrites,
      tasks: r.tasks.rewrite,
      provider: createRewriteProvider(config.llm),
      enqueue: enqueueTask(infra, REWRITE_DOCUMENT_KIND, 'rewriteId'),
      dailyChars: config.rewrite.dailyChars,
      cpu: infra.cpu,
      writingLimit: (auth) => quotas.limitOf(auth, 'writing'),
      textBudgetMs: config.llm.timeoutMs,
      now,
      log: infra.log.child({ module: 'rewrite' }),
    }),
    /** disclosure writing and application drafts (domains/disclosure) */
    disclosure: new DisclosureService({
      repository: r.disclosures,
      imagesDir: path.join(config.dataDir, 'uploads', 'disclosures'),
      now,
      log: infra.log.child({ module: 'disclosure' }),
    }),
    /** the pre-evaluation's formal review and abnormal-application signals (domains/formal-review) */
    formalReview: new FormalReviewService({ search, duplicate, cpu: infra.cpu, now }),
  };
}
export type DocumentsServices = ReturnType<typeof documentsServices>;

export function documentsEntries(s: Services, infra: Infrastructure): AreaEntries {
  const { config, cpu } = infra;
  // The costly routes answered at once: per user and minute (their work runs on the CPU pool).
  const costly = costlyRateLimit(config.cpu.costlyPerMinute);
  return {
    jobs: [
      exportJob(s.exports),
      exportExpiryJob(s.exports),
      duplicateCheckJob(s.duplicate),
      preEvaluationJob(s.preEvaluation),
      reportJob(s.reports),
      reportExpiryJob(s.reports),
      rewriteDocumentJob(s.rewrite, infra.shutdown),
    ],
    routes: [
      routesOf(exportDomain, {
        prefix: PRODUCT,
        exports: s.exports,
        costly,
        liveCredentials: (ids) => s.sessions.liveCredentials(ids),
      }),
      routesOf(duplicateDomain, { prefix: PRODUCT, duplicate: s.duplicate, cpu, costly }),
      routesOf(preEvaluationDomain, { prefix: PRODUCT, preEvaluation: s.preEvaluation, cpu }),
      routesOf(reportDomain, { prefix: PRODUCT, reports: s.reports }),
      routesOf(formalReviewDomain, {
        prefix: PRODUCT,
        formalReview: s.formalReview,
        costly: costlyRateLimit(config.cpu.formalReviewPerMinute),
      }),
      routesOf(disclosureDomain, { prefix: PRODUCT, disclosure: s.disclosure, cpu, costly }),
      routesOf(rewriteDomain, { prefix: PRODUCT, rewrite: s.rewrite }),
    ],
  };
}
