import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { copyFile, mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_EXPORT_FIELDS,
  EXPORT_DIRECT_MAX_ROWS,
  exportRowLimit,
  EXPORT_FIELD_IDS,
  ExportFieldIdSchema,
  ExportRequestSchema,
  MAX_EXPORT_TEMPLATES,
  RECORD_TYPES,
  type DownloadListResponse,
  type DownloadProgress,
  type DownloadState,
  type TaskState,
  type DownloadTask,
  type ExportCheckResponse,
  type ExportFieldId,
  type ExportFieldsResponse,
  type ExportFormat,
  type ExportTemplate,
  type ExportTemplateResponse,
  type Language,
  type LoginType,
  type Patent,
} from '@patlas/contracts';
import type { SearchEngine } from '@patlas/engine';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import { CONTENT_TYPES, extensionOf, TABLE_WRITERS, WRITERS } from '../../documents/index.js';
import { openRenderedWriter } from '../../documents/patent-docx.js';
import type { ExportWriter } from '../../documents/writer.js';
import { AppError } from '../../errors.js';
import { taskErrorMessage } from '../../tasks/task-error.js';
import { failTask } from '../../tasks/task-lifecycle.js';
import { isExpired, taskStateWord } from '../../tasks/task-states.js';
import { NEW_TASK, type TaskRepository } from '../../tasks/task.repository.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { OperateHistoryService } from '../operate-history/index.js';
import type { PatentService } from '../patent/index.js';
import { toAppError, type SearchContext, type SearchService } from '../search/index.js';
import type { TrackingService } from '../tracking/index.js';
import { StoredAnalysisSchema, type AnalysisExporter, type AnalysisExportInput } from './analysis-export.js';
import { analysisCover } from './analysis-cover.js';
import { CITATION_EXPORT_FIELDS, openCitationWriter } from './citation-export.js';
import { exportFieldGroups, exportFieldLabel, isoDay, valueOf } from './export-fields.js';
import type { DownloadTaskRow, ExportRepository, ExportTemplateRow } from './export.repository.js';

/**
 * An export request as the service keeps it: what the dialog sends, and what each row is — a
 * patent (default), one of a patent's citations (/export/adduceInfo) or, for an analysis
 * (/export/depthAnalysisInfo), a chart of the set named by `target`.
 */
const ServiceRequestSchema = ExportRequestSchema.extend({
  content: z.enum(['patents', 'citations', 'analysis']).optional(),
  analysis: StoredAnalysisSchema.optional(),
});
/** An export request as validated (defaults applied). */
export type ExportRequestInput = z.output<typeof ServiceRequestSchema>;
type ExportTargetInput = ExportRequestInput['target'];

/** What a single patent's Word or PDF shows: its bibliography, abstract and claims. */
const ONE_PATENT_FIELDS = [
  'publicationNumber',
  'applicationNumber',
  'title',
  'applicants',
  'inventors',
  'agency',
  'agents',
  'applicationDate',
  'publicationDate',
  'grantDate',
  'priorityNumbers',
  'ipcMain',
  'ipc',
  'cpc',
  'legalStatus',
  'abstract',
  'claims',
] as const satisfies readonly ExportFieldId[];

/** Records read from the patent store at a time: a 300,000-row export never holds more. */
export const EXPORT_BATCH_ROWS = 1_000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Numbers in messages as people read them: 300,000. */
const grouped = (n: number) => n.toLocaleString('en-US');

/** What a task keeps of the request that made it: enough to run it (again) without the request. */
const StoredRequestSchema = z.object({
  request: ServiceRequestSchema,
  lang: z.enum(['zh', 'en']),
  caller: z.object({
    userId: z.string(),
    tenantId: z.string(),
    email: z.string().nullable(),
    loginType: z.string(),
  }),
});
type StoredRequest = z.infer<typeof StoredRequestSchema>;

/** The rows of an export: how many, then their publication numbers in export order, in batches. */
interface ExportPlan {
  rows: number;
  batches: () => AsyncGenerator<string[]>;
}

/** A direct export's answer: the file itself, or the task it became. */
export type DirectExport =
  { kind: 'file'; data: Buffer; filename: string; contentType: string } | { kind: 'task'; task: DownloadTask };

