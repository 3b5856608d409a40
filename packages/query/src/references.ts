import type { HistoryRefNode, QueryNode, SemanticNode } from './ast.js';
import { makeAnd, makeOr } from './parser.js';

/** Every `#n` of an expression, in reading order. */
export function historyReferences(ast: QueryNode): HistoryRefNode[] {
  switch (ast.kind) {
    case 'HistoryRef':
      return [ast];
    case 'And':
    case 'Or':
      return ast.children.flatMap(historyReferences);
    case 'Not':
      return historyReferences(ast.child);
    default:
      return [];
  }
}

/**
 * The expression with every `#n` replaced by `replace(#n)` (the search it stands for). And/Or are
 * flattened again, so `#1 AND #2` with two ANDs reads as one And. Unchanged subtrees are kept.
 */
export function replaceReferences(ast: QueryNode, replace: (ref: HistoryRefNode) => QueryNode): QueryNode {
  switch (ast.kind) {
    case 'HistoryRef':
      return replace(ast);
    case 'And':
      return makeAnd(ast.children.map((child) => replaceReferences(child, replace)));
    case 'Or':
      return makeOr(ast.children.map((child) => replaceReferences(child, replace)));
    case 'Not':
      return { ...ast, child: replaceReferences(ast.child, replace) };
    default:
      return ast;
  }
}

/** Every `SEM=(…)` of an expression, in reading order (issue 48). */
export function semanticClauses(ast: QueryNode): SemanticNode[] {
  switch (ast.kind) {
    case 'Semantic':
      return [ast];
    case 'And':
    case 'Or':
      return ast.children.flatMap(semanticClauses);
    case 'Not':
      return semanticClauses(ast.child);
    default:
      return [];
  }
}

/** The expression with every `SEM=(…)` replaced by `replace(clause)` (the set it stands for); And/Or flattened again. */
export function replaceSemanticClauses(ast: QueryNode, replace: (clause: SemanticNode) => QueryNode): QueryNode {
  switch (ast.kind) {
    case 'Semantic':
      return replace(ast);
    case 'And':
      return makeAnd(ast.children.map((child) => replaceSemanticClauses(child, replace)));
    case 'Or':
      return makeOr(ast.children.map((child) => replaceSemanticClauses(child, replace)));
    case 'Not':
      return { ...ast, child: replaceSemanticClauses(ast.child, replace) };
    default:
      return ast;
  }
}
