import {
  formatErrorMessage,
  type Language,
  type TranslationLanguage,
  type TranslationResponse,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import { CHUNK_MAX_CHARS, splitIntoChunks } from '../../text/chunking.js';
import type { Clock } from '../../kernel/clock.js';
import type { TranslationProvider } from './translation.provider.js';
import type { TranslationUsageRepository } from './translation.repository.js';

/** Chunks sent together, and the pause between two batches, so a shared service is not flooded (spec 1 §7). */
export const CHUNKS_PER_BATCH = 5;
export const BATCH_DELAY_MS = 1000;

export type Delay = (ms: number) => Promise<void>;
const realDelay: Delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

interface Chunk {
  textIndex: number;
  source: string;
}

/** Who asks: an account (userId), or a caller without one (IP login), counted by its address. */
export interface TranslationCaller {
  userId: string | null;
  address: string;
}

/**
 * The daily character budget (issue 41): characters sent to the service per account, or per
 * address for callers without one, and UTC day (TRANSLATE_DAILY_CHARS_PER_USER, …_PER_ADDRESS).
 */
export interface TranslationBudget {
  usage: TranslationUsageRepository;
  perUser: number;
  perAddress: number;
  now: Clock;
}

const DAY_MS = 86_400_000;

/**
 * Translates texts chunk by chunk, batch by batch. A batch that fails leaves the texts it touched
 * empty and is reported in Error; the other batches still count.
 */
export class TranslationService {
  constructor(
    private readonly provider: TranslationProvider | undefined,
    private readonly delay: Delay = realDelay,
    private readonly budget?: TranslationBudget,
  ) {}

  get configured(): boolean {
    return this.provider !== undefined;
  }

  /**
   * Counts `chars` against the caller's day, or refuses the whole call (nothing is sent) with
   * TRANSLATION_DAILY_LIMIT_REACHED. Answers the refund: a call gives back what it did not use.
   */
  private async charge(caller: TranslationCaller, chars: number): Promise<(unused: number) => Promise<void>> {
    const budget = this.budget;
    if (!budget || chars === 0) return async () => undefined;
    const subject = caller.userId !== null ? `user:${caller.userId}` : `address:${caller.address}`;
    const limit = caller.userId !== null ? budget.perUser : budget.perAddress;
    const now = budget.now();
    const day = now.toISOString().slice(0, 10);
    const isCharged = chars <= limit && (await budget.usage.charge(subject, day, chars, limit));
    if (!isCharged) {
      const used = await budget.usage.usedOn(subject, day);
      const next = new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS);
      throw new AppError('TRANSLATION_DAILY_LIMIT_REACHED', {
        limit,
        left: Math.max(0, limit - used),
        chars,
        resetsAt: `${next.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      });
    }
    await budget.usage.forgetBefore(subject, day);
    return async (unused) => {
      if (unused > 0) await budget.usage.refund(subject, day, unused);
    };
  }

  /**
   * Translates `texts` into `target`. With a budget and a `caller`, the characters sent are
   * counted against the caller's day first (the route always names the caller).
   */
  async translate(
    target: TranslationLanguage,
    texts: string[],
    lang: Language,
    caller?: TranslationCaller,
  ): Promise<TranslationResponse> {
    const provider = this.provider;
    if (!provider) throw new AppError('TRANSLATION_NOT_CONFIGURED');
    const chunks: Chunk[] = texts.flatMap((text, textIndex) =>
      splitIntoChunks(text, CHUNK_MAX_CHARS)
        // nothing to translate in blank space: not worth a request
        .filter((source) => source.trim().length > 0)
        .map((source) => ({ textIndex, source })),
    );
    const chars = chunks.reduce((sum, chunk) => sum + chunk.source.length, 0);
    const refund = caller ? await this.charge(caller, chars) : async () => undefined;
    let usedChars = 0;
    try {
      return await this.translateChunks(provider, target, texts, chunks, lang, (n) => (usedChars += n));
    } finally {
      await refund(chars - usedChars);
    }
  }

  private async translateChunks(
    provider: TranslationProvider,
    target: TranslationLanguage,
    texts: string[],
    chunks: Chunk[],
    lang: Language,
    onUsed: (chars: number) => void,
  ): Promise<TranslationResponse> {
    const translated: string[] = new Array<string>(chunks.length).fill('');
    const failedTexts = new Set<number>();
    const batchCount = Math.ceil(chunks.length / CHUNKS_PER_BATCH);
    let failedBatches = 0;
    let firstReason = '';
    for (let batch = 0; batch < batchCount; batch += 1) {
      if (batch > 0) await this.delay(BATCH_DELAY_MS);
      const start = batch * CHUNKS_PER_BATCH;
      const members = chunks.slice(start, start + CHUNKS_PER_BATCH);
      // allSettled: the next batch starts only when every request of this one has finished
      const results = await Promise.allSettled(members.map((chunk) => provider.translate(chunk.source, target)));
      const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failure) {
        failedBatches += 1;
        firstReason ||= (failure.reason as Error).message;
        for (const chunk of members) failedTexts.add(chunk.textIndex);
        continue;
      }
      results.forEach((r, i) => {
        if (r.status === 'fulfilled') translated[start + i] = keepTrailingSpace(members[i]!.source, r.value);
      });
      onUsed(members.reduce((sum, chunk) => sum + chunk.source.length, 0));
    }
    const TargetTextList = texts.map((_, textIndex) =>
      failedTexts.has(textIndex)
        ? ''
        : chunks
            .map((chunk, i) => (chunk.textIndex === textIndex ? translated[i] : ''))
            .join('')
            .trimEnd(),
    );
    if (failedBatches === 0) return { TargetTextList };
    return {
      TargetTextList,
      Error: formatErrorMessage('TRANSLATION_BATCHES_FAILED', lang, {
        failed: failedBatches,
        total: batchCount,
        reason: firstReason,
      }),
    };
  }
}

/** Services trim their answers; put back the break or space that separated this chunk from the next. */
function keepTrailingSpace(source: string, translated: string): string {
  const trailing = /\s*$/u.exec(source)?.[0] ?? '';
  return translated.trimEnd() + trailing;
}
