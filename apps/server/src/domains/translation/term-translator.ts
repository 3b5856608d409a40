import type { TranslationLanguage } from '@patlas/contracts';
import type { TranslationProvider } from './translation.provider.js';

/** One word or phrase of a search, to translate into `target`. */
export interface TermRequest {
  term: string;
  target: TranslationLanguage;
}

/** Each request's translation (undefined: none usable, failed or late) and whether the time limit was reached. */
export interface TermTranslations {
  translations: (string | undefined)[];
  timedOut: boolean;
}

/** Translations remembered (word and target → translation; '' = the service gave nothing usable). */
const DEFAULT_CACHE_SIZE = 5000;
/** A translation longer than this is not a search word (the service explained instead of translating). */
const MAX_TRANSLATION_CHARS = 80;

/**
 * The words of a search translated for cross-language search (issue 43): one request per word to
 * the configured service, all at once, remembered (a result page's next page or filter asks again),
 * and waited for at most `timeoutMs`: what has not come by then is left out of this search (its
 * request goes on, and its answer is remembered for the next one). A failed word is not
 * remembered, so the next search asks again.
 */
export class TermTranslator {
  private readonly cache = new Map<string, string>();
  private readonly pending = new Map<string, Promise<string | undefined>>();
  private readonly cacheSize: number;

  constructor(
    private readonly provider: TranslationProvider | undefined,
    private readonly timeoutMs: number,
    options: { cacheSize?: number } = {},
  ) {
    this.cacheSize = options.cacheSize ?? DEFAULT_CACHE_SIZE;
  }

  get configured(): boolean {
    return this.provider !== undefined;
  }

  async translate(requests: readonly TermRequest[]): Promise<TermTranslations> {
    const translations: (string | undefined)[] = new Array<string | undefined>(requests.length).fill(undefined);
    const work = Promise.all(
      requests.map(async (request, i) => {
        translations[i] = await this.one(request);
      }),
    ).then(() => 'done' as const);
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.timeoutMs);
    });
    try {
      const outcome = await Promise.race([work, limit]);
      // A copy: late answers must not change what this search already used.
      return { translations: [...translations], timedOut: outcome === 'timeout' };
    } finally {
      clearTimeout(timer);
    }
  }

  private one({ term, target }: TermRequest): Promise<string | undefined> {
    const provider = this.provider;
    if (!provider) return Promise.resolve(undefined);
    const key = `${target}\u0000${term}`;
    const known = this.cache.get(key);
    if (known !== undefined) {
      // most recently used last: the first key is the one to forget
      this.cache.delete(key);
      this.cache.set(key, known);
      return Promise.resolve(known || undefined);
    }
    const waiting = this.pending.get(key);
    if (waiting) return waiting;
    const request = provider
      .translate(term, target)
      .then(
        (answer) => {
          const usable = usableTranslation(term, answer);
          this.remember(key, usable ?? '');
          return usable;
        },
        () => undefined,
      )
      .finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  private remember(key: string, translation: string): void {
    this.cache.set(key, translation);
    if (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
  }
}

/**
 * The service's answer as a search word: trimmed of quotes and end punctuation, spaces collapsed;
 * undefined when empty, the word itself, or too long to be a translation of one word.
 */
export function usableTranslation(term: string, answer: string): string | undefined {
  const text = answer
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^["'“”‘’「」《》]+|["'“”‘’「」《》。．.,，;；:：!！?？]+$/gu, '')
    .trim();
  if (!text || text.length > MAX_TRANSLATION_CHARS) return undefined;
  if (text.toLowerCase() === term.trim().toLowerCase()) return undefined;
  return text;
}
