import type { ApplicationText, Language, Rewrite, ValueReportFormat } from '@patlas/contracts';
import type { PatentDocumentInput } from '../documents/document-layout.js';
import { renderPatentsDocx } from '../documents/patent-docx.js';
import { renderPatentsPdf } from '../documents/patent-pdf.js';
import { disclosureDocx, type ExportImage } from '../domains/disclosure/disclosure-docx.js';
import { reportDocx, reportPdf, type ReportInput } from '../domains/duplicate/duplicate-export.js';
import { reportOf, type AlignmentRecord } from '../domains/duplicate/duplicate-report.js';
import { renderValueReport, type ValueReportEntry } from '../domains/patent-value/value-report.js';
import {
  evaluationDocx,
  evaluationPdf,
  type EvaluationFileInput,
} from '../domains/pre-evaluation/pre-evaluation-export.js';
import { reviewApplication } from '../domains/pre-evaluation/formal-review/formal-review.js';
import { renderChart, type ReportChartInput } from '../domains/report/report-charts.js';
import { renderReportDocx, renderReportPdf, type ReportDocument } from '../domains/report/report-writers.js';
import { rewritesDocx } from '../domains/rewrite/rewrite-export.js';
import { matchAsOf, type AsOfMatchInput } from '../domains/search/as-of-match.js';
import { readRecallRecords, type RecallRecordsInput } from '../domains/search/recall-records.js';
import { foreignTranslationOf, type ForeignTranslationInput } from '../domains/search/foreign-translation.js';
import type { DisclosureDetail } from '@patlas/contracts';

/**
 * The pure, CPU-heavy functions a request or a job hands to the CPU workers (cpu-pool.ts), by name.
 * Each takes plain data (structured-clone-able: no functions, no class instances but Map, Date and
 * Buffer) that the caller gathered on the main thread, and answers plain data or a file's bytes.
 * Nothing here opens the database or the index.
 */
export const CPU_TASKS = {
  /**
   * POST /patent/check and the duplicate-check job: the sentence alignment of a text with records,
   * its report as JSON (the job stores it so; a string crosses threads in one copy, where the
   * report's thousands of small objects took the HTTP thread 30–120 ms to rebuild).
   */
  duplicateReport: (input: { text: string; records: AlignmentRecord[]; candidates: number; top?: number }) =>
    JSON.stringify(reportOf(input.text, input.records, input.candidates, performance.now(), input.top)),
  /** POST /apply/pre/formal: the formal rules over an application text. */
  formalReview: (input: { text: ApplicationText }) => reviewApplication(input.text),
  /** GET /patent/export: a duplicate check's report as Word or PDF. */
  duplicateReportFile: (input: { format: 'docx' | 'pdf'; report: ReportInput }) =>
    input.format === 'pdf' ? reportPdf(input.report) : reportDocx(input.report),
  /** The pre-evaluation's and the novelty search's report as Word or PDF. */
  evaluationFile: (input: { format: 'docx' | 'pdf'; evaluation: EvaluationFileInput }) =>
    input.format === 'pdf' ? evaluationPdf(input.evaluation) : evaluationDocx(input.evaluation),
  /** POST /patent/rewrite/export/text: rewrites as a Word document. */
  rewritesDocx: (input: { rewrites: Rewrite[]; lang: Language }) => rewritesDocx(input.rewrites, input.lang),
  /** The smart report's two files (the report job). */
  smartReportFile: (input: { format: 'docx' | 'pdf'; report: ReportDocument; fontDir?: string | undefined }) =>
    input.format === 'pdf' ? renderReportPdf(input.report, input.fontDir) : renderReportDocx(input.report),
  /** A chart of the smart report drawn as a PNG (ECharts' SVG renderer, then sharp). */
  reportChart: (input: ReportChartInput) => renderChart(input),
  /** GET /disclosurePaper/export: a disclosure as a Word file, its images given by id. */
  disclosureDocx: (input: { detail: DisclosureDetail; images: Map<string, ExportImage>; lang: Language }) =>
    disclosureDocx(input.detail, input.images, input.lang),
  /** POST /patentValue/download: a value report as Word, PDF or a spreadsheet. */
  valueReport: (input: { entries: ValueReportEntry[]; format: ValueReportFormat; lang: Language; at: Date }) =>
    renderValueReport(input.entries, input.format, input.lang, input.at),
  /** /export/docx and /download/pdf: a few patents as a Word or PDF document. */
  patentsDocument: (input: { format: 'docx' | 'pdf'; document: PatentDocumentInput }) =>
    input.format === 'pdf' ? renderPatentsPdf(input.document) : renderPatentsDocx(input.document),
  /**
   * A search as of a data version: which records a later import changed the search matches as they
   * were (as-of-match.ts: a scratch in-memory index of those few records, not the real one).
   */
  asOfMatch: (input: AsOfMatchInput) => matchAsOf(input),
  /**
   * POST /search/recall-check: the held records parsed (their titles) and the term of each missed
   * patent nearest its excluding clause (jieba over its texts).
   */
  recallRecords: (input: RecallRecordsInput) => readRecallRecords(input),
  /** POST /search/expression/foreign: another system's expression recognised and translated. */
  foreignTranslation: (input: ForeignTranslationInput) => foreignTranslationOf(input),
} as const;

export type CpuTasks = typeof CPU_TASKS;
export type CpuTaskName = keyof CpuTasks;
export type CpuTaskInput<N extends CpuTaskName> = Parameters<CpuTasks[N]>[0];
export type CpuTaskOutput<N extends CpuTaskName> = Awaited<ReturnType<CpuTasks[N]>>;

/** What a CPU worker is posted: a task's name and its input. */
export interface CpuTaskMessage {
  name: CpuTaskName;
  input: unknown;
}

/**
 * Buffers arrive from another thread as plain Uint8Arrays (structured clone keeps no Buffer), which
 * pdfkit takes for a file name: views of the same memory as Buffers again, through arrays, plain
 * objects and Maps. Other values are answered as they are.
 */
export function asBuffers<T>(value: T): T {
  if (value instanceof Uint8Array) {
    return (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)) as T;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = asBuffers(value[i]);
    return value;
  }
  if (value instanceof Map) {
    for (const [key, item] of value) value.set(key, asBuffers(item));
    return value;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = asBuffers(record[key]);
  }
  return value;
}

/** Runs a task on this thread (the worker's body, and the pool's path without workers). */
export async function runCpuTask(message: CpuTaskMessage): Promise<unknown> {
  const task = CPU_TASKS[message.name] as (input: unknown) => unknown;
  if (typeof task !== 'function') throw new Error(`no CPU task named ${String(message.name)}`);
  return task(asBuffers(message.input));
}
