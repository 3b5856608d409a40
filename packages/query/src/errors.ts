import type { Span } from './ast.js';

/**
 * Error codes of the search-expression language. Stable: never renamed (the contracts package
 * holds their zh/en text in QUERY_MESSAGES, keyed by these codes).
 */
export const QUERY_ERROR_CODES = [
  /** Longer than MAX_EXPRESSION_LENGTH (spec 1 §9). Span: the part beyond the limit. */
  'QUERY_TOO_LONG',
  /** Nothing but whitespace. */
  'QUERY_EMPTY',
  /** A `(` without its `)` or the reverse (spec 1 §5: "Parentheses must balance"). */
  'QUERY_UNBALANCED_PARENS',
  /** A `"` (or `“`) without its closing quote. */
  'QUERY_UNCLOSED_QUOTE',
  /** A token where the grammar does not allow it, e.g. `a OR OR b`, a stray `]`. */
  'QUERY_UNEXPECTED_TOKEN',
  /** An operator, field or `(` with nothing after it: `a AND`, `TI=`. */
  'QUERY_MISSING_OPERAND',
  /** `XX=…` where XX is not a field code or alias. */
  'QUERY_UNKNOWN_FIELD',
  /** The field's type does not accept the operator: a range on TI, proximity on PA, a phrase on IPC. */
  'QUERY_FIELD_OPERATOR',
  /** A value on a date field that is not YYYY, YYYYMM, YYYYMMDD, YYYY-MM-DD or YYYY.MM.DD, or not a real day. */
  'QUERY_BAD_DATE',
  /** A value on a number field (PV, FAMN, CITN…) that is not a number. */
  'QUERY_BAD_NUMBER',
  /** A range whose lower bound is above its upper bound, or with both ends open. */
  'QUERY_BAD_RANGE',
  /** A proximity distance outside MIN_PROXIMITY_DISTANCE..MAX_PROXIMITY_DISTANCE. */
  'QUERY_BAD_DISTANCE',
  /** A proximity operator with something other than a term or phrase on one side (`(a OR b) W/3 c`, chains). */
  'QUERY_PROXIMITY_OPERAND',
  /** The two sides of a proximity operator are in different fields (`TI=a W/3 AB=b`). */
  'QUERY_PROXIMITY_FIELDS',
  /** Fewer than the minimum characters (spec 1 §5): a lone `*`, `a*`, a single Latin letter in a text field. */
  'QUERY_TERM_TOO_SHORT',
  /** A term or phrase with no letter, digit or CJK character (spec 1 §8: "no valid text information"). */
  'QUERY_NO_VALID_TEXT',
  /** More than MAX_QUERY_TERMS terms (spec 1 §8: "adjust logic complexity"). */
  'QUERY_TOO_COMPLEX',
  /** Parentheses/NOT nested deeper than MAX_QUERY_DEPTH (spec 1 §8: "remove unneeded parentheses/NOT"). */
  'QUERY_TOO_DEEP',
  /** More than MAX_QUERY_PROXIMITY proximity operators; span: the first one beyond the limit. */
  'QUERY_TOO_MANY_PROXIMITY',
  /**
   * The truncations expand to more than MAX_WILDCARD_EXPANSIONS words in all. Found by the engine
   * (it knows the indexed words); span: the truncated term at which the total passes the limit.
   */
  'QUERY_TOO_MANY_EXPANSIONS',
  /** A history reference inside a field group: `TI=(#3)`. */
  'QUERY_REFERENCE_IN_FIELD',
  /** `#n` names no search-history entry of the user (never recorded, deleted, or no account). Found by the server. */
  'QUERY_REFERENCE_NOT_FOUND',
  /** `#n` leads back to itself through the entries it references (an imported entry can). Found by the server. */
  'QUERY_REFERENCE_CYCLE',
  /** `#n` is an entry whose search cannot be written as an expression (semantic, inexact filter); `reason` says why. */
  'QUERY_REFERENCE_UNUSABLE',
  /** `#n` where only a plain expression is taken (an analysis or dashboard call). Found by the server. */
  'QUERY_REFERENCE_UNSUPPORTED',
  /** `PA=@组名` names no applicant group of the user (own or shared with them and accepted). Found by the server. */
  'QUERY_APPLICANT_GROUP_NOT_FOUND',
  /** `PA-LISTED` while no company information file has been imported (docs/company-fields.md). Found by the server. */
  'QUERY_COMPANY_INFO_MISSING',
  /** `PA-LISTED` with a value other than 是/否 (yes/no, listed/unlisted). Found by the server. */
  'QUERY_LISTED_VALUE',
  /** `SEM/N=(…)` with N outside MIN_SEMANTIC_TOP..MAX_SEMANTIC_TOP. */
  'QUERY_SEMANTIC_TOP',
  /** `SEM=(…)` with a text shorter than MIN_SEMANTIC_CLAUSE_CHARS or without a letter, digit or CJK character. */
  'QUERY_SEMANTIC_TEXT',
  /** `SEM=(…)` where the call cannot rank by meaning (a dashboard, a special topic's count). Found by the server. */
  'QUERY_SEMANTIC_UNSUPPORTED',
] as const;

export type QueryErrorCode = (typeof QUERY_ERROR_CODES)[number];

/** Values that fill the `{name}` placeholders of the message; `col` is added by the formatter from the span. */
export type QueryErrorParams = Readonly<Record<string, string | number>>;

/** One problem in an expression: what (code + params) and where (span, 0-based offsets, end exclusive). */
export interface QueryError {
  readonly code: QueryErrorCode;
  readonly span: Span;
  readonly params: QueryErrorParams;
}

export function queryError(code: QueryErrorCode, span: Span, params: QueryErrorParams = {}): QueryError {
  return { code, span: { start: span.start, end: span.end }, params };
}

/** 1-based column of an error, as the messages show it. */
export function errorColumn(error: QueryError): number {
  return error.span.start + 1;
}
