import { makeOr, parseExpression, printExpression, type QueryNode, type Span } from '@patlas/query';
import { termOf } from './KeywordExtract';

/** A clause of an expression as the recall check names it: where it is and its field. */
export interface ClauseRef {
  span: Span;
  field: string | null;
}

/** Text put into the expression at a place of its text before the edit. */
export interface Insertion {
  at: number;
  text: string;
}

export interface ClauseEdit {
  value: string;
  insertions: Insertion[];
  /** Where the widened clause (the OR the term joined) is in the new text. */
  clauseSpan: Span;
}

function applyInsertions(text: string, insertions: readonly Insertion[]): string {
  let out = text;
  for (const { at, text: inserted } of [...insertions].sort((a, b) => b.at - a.at)) {
    out = `${out.slice(0, at)}${inserted}${out.slice(at)}`;
  }
  return out;
}

/** Where a place of the text before the insertions is after them (text inserted at the place comes before it). */
function shiftedPosition(position: number, insertions: readonly Insertion[]): number {
  return position + insertions.filter((i) => i.at <= position).reduce((sum, i) => sum + i.text.length, 0);
}

/** A node and its parent, in document order. */
function* walk(node: QueryNode, parent?: QueryNode): Generator<{ node: QueryNode; parent: QueryNode | undefined }> {
  yield { node, parent };
  if (node.kind === 'And' || node.kind === 'Or') for (const child of node.children) yield* walk(child, node);
  else if (node.kind === 'Not') yield* walk(node.child, node);
}

/** The AST with one node replaced (by identity). */
function replaceNode(node: QueryNode, target: QueryNode, by: QueryNode): QueryNode {
  if (node === target) return by;
  if (node.kind === 'And' || node.kind === 'Or') {
    return { ...node, children: node.children.map((c) => replaceNode(c, target, by)) };
  }
  if (node.kind === 'Not') return { ...node, child: replaceNode(node.child, target, by) };
  return node;
}

/** An OR's alternatives as printed (a node that is no OR is its own one alternative). */
function alternatives(node: QueryNode): Set<string> {
  return new Set((node.kind === 'Or' ? node.children : [node]).map(printExpression));
}

/**
 * The expression with `term` ORed into the clause at `clause.span` (issue 48 item 4's "Add to
 * clause"): a group `TI=(a OR b)` becomes `TI=(a OR b OR term)`, a single term `AB=a` becomes
 * `AB=(a OR term)`, the field written before the term where the place does not give it. Each way
 * is parsed back and kept only if the rest of the expression is unchanged and the term joined the
 * clause's OR in the clause's field. Undefined when no way does (the clause is no longer there).
 */
export function addTermToClause(expression: string, clause: ClauseRef, term: string): ClauseEdit | undefined {
  const original = parseExpression(expression);
  if (!original.ok) return undefined;
  const target = [...walk(original.ast)].find(
    ({ node }) => node.span.start === clause.span.start && node.span.end === clause.span.end,
  )?.node;
  if (!target || target.kind === 'Not' || target.kind === 'Range' || target.kind === 'HistoryRef') return undefined;
  const { start, end } = clause.span;
  const bare = termOf(term);
  const operands = clause.field === null ? [bare] : [bare, `${clause.field}=${bare}`];
  // Where the term itself starts in the new text: after " OR " and the field written before it.
  const termAt = (operand: string) => end + ' OR '.length + operand.length - bare.length;
  // Joined to the clause's own OR (a group), else the clause wrapped with it; the bare term first.
  const joined =
    target.kind !== 'Or'
      ? []
      : operands.map((operand) => ({
          insertions: [{ at: end, text: ` OR ${operand}` }],
          at: termAt(operand),
        }));
  const wrapped = operands.map((operand) => ({
    insertions: [
      { at: start, text: '(' },
      { at: end, text: ` OR ${operand})` },
    ],
    at: termAt(operand) + 1,
  }));
  const ways: { insertions: Insertion[]; at: number }[] = [...joined, ...wrapped];
  const wanted = printExpression(original.ast);
  const clauseAlternatives = alternatives(target);
  for (const { insertions, at } of ways) {
    const value = applyInsertions(expression, insertions);
    const parsed = parseExpression(value);
    if (!parsed.ok) continue;
    const added = [...walk(parsed.ast)].find(
      ({ node }) => node.kind === 'Term' && node.span.start === at && node.value === term,
    );
    if (!added || added.node.kind !== 'Term' || added.node.field !== clause.field) continue;
    const or = added.parent;
    if (or?.kind !== 'Or') continue;
    const rest = makeOr(or.children.filter((c) => c !== added.node));
    if (printExpression(replaceNode(parsed.ast, or, rest)) !== wanted) continue;
    const restAlternatives = alternatives(rest);
    if (![...clauseAlternatives].every((a) => restAlternatives.has(a))) continue;
    return { value, insertions, clauseSpan: { start: or.span.start, end: or.span.end } };
  }
  return undefined;
}

/** A span of the text before an edit, in the text after it (another clause's place). */
export function shiftSpan(span: Span, insertions: readonly Insertion[]): Span {
  return { start: shiftedPosition(span.start, insertions), end: shiftedPosition(span.end - 1, insertions) + 1 };
}
