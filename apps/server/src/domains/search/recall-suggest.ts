import type { RecallSuggestion } from '@patlas/contracts';
import {
  analyseTerm,
  CHINESE_STOP_WORDS,
  ENGLISH_STOP,
  findTerm,
  normaliseText,
  segmentUnits,
  segmentWords,
} from '@patlas/engine';

/**
 * The recall check's suggested terms (issue 48 item 4, docs/recall-check.md): for a clause that
 * left a patent out, the term of that patent's text nearest the clause's words by character n-gram
 * similarity, with the text around it. Pure and CPU-bound (jieba over whole descriptions): the
 * CPU workers run it (cpu-tasks.ts `recallSuggestions`).
 */

/** The record texts a clause's field reads: title, abstract, claims, description, applicants, assignees, inventors. */
export const RECALL_SOURCE_FIELDS = ['TI', 'AB', 'CLM', 'DESC', 'PA', 'AS', 'IN'] as const;
export type RecallSourceField = (typeof RECALL_SOURCE_FIELDS)[number];

/** The record texts each searchable field covers (compile-query.ts's columns); null is the default field, TIABC. */
const SOURCES_OF_FIELD: Readonly<Record<string, readonly RecallSourceField[]>> = {
  TI: ['TI'],
  AB: ['AB'],
  CLM: ['CLM'],
  DESC: ['DESC'],
  TIAB: ['TI', 'AB'],
  TIABC: ['TI', 'AB', 'CLM'],
  FT: ['TI', 'AB', 'CLM', 'DESC'],
  PA: ['PA'],
  AS: ['AS'],
  IN: ['IN'],
};

/** The record texts a clause of this field reads (empty: a field the check suggests nothing for). */
export function sourcesOfField(field: string | null): readonly RecallSourceField[] {
  return SOURCES_OF_FIELD[(field ?? 'TIABC').toUpperCase()] ?? [];
}

export interface RecallSuggestInput {
  patents: {
    /** The record's texts, those its clauses read. */
    texts: Partial<Record<RecallSourceField, string>>;
    /** Each candidate clause: its words and the texts its field covers. */
    clauses: { terms: string[]; sources: RecallSourceField[] }[];
  }[];
}

/** Below this similarity nothing is suggested: the patent holds nothing near the clause's words. */
export const MIN_SUGGESTION_SCORE = 0.3;
/** Characters of text shown on each side of a suggested term. */
const SNIPPET_SIDE = 30;
/** Longest candidate (characters): a compound of three words at most is one. */
const MAX_CANDIDATE_LENGTH = 12;

const HAN_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const LATIN_WORD = /[a-z][a-z0-9]*(?:-[a-z0-9]+)*/g;
const HAS_LETTER = /\p{L}/u;
/** Characters that join words rather than name things: no compound begins or ends with one (电池的). */
const FUNCTION_CHARS = new Set([...'的了和与及或在为所其该是被把对从以于而并且之等个种将由向至即如则']);
/** A word that can end a compound: not boilerplate, not a lone joining character. */
const canBound = (word: string) => !CHINESE_STOP_WORDS.has(word) && !(word.length === 1 && FUNCTION_CHARS.has(word));

