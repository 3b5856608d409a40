import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReportCreateRequestSchema } from '@patlas/contracts';
import {
  ClusteringRequestSchema,
  isActiveTaskState,
  MAX_REPORT_RANGE_UNITS,
  rangeDays,
  rangeIndex,
  rangeUnits,
  REPORT_RETENTION_DAYS,
  WordCloudRequestSchema,
  type AnalysisResultSet,
  type Language,
  type Report,
  type ReportFormat,
  type ReportListResponse,
  type ReportSectionSummary,
  type ReportState,
  type ReportTimeRange,
  type SysReportListResponse,
} from '@patlas/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import { AppError } from '../../errors.js';
import { taskErrorMessage } from '../../tasks/task-error.js';
import { failTask } from '../../tasks/task-lifecycle.js';
import { isExpired } from '../../tasks/task-states.js';
import { NEW_TASK, type TaskRepository } from '../../tasks/task.repository.js';
import type { AnalysisService, TextMiningService } from '../analysis/index.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { SearchService } from '../search/index.js';
import { plainChartModel } from './report-charts.js';
import { ReportSectionBuilder, type SectionSource } from './report-sections.js';
import { reportHeading, type ReportDocument } from './report-writers.js';
import type { ReportRepository, ReportRow } from './report.repository.js';

export type ReportInput = z.output<typeof ReportCreateRequestSchema>;

export interface ReportServiceDeps {
  repository: ReportRepository;
  /** The reports' states (the task kit). */
  tasks: TaskRepository<'report'>;
  analysis: AnalysisService;
  textMining: TextMiningService;
  search: SearchService;
  /**
   * Queues the `report` job of a report for its user, once `record` has stored it. Refused
   * (TASK_USER_LIMIT) before `record` runs when the user has too many waiting or running; a
   * `record` that throws queues nothing (composition.ts: JobQueue.enqueueFor).
   */
  enqueue: (task: { id: string; userId: string }, record: () => Promise<unknown>) => Promise<void>;
  /** The account's report quota (users.quotas.report; null = unlimited). */
  reportLimit: (auth: AuthContext) => Promise<number | null>;
  /** Runs `work` as a request of `userId` would (a library set is checked against its owner). */
  asUser: <T>(userId: string, work: () => Promise<T>) => Promise<T>;
  reportsDir: string;
  /** The CPU workers: the report's PDF and Word files are drawn there. */
  cpu: CpuPool;
  publicUrl: string;
  now: Clock;
  log?: FastifyBaseLogger | undefined;
  /** Where the Noto CJK fonts are (tests may point elsewhere). */
  fontDir?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const UNIT_WORDS: Record<ReportTimeRange['unit'], { zh: string; en: string }> = {
  year: { zh: '年', en: 'years' },
  quarter: { zh: '季度', en: 'quarters' },
  month: { zh: '月', en: 'months' },
};

const COVER = {
  origin: { zh: '数据来源', en: 'Source' },
  expression: { zh: '检索式', en: 'Expression' },
  range: { zh: '时间范围（申请日）', en: 'Time range (application date)' },
  total: { zh: '专利总数', en: 'Patents' },
  date: { zh: '生成日期', en: 'Generated on' },
  search: { zh: '检索结果', en: 'Search results' },
  library: { zh: '专题库', en: 'Library' },
  dashboard: { zh: '机构看板', en: 'Dashboard' },
};

/** The stored states of each state the report list filters by. */
const STORED_STATES: Record<ReportState, readonly ReportRow['state'][] | undefined> = {
  generating: ['waiting', 'running'],
  done: ['done'],
  failed: ['failed'],
  // Shown from a done report's expiry and deletion; the list does not filter by them (as before).
  expired: undefined,
  deleted: undefined,
};

/** The set a report reads: its own set, with the time range ANDed in as application dates. */
export function reportSet(input: Pick<ReportInput, 'set' | 'timeRange'>): AnalysisResultSet {
  const set = input.set;
  if (!input.timeRange) return set;
  const days = rangeDays(input.timeRange);
  const range = `AD=[${days.from} TO ${days.to}]`;
  const within = set.secondExpre?.trim();
  return { ...set, secondExpre: within ? `(${within}) AND ${range}` : range };
}

/**
 * Smart reports (issue 20; spec 2 §1, §4, §5, §8, §9): a report is a durable task of the job
 * queue that writes a Word and a PDF file from the analysis and text-mining services' answers,
 * its charts drawn on the server with the analysis page's ECharts options. Only the owner sees
 * a report; operators list every report (listAll).
 */
export class ReportService {
  constructor(private readonly deps: ReportServiceDeps) {}

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  private userOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  /** Spec 2 §5: "report time range within 12 units", and not backwards. */
  checkRange(range: ReportTimeRange | undefined, lang: Language): void {
    if (!range) return;
    if (rangeIndex(range.unit, range.to) < rangeIndex(range.unit, range.from))
      throw new AppError('REPORT_RANGE_REVERSED');
    const units = rangeUnits(range);
    if (units > MAX_REPORT_RANGE_UNITS) {
      throw new AppError('REPORT_RANGE_TOO_LONG', {
        max: MAX_REPORT_RANGE_UNITS,
        units,
        unit: UNIT_WORDS[range.unit][lang],
      });
    }
  }

