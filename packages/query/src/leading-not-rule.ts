import type { QueryNode, TermNode } from './ast.js';
import { makeAnd, makeOr } from './parser.js';

/**
 * The condition every document meets: "any country/office" (`CC=*`). It stands for the spec's
 * "data-source-is-null condition": something to subtract the NOT from.
 */
export function matchAllTerm(): TermNode {
  return { kind: 'Term', field: 'CC', value: '*', phrase: false, span: { start: 0, end: 0 } };
}

/** True when the expression, read left to right, starts with NOT (`NOT a`, `NOT a AND b`, `(NOT a) OR b`). */
export function beginsWithNot(ast: QueryNode): boolean {
  let node: QueryNode | undefined = ast;
  while (node && (node.kind === 'And' || node.kind === 'Or')) node = node.children[0];
  return node?.kind === 'Not';
}

function prefixLeadingNot(node: QueryNode): QueryNode {
  switch (node.kind) {
    case 'Not':
      return makeAnd([matchAllTerm(), node]);
    case 'And':
    case 'Or': {
      const [first, ...rest] = node.children;
      if (!first) return node;
      const children = [prefixLeadingNot(first), ...rest];
      return node.kind === 'And' ? makeAnd(children) : makeOr(children);
    }
    default:
      return node;
  }
}

/**
 * Spec 1 §5: "A search expression beginning with ' not' is prefixed with a data-source-is-null
 * condition before sending (also for download tasks)." A pure negation has nothing to subtract
 * from, so the leading NOT gets the match-all condition `CC=*` before it, exactly as if the user
 * had typed `CC=* NOT a …`:
 *
 *   NOT a             → And[CC:*, Not[a]]
 *   NOT a AND b       → And[CC:*, Not[a], b]
 *   NOT a OR b        → Or[And[CC:*, Not[a]], b]
 *
 * Expressions that do not begin with NOT are returned unchanged (same object).
 */
export function applyLeadingNotRule(ast: QueryNode): QueryNode {
  return beginsWithNot(ast) ? prefixLeadingNot(ast) : ast;
}
