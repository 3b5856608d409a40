import { randomUUID } from 'node:crypto';
import {
  applicationLength,
  DEFAULT_SEMANTIC_WEIGHTS,
  MAX_FORMAL_REVIEW_TEXT_LENGTH,
  MAX_PRE_EVALUATION_TEXT_LENGTH,
  MAX_PRE_EVALUATION_TITLE_LENGTH,
  PRE_EVALUATION_MATRIX_DOCUMENTS,
  PRE_EVALUATION_MIN_CHARS,
  semanticBand,
  type ApplicationText,
  type Language,
  type Patent,
  type PreEvaluation,
  type PreEvaluationDetail,
  type PreEvaluationListResponse,
  type PreEvaluationOrigin,
  type PreEvaluationResult,
  type PreEvaluationSearchResponse,
  type PriorArtDocument,
} from '@patlas/contracts';
import { EngineError, type SearchEngine } from '@patlas/engine';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import { taskErrorMessage } from '../../tasks/task-error.js';
import { failTask } from '../../tasks/task-lifecycle.js';
import { taskStateWord } from '../../tasks/task-states.js';
import { NEW_TASK, type TaskRepository } from '../../tasks/task.repository.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { PatentService } from '../patent/index.js';
import { toAppError } from '../search/index.js';
import type { SemanticModelKeeper } from '../semantic-search/index.js';
import { matchFeatures, type CandidateDocument, type Embed } from './feature-match.js';
import { detectKind, splitFeatures } from './feature-split.js';
import { coverageOf, judge } from './pre-evaluation-risk.js';
import type { PreEvaluationListRow, PreEvaluationRepository, PreEvaluationRow } from './pre-evaluation.repository.js';
import { findPriorArt } from './prior-art.js';

export interface PreEvaluationServiceDeps {
  repository: PreEvaluationRepository;
  /** The evaluations' states (the task kit). */
  tasks: TaskRepository<'preEvaluation'>;
  engine: SearchEngine;
  patents: PatentService;
  /** Learns the semantic space when there is none yet (the search and the vector scores use it). */
  semanticModel: Pick<SemanticModelKeeper, 'refresh'>;
  /**
   * Queues the `pre-evaluation` job of an evaluation for its user, once `record` has stored it. Refused
   * (TASK_USER_LIMIT) before `record` runs when the user has too many waiting or running; a
   * `record` that throws queues nothing (composition.ts: JobQueue.enqueueFor).
   */
  enqueue: (task: { id: string; userId: string }, record: () => Promise<unknown>) => Promise<void>;
  now: Clock;
  log?: FastifyBaseLogger | undefined;
}

export interface PreEvaluationInput {
  text: string;
  title?: string | undefined;
  kind: 'auto' | 'claims' | 'disclosure';
  priorityDate?: string | undefined;
  publicationNumber?: string | undefined;
  origin: PreEvaluationOrigin;
  application?: ApplicationText | undefined;
  applicant?: string | undefined;
}

const SECTIONS = ['title', 'abstract', 'claims', 'description'] as const;

function documentOf(patent: Patent): CandidateDocument {
  const sections: CandidateDocument['sections'] = {};
  for (const section of SECTIONS) {
    const text = patent[section]?.text;
    if (text) sections[section] = text;
  }
  return { publicationNumber: patent.publicationNumber, sections };
}

/**
 * Pre-evaluation of novelty and inventiveness with its evidence, and the novelty search from a
 * disclosure (issue 22; spec 2 §7 /apply/pre/*): evaluations as durable tasks of the job queue,
 * their list, detail and files. Only the owner sees an evaluation; another user's is not found.
 */
export class PreEvaluationService {
  constructor(private readonly deps: PreEvaluationServiceDeps) {}

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  private userOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  /** Spec 2 §5: at least PRE_EVALUATION_MIN_CHARS characters (trimmed); at most our maximum. */
  private checkText(text: string): string {
    const trimmed = text.trim();
    if (trimmed.length < PRE_EVALUATION_MIN_CHARS) {
      throw new AppError('PRE_EVALUATION_TEXT_TOO_SHORT', { min: PRE_EVALUATION_MIN_CHARS, length: trimmed.length });
    }
    if (trimmed.length > MAX_PRE_EVALUATION_TEXT_LENGTH) {
      throw new AppError('PRE_EVALUATION_TEXT_TOO_LONG', {
        max: MAX_PRE_EVALUATION_TEXT_LENGTH,
        length: trimmed.length,
      });
    }
    return trimmed;
  }

  /** The application's sections as stored: none when all are empty; refused above the formal review's size. */
  private applicationOf(application: ApplicationText | undefined): string | null {
    if (!application) return null;
    const length = applicationLength(application);
    if (length === 0) return null;
    if (length > MAX_FORMAL_REVIEW_TEXT_LENGTH) {
      throw new AppError('FORMAL_TEXT_TOO_LONG', { max: MAX_FORMAL_REVIEW_TEXT_LENGTH, length });
    }
    return JSON.stringify(application);
  }

