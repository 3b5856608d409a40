import type { EditorToken } from '@patlas/query';

/** The search term under the caret, for the nearest-term suggestions. */
export interface TermAtCaret {
  /** The term as searched (a phrase without its quotes). */
  term: string;
  /** Its place in the text (the phrase's quotes included). */
  start: number;
  end: number;
  /** Inside a parenthesised group (`TI=(a OR b)`): a near term joins the group; otherwise one is made. */
  inGroup: boolean;
}

/**
 * The term or phrase the caret is in or just after, when it is worth asking for near terms: two
 * characters or more, no wildcard, and words rather than a number, a date or a range value
 * (`PD>=2020`, `CN107274400A`, `G06F3/01`), which have no near terms.
 */
export function termAtCaret(tokens: readonly EditorToken[], caret: number): TermAtCaret | undefined {
  const index = tokens.findIndex(
    (t) => (t.kind === 'term' || t.kind === 'phrase') && t.start <= caret && caret <= t.end,
  );
  const token = tokens[index];
  if (!token) return undefined;
  const term = token.kind === 'phrase' ? token.text.replace(/^["“”]|["“”]$/g, '') : token.text;
  if (term.trim().length < 2 || /[*?？#]/.test(term)) return undefined;
  if (!/\p{L}/u.test(term) || /\d{4,}/.test(term) || /^[A-H]\d{2}[A-Z]\d*(\/\d*)?$/i.test(term)) return undefined;
  // Inside a group: an unclosed "(" before the term.
  let depth = 0;
  for (let i = index - 1; i >= 0; i--) {
    const t = tokens[i] as EditorToken;
    if (t.kind !== 'paren') continue;
    if (t.text === ')' || t.text === '）') depth++;
    else if (depth === 0) return { term: term.trim(), start: token.start, end: token.end, inGroup: true };
    else depth--;
  }
  return { term: term.trim(), start: token.start, end: token.end, inGroup: false };
}

/** A near term as an operand: quoted when it holds a space, a parenthesis or a quote. */
function operand(term: string): string {
  return /[\s()（）"“”=]/.test(term) ? `"${term.replace(/"/g, '')}"` : term;
}

/**
 * The expression with a near term added to the term at the caret: `a` becomes `(a OR near)`, and
 * in a group `(a OR b)` the term is followed by ` OR near`. Answers the new text and the caret after the addition.
 */
export function addNearTerm(value: string, at: TermAtCaret, near: string): { value: string; caret: number } {
  const original = value.slice(at.start, at.end);
  const inserted = at.inGroup ? `${original} OR ${operand(near)}` : `(${original} OR ${operand(near)})`;
  return {
    value: `${value.slice(0, at.start)}${inserted}${value.slice(at.end)}`,
    caret: at.start + inserted.length,
  };
}
