import { randomUUID } from 'node:crypto';
import {
  DUPLICATE_ADVISED_MIN_CHARS,
  formatErrorMessage,
  MAX_DUPLICATE_FILE_BYTES,
  MAX_DUPLICATE_TEXT_LENGTH,
  MAX_DUPLICATE_TITLE_LENGTH,
  type DuplicateCheck,
  type DuplicateDetails,
  type DuplicateListResponse,
  type DuplicateQuickCheckResponse,
  type DuplicateSnippetInfo,
  type DuplicateSubmitResponse,
  type DuplicateSummary,
  type Language,
  type Patent,
} from '@patlas/contracts';
import type { SearchEngine } from '@patlas/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import { AppError } from '../../errors.js';
import { docxText, DocxTextError } from '../../files/docx-text.js';
import { taskErrorMessage } from '../../tasks/task-error.js';
import { failTask } from '../../tasks/task-lifecycle.js';
import { taskStateWord } from '../../tasks/task-states.js';
import { NEW_TASK, type TaskRepository } from '../../tasks/task.repository.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { PatentService } from '../patent/index.js';
import { toAppError } from '../search/index.js';
import type { SemanticModelKeeper } from '../semantic-search/index.js';
import {
  alignmentRecordOf,
  DEFAULT_CANDIDATE_OPTIONS,
  findCandidates,
  type DuplicateReport,
} from './duplicate-report.js';
import type { DuplicateCheckListRow, DuplicateCheckRow, DuplicateRepository } from './duplicate.repository.js';

export interface DuplicateServiceDeps {
  repository: DuplicateRepository;
  /** The checks' states (the task kit). */
  tasks: TaskRepository<'duplicate'>;
  engine: SearchEngine;
  patents: PatentService;
  /** The CPU workers: the writers and the alignment run there, off the HTTP thread. */
  cpu: CpuPool;
  /** Learns the semantic space when there is none yet (the hybrid candidates use it). */
  semanticModel: Pick<SemanticModelKeeper, 'refresh'>;
  /**
   * Queues the `duplicate-check` job of a check for its user, once `record` has stored it. Refused
   * (TASK_USER_LIMIT) before `record` runs when the user has too many waiting or running; a
   * `record` that throws queues nothing (composition.ts: JobQueue.enqueueFor).
   */
  enqueue: (task: { id: string; userId: string }, record: () => Promise<unknown>) => Promise<void>;
  now: Clock;
  log?: FastifyBaseLogger | undefined;
}

/** A text to check and where it came from. */
export interface DuplicateInput {
  text: string;
  title?: string | undefined;
  filename?: string | undefined;
}

const FILE_REASONS = {
  notDocx: { zh: '不是有效的 .docx 文件', en: 'not a valid .docx file' },
  tooLarge: { zh: '文件解压后过大', en: 'the file unpacks to too much data' },
  method: { zh: '文件使用了不支持的压缩方式', en: 'the file uses an unsupported compression method' },
  character: {
    zh: '文件正文引用了无效的字符（如 &#x110000;）',
    en: 'the document refers to a character that does not exist (such as &#x110000;)',
  },
  encoding: {
    zh: '文本编码无法识别（请使用 UTF-8 或 GBK）',
    en: 'the text encoding is not recognised (use UTF-8 or GBK)',
  },
} as const;

/**
 * The duplicate and similarity check (issue 21, spec 2 §7 /patent/repeat …): checks as durable
 * tasks of the job queue, their list, reports, evidence and the quick check against given patents.
 * Only the owner sees a check; another user's is answered as not found.
 */
