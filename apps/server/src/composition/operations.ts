import path from 'node:path';
import { hasPermission } from '@patlas/contracts';
import type { DatabaseHandle } from '../db/database.js';
import { customConfigOf } from '../domains/account/account.service.js';
import { alertDomain } from '../domains/alert/alert.domain.js';
import { alertRunsJob, alertScheduleJob, ALERT_RUNS_KIND } from '../domains/alert/alert.job.js';
import { AlertRepository } from '../domains/alert/alert.repository.js';
import { ALERT_PERMISSION, AlertService } from '../domains/alert/alert.service.js';
import { dataImportDomain } from '../domains/data-import/data-import.domain.js';
import { DataImportService } from '../domains/data-import/data-import.service.js';
import { ImportRunRepository } from '../domains/data-import/import-run.repository.js';
import { fileDomain } from '../domains/file/file.domain.js';
import { uploadCleanupJob } from '../domains/file/file.job.js';
import { FileRepository } from '../domains/file/file.repository.js';
import { FileService } from '../domains/file/file.service.js';
import { DataVersionService } from '../domains/patent/data-version.service.js';
import { detectFormat } from '../domains/patent/import/registry.js';
import { systemDomain } from '../domains/system/system.domain.js';
import { historyRetentionJob } from '../jobs/history-retention.job.js';
import { HistoryRetentionRepository } from '../jobs/history-retention.repository.js';
import { jobsRoutes } from '../jobs/jobs.routes.js';
import type { Repositories, Services } from '../composition.js';
import { API, PRODUCT, routesOf, type AreaEntries, type Infrastructure } from './area.js';
import type { CollectionsServices } from './collections.js';
import type { DocumentsServices } from './documents.js';
import type { IdentityServices } from './identity.js';
import type { SearchServices } from './search.js';

/**
 * Operations: what runs around the corpus and the users' data rather than on a request's search —
 * e-mail alerts after each import, operators' imports, My files, the jobs page, retention, health.
 */

export function operationsRepositories(database: DatabaseHandle) {
  const { db } = database;
  return {
    alerts: new AlertRepository(db),
    importRuns: new ImportRunRepository(db),
    historyRetention: new HistoryRetentionRepository(db),
    /** My files and their chunked uploads (domains/file) */
    files: new FileRepository(db),
  };
}
export type OperationsRepositories = ReturnType<typeof operationsRepositories>;

export function operationsServices(
  r: Repositories,
  infra: Infrastructure,
  before: IdentityServices & SearchServices & CollectionsServices & DocumentsServices,
) {
  const { config, engine, now } = infra;
  const { patents, search, library, exports, audit } = before;
  return {
    /** e-mail alerts (domains/alert) */
    alerts: new AlertService({
      repository: r.alerts,
      versions: new DataVersionService(r.dataVersions),
      patents,
      search,
      engine,
      library,
      exports,
      mailer: infra.mailer,
      throttle: infra.mailThrottle,
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
    }),
    /** the operators' patent imports (domains/data-import) */
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
    /** My files and their chunked uploads (domains/file) */
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
export type OperationsServices = ReturnType<typeof operationsServices>;

export function operationsEntries(s: Services, r: Repositories, infra: Infrastructure): AreaEntries {
  const { config, engine, demo, startup } = infra;
  return {
    jobs: [
      historyRetentionJob(r.historyRetention, { retention: config.retention }),
      alertScheduleJob(s.alerts),
      alertRunsJob(s.alerts),
      uploadCleanupJob(s.files),
    ],
    routes: [
      routesOf(systemDomain, {
        prefix: API,
        patents: s.patents,
        version: config.version,
        isDemoLoading: () => demo.loading,
        isStarting: () => startup.running,
        semantic: () => engine.semanticStatus(),
        features: () => ({ translation: s.translation.configured, rewrite: s.rewrite.configured }),
      }),
      routesOf(jobsRoutes, { prefix: PRODUCT, queue: infra.jobs }),
      routesOf(dataImportDomain, { prefix: API, dataImport: s.dataImport }),
      routesOf(alertDomain, { prefix: PRODUCT, alerts: s.alerts }),
      routesOf(fileDomain, { prefix: PRODUCT, files: s.files }),
    ],
  };
}
