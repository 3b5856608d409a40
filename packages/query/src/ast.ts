/**
 * The typed AST of a search expression. Nodes are plain, readonly, discriminated by `kind`;
 * every node keeps the span of the text it came from (0-based, end exclusive) so errors and
 * the editor can point at it.
 *
 * Field scoping is resolved by the parser: `TI=(a OR b)` yields two Term leaves whose `field`
 * is the canonical field id of TI. `field: null` means "no field given": the text field
 * (spec 1 §5: "A simple term without an operator is wrapped as a search expression over the
 * text field"), which back ends resolve to title+abstract+claims (TIABC) by default.
 */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A word, phrase or symbol searched in one field (or the default text field). */
export interface TermNode {
  readonly kind: 'Term';
  /** Canonical field id from the field dictionary (fields.ts), e.g. 'TI', 'PA', 'IPC'; null = default text field. */
  readonly field: string | null;
  /** The term as the user wrote it, without quotes; may contain `*` and `?` wildcards. */
  readonly value: string;
  /** Written in quotes: match the exact sequence. */
  readonly phrase: boolean;
  readonly span: Span;
}

/** A comparison or range on a date or number field: `AD>=2018`, `AD=[20180101 TO 20201231]`. */
export interface RangeNode {
  readonly kind: 'Range';
  readonly field: string;
  /** Lower bound as written (normalised: dates YYYYMMDD / YYYYMM / YYYY), absent = open. */
  readonly from?: string;
  readonly to?: string;
  readonly includeFrom: boolean;
  readonly includeTo: boolean;
  readonly span: Span;
}

/**
 * Proximity: `a W/5 b` (ordered, b within 5 words after a), `a N/5 b` / `a NEAR/5 b` (either order),
 * `a S b` (same sentence), `a P b` (same paragraph).
 */
export interface NearNode {
  readonly kind: 'Near';
  readonly field: string | null;
  readonly left: TermNode;
  readonly right: TermNode;
  readonly ordered: boolean;
  readonly unit: 'word' | 'sentence' | 'paragraph';
  /** Maximum distance in words for unit 'word'; absent for sentence and paragraph. */
  readonly distance?: number;
  readonly span: Span;
}

export interface AndNode {
  readonly kind: 'And';
  readonly children: readonly QueryNode[];
  readonly span: Span;
}

export interface OrNode {
  readonly kind: 'Or';
  readonly children: readonly QueryNode[];
  readonly span: Span;
}

/** `a NOT b` parses as And[a, Not[b]]; a leading NOT stands alone. */
export interface NotNode {
  readonly kind: 'Not';
  readonly child: QueryNode;
  readonly span: Span;
}

/**
 * `#3`: the user's search-history entry number 3 (the number the history page shows), as incoPat
 * and CNIPA users combine earlier searches (`#3 AND #5`). It stands for that entry's whole search;
 * the server replaces it by that search before anything runs, so back ends never see one.
 */
export interface HistoryRefNode {
  readonly kind: 'HistoryRef';
  /** The entry's number for its user (`no`), 1 or more. */
  readonly no: number;
  readonly span: Span;
}

/**
 * `SEM=(a paragraph of text)` (issue 48): the `top` patents most similar in meaning to the text, as
 * a set that combines like any other condition (`SEM=(…) AND PA=歌尔`). `SEM/500=(…)` sets `top`
 * (default DEFAULT_SEMANTIC_TOP). The server resolves it (`members`) before anything runs.
 */
export interface SemanticNode {
  readonly kind: 'Semantic';
  readonly field: 'SEM';
  /** The text as written inside the parentheses (or quotes), trimmed. */
  readonly text: string;
  /** How many of the most similar patents the set holds. */
  readonly top: number;
  /**
   * Set by the server when it resolves the clause: the publication numbers of the set, most similar
   * first (at most `top`). A back end runs only a resolved clause; the printers ignore it.
   */
  readonly members?: readonly string[];
  readonly span: Span;
}

export type QueryNode = TermNode | RangeNode | NearNode | AndNode | OrNode | NotNode | HistoryRefNode | SemanticNode;