  /** Reports the user has generated (each generation counts; failed ones give theirs back). */
  usedBy(userId: string): Promise<number> {
    return this.deps.repository.countOf(userId);
  }

  private async checkQuota(auth: AuthContext, userId: string): Promise<{ used: number; limit: number | null }> {
    const limit = await this.deps.reportLimit(auth);
    const used = await this.usedBy(userId);
    if (limit !== null && used >= limit) throw new AppError('REPORT_QUOTA_EXHAUSTED', { used, limit });
    return { used, limit };
  }

  /**
   * POST /report/patent: checks the request, the caller's access to its set (a library they may not
   * open, another user's check: refused now, not in the job) and the quota, then queues the report.
   */
  async create(auth: AuthContext, input: ReportInput, lang: Language): Promise<Report> {
    const userId = this.userOf(auth);
    this.checkRange(input.timeRange, lang);
    // The set and its expressions as the analyses will read them, for the caller of this request.
    await this.deps.search.scope(reportSet(input), lang);
    await this.checkQuota(auth, userId);
    const now = this.deps.now();
    const row: ReportRow = {
      id: randomUUID(),
      user_id: userId,
      title: input.title,
      lang: input.lang,
      request: JSON.stringify(input),
      origin: input.origin,
      ...NEW_TASK,
      total: null,
      pdf_path: null,
      pdf_size: null,
      docx_path: null,
      docx_size: null,
      summary: null,
      took_ms: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + REPORT_RETENTION_DAYS * DAY_MS).toISOString(),
      deleted_at: null,
    };
    await this.deps.enqueue({ id: row.id, userId }, () => this.deps.tasks.insert(row));
    return this.toReport(row, lang);
  }

  /** The API's words for the task kit's states: a waiting or running report is `generating`. */
  private stateOf(row: ReportRow): ReportState {
    if (row.deleted_at) return 'deleted';
    if (isExpired(row, this.nowIso())) return 'expired';
    if (row.state === 'waiting' || row.state === 'running') return 'generating';
    return row.state;
  }

  private toReport(row: ReportRow & { user_email?: string }, lang: Language, withSummary = false): Report {
    const input = JSON.parse(row.request) as ReportInput;
    return {
      id: row.id,
      userId: row.user_id,
      ...(row.user_email ? { userEmail: row.user_email } : {}),
      title: row.title,
      lang: row.lang,
      sections: input.sections,
      ...(input.timeRange ? { timeRange: input.timeRange } : {}),
      origin: row.origin,
      ...(input.originLabel ? { originLabel: input.originLabel } : {}),
      state: this.stateOf(row),
      total: row.total,
      pdfSize: row.pdf_size,
      docxSize: row.docx_size,
      error: taskErrorMessage(row, lang),
      tookMs: row.took_ms,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      expiresAt: row.expires_at,
      ...(withSummary && row.summary ? { summary: JSON.parse(row.summary) as ReportSectionSummary[] } : {}),
    };
  }

  async list(
    auth: AuthContext,
    page: number,
    pageSize: number,
    state: ReportState | undefined,
    lang: Language,
  ): Promise<ReportListResponse> {
    const userId = this.userOf(auth);
    const states = state ? STORED_STATES[state] : undefined;
    const { total, rows } = await this.deps.repository.page({ userId, ...(states ? { states } : {}) }, page, pageSize);
    return {
      total,
      page,
      pageSize,
      items: rows.map((row) => this.toReport(row, lang, true)),
      quota: { used: await this.usedBy(userId), limit: await this.deps.reportLimit(auth) },
    };
  }

