import {
  numberSearchExpression,
  numbersExpression,
  recognisePatentNumber,
  splitBatchNumbers,
  type NumberTermsNote,
} from '@patlas/contracts';
import { makeAnd, parseExpression, printExpression, type QueryNode, type RangeNode } from '@patlas/query';

/**
 * What the result page tells about an expression besides its hits (issue 14): words searched as
 * text that are patent numbers, and the date and number conditions that drop records lacking the
 * field. Pure functions over the expression text; the service does the counting.
 */

function termsOf(node: QueryNode, out: Extract<QueryNode, { kind: 'Term' }>[] = []) {
  if (node.kind === 'Term') out.push(node);
  else if (node.kind === 'And' || node.kind === 'Or') for (const child of node.children) termsOf(child, out);
  else if (node.kind === 'Not') termsOf(node.child, out);
  return out;
}

/**
 * Words of the default text field that read as patent or application numbers, and the expression
 * searching them as numbers: the whole text as numbers when it is only numbers (as the quick search
 * does), otherwise each such word replaced by its condition (`电池 CN215644798U` → `电池 PN=CN215644798U`).
 */
export function numberTermsNote(expression: string): NumberTermsNote | undefined {
  const whole = numberSearchExpression(expression);
  if (whole) return { terms: splitBatchNumbers(expression), searchExpre: whole };
  const parsed = parseExpression(expression);
  if (!parsed.ok) return undefined;
  const found = termsOf(parsed.ast)
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

/** The date or number conditions on one field ANDed at the top of an expression, and the expression without them. */
export interface TopRangeCondition {
  field: string;
  nodes: RangeNode[];
  /** The expression without these conditions, as the user wrote the rest when possible; '' when nothing is left. */
  rest: string;
}

const TRAILING_AND = /\s*(?:\bAND\b|&&?|与)\s*$/i;
const LEADING_AND = /^\s*(?:\bAND\b|&&?|与)\s*/i;

/**
 * The expression without the top-level conjuncts `nodes`: their text cut out with the AND beside
 * each, kept when it parses to the same search as `expected` (the AST without them); otherwise
 * `expected` printed.
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
 * not drop such records by themselves.
 */
export function topRangeConditions(expression: string): TopRangeCondition[] {
  const parsed = parseExpression(expression);
  if (!parsed.ok) return [];
  const children = parsed.ast.kind === 'And' ? parsed.ast.children : [parsed.ast];
  const fields = [...new Set(children.flatMap((child) => (child.kind === 'Range' ? [child.field] : [])))];
  return fields.map((field) => {
    const nodes = children.filter((child): child is RangeNode => child.kind === 'Range' && child.field === field);
    const others = children.filter((child) => !(child.kind === 'Range' && child.field === field));
    const rest = others.length === 0 ? '' : textWithout(expression, nodes, makeAnd(others));
    return { field, nodes, rest };
  });
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
