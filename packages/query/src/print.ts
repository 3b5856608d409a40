/**
 * Printers. `printExpression` writes the canonical text of an AST: parsing it again gives the
 * same AST (spans aside). `debugPrint` writes a compact one-line form for tests:
 * `AND[TI:电池, TI:正极]`.
 */
import type { NearNode, QueryNode, RangeNode, SemanticNode, TermNode } from './ast.js';
import { keywordOf, normaliseExpression, proximityOf } from './lexer.js';
import { DEFAULT_SEMANTIC_TOP } from './limits.js';
import { describeProximityOperator } from './validate.js';

/** Characters that cannot appear in an unquoted term. */
const UNSAFE_IN_WORD = /[\s()[\]{}"=:<>&|]/;

/** True when the value can be written without quotes and reads back as the same single term. */
export function isBareTerm(value: string): boolean {
  if (value === '' || UNSAFE_IN_WORD.test(value)) return false;
  if (normaliseExpression(value) !== value) return false;
  if (keywordOf(value)) return false;
  // S / P / 同句 / 同段 read as terms wherever an operand is expected; W/5 never does.
  return proximityOf(value)?.unit !== 'word';
}

function printValue(term: TermNode): string {
  return term.phrase || !isBareTerm(term.value) ? `"${term.value}"` : term.value;
}

/** The field shared by every leaf of the subtree, when all leaves are terms/proximity in one named field. */
function sharedField(node: QueryNode): string | null {
  switch (node.kind) {
    case 'Term':
    case 'Near':
      return node.field;
    case 'Range':
    case 'HistoryRef':
    case 'Semantic':
      return null;
    case 'Not':
      return sharedField(node.child);
    case 'And':
    case 'Or': {
      let field: string | null = null;
      for (const child of node.children) {
        const childField = sharedField(child);
        if (childField === null || (field !== null && childField !== field)) return null;
        field = childField;
      }
      return field;
    }
  }
}

/** True when every `)` of the text closes a `(` before it and none is left open: it reads back inside `( … )`. */
function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** `SEM=(text)`, `SEM/500=(text)`; a text with unbalanced parentheses is quoted instead (its own quotes dropped). */
export function printSemantic(node: Pick<SemanticNode, 'text' | 'top'>): string {
  const field = node.top === DEFAULT_SEMANTIC_TOP ? 'SEM' : `SEM/${node.top}`;
  return balanced(node.text) ? `${field}=(${node.text})` : `${field}="${node.text.replace(/"/g, ' ')}"`;
}

function printRange(node: RangeNode): string {
  const { field, from, to } = node;
  if (from !== undefined && to !== undefined) {
    if (from === to && node.includeFrom && node.includeTo) return `${field}=${from}`;
    return `${field}=${node.includeFrom ? '[' : '{'}${from} TO ${to}${node.includeTo ? ']' : '}'}`;
  }
  if (from !== undefined) return `${field}${node.includeFrom ? '>=' : '>'}${from}`;
  if (to !== undefined) return `${field}${node.includeTo ? '<=' : '<'}${to}`;
  return `${field}=[* TO *]`;
}

interface Printed {
  readonly text: string;
  /** How loosely the text binds: a 'unary' text is safe as an operand of NOT and AND, an 'and' text only of OR. */
  readonly level: 'unary' | 'and' | 'or';
}

/** Prints `node`; `context` is the field of an enclosing `F=( … )` group, whose terms are written without their field. */
function printNode(node: QueryNode, context: string | null): Printed {
  switch (node.kind) {
    case 'Term': {
      const value = printValue(node);
      const text = node.field === null || node.field === context ? value : `${node.field}=${value}`;
      return { text, level: 'unary' };
    }
    case 'Range':
      return { text: printRange(node), level: 'unary' };
    case 'HistoryRef':
      return { text: `#${node.no}`, level: 'unary' };
    case 'Semantic':
      return { text: printSemantic(node), level: 'unary' };
    case 'Near': {
      const inner = `${printValue(node.left)} ${describeProximityOperator(node)} ${printValue(node.right)}`;
      const text = node.field === null || node.field === context ? inner : `${node.field}=(${inner})`;
      return { text, level: 'unary' };
    }
    case 'Not': {
      const child = printNode(node.child, context);
      return { text: `NOT ${child.level === 'unary' ? child.text : `(${child.text})`}`, level: 'unary' };
    }
    case 'And':
    case 'Or': {
      if (context === null) {
        const field = sharedField(node);
        if (field !== null) return { text: `${field}=(${printNode(node, field).text})`, level: 'unary' };
      }
      const separator = node.kind === 'And' ? ' AND ' : ' OR ';
      const parts = node.children.map((child) => {
        const printed = printNode(child, context);
        // OR binds loosest, so only an OR inside an AND needs parentheses.
        return node.kind === 'And' && printed.level === 'or' ? `(${printed.text})` : printed.text;
      });
      return { text: parts.join(separator), level: node.kind === 'And' ? 'and' : 'or' };
    }
  }
}

/**
 * Prints the canonical text of an expression: field codes by id, `AND`/`OR`/`NOT` in capitals,
 * explicit AND, minimal parentheses, terms sharing a field grouped as `TI=(a OR b)`.
 * `parseExpression(printExpression(ast))` gives `ast` back (spans aside).
 */
export function printExpression(ast: QueryNode): string {
  return printNode(ast, null).text;
}

function debugTerm(term: TermNode): string {
  const value = term.phrase ? `"${term.value}"` : term.value;
  return term.field === null ? value : `${term.field}:${value}`;
}

function debugNear(node: NearNode): string {
  return `${describeProximityOperator(node)}[${debugTerm(node.left)}, ${debugTerm(node.right)}]`;
}

function debugRange(node: RangeNode): string {
  const { field, from, to } = node;
  if (from !== undefined && to !== undefined) {
    if (from === to && node.includeFrom && node.includeTo) return `${field}:${from}`;
    return `${field}:${node.includeFrom ? '[' : '{'}${from}..${to}${node.includeTo ? ']' : '}'}`;
  }
  if (from !== undefined) return `${field}${node.includeFrom ? '>=' : '>'}${from}`;
  if (to !== undefined) return `${field}${node.includeTo ? '<=' : '<'}${to}`;
  return `${field}:[*..*]`;
}

/** A compact one-line form for tests and logs: `AND[TI:电池, OR[PA:宁德时代, W/5[a, b]], NOT[AD>=2018]]`. */
export function debugPrint(ast: QueryNode): string {
  switch (ast.kind) {
    case 'Term':
      return debugTerm(ast);
    case 'Range':
      return debugRange(ast);
    case 'Near':
      return debugNear(ast);
    case 'HistoryRef':
      return `#${ast.no}`;
    case 'Semantic':
      return `SEM/${ast.top}:«${ast.text}»`;
    case 'Not':
      return `NOT[${debugPrint(ast.child)}]`;
    case 'And':
    case 'Or':
      return `${ast.kind.toUpperCase()}[${ast.children.map(debugPrint).join(', ')}]`;
  }
}

/** A deep copy without `span` properties, to compare ASTs by meaning. */
export function stripSpans(ast: QueryNode): unknown {
  return JSON.parse(JSON.stringify(ast, (key, value: unknown) => (key === 'span' ? undefined : value))) as unknown;
}
