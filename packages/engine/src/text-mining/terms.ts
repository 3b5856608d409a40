import { segmentWords } from '../analysis/chinese.js';
import { stemWord } from '../analysis/english.js';
import { CHINESE_STOP_WORDS, ENGLISH_STOP } from './stop-words.js';

/**
 * Key terms of patent text for word clouds, clusters and landscape labels. Chinese runs are cut
 * into words by jieba (words of two characters or more); Latin words are lower-cased, stop words
 * dropped and stemmed (the stem is the term's key, its most frequent written form its display).
 * Patent boilerplate (一种, 所述, comprising…) is dropped: it is in every document and says nothing.
 */

const HAN_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const LATIN_WORD = /[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g;
const HAN_ONLY = /^[\u3400-\u9fff\uf900-\ufaff]+$/;
const HAS_DIGIT = /\d/;

/** One occurrence of a term: `key` groups occurrences (the stem of a Latin word), `form` is as written. */
export interface TermOccurrence {
  readonly key: string;
  readonly form: string;
}

/** The key terms of a text, in order, repeats kept. */
export function extractTerms(text: string): TermOccurrence[] {
  const out: TermOccurrence[] = [];
  const normalised = text.normalize('NFKC').toLowerCase();
  for (const run of normalised.match(HAN_RUN) ?? []) {
    for (const word of segmentWords(run)) {
      if (word.length >= 2 && HAN_ONLY.test(word) && !CHINESE_STOP_WORDS.has(word)) out.push({ key: word, form: word });
    }
  }
  for (const word of normalised.replace(HAN_RUN, ' ').match(LATIN_WORD) ?? []) {
    if (word.length < 3 || ENGLISH_STOP.has(word) || HAS_DIGIT.test(word) || word.includes('-')) continue;
    out.push({ key: stemWord(word), form: word });
  }
  return out;
}

/**
 * A document as term counts, with the written forms seen per key. Memoised per text: the word cloud,
 * the clusters and the landscape of one set read the same documents, and jieba is their main cost.
 */
export interface DocTerms {
  readonly counts: Map<string, number>;
  readonly forms: Map<string, string>;
}

const DOC_TERMS_CACHE = new Map<string, DocTerms>();
const DOC_TERMS_CACHE_SIZE = 40_000;

export function documentTerms(text: string): DocTerms {
  const cached = DOC_TERMS_CACHE.get(text);
  if (cached) return cached;
  const counts = new Map<string, number>();
  const forms = new Map<string, string>();
  for (const { key, form } of extractTerms(text)) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (!forms.has(key)) forms.set(key, form);
  }
  const terms = { counts, forms };
  if (DOC_TERMS_CACHE.size >= DOC_TERMS_CACHE_SIZE) DOC_TERMS_CACHE.clear();
  DOC_TERMS_CACHE.set(text, terms);
  return terms;
}

/** Forgets memoised documents (benchmarks time a cold set with it). */
export function clearDocumentTermsCache(): void {
  DOC_TERMS_CACHE.clear();
}

/** The search condition that finds a term in titles and abstracts, as the result page runs it. */
export function termExpression(form: string): string {
  return `TIAB=(${form})`;
}