/** Characters no file system takes in a name, and control characters. */
// eslint-disable-next-line no-control-regex
const FILENAME_ILLEGAL = /[\\/:*?"<>|\u0000-\u001f]/g;

export interface ExportServiceDeps {
  repository: ExportRepository;
  /** The download tasks' states (the task kit). */
  tasks: TaskRepository<'export'>;
  search: SearchService;
  engine: SearchEngine;
  patents: PatentService;
  operateHistory: OperateHistoryService;
  tracking: TrackingService;
  /**
   * Queues the `export` job of a task for its user, once `record` has stored it. Refused
   * (TASK_USER_LIMIT) before `record` runs when the user has too many waiting or running; a
   * `record` that throws queues nothing (composition.ts: JobQueue.enqueueFor).
   */
  enqueue: (task: { id: string; userId: string }, record: () => Promise<unknown>) => Promise<void>;
  /** The caller's export quota (users.quotas.export); null: unlimited. */
  exportLimit: (auth: AuthContext) => Promise<number | null>;
  /** Where task files are written: DATA_DIR/exports. */
  exportsDir: string;
  /** Where imported drawings are (DATA_DIR/drawings): the document formats show a patent's first. */
  drawingsDir: string;
  /** The CPU workers: Word files, and PDF files answered at once, are drawn there. */
  cpu: CpuPool;
  /** Days a finished file stays (EXPORT_FILE_DAYS). */
  fileDays: number;
  /** The analysis export's charts (absent: /export/depthAnalysisInfo is refused as failed). */
  analysisExport?: AnalysisExporter | undefined;
  now: Clock;
  log?: FastifyBaseLogger | undefined;
}

/**
 * Export (issue 18, spec 2 §5/§7): the field catalogue and each user's choices, templates, the
 * checks every export passes, direct exports of small tables and the download tasks that write
 * everything larger through the job queue.
 */
export class ExportService {
  private readonly changes = new EventEmitter();

  constructor(private readonly deps: ExportServiceDeps) {
    this.changes.setMaxListeners(0);
  }

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  private userOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  // ---------------------------------------------------------------------------------------------
  // Fields and templates

  /** The catalogue in `lang`, the user's order and the fields the dialog starts with. */
  async fields(auth: AuthContext, lang: Language): Promise<ExportFieldsResponse> {
    const prefs = await this.deps.repository.findPreferences(this.userOf(auth));
    const saved = fieldListOf(prefs?.field_order ?? null);
    const order = [...new Set([...saved, ...EXPORT_FIELD_IDS])];
    const last = fieldListOf(prefs?.last_fields ?? null);
    return {
      groups: exportFieldGroups(lang, order),
      selected: last.length > 0 ? last : [...DEFAULT_EXPORT_FIELDS],
      order,
    };
  }

  async sortFields(auth: AuthContext, fields: readonly ExportFieldId[]): Promise<void> {
    await this.deps.repository.savePreferences(this.userOf(auth), this.nowIso(), {
      fieldOrder: JSON.stringify(fields),
    });
  }

  async saveLastFields(auth: AuthContext, fields: readonly ExportFieldId[]): Promise<void> {
    await this.deps.repository.savePreferences(this.userOf(auth), this.nowIso(), {
      lastFields: JSON.stringify(fields),
    });
  }

  async listTemplates(auth: AuthContext): Promise<ExportTemplateResponse> {
    const rows = await this.deps.repository.listTemplates(this.userOf(auth));
    return { templates: rows.map(templateOf) };
  }

  /**
   * Creates (no id) or replaces a template. Spec 2 §5/§9: at most 100 per user, names unique per
   * user (the name's length and the fields are checked by the contract).
   */
  async saveTemplate(
    auth: AuthContext,
    input: { id?: string | undefined; name: string; fields: ExportFieldId[] },
  ): Promise<ExportTemplateResponse> {
    const userId = this.userOf(auth);
    const repo = this.deps.repository;
    const at = this.nowIso();
    const sameName = await repo.findTemplateByName(userId, input.name);
    if (input.id !== undefined) {
      const existing = await repo.findTemplate(userId, input.id);
      if (!existing) throw new AppError('EXPORT_TEMPLATE_NOT_FOUND');
      if (sameName && sameName.id !== existing.id) throw new AppError('EXPORT_TEMPLATE_NAME_TAKEN');
      await repo.updateTemplate(userId, existing.id, {
        name: input.name,
        fields: JSON.stringify(input.fields),
        updated_at: at,
      });
      return { template: templateOf((await repo.findTemplate(userId, existing.id))!) };
    }
    if ((await repo.countTemplates(userId)) >= MAX_EXPORT_TEMPLATES) {
      throw new AppError('EXPORT_TEMPLATE_LIMIT', { max: grouped(MAX_EXPORT_TEMPLATES) });
    }
    if (sameName) throw new AppError('EXPORT_TEMPLATE_NAME_TAKEN');
    const row: ExportTemplateRow = {
      id: randomUUID(),
      user_id: userId,
      name: input.name,
      fields: JSON.stringify(input.fields),
      created_at: at,
      updated_at: at,
    };
    await repo.insertTemplate(row);
    return { template: templateOf(row) };
  }

  async deleteTemplate(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.deps.repository.deleteTemplate(this.userOf(auth), id))) {
      throw new AppError('EXPORT_TEMPLATE_NOT_FOUND');
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Checks and the rows of an export

  /** Rows exported so far by the user: finished tasks and direct exports (the quota's `used`). */
  exportedRows(userId: string): Promise<number> {
    return this.deps.repository.exportedRows(userId);
  }

  /**
   * The checks of spec 2 §5/§8/§9 in the order a user meets them: the file name, the range, the
   * row limit of the format, rows to export at all, then the quota.
   *
   * @param countedRows - rows of this export already counted against the quota (a redrawn task).
   */
  private async plan(
    auth: AuthContext,
    request: ExportRequestInput,
    lang: Language,
    countedRows = 0,
  ): Promise<{ plan: ExportPlan; quota: ExportCheckResponse['quota'] }> {
    const userId = this.userOf(auth);
    if (request.filename !== undefined && request.filename.length > 0 && request.filename.trim() === '') {
      throw new AppError('EXPORT_FILENAME_BLANK');
    }
    const plan =
      request.content === 'analysis'
        ? await this.planAnalysis(request, lang, { userId })
        : await this.planTarget(request.target, exportRowLimit(request.format, request.fields), lang, { userId });
    if (plan.rows === 0) throw new AppError('EXPORT_NOTHING');
    const limit = await this.deps.exportLimit(auth);
    const used = (await this.exportedRows(userId)) - countedRows;
    if (limit !== null && used + plan.rows > limit) {
      throw new AppError('EXPORT_QUOTA_EXCEEDED', { used: grouped(used), limit: grouped(limit) });
    }
    return { plan, quota: { used, limit } };
  }

  private async planTarget(
    target: ExportTargetInput,
    { max, code }: ReturnType<typeof exportRowLimit>,
    lang: Language,
    context: SearchContext,
  ): Promise<ExportPlan> {
    if (target.kind === 'patents') {
      const inputs = [...new Set(target.publicationNumbers.map((n) => n.trim()))];
      if (inputs.length > max) throw new AppError(code, { max: grouped(max) });
      const held = await this.deps.patents.resolveHeldNumbers(inputs);
      const numbers = [...new Set(inputs.map((n) => held[n]).filter((n): n is string => n !== undefined))];
      return {
        rows: numbers.length,
        batches: async function* () {
          for (let i = 0; i < numbers.length; i += EXPORT_BATCH_ROWS) yield numbers.slice(i, i + EXPORT_BATCH_ROWS);
        },
      };
    }
    const { rows } = target;
    let from: number;
    let to: number;
    switch (rows.mode) {
      case 'page':
        from = (rows.page - 1) * rows.pageSize + 1;
        to = rows.page * rows.pageSize;
        break;
      case 'first':
        from = 1;
        to = rows.count;
        break;
      case 'range':
        // Spec 2 §5 "end value must exceed start value".
        if (rows.to <= rows.from) throw new AppError('EXPORT_RANGE_INVALID');
        from = rows.from;
        to = rows.to;
        break;
    }
    if (to - from + 1 > max) throw new AppError(code, { max: grouped(max) });
    const { engine, search } = this.deps;
    // The search service applies what the result page's search does: #n, the NOT prefix (spec 1 §5), the set source.
    const { ast, options } = await search.scope(target.query, lang, context);
    let total: number;
    try {
      total = await engine.count(ast, options);
    } catch (err) {
      throw toAppError(err);
    }
    const last = Math.min(to, total);
    const sort = target.query.sort;
    const count = Math.max(0, last - from + 1);
    return {
      rows: count,
      // The result page's order (its sort, else relevance or the set's rank), ranked once on a search
      // worker; the numbers (~20 bytes each) are then handed out a batch at a time.
      batches: async function* () {
        if (count === 0) return;
        let ranked;
        try {
          ranked = await engine.rankedNumbers({
            ast,
            ...options,
            ...(sort ? { sort } : {}),
            offset: from - 1,
            limit: count,
          });
        } catch (err) {
          throw toAppError(err);
        }
        const numbers = ranked.publicationNumbers;
        for (let i = 0; i < numbers.length; i += EXPORT_BATCH_ROWS) yield numbers.slice(i, i + EXPORT_BATCH_ROWS);
      },
    };
  }

  /**
   * An analysis counts one row per chart (against the quota too), once its set has patents at all;
   * its images are marked as used again (a redrawn or re-run task keeps them).
   */
  private async planAnalysis(request: ExportRequestInput, lang: Language, context: SearchContext): Promise<ExportPlan> {
    const charts = request.analysis?.charts ?? [];
    const set = await this.planTarget(request.target, { max: 1, code: 'EXPORT_RANGE_TOO_LARGE' }, lang, context);
    if (set.rows === 0 || charts.length === 0) return { rows: 0, batches: async function* () {} };
    if (request.analysis) await this.analysisExporter().touch(request.analysis);
    return { rows: charts.length, batches: async function* () {} };
  }

  private analysisExporter(): AnalysisExporter {
    if (!this.deps.analysisExport) throw new AppError('EXPORT_FAILED', { reason: 'analysis export is not configured' });
    return this.deps.analysisExport;
  }

  /** POST /export/check: whether the export may run, how many rows, and whether it is answered at once. */
  async check(auth: AuthContext, request: ExportRequestInput, lang: Language): Promise<ExportCheckResponse> {
    const { plan, quota } = await this.plan(auth, request, lang);
    return { rows: plan.rows, direct: isDirect(request.format, plan.rows), quota };
  }

  // ---------------------------------------------------------------------------------------------
  // Writing

  /** The records of a plan, in export order, a batch at a time (numbers no longer stored are skipped). */
  private async *records(plan: ExportPlan): AsyncGenerator<Patent[]> {
    const batches = plan.batches();
    // The next numbers are read (on a search worker) while this batch is read and written.
    let next = batches.next();
    try {
      for (;;) {
        const current = await next;
        if (current.done) return;
        next = batches.next();
        const found = await this.deps.patents.getByPublicationNumbers(current.value);
        yield current.value.map((n) => found.get(n)).filter((p): p is Patent => p !== undefined);
      }
    } finally {
      // Stopped early (cancelled, failed): the read ahead is finished and dropped.
      await next.catch(() => undefined);
      await batches.return(undefined);
    }
  }

  private async openWriter(
    request: ExportRequestInput,
    lang: Language,
    file: string,
    isDirect = false,
  ): Promise<ExportWriter> {
    const today = isoDay(this.deps.now());
    if (request.content === 'citations') {
      const table = TABLE_WRITERS[request.format === 'csv' ? 'csv' : 'xlsx'];
      return openCitationWriter(table, { path: file, lang, today, patents: this.deps.patents });
    }
    const input = {
      path: file,
      columns: request.fields.map((id) => ({ id, label: exportFieldLabel(id, lang) })),
      lang,
      valueOf: (patent: Patent, field: ExportFieldId) => valueOf(patent, field, lang, today),
      firstDrawing: (patent: Patent) => this.firstDrawing(patent),
      ...(request.title ? { title: request.title } : {}),
    };
    // Word is drawn whole at the end, and a PDF answered at once too: both on a CPU worker. A PDF
    // task streams patent by patent here (its file may be large; each patent is a short step).
    const { format } = request;
    if (format === 'docx' || (format === 'pdf' && isDirect)) {
      return openRenderedWriter(input, (document) => this.deps.cpu.run('patentsDocument', { format, document }));
    }
    return WRITERS[format](input);
  }

  /** A patent's first drawing as imported (DATA_DIR/drawings), for Word and PDF; none when absent. */
  private async firstDrawing(patent: Patent): Promise<{ data: Buffer; type: 'png' | 'jpg' } | undefined> {
    const file = patent.drawings?.[0]?.file;
    // Only a plain file name inside the drawings folder (as the drawing route accepts).
    if (!file || !/^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.(png|jpe?g)$/i.test(file)) return undefined;
    const data = await readFile(path.join(this.deps.drawingsDir, file)).catch(() => undefined);
    if (!data) return undefined;
    return { data, type: file.toLowerCase().endsWith('.png') ? 'png' : 'jpg' };
  }

  /**
   * POST /export/excel: a table export of at most EXPORT_DIRECT_MAX_ROWS rows is written and
   * answered at once; anything larger (and a document format) becomes a download task.
   */
  async exportDirect(auth: AuthContext, request: ExportRequestInput, lang: Language): Promise<DirectExport> {
    const { plan } = await this.plan(auth, request, lang);
    if (!isDirect(request.format, plan.rows)) {
      return { kind: 'task', task: await this.createTaskFrom(auth, request, lang, plan.rows) };
    }
    return this.writeDirect(auth, request, lang, plan);
  }

  /**
   * POST /export/adduceInfo: the citations of a result set's rows or of chosen patents, a row per
   * (patent, cited or citing document). Checked and counted as a table export of those patents;
   * answered with the file up to EXPORT_DIRECT_MAX_ROWS patents, else a download task.
   */
  async exportCitations(
    auth: AuthContext,
    body: {
      target: ExportTargetInput;
      format: 'xlsx' | 'csv';
      filename?: string | undefined;
      title?: string | undefined;
    },
    lang: Language,
  ): Promise<DirectExport> {
    return this.exportDirect(
      auth,
      {
        target: body.target,
        fields: [...CITATION_EXPORT_FIELDS],
        format: body.format,
        content: 'citations',
        ...(body.filename !== undefined ? { filename: body.filename } : {}),
        ...(body.title !== undefined ? { title: body.title } : {}),
      },
      lang,
    );
  }

  /**
   * POST /export/depthAnalysisInfo: the analysis of a result set — the charts in the order given,
   * each with its table recomputed here and the browser's image — as a download task (a dashboard
   * of text-mining charts takes a while). Counted as one row per chart.
   */
  async exportAnalysis(auth: AuthContext, body: AnalysisExportInput, lang: Language): Promise<DownloadTask> {
    const analysis = await this.analysisExporter().prepare(body, lang);
    const request: ExportRequestInput = {
      // The set analysed, as a result set (its count says whether there is anything to analyse).
      target: { kind: 'results', query: body.set, rows: { mode: 'first', count: 1 } },
      fields: ['publicationNumber'],
      format: body.format,
      content: 'analysis',
      analysis,
      ...(body.filename !== undefined ? { filename: body.filename } : {}),
      ...(body.title !== undefined ? { title: body.title } : {}),
    };
    return this.createTask(auth, request, lang);
  }

  /**
   * GET|POST /export/docx and /download/pdf (?publicationNumber=): one patent as a Word or PDF file,
   * answered at once (the detail page's download; a larger document export is a download task).
   */
  async exportOnePatent(
    auth: AuthContext,
    publicationNumber: string,
    format: 'docx' | 'pdf',
    lang: Language,
  ): Promise<Extract<DirectExport, { kind: 'file' }>> {
    // Named after the number as the store holds it (the query may write it in any form).
    const held = (await this.deps.patents.resolveHeldNumbers([publicationNumber]))[publicationNumber];
    const request: ExportRequestInput = {
      target: { kind: 'patents', publicationNumbers: [publicationNumber] },
      fields: [...ONE_PATENT_FIELDS],
      format,
      ...(held ? { filename: held } : {}),
    };
    const { plan } = await this.plan(auth, request, lang);
    return this.writeDirect(auth, request, lang, plan);
  }

  private async writeDirect(
    auth: AuthContext,
    request: ExportRequestInput,
    lang: Language,
    plan: Awaited<ReturnType<ExportService['plan']>>['plan'],
  ): Promise<Extract<DirectExport, { kind: 'file' }>> {
    const userId = this.userOf(auth);
    await mkdir(this.deps.exportsDir, { recursive: true });
    const file = path.join(this.deps.exportsDir, `direct-${randomUUID()}.part`);
    const writer = await this.openWriter(request, lang, file, true);
    let rows = 0;
    try {
      for await (const batch of this.records(plan)) {
        await writer.write(batch);
        rows += batch.length;
      }
      await writer.finish();
    } catch (err) {
      await writer.abort();
      throw err;
    }
    try {
      const data = await readFile(file);
      // Every export is listed in the download centre (issue 43): a file answered at once is kept
      // there as a finished task, whose rows count against the quota as any finished task's do.
      await this.keepDirect(auth, request, lang, file, rows, data.length);
      if (!request.content) {
        await this.deps.repository.savePreferences(userId, this.nowIso(), {
          lastFields: JSON.stringify(request.fields),
        });
      }
      await this.recordExport(auth, request, lang, rows);
      return { kind: 'file', data, filename: this.filenameOf(request), contentType: CONTENT_TYPES[request.format] };
    } finally {
      await rm(file, { force: true });
    }
  }

  /** A file answered at once, kept as a finished download task (its file copied under the task's name). */
  private async keepDirect(
    auth: AuthContext,
    request: ExportRequestInput,
    lang: Language,
    file: string,
    rows: number,
    size: number,
  ): Promise<void> {
    const userId = this.userOf(auth);
    const now = this.deps.now();
    const at = now.toISOString();
    const id = randomUUID();
    const finalFile = path.join(this.deps.exportsDir, `${id}.${extensionOf(request.format)}`);
    await copyFile(file, finalFile);
    const stored: StoredRequest = {
      request,
      lang,
      caller: { userId, tenantId: auth.tenantId, email: auth.email, loginType: auth.loginType },
    };
    try {
      await this.deps.tasks.insert({
        id,
        user_id: userId,
        title: (request.title ?? this.filenameOf(request)).slice(0, 500),
        format: request.format,
        filename: this.filenameOf(request),
        request: JSON.stringify(stored),
        ...NEW_TASK,
        state: 'done',
        started_at: at,
        finished_at: at,
        done: rows,
        total: rows,
        size,
        file_path: finalFile,
        created_at: at,
        expires_at: new Date(now.getTime() + this.deps.fileDays * DAY_MS).toISOString(),
      });
    } catch (err) {
      await rm(finalFile, { force: true });
      throw err;
    }
  }

  /** The download name: the chosen name (cleaned) or patlas-YYYYMMDD, with the format's extension. */
  private filenameOf(request: ExportRequestInput): string {
    const chosen = (request.filename ?? '').replace(FILENAME_ILLEGAL, '_').trim();
    const base = chosen || `patlas-${isoDay(this.deps.now()).replace(/-/g, '')}`;
    return `${base}.${extensionOf(request.format)}`;
  }

  private async recordExport(auth: AuthContext, request: ExportRequestInput, lang: Language, rows: number) {
    const format = request.format;
    const what = exportedWhat(request.content ?? 'patents', rows, lang);
    const title =
      lang === 'zh'
        ? `导出${what}（${format}）${request.title ? `：${request.title}` : ''}`
        : `Exported ${what} (${format})${request.title ? `: ${request.title}` : ''}`;
    await this.deps.operateHistory.save(auth, {
      recordType: RECORD_TYPES.export,
      title: title.slice(0, 500),
      router: '/download',
      resultTotal: String(rows),
      data: {
        format,
        fields: request.fields,
        target: request.target.kind,
        ...(request.content ? { content: request.content } : {}),
        ...(request.analysis ? { charts: request.analysis.charts.map((c) => c.id) } : {}),
      },
    });
    await this.deps.tracking.record(auth, {
      eventName: 'export',
      eventType: format,
      count: rows,
      recordType: RECORD_TYPES.export,
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Download tasks

  /** POST /download/task: checks the export and queues it as a task. */
  async createTask(auth: AuthContext, request: ExportRequestInput, lang: Language): Promise<DownloadTask> {
    const { plan } = await this.plan(auth, request, lang);
    return this.createTaskFrom(auth, request, lang, plan.rows);
  }

  private async createTaskFrom(
    auth: AuthContext,
    request: ExportRequestInput,
    lang: Language,
    rows: number,
  ): Promise<DownloadTask> {
    const userId = this.userOf(auth);
    const at = this.nowIso();
    const stored: StoredRequest = {
      request,
      lang,
      caller: { userId, tenantId: auth.tenantId, email: auth.email, loginType: auth.loginType },
    };
    const row: DownloadTaskRow = {
      id: randomUUID(),
      user_id: userId,
      title: (request.title ?? this.filenameOf(request)).slice(0, 500),
      format: request.format,
      filename: this.filenameOf(request),
      request: JSON.stringify(stored),
      ...NEW_TASK,
      done: 0,
      total: rows,
      size: null,
      file_path: null,
      created_at: at,
      expires_at: null,
    };
    await this.deps.enqueue({ id: row.id, userId }, () => this.deps.tasks.insert(row));
    // Only a table of patent fields is the dialog's next choice of fields.
    if (!request.content) {
      await this.deps.repository.savePreferences(userId, at, { lastFields: JSON.stringify(request.fields) });
    }
    return this.taskOf(row, lang);
  }

  /** A task of the caller's; another user's is answered as not found. */
  private async ownTask(auth: AuthContext, id: string): Promise<DownloadTaskRow> {
    const row = await this.deps.tasks.find(id);
    if (!row || row.user_id !== auth.userId) throw new AppError('DOWNLOAD_NOT_FOUND');
    return row;
  }

  async task(auth: AuthContext, id: string, lang: Language): Promise<DownloadTask> {
    return this.taskOf(await this.ownTask(auth, id), lang);
  }

  /** The caller's tasks, newest first. */
  async list(
    auth: AuthContext,
    query: { page: number; pageSize: number; state?: DownloadState | undefined },
    lang: Language,
  ): Promise<DownloadListResponse> {
    const { total, rows } = await this.deps.repository.pageTasks(this.userOf(auth), query);
    return { total, page: query.page, pageSize: query.pageSize, items: rows.map((r) => this.taskOf(r, lang)) };
  }

  /** A waiting or running task stops (a running one between two batches; its partial file is removed). */
  async cancel(auth: AuthContext, id: string, lang: Language): Promise<DownloadTask> {
    const row = await this.ownTask(auth, id);
    if (!(await this.deps.tasks.cancel(id))) throw conflict(row.state, lang);
    this.changed(id);
    return this.task(auth, id, lang);
  }

  /** A new task from the same request (checked again: quota, rows). */
  async again(auth: AuthContext, id: string, lang: Language): Promise<DownloadTask> {
    const row = await this.ownTask(auth, id);
    const stored = storedRequestOf(row);
    return this.createTask(auth, stored.request, lang);
  }

  /** Writes the file of a finished, failed or cancelled task again, as the same task (e.g. after it expired). */
  async draw(auth: AuthContext, id: string, lang: Language): Promise<DownloadTask> {
    const row = await this.ownTask(auth, id);
    if (row.state === 'waiting' || row.state === 'running') throw conflict(row.state, lang);
    const stored = storedRequestOf(row);
    const { plan } = await this.plan(auth, stored.request, stored.lang, row.state === 'done' ? row.total : 0);
    await this.deps.enqueue({ id, userId: row.user_id }, async () => {
      const reset = { done: 0, total: plan.rows, size: null, file_path: null, expires_at: null };
      if (!(await this.deps.tasks.reset(id, reset))) throw conflict((await this.ownTask(auth, id)).state, lang);
    });
    if (row.file_path) await rm(row.file_path, { force: true });
    this.changed(id);
    return this.task(auth, id, lang);
  }

  /** The finished file of a task: its path, download name and type. */
  async file(
    auth: AuthContext,
    id: string,
    lang: Language,
  ): Promise<{ path: string; filename: string; contentType: string }> {
    const row = await this.ownTask(auth, id);
    if (row.state !== 'done') throw conflict(row.state, lang);
    if (this.isExpired(row) || !row.file_path) throw new AppError('DOWNLOAD_EXPIRED');
    return { path: row.file_path, filename: row.filename, contentType: CONTENT_TYPES[row.format as ExportFormat] };
  }

  /** Calls `listener` whenever task `id` changes in this process; answers the unsubscribe. */
  onChange(id: string, listener: () => void): () => void {
    this.changes.on(id, listener);
    return () => this.changes.off(id, listener);
  }

  private changed(id: string): void {
    this.changes.emit(id);
  }

  /** The progress message of a task (the websocket's and the polling fallback's). */
  async progress(auth: AuthContext, id: string, lang: Language): Promise<DownloadProgress> {
    return this.progressOfRow(await this.ownTask(auth, id), lang);
  }

  /** The tasks among `ids`, read at once (the progress sockets' shared poll; ownership is the caller's to check). */
  async tasksByIds(ids: readonly string[]): Promise<Map<string, DownloadTaskRow>> {
    const rows = await this.deps.tasks.findMany(ids);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** A task row's progress message, in `lang`. */
  progressOfRow(row: DownloadTaskRow, lang: Language): DownloadProgress {
    const { id, state, done, total, progress, size, error, downloadUrl } = this.taskOf(row, lang);
    return { id, state, done, total, progress, size, error, downloadUrl };
  }

  private isExpired(row: DownloadTaskRow): boolean {
    return isExpired(row, this.nowIso()) || (row.state === 'done' && row.file_path === null);
  }

  private taskOf(row: DownloadTaskRow, lang: Language): DownloadTask {
    const isExpired = this.isExpired(row);
    const progress = row.state === 'done' ? 100 : row.total > 0 ? Math.floor((row.done / row.total) * 1000) / 10 : 0;
    return {
      id: row.id,
      title: row.title,
      format: row.format as ExportFormat,
      filename: row.filename,
      state: row.state,
      done: row.done,
      total: row.total,
      unit: unitOf(row),
      progress,
      size: row.size === null ? null : Number(row.size),
      error: taskErrorMessage(row, lang),
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      expiresAt: row.expires_at,
      expired: isExpired,
      downloadUrl: row.state === 'done' && !isExpired ? `/api/product/download/file/${row.id}` : null,
    };
  }

  /**
   * Runs a task (the `export` job): writes DATA_DIR/exports/<id>.part batch by batch, updating
   * the row's progress and looking for a cancellation between batches, then renames the complete
   * file to <id>.<ext> — only a renamed file is ever offered. A task that is not waiting (it was
   * cancelled, or failed at start-up) is left as it is.
   */
  async runTask(id: string): Promise<{ state: DownloadState; rows: number }> {
    const { tasks } = this.deps;
    const row = await this.deps.tasks.find(id);
    if (!row || row.state !== 'waiting') return { state: row?.state ?? 'failed', rows: 0 };
    if (!(await tasks.claim(id, { done: 0 }))) return { state: (await tasks.stateOf(id)) ?? 'failed', rows: 0 };
    this.changed(id);
    let stored: StoredRequest | undefined;
    const partFile = path.join(this.deps.exportsDir, `${id}.part`);
    try {
      stored = storedRequestOf(row);
      const { request, lang } = stored;
      const auth = authOf(stored);
      await mkdir(this.deps.exportsDir, { recursive: true });
      // An analysis is written chart by chart (analysis-export.ts), anything else batch by batch.
      const written =
        request.content === 'analysis'
          ? await this.writeAnalysis(id, request, lang, partFile)
          : await this.writeRows(id, request, lang, auth.userId, partFile);
      if (written.cancelled) return { state: 'cancelled', rows: written.rows };
      const done = written.rows;
      const finalFile = path.join(this.deps.exportsDir, `${id}.${extensionOf(request.format)}`);
      await rename(partFile, finalFile);
      const { size } = await stat(finalFile);
      const now = this.deps.now();
      const isDone = await tasks.finish(id, {
        done,
        total: done,
        size,
        file_path: finalFile,
        expires_at: new Date(now.getTime() + this.deps.fileDays * DAY_MS).toISOString(),
      });
      if (!isDone) {
        // Cancelled while the file was being completed.
        await rm(finalFile, { force: true });
        return { state: 'cancelled', rows: done };
      }
      this.changed(id);
      await this.recordExport(auth, request, lang, done);
      return { state: 'done', rows: done };
    } catch (err) {
      await rm(partFile, { force: true });
      await failTask(tasks, id, err, { log: this.deps.log, lang: stored?.lang });
      this.changed(id);
      return { state: 'failed', rows: 0 };
    }
  }

  /**
   * Writes a task's rows batch by batch into `partFile`, updating its progress and looking for a
   * cancellation between batches (a cancelled task's partial file is removed).
   */
  private async writeRows(
    id: string,
    request: ExportRequestInput,
    lang: Language,
    userId: string,
    partFile: string,
  ): Promise<{ rows: number; cancelled: boolean }> {
    const { tasks } = this.deps;
    const plan = await this.planTarget(request.target, exportRowLimit(request.format, request.fields), lang, {
      userId,
    });
    await tasks.progress(id, { total: plan.rows });
    const writer = await this.openWriter(request, lang, partFile);
    let done = 0;
    try {
      for await (const batch of this.records(plan)) {
        if ((await tasks.stateOf(id)) !== 'running') {
          await writer.abort();
          return { rows: done, cancelled: true };
        }
        await writer.write(batch);
        done += batch.length;
        await tasks.progress(id, { done });
        this.changed(id);
      }
      await writer.finish();
    } catch (err) {
      await writer.abort().catch(() => undefined);
      throw err;
    }
    return { rows: done, cancelled: false };
  }

  /** Writes an analysis task chart by chart, its progress in charts. */
  private async writeAnalysis(
    id: string,
    request: ExportRequestInput,
    lang: Language,
    partFile: string,
  ): Promise<{ rows: number; cancelled: boolean }> {
    const { tasks } = this.deps;
    const analysis = request.analysis;
    if (!analysis || (request.format !== 'xlsx' && request.format !== 'docx')) throw new AppError('EXPORT_NOTHING');
    await tasks.progress(id, { total: analysis.charts.length });
    const written = await this.analysisExporter().write(analysis, {
      format: request.format,
      lang,
      file: partFile,
      cover: (total) => analysisCover(analysis.set, total, lang, isoDay(this.deps.now())),
      progress: async (done) => {
        if (!(await tasks.progress(id, { done }))) return false;
        this.changed(id);
        return true;
      },
    });
    return { rows: written.charts, cancelled: written.cancelled };
  }

  /**
   * At start-up, after the task kit failed the tasks a stopped process left running
   * (failInterruptedTasks): their partial files go; "redraw" or "run again" writes them anew.
   * (One process runs the export jobs of a database: see docs/export.md.)
   */
  async discardInterrupted(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      await rm(path.join(this.deps.exportsDir, `${id}.part`), { force: true });
      this.deps.log?.warn({ taskId: id }, 'export task interrupted by a restart: failed');
    }
  }

  /** Deletes the files of tasks past their days (the `export-expiry` job); their rows then show expired. */
  async expireFiles(): Promise<number> {
    const rows = await this.deps.tasks.filesPastExpiry(['file_path']);
    for (const row of rows) {
      if (row.file_path) await rm(row.file_path, { force: true });
      await this.deps.tasks.update(row.id, { file_path: null });
    }
    // Chart images no task has used since its files' days are of no task any more.
    await this.deps.analysisExport?.cleanImages(this.deps.now(), (this.deps.fileDays + 1) * DAY_MS);
    return rows.length;
  }
}

/** What an export wrote, for its operation-history line: patents, the citations of patents, charts. */
function exportedWhat(content: 'patents' | 'citations' | 'analysis', rows: number, lang: Language): string {
  if (lang === 'zh') {
    if (content === 'analysis') return `分析图表 ${rows} 张`;
    return content === 'citations' ? ` ${rows} 件专利的引证` : ` ${rows} 件专利`;
  }
  const patents = `${rows} patent${rows === 1 ? '' : 's'}`;
  if (content === 'analysis') return `${rows} analysis chart${rows === 1 ? '' : 's'}`;
  return content === 'citations' ? `the citations of ${patents}` : patents;
}

function isDocument(format: ExportFormat): boolean {
  return format === 'docx' || format === 'pdf';
}

function isDirect(format: ExportFormat, rows: number): boolean {
  return !isDocument(format) && rows <= EXPORT_DIRECT_MAX_ROWS;
}

function conflict(state: TaskState, lang: Language): AppError {
  return new AppError('DOWNLOAD_STATE_CONFLICT', { reason: taskStateWord(state, lang) });
}

function fieldListOf(json: string | null): ExportFieldId[] {
  if (!json) return [];
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id) => ExportFieldIdSchema.safeParse(id).success) as ExportFieldId[])];
  } catch {
    return [];
  }
}

function templateOf(row: ExportTemplateRow): ExportTemplate {
  return {
    id: row.id,
    name: row.name,
    fields: fieldListOf(row.fields),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** What a task's progress counts: charts for an analysis, else patents (a task whose request no longer parses: patents). */
function unitOf(row: DownloadTaskRow): DownloadTask['unit'] {
  try {
    return storedRequestOf(row).request.content === 'analysis' ? 'charts' : 'patents';
  } catch {
    return 'patents';
  }
}

function storedRequestOf(row: DownloadTaskRow): StoredRequest {
  return StoredRequestSchema.parse(JSON.parse(row.request));
}

/** The caller a task runs for: as it was when the task was made (no session: the job has none). */
function authOf(stored: StoredRequest): AuthContext & { userId: string } {
  return {
    userId: stored.caller.userId,
    tenantId: stored.caller.tenantId,
    email: stored.caller.email,
    loginType: stored.caller.loginType as LoginType,
    permissions: [],
    sessionId: null,
    apiTokenId: null,
  };
}