  /** The operators' view (/sys/report): every user's reports and the reports per user. */
  async listAll(page: number, pageSize: number, lang: Language): Promise<SysReportListResponse> {
    const { total, rows } = await this.deps.repository.page({}, page, pageSize);
    return {
      total,
      page,
      pageSize,
      items: rows.map((row) => this.toReport(row, lang)),
      usage: await this.deps.repository.usage(),
    };
  }

  /** A report of the caller: not found for another user's; spec 2 §8's message for a deleted one. */
  private async own(auth: AuthContext, id: string): Promise<ReportRow> {
    const userId = this.userOf(auth);
    const row = await this.deps.tasks.find(id);
    if (!row || row.user_id !== userId) throw new AppError('REPORT_NOT_FOUND');
    if (row.deleted_at) throw new AppError('REPORT_DELETED');
    return row;
  }

  async get(auth: AuthContext, id: string, lang: Language): Promise<Report> {
    return this.toReport(await this.own(auth, id), lang, true);
  }

  /** A finished report's file; spec 2 §8's messages for an expired or deleted one. */
  async file(
    auth: AuthContext,
    id: string,
    format: ReportFormat,
  ): Promise<{ path: string; title: string; lang: Language }> {
    const row = await this.own(auth, id);
    const state = this.stateOf(row);
    if (state === 'expired') throw new AppError('REPORT_EXPIRED');
    if (state === 'generating') throw new AppError('REPORT_NOT_READY');
    const file = format === 'pdf' ? row.pdf_path : row.docx_path;
    if (state === 'failed' || !file) throw new AppError('REPORT_FAILED');
    return { path: file, title: row.title, lang: row.lang };
  }

