import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  formatErrorMessage,
  MAX_IMPORT_FILES,
  MAX_IMPORT_REFUSED_LINES,
  type ImportRunProgress,
  type ImportRunReport,
  type ImportRun,
  type ImportRunList,
  type ImportRunSummary,
  type ImportUpload,
  type Language,
} from '@patlas/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import type { SavedUpload } from '../../files/upload.js';
import type { AuditService } from '../auth/index.js';
import type { Clock } from '../../kernel/clock.js';
import type { ImportReport as PatentImportReport, RunImportOptions } from '../patent/index.js';
import type { ImportRunRecord, ImportRunRepository, StoredRefusal } from './import-run.repository.js';

/** The patent import pipeline (domains/patent runImport, bound to this installation's store and index). */
export type ImportRunner = (files: readonly string[], options: RunImportOptions) => Promise<PatentImportReport>;

export interface DataImportServiceDeps {
  runs: ImportRunRepository;
  /** DATA_DIR/uploads/import: staged uploads and the files of queued and running imports. */
  uploadsDir: string;
  maxFileBytes: number;
  runImport: ImportRunner;
  /** The id of the format that recognises the file, from its name and first bytes. */
  detectFormat: (file: string) => Promise<string | undefined>;
  /** Called when a run has stored records (the semantic space relearns when the corpus outgrew it). */
  afterImport?: () => Promise<void>;
  /** Operators' actions are audited (the audit log of the operators' area). */
  audit: Pick<AuditService, 'record'>;
  now: Clock;
  log: FastifyBaseLogger;
}

/** Who starts a run. */
export interface ImportActor {
  userId: string | null;
  email: string | null;
  ip: string | null;
}

/** How many runs the page lists. */
const RECENT_RUNS = 20;
/** Uploads never started are removed after a day. */
const STAGED_TTL_MS = 24 * 60 * 60 * 1000;
/** Progress is written to the database at most this often (the page reads it live from memory). */
const PROGRESS_WRITE_MS = 1000;
const UPLOAD_ID = /^[0-9a-f-]{36}$/;

/** What a running import holds in memory; the database gets it throttled, and whole at the end. */
interface LiveRun {
  id: string;
  progress: ImportRunProgress;
  refused: StoredRefusal[];
  refusedTotal: number;
  abort: AbortController;
}

/** A file name safe as the last part of a path, keeping its extensions (format detection reads them). */
function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f<>:"|?*]/g, '_').trim();
  if (!cleaned || cleaned === '.' || cleaned === '..') return 'upload';
  // Long names keep their end, where the extensions are.
  return cleaned.length > 180 ? cleaned.slice(-180) : cleaned;
}

/** "2 GB", "300 MB": the limit as the message shows it. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/**
 * Patent imports started by operators (issue 15): uploads are staged on disk with the format
 * detected for each, a run imports them in the background through the patent import pipeline —
 * one run at a time in this process, the others queued in order — and its status, progress,
 * report and refused lines are kept in the database, so the page shows recent runs after a reload
 * or a restart. The files of a run are removed when it ends.
 */
export class DataImportService {
  readonly maxFileBytes: number;
  private readonly queue: string[] = [];
  private running: Promise<void> | undefined;
  private live: LiveRun | undefined;
  private isStopped = false;

  constructor(private readonly deps: DataImportServiceDeps) {
    this.maxFileBytes = deps.maxFileBytes;
  }

  private get stagedDir(): string {
    return path.join(this.deps.uploadsDir, 'staged');
  }

  private runDir(runId: string): string {
    return path.join(this.deps.uploadsDir, 'runs', runId);
  }

  /**
   * At the server's start (main.ts): runs the previous process left queued or running are marked
   * interrupted (what they imported stays) and their files removed; uploads never started and
   * older than a day go too.
   */
  async recover(): Promise<void> {
    const interrupted = await this.deps.runs.interruptUnfinished(this.deps.now().toISOString());
    await Promise.all(interrupted.map((run) => rm(this.runDir(run.id), { recursive: true, force: true })));
    if (interrupted.length > 0) {
      this.deps.log.warn({ runs: interrupted.map((run) => run.id) }, 'imports interrupted by the restart');
    }
    await this.sweepStaged();
  }

  private async sweepStaged(): Promise<void> {
    const entries = await readdir(this.stagedDir).catch(() => [] as string[]);
    const cutoff = Date.now() - STAGED_TTL_MS;
    for (const entry of entries) {
      const dir = path.join(this.stagedDir, entry);
      const info = await stat(dir).catch(() => undefined);
      if (info && info.mtimeMs < cutoff) await rm(dir, { recursive: true, force: true });
    }
  }

  /** Where an uploaded file of this name is written: its own folder, named by the upload id. */
  async uploadTarget(filename: string): Promise<string> {
    const dir = path.join(this.stagedDir, randomUUID());
    await mkdir(dir, { recursive: true });
    return path.join(dir, safeFileName(filename));
  }

