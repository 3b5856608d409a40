import { stemmer } from 'stemmer';

/**
 * English analysis: words are lower-cased by text-normalise.ts, stemmed with Porter's algorithm
 * (the `stemmer` package, 2 kB, no dependencies), and stop words are dropped from unquoted
 * multi-word terms. Stop words stay in the index so that phrases and proximity keep their positions.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be by for from has have in is it its of on or that the this to was were which with ' +
    'said wherein whereby thereof'
  ).split(' '),
);

const ALPHA = /^[a-z]+$/;

/** The index form of a word unit: Porter stem for Latin alphabetic words, the word itself otherwise. */
/** Stems of recent words: text repeats its words, and the Porter stemmer is the hot spot of indexing. */
const STEM_CACHE = new Map<string, string>();
const STEM_CACHE_SIZE = 200_000;

export function stemWord(word: string): string {
  let stem = STEM_CACHE.get(word);
  if (stem !== undefined) return stem;
  stem = ALPHA.test(word) ? stemmer(word) : word;
  if (STEM_CACHE.size >= STEM_CACHE_SIZE) STEM_CACHE.clear();
  STEM_CACHE.set(word, stem);
  return stem;
}

export function isStopWord(word: string): boolean {
  return ENGLISH_STOP_WORDS.has(word);
}