/** A term as compared: normalised, wildcards and quotes dropped, spaces single. */
function comparable(term: string): string {
  return normaliseText(term.replace(/["“”*?？]/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

const isHan = (text: string) => /^[\u3400-\u9fff\uf900-\ufaff]+$/.test(text);

/** Character n-grams of a text (Latin padded with spaces, so word starts and ends count). */
function grams(text: string, n: number): Map<string, number> {
  const chars = [...(isHan(text) ? text : ` ${text} `)];
  const out = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join('');
    out.set(gram, (out.get(gram) ?? 0) + 1);
  }
  return out;
}

function dice(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  let sizeA = 0;
  let sizeB = 0;
  for (const count of a.values()) sizeA += count;
  for (const count of b.values()) sizeB += count;
  for (const [gram, count] of a) shared += Math.min(count, b.get(gram) ?? 0);
  return sizeA + sizeB === 0 ? 0 : (2 * shared) / (sizeA + sizeB);
}

/**
 * How near two terms are, 0–1: Chinese, the mean of the character and character-pair Dice
 * coefficients (锂电池 ~ 锂离子电池 0.54); Latin, the Dice coefficient of padded character
 * trigrams (battery ~ batteries 0.57).
 */
export function termSimilarity(a: string, b: string): number {
  const x = comparable(a);
  const y = comparable(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  if (isHan(x) && isHan(y)) return (dice(grams(x, 1), grams(y, 1)) + dice(grams(x, 2), grams(y, 2))) / 2;
  return dice(grams(x, 3), grams(y, 3));
}

/** A word worth suggesting alone (not boilerplate, not a lone character, not only digits). */
function isWord(word: string): boolean {
  if (!HAS_LETTER.test(word)) return false;
  if (isHan(word)) return word.length >= 2 && !CHINESE_STOP_WORDS.has(word);
  return word.length >= 3 && !ENGLISH_STOP.has(word);
}

/**
 * The terms a text offers: its words (jieba for Chinese runs) and compounds of two or three words
 * in a row (锂离子 + 电池), each once, with how often it occurs.
 */
export function candidateTerms(text: string): Map<string, number> {
  const out = new Map<string, number>();
  const add = (term: string) => {
    if (term.length <= MAX_CANDIDATE_LENGTH * 2) out.set(term, (out.get(term) ?? 0) + 1);
  };
  const normalised = normaliseText(text);
  for (const run of normalised.match(HAN_RUN) ?? []) {
    const words = segmentWords(run);
    for (let i = 0; i < words.length; i++) {
      const first = words[i]!;
      if (isWord(first)) add(first);
      // Compounds neither begin nor end with boilerplate or a joining character.
      if (!canBound(first)) continue;
      let compound = first;
      for (let k = 1; k <= 2 && i + k < words.length; k++) {
        const next = words[i + k]!;
        compound += next;
        if (compound.length > MAX_CANDIDATE_LENGTH) break;
        if (canBound(next)) add(compound);
      }
    }
  }
  const latin = normalised.replace(HAN_RUN, ' ').match(LATIN_WORD) ?? [];
  for (let i = 0; i < latin.length; i++) {
    const first = latin[i]!;
    if (!isWord(first)) continue;
    add(first);
    let compound = first;
    for (let k = 1; k <= 2 && i + k < latin.length; k++) {
      const next = latin[i + k]!;
      if (ENGLISH_STOP.has(next)) break;
      compound += ` ${next}`;
      add(compound);
    }
  }
  return out;
}

/** The text around the first place the engine would match `term` (its rules: query-terms.ts), or undefined. */
function snippetOf(
  term: string,
  text: string,
): Pick<RecallSuggestion, 'snippet' | 'matchStart' | 'matchEnd'> | undefined {
  const occurrences = findTerm(analyseTerm(term, true), text, segmentUnits(text));
  const first = occurrences?.[0];
  if (!first) return undefined;
  const units = segmentUnits(text);
  const start = units[first.first]?.start;
  const end = units[first.last]?.end;
  if (start === undefined || end === undefined) return undefined;
  const from = Math.max(0, start - SNIPPET_SIDE);
  const to = Math.min(text.length, end + SNIPPET_SIDE);
  const before = from > 0 ? '…' : '';
  const after = to < text.length ? '…' : '';
  // Whitespace shown as one space each: the offsets stay those of the text.
  const snippet = `${before}${text.slice(from, to).replace(/\s/g, ' ')}${after}`;
  return { snippet, matchStart: before.length + start - from, matchEnd: before.length + end - from };
}

interface Scored {
  term: string;
  nearest: string;
  score: number;
  count: number;
}

/**
 * The nearest term of these texts to the clause's words, with its snippet; undefined when nothing
 * is at least MIN_SUGGESTION_SCORE near. A term holding a clause word whole is never suggested (the
 * clause finds it already), and the one suggested is one the engine matches in that text.
 */
export function suggestTerm(
  terms: readonly string[],
  texts: readonly { field: RecallSourceField; text: string }[],
): RecallSuggestion | undefined {
  const words = [...new Set(terms.map(comparable).filter(Boolean))];
  if (words.length === 0) return undefined;
  const best: (Scored & { field: RecallSourceField; text: string })[] = [];
  for (const { field, text } of texts) {
    if (!text.trim()) continue;
    for (const [term, count] of candidateTerms(text)) {
      // Holding a clause word, the clause finds it already; inside one, it is a broader word than the user chose.
      if (words.some((w) => term.includes(w) || w.includes(term))) continue;
      let score = 0;
      let nearest = words[0]!;
      for (const word of words) {
        const s = termSimilarity(word, term);
        if (s > score) {
          score = s;
          nearest = word;
        }
      }
      if (score >= MIN_SUGGESTION_SCORE) best.push({ term, nearest, score, count, field, text });
    }
  }
  best.sort((a, b) => b.score - a.score || b.count - a.count || a.term.localeCompare(b.term));
  for (const candidate of best.slice(0, 10)) {
    const place = snippetOf(candidate.term, candidate.text);
    if (!place) continue;
    return {
      term: candidate.term,
      nearest: candidate.nearest,
      score: Math.round(candidate.score * 1000) / 1000,
      foundIn: candidate.field,
      ...place,
    };
  }
  return undefined;
}

/** Every patent's clauses' suggestions (`[patent][clause]`, null where none): the CPU task's body. */
export function suggestRecallTerms(input: RecallSuggestInput): (RecallSuggestion | null)[][] {
  return input.patents.map(({ texts, clauses }) =>
    clauses.map(({ terms, sources }) => {
      const wanted = sources.flatMap((field) => {
        const text = texts[field];
        return text ? [{ field, text }] : [];
      });
      return suggestTerm(terms, wanted) ?? null;
    }),
  );
}