export class DuplicateService {
  constructor(private readonly deps: DuplicateServiceDeps) {}

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  private userOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  /** The text of an uploaded .docx or .txt (spec 2 §5: up to 5 MB). */
  textOfFile(file: Buffer, filename: string, lang: Language): string {
    const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
    if (extension !== 'docx' && extension !== 'txt')
      throw new AppError('DUPLICATE_FILE_TYPE', { types: '.docx, .txt' });
    if (file.length > MAX_DUPLICATE_FILE_BYTES) {
      throw new AppError('DUPLICATE_FILE_TOO_LARGE', { max: `${MAX_DUPLICATE_FILE_BYTES / 1024 / 1024}MB` });
    }
    if (extension === 'docx') {
      try {
        return docxText(file);
      } catch (err) {
        if (err instanceof DocxTextError) {
          throw new AppError('DUPLICATE_FILE_UNREADABLE', { reason: FILE_REASONS[err.problem][lang] });
        }
        throw err;
      }
    }
    return decodeText(file, lang);
  }

  /** The checks of spec 2 §5 on a text: empty and oversize refused; short allowed with the advice. */
  private checkText(text: string, lang: Language): { text: string; warning: string | null } {
    const trimmed = text.trim();
    if (trimmed === '') throw new AppError('DUPLICATE_TEXT_EMPTY');
    if (trimmed.length > MAX_DUPLICATE_TEXT_LENGTH) {
      throw new AppError('DUPLICATE_TEXT_TOO_LONG', { max: MAX_DUPLICATE_TEXT_LENGTH, length: trimmed.length });
    }
    const warning =
      trimmed.length < DUPLICATE_ADVISED_MIN_CHARS
        ? formatErrorMessage('DUPLICATE_TEXT_SHORT', lang, { length: trimmed.length, min: DUPLICATE_ADVISED_MIN_CHARS })
        : null;
    return { text: trimmed, warning };
  }

  /** POST /patent/repeat: checks the text and queues the check. */
  async submit(auth: AuthContext, input: DuplicateInput, lang: Language): Promise<DuplicateSubmitResponse> {
    const userId = this.userOf(auth);
    const { text, warning } = this.checkText(input.text, lang);
    const title = (input.title?.trim() || input.filename || text.replace(/\s+/g, ' '))
      .slice(0, MAX_DUPLICATE_TITLE_LENGTH)
      .trim();
    const row: DuplicateCheckRow = {
      id: randomUUID(),
      user_id: userId,
      title,
      source: input.filename ? 'file' : 'text',
      filename: input.filename ?? null,
      text,
      chars: text.length,
      lang,
      ...NEW_TASK,
      similarity: null,
      patents: 0,
      result: null,
      created_at: this.nowIso(),
    };
    await this.deps.enqueue({ id: row.id, userId }, () => this.deps.tasks.insert(row));
    void this.deps.semanticModel.refresh();
    return { check: checkOf(row, lang), warning };
  }

  /** A check of the caller's; another user's is answered as not found. */
  private async own(auth: AuthContext, id: string): Promise<DuplicateCheckRow> {
    const row = await this.deps.tasks.find(id);
    if (!row || row.user_id !== this.userOf(auth)) throw new AppError('DUPLICATE_NOT_FOUND');
    return row;
  }

  async check(auth: AuthContext, id: string, lang: Language): Promise<DuplicateCheck> {
    const row = await this.deps.repository.findListRow(id);
    if (!row || row.user_id !== this.userOf(auth)) throw new AppError('DUPLICATE_NOT_FOUND');
    return checkOf(row, lang);
  }

  async list(auth: AuthContext, page: number, pageSize: number, lang: Language): Promise<DuplicateListResponse> {
    const { total, rows } = await this.deps.repository.page(this.userOf(auth), page, pageSize);
    return { total, page, pageSize, items: rows.map((row) => checkOf(row, lang)) };
  }

  /** Deletes checks of the caller (others' ids are ignored as unknown); answers the ids deleted. */
  async delete(auth: AuthContext, ids: readonly string[]): Promise<string[]> {
    const deleted = await this.deps.repository.delete(this.userOf(auth), [...new Set(ids)]);
    if (deleted.length === 0) throw new AppError('DUPLICATE_NOT_FOUND');
    return deleted;
  }