  /** Regenerate (spec 2 §4 "expired (regenerate)"): the same request, written anew; counts as a report. */
  async regenerate(auth: AuthContext, id: string, lang: Language): Promise<Report> {
    const row = await this.own(auth, id);
    if (isActiveTaskState(row.state)) throw new AppError('REPORT_NOT_READY');
    await this.checkQuota(auth, row.user_id);
    const now = this.deps.now();
    await this.deps.enqueue({ id: row.id, userId: row.user_id }, async () => {
      await this.removeFiles(row);
      const reset = await this.deps.tasks.reset(row.id, {
        summary: null,
        total: null,
        pdf_path: null,
        pdf_size: null,
        docx_path: null,
        docx_size: null,
        took_ms: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + REPORT_RETENTION_DAYS * DAY_MS).toISOString(),
      });
      if (!reset) throw new AppError('REPORT_NOT_READY');
    });
    return this.get(auth, id, lang);
  }

  /** Deletes a report: its files go, its row stays so its links answer "has been deleted". */
  async delete(auth: AuthContext, id: string): Promise<void> {
    const row = await this.own(auth, id);
    await this.removeFiles(row);
    await this.deps.repository.update(row.id, { deleted_at: this.nowIso(), pdf_path: null, docx_path: null });
  }

  private async removeFiles(row: Pick<ReportRow, 'pdf_path' | 'docx_path'>): Promise<void> {
    for (const file of [row.pdf_path, row.docx_path]) if (file) await rm(file, { force: true });
  }

  /** Daily: removes the files of reports past their 180 days (they show expired from that moment). */
  async expireFiles(): Promise<number> {
    const rows = await this.deps.tasks.filesPastExpiry(['pdf_path', 'docx_path']);
    for (const row of rows) {
      await this.removeFiles(row);
      await this.deps.repository.update(row.id, { pdf_path: null, docx_path: null });
    }
    return rows.length;
  }

  /** The report job: computes every section, draws the charts, writes both files. */
  async runReport(id: string): Promise<{ state: ReportState }> {
    const { tasks } = this.deps;
    const row = await this.deps.tasks.find(id);
    if (!row || row.deleted_at || !(await tasks.claim(id))) return { state: row ? this.stateOf(row) : 'deleted' };
    const started = performance.now();
    const base = path.join(this.deps.reportsDir, id);
    try {
      const input = JSON.parse(row.request) as ReportInput;
      const built = await this.deps.asUser(row.user_id, () => this.build(input));
      await mkdir(this.deps.reportsDir, { recursive: true });
      const pdfPath = `${base}.pdf`;
      const docxPath = `${base}.docx`;
      // Drawn on the CPU workers from plain data: the charts' options stay here.
      const report: ReportDocument = {
        ...built.document,
        sections: built.document.sections.map(({ charts: _charts, ...section }) => ({ ...section, charts: [] })),
      };
      const { fontDir } = this.deps;
      await writeFile(pdfPath, await this.deps.cpu.run('smartReportFile', { format: 'pdf', report, fontDir }));
      await writeFile(docxPath, await this.deps.cpu.run('smartReportFile', { format: 'docx', report }));
      const [pdf, docx] = await Promise.all([stat(pdfPath), stat(docxPath)]);
      const done = await tasks.finish(id, {
        total: built.total,
        pdf_path: pdfPath,
        pdf_size: pdf.size,
        docx_path: docxPath,
        docx_size: docx.size,
        summary: JSON.stringify(built.summary),
        took_ms: Math.round(performance.now() - started),
      });
      if (!done) await this.removeFiles({ pdf_path: pdfPath, docx_path: docxPath });
      return { state: 'done' };
    } catch (err) {
      await rm(`${base}.pdf`, { force: true });
      await rm(`${base}.docx`, { force: true });
      await failTask(tasks, id, err, { log: this.deps.log, lang: row.lang });
      return { state: 'failed' };
    }
  }

  /** Every section of a report over its set, in `input.lang` (tests and the benchmark call it too). */
  async build(
    input: ReportInput,
  ): Promise<{ total: number; summary: ReportSectionSummary[]; document: ReportDocument }> {
    const lang = input.lang;
    const set = reportSet(input);
    const { analysis, textMining, search } = this.deps;
    const source: SectionSource = {
      // Applicants by standardised name unless the set says otherwise (docs/companies.md, issue 43).
      analyze: (spec) => analysis.analyze({ ...set, mergeApplicants: set.mergeApplicants ?? true }, spec, lang),
      wordCloud: () => textMining.wordCloud(WordCloudRequestSchema.parse(set), lang),
      clusters: () => textMining.clusters(ClusteringRequestSchema.parse(set), lang),
      patents: async (order, size) => {
        const result = await search.search(
          {
            searchExpre: set.searchExpre,
            set: set.set,
            secondExpre: set.secondExpre,
            page: 1,
            pageSize: size,
            sort: order === 'value' ? { field: 'value', order: 'desc' } : undefined,
            mergeType: set.mergeType,
            filters: set.filters as never,
            source: set.source,
            facets: [],
            highlight: false,
          },
          lang,
        );
        return { total: result.total, items: result.items };
      },
    };
    const builder = new ReportSectionBuilder(source, lang);
    const total = await builder.total();
    if (total === 0) throw new AppError('REPORT_EMPTY_SET');
    const sections: ReportDocument['sections'] = [];
    for (const id of input.sections) {
      const section = await builder.build(id);
      const images: ReportDocument['sections'][number]['images'] = [];
      for (const chart of section.charts) {
        const image = await this.deps.cpu.run('reportChart', {
          model: plainChartModel(chart.model),
          type: chart.type,
          chartId: chart.chartId,
          lang,
        });
        if (image) images.push({ ...image, title: chart.title });
      }
      sections.push({ ...section, images });
    }
    const labels = (key: keyof typeof COVER) => COVER[key][lang];
    const cover = [
      {
        label: labels('origin'),
        value: input.originLabel ? `${labels(input.origin)}：${input.originLabel}` : labels(input.origin),
      },
    ];
    if (input.set.searchExpre.trim()) cover.push({ label: labels('expression'), value: input.set.searchExpre });
    if (input.timeRange)
      cover.push({ label: labels('range'), value: `${input.timeRange.from} – ${input.timeRange.to}` });
    cover.push({ label: labels('total'), value: total.toLocaleString('en-US') });
    cover.push({ label: labels('date'), value: this.nowIso().slice(0, 10) });
    return {
      total,
      summary: sections.map((s) => ({
        id: s.id,
        heading: s.heading,
        sentence: s.sentence,
        figures: s.figures,
        charts: s.images.map((i) => i.title),
      })),
      document: {
        title: input.title,
        heading: reportHeading(input.title, input.set.searchExpre),
        lang,
        cover,
        sections,
        publicUrl: this.deps.publicUrl,
      },
    };
  }
}
