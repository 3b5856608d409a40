import { randomUUID } from 'node:crypto';
import type { RewriteRequestSchema } from '@patlas/contracts';
import {
  detectRewriteLanguage,
  MAX_REWRITE_DOCUMENT_LENGTH,
  MAX_REWRITE_TEXT_LENGTH,
  MAX_REWRITE_TITLE_LENGTH,
  REWRITE_CHUNK_CHARS,
  REWRITE_PREVIEW_CHARS,
  type Language,
  type Rewrite,
  type RewriteDayLimit,
  type RewriteKind,
  type RewriteListItem,
  type RewriteListRequestSchema,
  type RewriteListResponse,
  type RewriteResponse,
} from '@patlas/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import { AppError } from '../../errors.js';
import { taskErrorMessage } from '../../tasks/task-error.js';
import { failTask } from '../../tasks/task-lifecycle.js';
import { NEW_TASK, type TaskRepository } from '../../tasks/task.repository.js';
import { splitIntoChunks } from '../../text/chunking.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import { exportFileName, rewritesTxt } from './rewrite-export.js';
import { systemPrompt } from './rewrite.prompts.js';
import type { RewriteProvider } from './rewrite.provider.js';
import type { RewriteRepository, RewriteRow } from './rewrite.repository.js';

export type RewriteInput = z.output<typeof RewriteRequestSchema>;
export type RewriteListInput = z.output<typeof RewriteListRequestSchema>;

export interface RewriteServiceDeps {
  repository: RewriteRepository;
  /** The rewrites' states (the task kit). */
  tasks: TaskRepository<'rewrite'>;
  /** The language model (undefined: LLM_URL unset, every call answers REWRITE_NOT_CONFIGURED). */
  provider: RewriteProvider | undefined;
  /**
   * Queues the `rewrite-document` job of a document for its user, once `record` has stored it. Refused
   * (TASK_USER_LIMIT) before `record` runs when the user has too many waiting or running; a
   * `record` that throws queues nothing (composition.ts: JobQueue.enqueueFor).
   */
  enqueue: (task: { id: string; userId: string }, record: () => Promise<unknown>) => Promise<void>;
  /** Characters of original text per user and UTC day (REWRITE_DAILY_CHARS). */
  dailyChars: number;
  /** The CPU workers: the Word export is drawn there. */
  cpu: CpuPool;
  /** The account's writing quota (users.quotas.writing; null = unlimited). */
  writingLimit: (auth: AuthContext) => Promise<number | null>;
  /** A passage is answered within this many milliseconds, retries included (LLM_TIMEOUT_MS). */
  textBudgetMs: number;
  now: Clock;
  log?: FastifyBaseLogger | undefined;
}

const DAY_MS = 86_400_000;

const LONGER_HINT = {
  zh: '；更长的文本请按全文改写',
  en: '; rewrite a longer text as a whole document',
};

/** The start of the UTC day of `at`, and of the next one. */
export function utcDayOf(at: Date): { start: Date; next: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return { start, next: new Date(start.getTime() + DAY_MS) };
}

/** Whitespace a piece ends with: the model trims its answer, the document keeps its breaks. */
function trailingSpace(text: string): string {
  return /\s*$/u.exec(text)?.[0] ?? '';
}

/**
 * Assisted writing (issue 22; spec 2 §7 /patent/rewrite/*): a passage rewritten within the
 * request, a document rewritten piece by piece as a durable task, the user's history, the daily
 * limit in characters and the account's writing quota. Only the owner sees a rewrite; another
 * user's is answered as not found.
 */
export class RewriteService {
  constructor(private readonly deps: RewriteServiceDeps) {}