  /** The saved uploads with the format detected for each, so the page shows it before the run starts. */
  async describeUploads(saved: readonly SavedUpload[]): Promise<ImportUpload[]> {
    void this.sweepStaged().catch((err: unknown) => this.deps.log.warn({ err }, 'upload sweep failed'));
    return Promise.all(
      saved.map(async (upload) => ({
        id: path.basename(path.dirname(upload.path)),
        // The name on disk (the upload's, made safe as a file name): the run and its report use it.
        name: path.basename(upload.path),
        size: upload.size,
        format: upload.size > 0 ? ((await this.deps.detectFormat(upload.path)) ?? null) : null,
      })),
    );
  }

  /** Throws IMPORT_UPLOAD_NOT_FOUND for an id that is not a staged upload. */
  private async stagedFile(id: string): Promise<string> {
    const dir = path.join(this.stagedDir, id);
    const [name] = UPLOAD_ID.test(id) ? await readdir(dir).catch(() => [] as string[]) : [];
    if (!name) throw new AppError('IMPORT_UPLOAD_NOT_FOUND', { id });
    return path.join(dir, name);
  }

  /** Removes an upload the operator took off the list before starting. */
  async discardUpload(id: string): Promise<void> {
    const file = await this.stagedFile(id);
    await rm(path.dirname(file), { recursive: true, force: true });
  }

  /** Queues a run of these uploads (in this order) and answers it; it starts when the run before it ends. */
  async start(fileIds: readonly string[], actor: ImportActor, lang: Language): Promise<ImportRun> {
    const ids = [...new Set(fileIds)].slice(0, MAX_IMPORT_FILES);
    const staged = await Promise.all(ids.map(async (id) => ({ id, file: await this.stagedFile(id) })));
    const runId = randomUUID();
    const files: ImportUpload[] = [];
    await mkdir(this.runDir(runId), { recursive: true });
    for (const { id, file } of staged) {
      // The run owns its files from here: a staged upload can no longer be removed or started twice.
      const moved = await rename(path.dirname(file), path.join(this.runDir(runId), id)).then(
        () => true,
        () => false,
      );
      if (!moved) {
        await rm(this.runDir(runId), { recursive: true, force: true });
        throw new AppError('IMPORT_UPLOAD_NOT_FOUND', { id });
      }
      const runFile = path.join(this.runDir(runId), id, path.basename(file));
      const size = (await stat(runFile)).size;
      const format = size > 0 ? ((await this.deps.detectFormat(runFile)) ?? null) : null;
      files.push({ id, name: path.basename(file), size, format });
    }
    const run = await this.deps.runs.create({
      id: runId,
      createdBy: actor.userId,
      createdByEmail: actor.email,
      files,
      createdAt: this.deps.now().toISOString(),
    });
    await this.deps.audit.record({
      action: 'data_import',
      actorId: actor.userId,
      actorEmail: actor.email,
      targetId: run.id,
      ip: actor.ip,
      detail: { files: files.map((f) => ({ name: f.name, size: f.size, format: f.format })) },
    });
    this.queue.push(run.id);
    this.pump();
    return this.present(run, lang);
  }

  /** The recent runs, newest first; a running one with its live progress. */
  async list(lang: Language): Promise<ImportRunList> {
    const runs = await this.deps.runs.listRecent(RECENT_RUNS);
    return {
      items: runs.map((run) => {
        const { refused: _refused, ...summary } = this.present(run, lang);
        return summary satisfies ImportRunSummary;
      }),
      maxFileBytes: this.maxFileBytes,
      maxFiles: MAX_IMPORT_FILES,
    };
  }

  async get(id: string, lang: Language): Promise<ImportRun> {
    const run = await this.deps.runs.find(id);
    if (!run) throw new AppError('IMPORT_RUN_NOT_FOUND');
    return this.present(run, lang);
  }

  /** The run as answered: live state over the stored one, reasons in the caller's language. */
  private present(run: ImportRunRecord, lang: Language): ImportRun {
    const live = this.live?.id === run.id ? this.live : undefined;
    const refused = live ? live.refused : run.refused;
    return {
      id: run.id,
      status: run.status,
      createdBy: run.createdByEmail,
      createdAt: run.createdAt,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      files: run.files,
      progress: live ? live.progress : run.progress,
      report: run.report,
      refusedTotal: live ? live.refusedTotal : run.refusedTotal,
      refused: refused.map((line) => ({
        file: line.file,
        line: line.line,
        reason: line.code ? formatErrorMessage(line.code, lang) : (line.reason ?? ''),
      })),
    };
  }

  /** Starts the next queued run when none is running. */
  private pump(): void {
    if (this.running || this.isStopped) return;
    const next = this.queue.shift();
    if (!next) return;
    this.running = this.execute(next)
      .catch((err: unknown) => this.deps.log.error({ err, runId: next }, 'import run could not be recorded'))
      .finally(() => {
        this.running = undefined;
        this.pump();
      });
  }