  /** POST /apply/pre/search: checks the text, cuts its features (refusing a text with none) and queues it. */
  async submit(auth: AuthContext, input: PreEvaluationInput, lang: Language): Promise<PreEvaluationSearchResponse> {
    const userId = this.userOf(auth);
    const text = this.checkText(input.text);
    const kind = input.kind === 'auto' ? detectKind(text) : input.kind;
    const features = splitFeatures(text, kind);
    if (features.length === 0) throw new AppError('PRE_EVALUATION_NO_FEATURES');
    const title = (input.title?.trim() || features[0]!.text || text.replace(/\s+/g, ' '))
      .slice(0, MAX_PRE_EVALUATION_TITLE_LENGTH)
      .trim();
    const row: PreEvaluationRow = {
      id: randomUUID(),
      user_id: userId,
      title,
      kind,
      origin: input.origin,
      text,
      application: this.applicationOf(input.application),
      applicant: input.applicant?.trim() || null,
      chars: text.length,
      priority_date: input.priorityDate ?? null,
      publication_number: input.publicationNumber?.trim() || null,
      lang,
      ...NEW_TASK,
      stage: null,
      progress: 0,
      novelty: null,
      inventiveness: null,
      features: features.length,
      documents: 0,
      result: null,
      created_at: this.nowIso(),
    };
    await this.deps.enqueue({ id: row.id, userId }, () => this.deps.tasks.insert(row));
    void this.deps.semanticModel.refresh();
    return { evaluation: evaluationOf(row, lang) };
  }

  /** An evaluation of the caller's; another user's is answered as not found. */
  private async own(auth: AuthContext, id: string): Promise<PreEvaluationRow> {
    const row = await this.deps.tasks.find(id);
    if (!row || row.user_id !== this.userOf(auth)) throw new AppError('PRE_EVALUATION_NOT_FOUND');
    return row;
  }

  async list(
    auth: AuthContext,
    page: number,
    pageSize: number,
    origin: PreEvaluationOrigin | undefined,
    lang: Language,
  ): Promise<PreEvaluationListResponse> {
    const { total, rows } = await this.deps.repository.page(this.userOf(auth), page, pageSize, origin);
    return { total, page, pageSize, items: rows.map((row) => evaluationOf(row, lang)) };
  }

  /** Deletes evaluations of the caller (others' ids are ignored as unknown); answers the ids deleted. */
  async delete(auth: AuthContext, ids: readonly string[]): Promise<string[]> {
    const deleted = await this.deps.repository.delete(this.userOf(auth), [...new Set(ids)]);
    if (deleted.length === 0) throw new AppError('PRE_EVALUATION_NOT_FOUND');
    return deleted;
  }

  /** GET /apply/pre/result/detail: the evaluation and, once done, its result. */
  async detail(auth: AuthContext, id: string, lang: Language): Promise<PreEvaluationDetail> {
    const row = await this.own(auth, id);
    return {
      evaluation: evaluationOf(row, lang),
      text: row.text,
      application: row.application ? (JSON.parse(row.application) as ApplicationText) : null,
      applicant: row.applicant,
      result: row.state === 'done' && row.result ? (JSON.parse(row.result) as PreEvaluationResult) : null,
    };
  }

  /** A finished evaluation of the caller's with its result (the files). */
  async finished(
    auth: AuthContext,
    id: string,
    lang: Language,
  ): Promise<{ row: PreEvaluationRow; result: PreEvaluationResult }> {
    const row = await this.own(auth, id);
    if (row.state !== 'done' || row.result === null) {
      throw new AppError('PRE_EVALUATION_NOT_READY', { state: taskStateWord(row.state, lang) });
    }
    return { row, result: JSON.parse(row.result) as PreEvaluationResult };
  }

  /** Semantic vectors of texts through the engine's space (none before one is learned). */
  private embedder(): Embed {
    const engine = this.deps.engine;
    const weights = DEFAULT_SEMANTIC_WEIGHTS.split(',').map(Number) as [number, number, number, number];
    return async (texts) => {
      const out: (Float32Array | undefined)[] = [];
      for (const text of texts) {
        try {
          const prepared = await engine.prepareSemantic({ text, weights, mode: 'bm25', limit: 1 });
          out.push(prepared.ready ? prepared.query : undefined);
        } catch (err) {
          if (err instanceof EngineError && err.code === 'TEXT_NO_TERMS') out.push(undefined);
          else throw err;
        }
      }
      return out;
    };
  }

