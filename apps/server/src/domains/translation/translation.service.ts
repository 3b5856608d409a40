import {
  formatErrorMessage,
  type Language,
  type TranslationLanguage,
  type TranslationResponse,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import { CHUNK_MAX_CHARS, splitIntoChunks } from '../../text/chunking.js';
import type { TranslationProvider } from './translation.provider.js';

/** Chunks sent together, and the pause between two batches, so a shared service is not flooded (spec 1 §7). */
export const CHUNKS_PER_BATCH = 5;
export const BATCH_DELAY_MS = 1000;

export type Delay = (ms: number) => Promise<void>;
const realDelay: Delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

interface Chunk {
  textIndex: number;
  source: string;
}

/**
 * Translates texts chunk by chunk, batch by batch. A batch that fails leaves the texts it touched
 * empty and is reported in Error; the other batches still count.
 */
export class TranslationService {
  constructor(
    private readonly provider: TranslationProvider | undefined,
    private readonly delay: Delay = realDelay,
  ) {}

  get configured(): boolean {
    return this.provider !== undefined;
  }

  async translate(target: TranslationLanguage, texts: string[], lang: Language): Promise<TranslationResponse> {
    const provider = this.provider;
    if (!provider) throw new AppError('TRANSLATION_NOT_CONFIGURED');
    const chunks: Chunk[] = texts.flatMap((text, textIndex) =>
      splitIntoChunks(text, CHUNK_MAX_CHARS)
        // nothing to translate in blank space: not worth a request
        .filter((source) => source.trim().length > 0)
        .map((source) => ({ textIndex, source })),
    );
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