  /** GET|POST /patent/again/{id}: runs a finished or failed check again, as the same check, on today's index. */
  async again(auth: AuthContext, id: string, lang: Language): Promise<DuplicateCheck> {
    const row = await this.own(auth, id);
    await this.deps.enqueue({ id, userId: row.user_id }, async () => {
      if (!(await this.deps.tasks.reset(id, { similarity: null, patents: 0, result: null }, ['done', 'failed']))) {
        throw new AppError('DUPLICATE_NOT_READY', { state: taskStateWord(row.state, lang) });
      }
    });
    return this.check(auth, id, lang);
  }

  /** The stored report of a finished check of the caller's. */
  private async reportOf(auth: AuthContext, id: string, lang: Language) {
    const row = await this.own(auth, id);
    if (row.state !== 'done' || row.result === null) {
      throw new AppError('DUPLICATE_NOT_READY', { state: taskStateWord(row.state, lang) });
    }
    return { row, report: JSON.parse(row.result) as DuplicateReport };
  }

  async summary(auth: AuthContext, id: string, lang: Language): Promise<DuplicateSummary> {
    const { row, report } = await this.reportOf(auth, id, lang);
    return summaryOf(row, report, lang);
  }

  async details(auth: AuthContext, id: string, lang: Language): Promise<DuplicateDetails> {
    const { row, report } = await this.reportOf(auth, id, lang);
    return { ...summaryOf(row, report, lang), text: row.text, sentenceList: report.sentences };
  }

  /** The report and its text, for the Word and PDF report (duplicate-export.ts). */
  async fullReport(auth: AuthContext, id: string, lang: Language) {
    return this.reportOf(auth, id, lang);
  }

  async snippet(
    auth: AuthContext,
    id: string,
    publicationNumber: string,
    lang: Language,
  ): Promise<DuplicateSnippetInfo> {
    const { report } = await this.reportOf(auth, id, lang);
    const wanted = publicationNumber.replace(/\s+/g, '').toUpperCase();
    const patent = report.patents.find((p) => p.publicationNumber.replace(/\s+/g, '').toUpperCase() === wanted);
    if (!patent) throw new AppError('DUPLICATE_PATENT_NOT_IN_REPORT', { pn: publicationNumber });
    return { patent, evidence: report.evidence[patent.publicationNumber] ?? [] };
  }

  /** POST /patent/check: the text against the given patents, answered at once with the evidence. */
  async quickCheck(
    auth: AuthContext,
    input: { text: string; publicationNumbers: readonly string[] },
    lang: Language,
  ): Promise<DuplicateQuickCheckResponse> {
    this.userOf(auth);
    const { text, warning } = this.checkText(input.text, lang);
    const numbers = [...new Set(input.publicationNumbers.map((n) => n.trim()))];
    const held = await this.deps.patents.resolveHeldNumbers(numbers);
    const notFound = numbers.filter((n) => held[n] === undefined);
    const found = await this.deps.patents.getByPublicationNumbers([...new Set(Object.values(held))]);
    const records = [...found.values()];
    if (records.length === 0) throw new AppError('DUPLICATE_PATENTS_NOT_FOUND', { numbers: notFound.join(', ') });
    const report = JSON.parse(
      await this.deps.cpu.run('duplicateReport', {
        text,
        records: records.map(alignmentRecordOf),
        candidates: records.length,
        top: records.length,
      }),
    ) as DuplicateReport;
    // Every given patent is answered, a patent without a match with similarity 0.
    const listed = new Set(report.patents.map((p) => p.publicationNumber));
    const unmatched = records
      .filter((r) => !listed.has(r.publicationNumber))
      .map((r, i) => ({
        rank: report.patents.length + i + 1,
        publicationNumber: r.publicationNumber,
        title: r.title?.text ?? null,
        applicants: (r.applicants ?? []).map((a) => a.name),
        applicationDate: r.applicationDate ?? null,
        similarity: 0,
        matchedSentences: 0,
        bySection: { title: 0, abstract: 0, claims: 0, description: 0 },
      }));
    return {
      similarity: report.similarity,
      sentences: report.sentences,
      patents: [...report.patents, ...unmatched].map((p) => ({
        ...p,
        evidence: report.evidence[p.publicationNumber] ?? [],
      })),
      notFound,
      warning,
    };
  }