  get configured(): boolean {
    return this.deps.provider !== undefined;
  }

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  /** Every call starts here: without LLM_URL the tool is off (its history kept for when it is set). */
  private userOf(auth: AuthContext): string {
    if (!this.deps.provider) throw new AppError('REWRITE_NOT_CONFIGURED');
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  private provider(): RewriteProvider {
    if (!this.deps.provider) throw new AppError('REWRITE_NOT_CONFIGURED');
    return this.deps.provider;
  }

  /** Rewrites the user has made that did not fail: the account's "writing" quota use (spec 2 §6). */
  usedBy(userId: string): Promise<number> {
    return this.deps.repository.countOf(userId);
  }

  private async dayLimitOf(auth: AuthContext, userId: string): Promise<RewriteDayLimit> {
    const { start, next } = utcDayOf(this.deps.now());
    const used = await this.deps.repository.charsSince(userId, start.toISOString());
    const limit = this.deps.dailyChars;
    return {
      unit: 'chars',
      limit,
      used,
      left: Math.max(0, limit - used),
      timeZone: 'UTC',
      resetsAt: next.toISOString(),
      quota: { limit: await this.deps.writingLimit(auth), used: await this.usedBy(userId) },
    };
  }

  /** GET /patent/rewrite/limit/day. */
  async dayLimit(auth: AuthContext): Promise<RewriteDayLimit> {
    return this.dayLimitOf(auth, this.userOf(auth));
  }

  /** Spec 2 §5/§8 checks of a text: empty refused, over `max` refused with 'Exceeded {n} character length'. */
  private checkText(text: string, kind: RewriteKind, lang: Language): string {
    const trimmed = text.trim();
    if (trimmed === '') throw new AppError('REWRITE_TEXT_EMPTY');
    const max = kind === 'text' ? MAX_REWRITE_TEXT_LENGTH : MAX_REWRITE_DOCUMENT_LENGTH;
    if (trimmed.length > max) {
      throw new AppError('REWRITE_TEXT_TOO_LONG', {
        max,
        length: trimmed.length,
        hint: kind === 'text' && trimmed.length <= MAX_REWRITE_DOCUMENT_LENGTH ? LONGER_HINT[lang] : '',
      });
    }
    return trimmed;
  }

  /**
   * Checks the quota, stores the rewrite, then checks the day's characters with it counted: two
   * requests at once cannot both pass the limit (the one over it is removed and refused).
   */
  private async admit(auth: AuthContext, userId: string, row: RewriteRow): Promise<void> {
    const quota = await this.deps.writingLimit(auth);
    if (quota !== null) {
      const used = await this.usedBy(userId);
      if (used >= quota) throw new AppError('REWRITE_QUOTA_EXHAUSTED', { used, limit: quota });
    }
    await this.deps.tasks.insert(row);
    const { start, next } = utcDayOf(this.deps.now());
    const withThis = await this.deps.repository.charsSince(userId, start.toISOString());
    const limit = this.deps.dailyChars;
    if (withThis > limit) {
      await this.deps.repository.remove(row.id);
      throw new AppError('REWRITE_DAILY_LIMIT_REACHED', {
        limit,
        left: Math.max(0, limit - (withThis - row.chars)),
        chars: row.chars,
        resetsAt: `${next.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      });
    }
  }

  private newRow(userId: string, kind: RewriteKind, input: RewriteInput, text: string, lang: Language): RewriteRow {
    const language = input.language ?? detectRewriteLanguage(text);
    const title = (input.title?.trim() || text.replace(/\s+/g, ' ')).slice(0, MAX_REWRITE_TITLE_LENGTH).trim();
    return {
      id: randomUUID(),
      user_id: userId,
      kind,
      mode: input.mode,
      language,
      lang,
      title,
      original: text,
      result: null,
      chars: text.length,
      result_chars: null,
      ...NEW_TASK,
      // A passage runs within its request at once; a document waits for its job.
      ...(kind === 'text' ? { state: 'running' as const, started_at: this.nowIso() } : {}),
      chunks_total: kind === 'text' ? 1 : splitIntoChunks(text, REWRITE_CHUNK_CHARS).length,
      chunks_done: 0,
      took_ms: null,
      created_at: this.nowIso(),
      deleted_at: null,
    };
  }

  /** POST /patent/rewrite/text: one passage, answered within the request (LLM_TIMEOUT_MS, retries included). */
  async rewriteText(
    auth: AuthContext,
    input: RewriteInput,
    lang: Language,
    signal?: AbortSignal,
  ): Promise<RewriteResponse> {
    const userId = this.userOf(auth);
    const provider = this.provider();
    const text = this.checkText(input.text, 'text', lang);
    const row = this.newRow(userId, 'text', input, text, lang);
    await this.admit(auth, userId, row);
    const started = performance.now();
    try {
      const result = await provider.complete(
        [
          { role: 'system', content: systemPrompt(row.mode, row.language) },
          { role: 'user', content: text },
        ],
        { signal, budgetMs: this.deps.textBudgetMs },
      );
      await this.deps.tasks.finish(row.id, {
        result,
        result_chars: result.length,
        chunks_done: 1,
        took_ms: Math.round(performance.now() - started),
      });
    } catch (err) {
      await this.fail(row.id, err, started);
      throw err;
    }
    return { rewrite: await this.get(auth, row.id, lang), limit: await this.dayLimitOf(auth, userId) };
  }

  /** Records why a rewrite failed (a failed rewrite gives its characters back). */
  private async fail(id: string, err: unknown, started: number): Promise<void> {
    const patch = { took_ms: Math.round(performance.now() - started) };
    await failTask(this.deps.tasks, id, err, { log: this.deps.log, patch });
  }

  /** POST /patent/rewrite/all: a document (up to MAX_REWRITE_DOCUMENT_LENGTH), queued as a task. */
  async rewriteAll(auth: AuthContext, input: RewriteInput, lang: Language): Promise<RewriteResponse> {
    const userId = this.userOf(auth);
    const text = this.checkText(input.text, 'all', lang);
    const row = this.newRow(userId, 'all', input, text, lang);
    await this.deps.enqueue({ id: row.id, userId }, () => this.admit(auth, userId, row));
    return { rewrite: toRewrite(row, lang), limit: await this.dayLimitOf(auth, userId) };
  }

  private async own(auth: AuthContext, id: string): Promise<RewriteRow> {
    const userId = this.userOf(auth);
    const row = await this.deps.tasks.find(id);
    if (!row || row.user_id !== userId || row.deleted_at) throw new AppError('REWRITE_NOT_FOUND');
    return row;
  }

  /** GET /patent/rewrite/all/status?id=: a rewrite of the caller's with its whole texts and progress. */
  async get(auth: AuthContext, id: string, lang: Language): Promise<Rewrite> {
    return toRewrite(await this.own(auth, id), lang);
  }

  /** POST /patent/rewrite/list: the caller's rewrites, newest first, their texts cut to a preview. */
  async list(auth: AuthContext, request: RewriteListInput, lang: Language): Promise<RewriteListResponse> {
    const userId = this.userOf(auth);
    const { page, pageSize, keyword, mode, state } = request;
    const { total, rows } = await this.deps.repository.page(userId, { keyword, mode, state }, page, pageSize);
    return { total, page, pageSize, items: rows.map((row) => previewOf(row, lang)) };
  }

  /** Deletes rewrites of the caller (others' ids are unknown to them); answers the ids deleted. */
  async delete(auth: AuthContext, ids: readonly string[]): Promise<string[]> {
    const userId = this.userOf(auth);
    const deleted = await this.deps.repository.markDeleted(userId, [...new Set(ids)], this.nowIso());
    if (deleted.length === 0) throw new AppError('REWRITE_NOT_FOUND');
    return deleted;
  }

  /**
   * POST /patent/rewrite/export/text: the caller's rewrites in the order asked, as .docx or .txt;
   * any id that is not the caller's refuses the whole export.
   */
  async exportFile(
    auth: AuthContext,
    ids: readonly string[],
    format: 'docx' | 'txt',
    lang: Language,
  ): Promise<{ data: Buffer; fileName: string }> {
    const userId = this.userOf(auth);
    const unique = [...new Set(ids)];
    const rows = await this.deps.repository.owned(userId, unique);
    if (rows.length !== unique.length) throw new AppError('REWRITE_NOT_FOUND');
    const rewrites = rows.map((row) => toRewrite(row, lang));
    const data =
      format === 'txt' ? rewritesTxt(rewrites, lang) : await this.deps.cpu.run('rewritesDocx', { rewrites, lang });
    return { data, fileName: exportFileName(rewrites, format, lang, this.deps.now()) };
  }

  /**
   * The document job: rewrites the pieces in order, storing the result so far after each (the page
   * shows it growing). A rewrite that is not waiting (deleted, or taken by another worker) is left.
   */
  async runDocument(id: string, shutdown?: AbortSignal): Promise<{ state: string; pieces: number }> {
    const { tasks } = this.deps;
    if (!(await tasks.claim(id))) return { state: (await tasks.stateOf(id)) ?? 'deleted', pieces: 0 };
    const row = (await tasks.find(id))!;
    const started = performance.now();
    try {
      const provider = this.provider();
      const chunks = splitIntoChunks(row.original, REWRITE_CHUNK_CHARS);
      const pieces: string[] = [];
      for (const [index, source] of chunks.entries()) {
        if (shutdown?.aborted) throw new AppError('REWRITE_INTERRUPTED');
        const current = await tasks.find(id);
        if (!current || current.deleted_at) return { state: 'deleted', pieces: index };
        if (source.trim() === '') pieces.push(source);
        else {
          const answer = await provider.complete(
            [
              {
                role: 'system',
                content: systemPrompt(row.mode, row.language, { index, total: chunks.length }),
              },
              { role: 'user', content: source.trim() },
            ],
            { signal: shutdown },
          );
          pieces.push(answer + trailingSpace(source));
        }
        await tasks.progress(id, { chunks_done: index + 1, result: pieces.join('') });
      }
      const result = pieces.join('').trimEnd();
      await tasks.finish(id, {
        result,
        result_chars: result.length,
        chunks_done: chunks.length,
        took_ms: Math.round(performance.now() - started),
      });
      return { state: 'done', pieces: chunks.length };
    } catch (err) {
      await this.fail(id, shutdown?.aborted ? new AppError('REWRITE_INTERRUPTED') : err, started);
      return { state: 'failed', pieces: 0 };
    }
  }
}

function toRewrite(row: RewriteRow, lang: Language): Rewrite {
  return {
    id: row.id,
    kind: row.kind,
    mode: row.mode,
    language: row.language,
    title: row.title,
    original: row.original,
    result: row.result,
    state: row.state,
    error: taskErrorMessage(row, lang),
    chars: row.chars,
    resultChars: row.result_chars,
    progress: { done: row.chunks_done, total: row.chunks_total },
    tookMs: row.took_ms,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

function previewOf(row: RewriteRow, lang: Language): RewriteListItem {
  const rewrite = toRewrite(row, lang);
  const cut = (text: string) => (text.length > REWRITE_PREVIEW_CHARS ? text.slice(0, REWRITE_PREVIEW_CHARS) : text);
  const truncated = row.original.length > REWRITE_PREVIEW_CHARS || (row.result?.length ?? 0) > REWRITE_PREVIEW_CHARS;
  return {
    ...rewrite,
    original: cut(rewrite.original),
    result: rewrite.result === null ? null : cut(rewrite.result),
    truncated,
  };
}
