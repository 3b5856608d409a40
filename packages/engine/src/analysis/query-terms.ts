import { isStopWord, stemWord } from './english.js';
import { isCjkChar, isSameCjkRun, normaliseText, segmentUnits, type TextUnit } from './text-normalise.js';

/**
 * The analysis of one term value as the back ends and the verifier see it.
 *
 * Semantics (shared by every back end and the conformance suite):
 * - A term is a sequence of units (CJK characters, words). Chinese matches as a substring of a
 *   run of characters; words match by Porter stem; units follow each other in order, punctuation
 *   and spaces between them ignored, and a boundary between two CJK runs in the term must be a
 *   boundary in the text too.
 * - An unquoted term with spaces is several sequences that must all occur (stop words dropped);
 *   a quoted term is one sequence (stop words kept).
 * - `*` (any run) and `?` (one character): inside a word they expand over the words of the index;
 *   next to a CJK character they make a pattern over the text (`电*池`, `锂?电池`). A leading or
 *   trailing `*` next to CJK is dropped, as a Chinese term is a substring anyway.
 */
export interface QueryUnit {
  readonly kind: 'cjk' | 'word';
  /** Normalised character or word; a wildcard word keeps its `*` and `?`. */
  readonly text: string;
  readonly isWildcard: boolean;
  /** For CJK units: first / last character of its run in the term. */
  readonly isRunStart: boolean;
  readonly isRunEnd: boolean;
}

export interface TermSequence {
  readonly units: readonly QueryUnit[];
}

export interface AnalysedTerm {
  /** All must occur (AND). Empty when the term had nothing searchable. */
  readonly sequences: readonly TermSequence[];
  /** Set for CJK wildcard terms: the text must match this pattern (sequences are then its literal pieces). */
  readonly pattern?: RegExp;
}

const WILDCARD = /[*?]/;

function toSequence(units: readonly TextUnit[]): TermSequence {
  const out: QueryUnit[] = [];
  units.forEach((u, i) => {
    const prev = units[i - 1];
    const next = units[i + 1];
    out.push({
      kind: u.kind,
      text: u.text,
      isWildcard: u.kind === 'word' && WILDCARD.test(u.text),
      isRunStart: u.kind === 'cjk' && !(prev && isSameCjkRun(prev, u)),
      isRunEnd: u.kind === 'cjk' && !(next && isSameCjkRun(u, next)),
    });
  });
  return { units: out.filter((u) => !(u.kind === 'word' && /^[*?]+$/.test(u.text))) };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function analyseTerm(value: string, phrase: boolean): AnalysedTerm {
  let text = value.trim();
  // A leading/trailing `*` beside a CJK character adds nothing to substring matching.
  text = text.replace(/^\*+(?=[^*?])/u, (m) => (isCjkChar([...text.slice(m.length)][0] ?? '') ? '' : m));
  text = text.replace(/(?<=[^*?])\*+$/u, (m) => {
    const before = [...text.slice(0, text.length - m.length)].at(-1) ?? '';
    return isCjkChar(before) ? '' : m;
  });
  const chars = [...text];
  const hasCjkWildcard = chars.some(
    (c, i) => WILDCARD.test(c) && (isCjkChar(chars[i - 1] ?? '') || isCjkChar(chars[i + 1] ?? '')),
  );
  if (hasCjkWildcard) {
    const pieces = text.split(/[*?]+/).filter((p) => segmentUnits(p).length > 0);
    const source = chars
      .map((c) => (c === '*' ? '[^\\n]*' : c === '?' ? '[^\\n]' : escapeRegExp(normaliseText(c))))
      .join('');
    return { sequences: pieces.map((p) => toSequence(segmentUnits(p))), pattern: new RegExp(source, 'u') };
  }
  if (phrase) {
    const seq = toSequence(segmentUnits(text, '*?'));
    return { sequences: seq.units.length ? [seq] : [] };
  }
  const parts = text.split(/\s+/).filter(Boolean);
  let sequences = parts.map((p) => toSequence(segmentUnits(p, '*?'))).filter((s) => s.units.length > 0);
  const meaningful = sequences.filter(
    (s) => !(s.units.length === 1 && s.units[0]?.kind === 'word' && isStopWord(s.units[0].text)),
  );
  if (meaningful.length > 0) sequences = meaningful;
  return { sequences };
}

/** A regular expression for a wildcard word (`batter*`, `wom?n`), anchored. */
export function wildcardWordRegExp(word: string): RegExp {
  return new RegExp(
    `^${word
      .split('')
      .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : escapeRegExp(c)))
      .join('')}$`,
    'u',
  );
}

export interface Occurrence {
  /** First and last unit index (inclusive). */
  readonly first: number;
  readonly last: number;
}

/** Every place where a sequence occurs in a text's units. */
export function findSequence(seq: TermSequence, units: readonly TextUnit[]): Occurrence[] {
  const q = seq.units;
  const out: Occurrence[] = [];
  if (q.length === 0) return out;
  const matchers = q.map((u) => (u.isWildcard ? wildcardWordRegExp(u.text) : undefined));
  const stems = q.map((u) => (u.kind === 'word' && !u.isWildcard ? stemWord(u.text) : u.text));
  outer: for (let i = 0; i + q.length <= units.length; i++) {
    for (let k = 0; k < q.length; k++) {
      const qu = q[k] as QueryUnit;
      const du = units[i + k] as TextUnit;
      if (qu.kind !== du.kind) continue outer;
      if (qu.kind === 'cjk') {
        if (du.text !== qu.text) continue outer;
        const prevDoc = units[i + k - 1];
        if (k > 0 && prevDoc) {
          const prevQ = q[k - 1] as QueryUnit;
          const docSameRun = isSameCjkRun(prevDoc, du);
          if (!qu.isRunStart && !docSameRun) continue outer;
          if (qu.isRunStart && prevQ.kind === 'cjk' && docSameRun) continue outer;
        }
        // A CJK run followed by more of the term must end where the text's run ends.
        const nextDoc = units[i + k + 1];
        if (qu.isRunEnd && k < q.length - 1 && nextDoc && isSameCjkRun(du, nextDoc)) continue outer;
      } else {
        const matcher = matchers[k];
        if (matcher ? !matcher.test(du.text) : stemWord(du.text) !== stems[k]) continue outer;
      }
    }
    out.push({ first: i, last: i + q.length - 1 });
  }
  return out;
}

/** Occurrences of a whole term in one field text (AND of its sequences, or its pattern). */
export function findTerm(
  term: AnalysedTerm,
  text: string,
  units: readonly TextUnit[] = segmentUnits(text),
): Occurrence[] | undefined {
  if (term.sequences.length === 0) return undefined;
  if (term.pattern) {
    const normalised = [...text].map((c) => normaliseText(c)).join('');
    if (!term.pattern.test(normalised)) return undefined;
  }
  const all: Occurrence[] = [];
  for (const seq of term.sequences) {
    const found = findSequence(seq, units);
    if (found.length === 0) return undefined;
    all.push(...found);
  }
  return all;
}