  /**
   * The corpus's patents most like a text, by the check's own candidate search (hybrid ranking of
   * the whole text, then a keyword pass per part of a long one), at most `limit` from the whole
   * text: for other domains that align a text with the corpus through quickCheck (formal-review).
   */
  async similarNumbers(text: string, limit: number): Promise<string[]> {
    try {
      return await findCandidates(this.deps.engine, text, { ...DEFAULT_CANDIDATE_OPTIONS, hybrid: limit, perPart: 5 });
    } catch (err) {
      throw toAppError(err);
    }
  }

  /**
   * Runs a check (the `duplicate-check` job): candidates, records, alignment; the report is stored
   * on the row. A check that is not waiting (deleted, or re-run meanwhile) is left as it is.
   */
  async runCheck(id: string): Promise<{ state: string; patents: number }> {
    const { tasks } = this.deps;
    if (!(await tasks.claim(id))) return { state: (await tasks.stateOf(id)) ?? 'deleted', patents: 0 };
    const row = (await tasks.find(id))!;
    try {
      const started = performance.now();
      let numbers: string[];
      try {
        numbers = await findCandidates(this.deps.engine, row.text);
      } catch (err) {
        throw toAppError(err);
      }
      const found = await this.deps.patents.getByPublicationNumbers(numbers);
      const records = numbers.map((n) => found.get(n)).filter((p): p is Patent => p !== undefined);
      const report = JSON.parse(
        await this.deps.cpu.run('duplicateReport', {
          text: row.text,
          records: records.map(alignmentRecordOf),
          candidates: numbers.length,
        }),
      ) as DuplicateReport;
      // The worker timed the alignment only; the check took the candidates' search too.
      report.stats.ms = Math.round(performance.now() - started);
      const isDone = await tasks.finish(id, {
        similarity: report.similarity,
        patents: report.patents.length,
        result: JSON.stringify(report),
      });
      return { state: isDone ? 'done' : 'deleted', patents: report.patents.length };
    } catch (err) {
      await failTask(tasks, id, err, { log: this.deps.log, lang: row.lang });
      return { state: 'failed', patents: 0 };
    }
  }
}

/** A .txt upload: UTF-8 (with or without BOM), else GB18030 (the GBK files of Chinese Windows). */
function decodeText(file: Buffer, lang: Language): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    try {
      return new TextDecoder('gb18030', { fatal: true }).decode(file);
    } catch {
      throw new AppError('DUPLICATE_FILE_UNREADABLE', { reason: FILE_REASONS.encoding[lang] });
    }
  }
}

function checkOf(row: DuplicateCheckListRow, lang: Language): DuplicateCheck {
  return {
    id: row.id,
    title: row.title,
    source: row.source,
    filename: row.filename,
    chars: row.chars,
    isShort: row.chars < DUPLICATE_ADVISED_MIN_CHARS,
    state: row.state,
    similarity: row.similarity === null ? null : Number(row.similarity),
    patents: row.patents,
    error: taskErrorMessage(row, lang),
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

function summaryOf(row: DuplicateCheckListRow, report: DuplicateReport, lang: Language): DuplicateSummary {
  return {
    check: checkOf(row, lang),
    similarity: report.similarity,
    sentences: report.matchable,
    matchedSentences: report.matched,
    bySection: report.bySection,
    patents: report.patents,
    stats: report.stats,
  };
}
