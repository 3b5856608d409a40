/**
 * @patlas/query — the search-expression language: lexer, parser, validation, printers and the
 * field dictionary. Depends on nothing, so the web editor and the server share it.
 */
import type { QueryNode } from './ast.js';
import { queryError, type QueryError } from './errors.js';
import { lex } from './lexer.js';
import { MAX_EXPRESSION_LENGTH } from './limits.js';
import { parseTokens } from './parser.js';
import { validateQuery } from './validate.js';

export * from './ast.js';
export {
  QUERY_ERROR_CODES,
  errorColumn,
  type QueryError,
  type QueryErrorCode,
  type QueryErrorParams,
} from './errors.js';
export {
  FIELDS,
  DEFAULT_TEXT_FIELD,
  findField,
  getFieldById,
  semanticFieldOf,
  SEMANTIC_FIELD_ID,
  type FieldDef,
  type FieldGroup,
  type FieldOperator,
  type FieldType,
} from './fields.js';
export * from './limits.js';
export { tokenize, type EditorToken, type EditorTokenKind } from './tokenize.js';
export { printExpression, printSemantic, debugPrint, stripSpans, isBareTerm } from './print.js';
export { applyLeadingNotRule, beginsWithNot, matchAllTerm } from './leading-not-rule.js';
export { normaliseDate, normaliseNumber, validateQuery } from './validate.js';
export { makeAnd, makeOr } from './parser.js';
export { referenceOf } from './lexer.js';
export { historyReferences, replaceReferences, semanticClauses, replaceSemanticClauses } from './references.js';
export { findProximityExcess } from './cost.js';

export type ParseExpressionResult =
  { readonly ok: true; readonly ast: QueryNode } | { readonly ok: false; readonly errors: readonly QueryError[] };

/**
 * Parses and validates a search expression: lexer → parser → validation. Never throws.
 *
 * @returns the normalised AST (field ids canonical, dates YYYY/YYYYMM/YYYYMMDD, `AD=2018` as a
 *   range), or every error found, ordered by position. Syntax errors stop at the first one;
 *   unknown fields and validation errors are all collected.
 */
export function parseExpression(text: string): ParseExpressionResult {
  if (text.length > MAX_EXPRESSION_LENGTH) {
    const error = queryError(
      'QUERY_TOO_LONG',
      { start: MAX_EXPRESSION_LENGTH, end: text.length },
      { max: MAX_EXPRESSION_LENGTH, length: text.length },
    );
    return { ok: false, errors: [error] };
  }
  const lexed = lex(text);
  if (lexed.errors.length > 0) return { ok: false, errors: lexed.errors };
  const parsed = parseTokens(lexed.tokens);
  if (!parsed.ast) return { ok: false, errors: parsed.errors };
  const validated = validateQuery(parsed.ast);
  const errors = [...parsed.errors, ...validated.errors].sort((a, b) => a.span.start - b.span.start);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, ast: validated.ast };
}

/** One line per error, `CODE start:end «text»`, for snapshot-style tests and logs. */
export function debugErrors(text: string, errors: readonly QueryError[]): string {
  return errors
    .map((e) => `${e.code} ${e.span.start}:${e.span.end} «${text.slice(e.span.start, e.span.end)}»`)
    .join('\n');
}
export {
  FOREIGN_SYSTEMS,
  type ForeignChange,
  type ForeignSystem,
  type ForeignTranslation,
  type ForeignUnsupported,
} from './foreign/core.js';
export { detectForeignSyntax, translateForeign } from './foreign/detect.js';