  /** The whole method on a text: features, prior art, matrix, judgements. */
  async evaluate(
    text: string,
    kind: 'claims' | 'disclosure',
    options: { priorityDate?: string | null; publicationNumber?: string | null },
    progress: (stage: 'features' | 'search' | 'matching', share: number) => Promise<void> = async () => undefined,
  ): Promise<PreEvaluationResult> {
    const started = performance.now();
    await progress('features', 0.05);
    const features = splitFeatures(text, kind);
    await progress('search', 0.15);
    const exclude: string[] = [];
    if (options.publicationNumber) {
      const held = await this.deps.patents.resolveHeldNumbers([options.publicationNumber]);
      const own = held[options.publicationNumber];
      exclude.push(options.publicationNumber, ...(own ? await this.deps.engine.expandFamily([own]) : []));
    }
    const { ranking, searched, excluded } = await findPriorArt(this.deps.engine, text, {
      priorityDate: options.priorityDate,
      exclude,
    });
    const searchMs = performance.now() - started;
    await progress('matching', 0.35);
    const found = await this.deps.patents.getByPublicationNumbers(ranking.map((r) => r.publicationNumber));
    const held = ranking.filter((r) => found.has(r.publicationNumber));
    const records = held.map((r) => found.get(r.publicationNumber)!);
    const embed = this.embedder();
    const status = this.deps.engine.semanticStatus();
    const cells = await matchFeatures(features, records.map(documentOf), status.model ? embed : undefined);
    await progress('matching', 0.9);
    // Each document's calibrated band (relevance-bands.ts): whether it beats what unrelated patents score.
    const bands = held.map((r) => semanticBand(r.similarity, status.model));
    const coverage = coverageOf(
      features,
      held.map((r, i) => {
        const band = bands[i];
        return {
          publicationNumber: r.publicationNumber,
          rank: i + 1,
          ...(band ? { band, similarity: r.similarity } : {}),
        };
      }),
      cells,
    );
    const judgement = judge(features, coverage);
    const documents: PriorArtDocument[] = held.map((r, i) => {
      const record = records[i]!;
      const c = coverage[i]!;
      return {
        rank: i + 1,
        publicationNumber: r.publicationNumber,
        title: record.title?.text ?? null,
        applicants: (record.applicants ?? []).map((a) => a.name),
        publicationDate: record.publicationDate ?? null,
        applicationDate: record.applicationDate ?? null,
        relevance: Math.round(r.relevance * 1000) / 1000,
        ...(bands[i] ? { band: bands[i] } : {}),
        disclosed: c.disclosed.size,
        partial: c.partial.size,
        coverage: Math.round(c.coverage * 1000) / 1000,
        category: judgement.categories.get(r.publicationNumber) ?? 'A',
      };
    });
    return {
      features,
      documents,
      matrixDocuments: judgement.ranked.slice(0, PRE_EVALUATION_MATRIX_DOCUMENTS).map((d) => d.publicationNumber),
      cells,
      novelty: judgement.novelty,
      inventiveness: judgement.inventiveness,
      stats: {
        searched,
        excluded,
        model: status.model,
        ms: Math.round(performance.now() - started),
        searchMs: Math.round(searchMs),
      },
    };
  }

  /**
   * Runs an evaluation (the `pre-evaluation` job); the result is stored on the row. One that is not
   * waiting (deleted meanwhile) is left as it is.
   */
  async run(id: string): Promise<{ state: string; documents: number }> {
    const { tasks } = this.deps;
    if (!(await tasks.claim(id, { stage: 'features' }))) {
      return { state: (await tasks.stateOf(id)) ?? 'deleted', documents: 0 };
    }
    const row = (await tasks.find(id))!;
    try {
      let result: PreEvaluationResult;
      try {
        result = await this.evaluate(
          row.text,
          row.kind,
          { priorityDate: row.priority_date, publicationNumber: row.publication_number },
          async (stage, share) => {
            await tasks.progress(id, { stage, progress: share });
          },
        );
      } catch (err) {
        throw toAppError(err);
      }
      const isDone = await tasks.finish(id, {
        stage: null,
        progress: 1,
        novelty: result.novelty.level,
        inventiveness: result.inventiveness.level,
        features: result.features.length,
        documents: result.documents.length,
        result: JSON.stringify(result),
      });
      return { state: isDone ? 'done' : 'deleted', documents: result.documents.length };
    } catch (err) {
      await failTask(tasks, id, err, { log: this.deps.log, lang: row.lang, patch: { stage: null } });
      return { state: 'failed', documents: 0 };
    }
  }
}

function evaluationOf(row: PreEvaluationListRow, lang: Language): PreEvaluation {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    origin: row.origin,
    chars: row.chars,
    priorityDate: row.priority_date,
    publicationNumber: row.publication_number,
    state: row.state,
    // A stage is that of a running evaluation (one failed as interrupted keeps the stage it stopped in).
    stage: row.state === 'running' ? row.stage : null,
    progress: Number(row.progress),
    novelty: row.novelty,
    inventiveness: row.inventiveness,
    features: row.features,
    documents: row.documents,
    error: taskErrorMessage(row, lang),
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}
