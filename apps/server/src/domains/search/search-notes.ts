import {
  numbersExpression,
  recognisePatentNumber,
  type NumberTermsNote,
  type PhraseTermsNote,
} from '@patlas/contracts';
import { getFieldById, makeAnd, parseExpression, printExpression, type QueryNode, type RangeNode } from '@patlas/query';

/**
 * What the result page tells about an expression besides its hits (issue 14): words searched as
 * text that are patent numbers, and the date and number conditions that drop records lacking the
 * field. Pure functions over the expression text and the AST the search parsed it to (issue 42:
 * an expression is parsed once per request); the service does the counting.
 */

function termsOf(node: QueryNode, out: Extract<QueryNode, { kind: 'Term' }>[] = []) {
  if (node.kind === 'Term') out.push(node);
  else if (node.kind === 'And' || node.kind === 'Or') for (const child of node.children) termsOf(child, out);
  else if (node.kind === 'Not') termsOf(node.child, out);
  return out;
}

/**
 * Words of the default text field that read as patent or application numbers, mixed into other
 * words, and the expression searching them as numbers: each such word replaced by its condition
 * (`电池 CN215644798U` → `电池 PN=CN215644798U`). A box that is only numbers is searched as
 * numbers already (issue 43: `codeSearchOf`), so it has no such word left.
 */
export function numberTermsNote(expression: string, written: QueryNode): NumberTermsNote | undefined {
  const found = termsOf(written)
    .filter((term) => term.field === null)
    .flatMap((term) => {
      const number = recognisePatentNumber(term.value);
      return number ? [{ term, condition: numbersExpression([number]) }] : [];
    });
  if (found.length === 0) return undefined;
  let rewritten = expression;
  for (const { term, condition } of [...found].sort((a, b) => b.term.span.start - a.term.span.start)) {
    rewritten = rewritten.slice(0, term.span.start) + condition + rewritten.slice(term.span.end);
  }
  return { terms: found.map((f) => f.term.value), searchExpre: rewritten };
}

/** A run of Chinese characters only (no space, no wildcard, no Latin letter or digit). */
const CHINESE_RUN = /^\p{Script=Han}{4,}$/u;

/**
 * Issue 43: unquoted Chinese runs written without spaces in a text field (or the default one),
 * which the engine matches as exact phrases (虚拟现实头戴显示设备), and the search with each run
 * split into its words (`segment`: the engine's jieba) — `(虚拟现实 头戴 显示 设备)`, the
 * parentheses left out when the run is the whole expression. Undefined when no run splits into
 * two words or more, or when the split search would not parse.
 */
export function phraseTermsNote(
  expression: string,
  written: QueryNode,
  segment: (text: string) => string[],
): PhraseTermsNote | undefined {
  const found = termsOf(written)
    .filter((term) => !term.phrase && CHINESE_RUN.test(term.value))
    .filter((term) => term.field === null || getFieldById(term.field)?.type === 'text')
    .flatMap((term) => {
      const words = wordsOf(segment(term.value));
      return words.length >= 2 ? [{ term, words }] : [];
    });
  if (found.length === 0) return undefined;
  const isWhole = (span: { start: number; end: number }) =>
    expression.slice(0, span.start).trim() === '' && expression.slice(span.end).trim() === '';
  let rewritten = expression;
  for (const { term, words } of [...found].sort((a, b) => b.term.span.start - a.term.span.start)) {
    const split = isWhole(term.span) ? words.join(' ') : `(${words.join(' ')})`;
    rewritten = rewritten.slice(0, term.span.start) + split + rewritten.slice(term.span.end);
  }
  if (!parseExpression(rewritten).ok) return undefined;
  return { terms: found.map((f) => f.term.value), words: found.map((f) => f.words), searchExpre: rewritten };
}

/** Words of a segmented run, a one-character word joined to the word before it (查询 的 → 查询的): a term needs two characters. */
function wordsOf(segmented: readonly string[]): string[] {
  const words: string[] = [];
  for (const word of segmented) {
    const last = words.length - 1;
    if (word.length < 2 && last >= 0) words[last] += word;
    else if (last >= 0 && words[last]!.length < 2) words[last] += word;
    else words.push(word);
  }
  return words;
}

/** The date or number conditions on one field ANDed at the top of an expression, and the expression without them. */
export interface TopRangeCondition {
  field: string;
  nodes: RangeNode[];
  /** The expression without these conditions, as the user wrote the rest when possible; '' when nothing is left. */
  rest: string;
  /** The AST without these conditions (as written: `#n` kept); undefined when nothing is left. */
  remaining: QueryNode | undefined;
}

const TRAILING_AND = /\s*(?:\bAND\b|&&?|与)\s*$/i;
const LEADING_AND = /^\s*(?:\bAND\b|&&?|与)\s*/i;

/**
 * The expression without the top-level conjuncts `nodes`: their text cut out with the AND beside
 * each, kept when it parses to the same search as `expected` (the AST without them); otherwise
 * `expected` printed. That check parses the cut text (not the expression: the search parsed it).
 */
function textWithout(expression: string, nodes: readonly QueryNode[], expected: QueryNode): string {
  let text = expression;
  for (const node of [...nodes].sort((a, b) => b.span.start - a.span.start)) {
    let before = text.slice(0, node.span.start);
    let after = text.slice(node.span.end);
    if (TRAILING_AND.test(before)) before = before.replace(TRAILING_AND, ' ');
    else after = after.replace(LEADING_AND, ' ');
    text = `${before}${after}`;
  }
  const candidate = text.replace(/\s+/g, ' ').trim();
  const reparsed = parseExpression(candidate);
  const wanted = printExpression(expected);
  return reparsed.ok && printExpression(reparsed.ast) === wanted ? candidate : wanted;
}

/**
 * The date and number comparisons ANDed at the top of an expression (`TI=(电池 AND 正极) AND PD>=2020`),
 * grouped by field: records without the field can never match them. Conditions under OR or NOT do
 * not drop such records by themselves. `written`: the expression's AST as parsed (before the
 * leading-NOT rule, `#n` kept).
 */
export function topRangeConditions(expression: string, written: QueryNode): TopRangeCondition[] {
  const children = written.kind === 'And' ? written.children : [written];
  const fields = [...new Set(children.flatMap((child) => (child.kind === 'Range' ? [child.field] : [])))];
  return fields.map((field) => {
    const nodes = children.filter((child): child is RangeNode => child.kind === 'Range' && child.field === field);
    const others = children.filter((child) => !(child.kind === 'Range' && child.field === field));
    const remaining = others.length === 0 ? undefined : makeAnd(others);
    const rest = remaining ? textWithout(expression, nodes, remaining) : '';
    return { field, nodes, rest, remaining };
  });
}

/** Matches the records whose number in `field` is `min` or more. */
export function atLeast(field: string, min: number): QueryNode {
  return { kind: 'Range', field, from: String(min), includeFrom: true, includeTo: true, span: { start: 0, end: 0 } };
}

/** Matches the records without a value in `field` (no date, no count). */
export function lacksField(field: string): QueryNode {
  const span = { start: 0, end: 0 };
  const has: RangeNode = { kind: 'Range', field, includeFrom: true, includeTo: true, span };
  return { kind: 'Not', child: has, span };
}

/** The conditions as the canonical printer writes them (PD>=2020 AND PD<=2022). */
export function printConditions(nodes: readonly RangeNode[]): string {
  return printExpression(makeAnd(nodes));
}