  private async execute(runId: string): Promise<void> {
    const run = await this.deps.runs.find(runId);
    if (!run) return;
    const pathOf = (upload: ImportUpload) => path.join(this.runDir(runId), upload.id, upload.name);
    const known = run.files.filter((f) => f.format !== null);
    const unknown = run.files.filter((f) => f.format === null);
    const nameByPath = new Map(run.files.map((f) => [pathOf(f), f.name]));
    const nameOf = (file: string) => nameByPath.get(file) ?? path.basename(file);
    const live: LiveRun = {
      id: runId,
      progress: {
        currentFile: null,
        bytesRead: 0,
        bytesTotal: known.reduce((sum, f) => sum + f.size, 0),
        records: 0,
        rejected: unknown.length,
      },
      // A file no format recognises is refused whole, as line 0, like the pipeline's unreadable files.
      refused: unknown.map((f) => ({ file: f.name, line: 0, code: 'IMPORT_FORMAT_UNKNOWN' as const })),
      refusedTotal: unknown.length,
      abort: new AbortController(),
    };
    this.live = live;
    const startedAt = this.deps.now().toISOString();
    await this.deps.runs.update(runId, { status: 'running', startedAt, progress: live.progress });

    let lastWrite = 0;
    // Progress writes go one after the other, and all before the final one: none lands after it.
    let progressWrites = Promise.resolve();
    const writeProgress = () => {
      const at = performance.now();
      if (at - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = at;
      const update = { progress: live.progress, refusedTotal: live.refusedTotal };
      progressWrites = progressWrites
        .then(() => this.deps.runs.update(runId, update))
        .catch((err: unknown) => this.deps.log.warn({ err, runId }, 'import progress not recorded'));
    };

    let report: PatentImportReport | undefined;
    let failure: unknown;
    try {
      report =
        known.length === 0
          ? undefined
          : await this.deps.runImport(known.map(pathOf), {
              // The formats the page showed at upload, not a second guess.
              formatsByFile: Object.fromEntries(known.map((f) => [pathOf(f), f.format as string])),
              signal: live.abort.signal,
              origin: 'upload',
              onProgress: (p) => {
                live.progress = {
                  currentFile: nameOf(p.file),
                  bytesRead: p.bytesRead,
                  bytesTotal: p.bytesTotal,
                  records: p.records,
                  rejected: p.rejected + unknown.length,
                };
                writeProgress();
              },
              onError: (e) => {
                live.refusedTotal += 1;
                if (live.refused.length < MAX_IMPORT_REFUSED_LINES) {
                  live.refused.push({ file: nameOf(e.file), line: e.line, reason: e.error });
                }
              },
            });
    } catch (err) {
      failure = err;
      this.deps.log.error({ err, runId }, 'import run failed');
    }

    const status = failure !== undefined ? 'failed' : live.abort.signal.aborted ? 'interrupted' : 'done';
    const finalReport = report || known.length === 0 ? this.reportOf(run.files, report, pathOf) : null;
    if (finalReport) {
      live.progress = {
        ...live.progress,
        ...(status === 'done' ? { bytesRead: live.progress.bytesTotal } : {}),
        records: finalReport.totals.read,
        rejected: finalReport.totals.rejected,
      };
    }
    // The files go before the run is recorded as ended: an ended run holds no file.
    await rm(this.runDir(runId), { recursive: true, force: true });
    await progressWrites;
    await this.deps.runs.update(runId, {
      status,
      finishedAt: this.deps.now().toISOString(),
      progress: live.progress,
      report: finalReport,
      refused: live.refused,
      refusedTotal: live.refusedTotal,
      error: failure === undefined ? null : failure instanceof Error ? failure.message : String(failure),
    });
    this.live = undefined;
    if (finalReport && finalReport.totals.inserted + finalReport.totals.updated > 0) {
      await this.deps.afterImport?.().catch((err: unknown) => this.deps.log.warn({ err }, 'after-import step failed'));
    }
  }

  /** The pipeline's report by file name, with the files no format recognised, in upload order. */
  private reportOf(
    files: readonly ImportUpload[],
    report: PatentImportReport | undefined,
    pathOf: (upload: ImportUpload) => string,
  ): ImportRunReport {
    const byPath = new Map((report?.files ?? []).map((f) => [f.file, f]));
    const rows = files.map((upload) => {
      const found = upload.format === null ? undefined : byPath.get(pathOf(upload));
      return {
        name: upload.name,
        format: upload.format,
        read: found?.read ?? 0,
        inserted: found?.inserted ?? 0,
        updated: found?.updated ?? 0,
        unchanged: found?.unchanged ?? 0,
        rejected: found?.rejected ?? (upload.format === null ? 1 : 0),
      };
    });
    const sum = (key: 'read' | 'inserted' | 'updated' | 'unchanged' | 'rejected') =>
      rows.reduce((total, row) => total + row[key], 0);
    return {
      files: rows,
      totals: {
        read: sum('read'),
        inserted: sum('inserted'),
        updated: sum('updated'),
        unchanged: sum('unchanged'),
        rejected: sum('rejected'),
      },
      elapsedMs: report?.elapsedMs ?? 0,
      versionId: report?.versionId ?? null,
    };
  }

  /** Stops the running import between two batches (graceful shutdown); queued runs stay for the next start to report. */
  async stop(): Promise<void> {
    this.isStopped = true;
    this.live?.abort.abort();
    await this.running;
  }
}
