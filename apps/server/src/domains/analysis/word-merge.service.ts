import { createHash } from 'node:crypto';
import {
  TermAdjustmentsSchema,
  type AnalysisResultSet,
  type TermAdjustments,
  type WordMergeReductionRequestSchema,
  type WordMergeRequestSchema,
} from '@patlas/contracts';
import { termKeyOf } from '@patlas/engine';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { stableStringify } from '../../kernel/stable-stringify.js';
import type { WordMergeRepository } from './word-merge.repository.js';

export type WordMergeBody = z.output<typeof WordMergeRequestSchema>;
export type WordMergeReductionBody = z.output<typeof WordMergeReductionRequestSchema>;

/** Most merges plus removed words kept for one set (TermAdjustmentsSchema's bounds). */
const MAX_MERGES = 100;
const MAX_REMOVED = 200;

/** The fields that say which patents a set holds, canonical: the same set always has the same key. */
export function resultSetOf(body: AnalysisResultSet): AnalysisResultSet {
  return {
    searchExpre: body.searchExpre.trim(),
    ...(body.set ? { set: body.set } : {}),
    ...(body.secondExpre?.trim() ? { secondExpre: body.secondExpre.trim() } : {}),
    filters: body.filters,
    mergeType: body.mergeType,
    ...(body.source ? { source: body.source } : {}),
  };
}

export function resultSetKey(body: AnalysisResultSet): string {
  return createHash('sha256')
    .update(stableStringify(resultSetOf(body)))
    .digest('base64url')
    .slice(0, 22);
}

const EMPTY: TermAdjustments = { merges: [], removed: [] };

const sameWord = (a: string, b: string) => a === b || termKeyOf(a) === termKeyOf(b);

/**
 * Merging and removing word-cloud/cluster terms (docs/analysis.md "Merging words"): kept per user
 * and result set, read by the text-mining service whenever that set's word cloud or clusters are
 * computed, so the charts count merged terms on the server and a deep link reopens them merged.
 */
export class WordMergeService {
  constructor(
    private readonly repository: WordMergeRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The user's merges and removals for this set (none for visitors without an account). */
  async adjustmentsOf(userId: string | null, set: AnalysisResultSet): Promise<TermAdjustments> {
    if (userId === null) return EMPTY;
    const row = await this.repository.find(userId, resultSetKey(set));
    if (!row) return EMPTY;
    const parsed = TermAdjustmentsSchema.safeParse(JSON.parse(row.adjustments));
    return parsed.success ? parsed.data : EMPTY;
  }

  private async store(userId: string, set: AnalysisResultSet, next: TermAdjustments): Promise<TermAdjustments> {
    const key = resultSetKey(set);
    if (next.merges.length === 0 && next.removed.length === 0) {
      await this.repository.delete(userId, key);
      return EMPTY;
    }
    if (next.merges.length > MAX_MERGES || next.removed.length > MAX_REMOVED) {
      throw new AppError('WORD_MERGE_TOO_MANY', { max: next.merges.length > MAX_MERGES ? MAX_MERGES : MAX_REMOVED });
    }
    await this.repository.save(
      userId,
      key,
      stableStringify(resultSetOf(set)),
      JSON.stringify(next),
      this.now().toISOString(),
    );
    return next;
  }

  /**
   * `merge`: the words (a merged term among them stands for its words) become one term, named
   * `name` or after the first word; they leave any merge or removal they were in. `remove`: the
   * words (or merged terms) are left out of the charts.
   */
  async merge(userId: string, body: WordMergeBody): Promise<TermAdjustments> {
    const current = await this.adjustmentsOf(userId, body);
    const asked = [...new Set(body.words.map((w) => w.trim()))];
    if (body.action === 'remove') {
      const removed = [...current.removed];
      for (const w of asked) if (!removed.some((r) => sameWord(r, w))) removed.push(w);
      return this.store(userId, body, { merges: current.merges, removed });
    }
    // A merged term given as a word brings its words; a word already merged elsewhere moves here.
    const words: string[] = [];
    const absorbed = new Set<string>();
    for (const w of asked) {
      const merge = current.merges.find((m) => m.name === w);
      if (merge) absorbed.add(merge.name);
      for (const member of merge ? merge.words : [w]) if (!words.some((x) => sameWord(x, member))) words.push(member);
    }
    if (words.length < 2) throw new AppError('WORD_MERGE_TOO_FEW');
    const name = body.name?.trim() || asked[0]!;
    const merges = current.merges
      .filter((m) => !absorbed.has(m.name) && m.name !== name)
      .map((m) => ({ ...m, words: m.words.filter((x) => !words.some((w) => sameWord(w, x))) }))
      .filter((m) => m.words.length >= 2);
    merges.push({ name, words });
    const removed = current.removed.filter((r) => !words.some((w) => sameWord(w, r)) && r !== name);
    return this.store(userId, body, { merges, removed });
  }

  /** Undoes one merge (by its name) or one removal (by the word), or every one of the set (`all`). */
  async reduce(userId: string, body: WordMergeReductionBody): Promise<TermAdjustments> {
    if (body.all) return this.store(userId, body, EMPTY);
    const word = body.word?.trim();
    if (!word) throw new AppError('WORD_MERGE_REDUCTION_EMPTY');
    const current = await this.adjustmentsOf(userId, body);
    const merges = current.merges.filter((m) => m.name !== word);
    const removed = current.removed.filter((r) => r !== word);
    if (merges.length === current.merges.length && removed.length === current.removed.length) {
      throw new AppError('WORD_MERGE_NOT_FOUND', { word });
    }
    return this.store(userId, body, { merges, removed });
  }
}
