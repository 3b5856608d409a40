/**
 * The parser: tokens → AST. Recursive descent, one function per rule.
 *
 * Grammar (EBNF). Keywords are case-insensitive; full-width characters were made half-width by the lexer.
 *
 *   query    = or EOF ;
 *   or       = and { OR and } ;
 *   and      = not { [ AND ] not } ;               (* adjacent operands: implicit AND, as in incoPat *)
 *   not      = unary { NOT unary } ;               (* a NOT b  →  And[a, Not[b]] *)
 *   unary    = NOT unary | near ;                  (* a leading NOT stands alone: Not[b] *)
 *   near     = primary [ PROX primary ] ;          (* both sides terms or phrases, same field; no chains *)
 *   primary  = "(" or ")"
 *            | FIELD ( "=" | ":" ) value
 *            | FIELD COMPARE WORD                  (* AD>=2018 *)
 *            | range                               (* only inside a field group: AD=([2018 TO 2019] OR 2021) *)
 *            | term ;
 *   value    = "(" or ")" | range | term ;         (* the field applies to every term inside the group *)
 *   range    = ( "[" | "{" ) bound TO bound ( "]" | "}" ) ;   (* [ ] inclusive, { } exclusive *)
 *   bound    = WORD | "*" ;                        (* "*" = open end *)
 *   term     = WORD | PHRASE | REF ;              (* REF only outside a field group *)
 *   semantic = SEMFIELD ( "=" | ":" ) ( TEXT | PHRASE | WORD ) ;   (* a primary: SEM=(a paragraph), SEM/500=(…) *)
 *   SEMFIELD = "SEM" [ "/" n ] | its aliases ;     (* n: how many of the most similar patents, default 1000 *)
 *   TEXT     = "(" any text with balanced ( ) ")" ;  (* read by the lexer as one token: its words are not operators *)
 *   OR       = "OR" | "或" | "|" | "||" ;
 *   AND      = "AND" | "与" | "&" | "&&" ;
 *   NOT      = "NOT" | "非" ;
 *   TO       = "TO" | "至" ;
 *   REF      = "#" n ;                           (* #3: the user's search-history entry 3 *)
 *   COMPARE  = ">=" | "<=" | ">" | "<" ;
 *   PROX     = "W/" n | "PRE/" n | "N/" n | "NEAR/" n | "S" | "P" | "同句" | "同段" ;
 *                                                 (* S P 同句 同段 are terms where an operand is expected: KD=S *)
 *
 * Precedence, tightest first: field/parentheses, proximity, NOT, AND (explicit or implicit), OR —
 * the CNIPA and incoPat order "( ) > NOT > AND > OR". Nested And/Or of the same kind are flattened.
 *
 * Field aliases are resolved here (they are words of the language); type checks, dates and lengths
 * are the separate validation pass (validate.ts).
 */
import type {
  AndNode,
  HistoryRefNode,
  NearNode,
  NotNode,
  OrNode,
  QueryNode,
  RangeNode,
  SemanticNode,
  Span,
  TermNode,
} from './ast.js';
import { queryError, type QueryError } from './errors.js';
import { findField, semanticFieldOf, SEMANTIC_FIELD_ID } from './fields.js';
import { referenceOf, type Token } from './lexer.js';
import { DEFAULT_SEMANTIC_TOP, MAX_QUERY_DEPTH } from './limits.js';

export interface ParseResult {
  /** Present when the expression is syntactically valid (there may still be collected errors, e.g. unknown fields). */
  readonly ast?: QueryNode;
  readonly errors: readonly QueryError[];
}

/** Thrown inside the parser to stop at the first syntax error; never escapes `parseTokens`. */
class ParseAbort {
  constructor(readonly error: QueryError) {}
}

function spanOf(first: Span, last: Span): Span {
  return { start: first.start, end: last.end };
}

export function makeAnd(children: readonly QueryNode[]): QueryNode {
  return makeNary('And', children);
}

export function makeOr(children: readonly QueryNode[]): QueryNode {
  return makeNary('Or', children);
}

function makeNary(kind: 'And' | 'Or', children: readonly QueryNode[]): QueryNode {
  const flat: QueryNode[] = [];
  for (const child of children) {
    if (child.kind === kind) flat.push(...child.children);
    else flat.push(child);
  }
  const first = flat[0];
  const last = flat[flat.length - 1];
  if (!first || !last) throw new Error(`${kind} needs children`);
  if (flat.length === 1) return first;
  const node: AndNode | OrNode = { kind, children: flat, span: spanOf(first.span, last.span) };
  return node;
}

/** Reports every parenthesis without its partner (spec 1 §5: "Parentheses must balance"). */
export function checkParentheses(tokens: readonly Token[]): QueryError[] {
  const open: Token[] = [];
  const errors: QueryError[] = [];
  for (const token of tokens) {
    if (token.type === 'lparen') open.push(token);
    else if (token.type === 'rparen') {
      if (!open.pop()) errors.push(queryError('QUERY_UNBALANCED_PARENS', token.span, { paren: ')' }));
    }
  }
  for (const token of open) errors.push(queryError('QUERY_UNBALANCED_PARENS', token.span, { paren: '(' }));
  return errors.sort((a, b) => a.span.start - b.span.start);
}

/** Parses lexed tokens (the last one 'eof'). Never throws. */
export function parseTokens(tokens: readonly Token[]): ParseResult {
  const parenErrors = checkParentheses(tokens);
  if (parenErrors.length > 0) return { errors: parenErrors };
  const parser = new Parser(tokens);
  try {
    const ast = parser.parseQuery();
    return { ast, errors: parser.errors };
  } catch (abort) {
    if (abort instanceof ParseAbort) return { errors: [...parser.errors, abort.error] };
    throw abort;
  }
}

class Parser {
  readonly errors: QueryError[] = [];
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos] ?? this.eof();
  }

  private eof(): Token {
    const last = this.tokens[this.tokens.length - 1];
    return last ?? { type: 'eof', value: '', span: { start: 0, end: 0 } };
  }

  private next(): Token {
    const token = this.peek();
    if (this.pos < this.tokens.length - 1) this.pos++;
    return token;
  }

  private previous(): Token | undefined {
    return this.tokens[this.pos - 1];
  }

  private fail(token: Token): never {
    if (token.type === 'eof' || token.type === 'rparen') {
      // Point at what is waiting for its operand: `AND`, `TI=`, `(`.
      const prev = this.previous();
      const beforePrev = this.tokens[this.pos - 2];
      const isFieldAssign = prev?.type === 'assign' && beforePrev?.type === 'field';
      const span = isFieldAssign ? spanOf(beforePrev.span, prev.span) : (prev?.span ?? token.span);
      const after = isFieldAssign ? `${beforePrev.value}${prev.value}` : (prev?.value ?? '');
      throw new ParseAbort(queryError('QUERY_MISSING_OPERAND', span, { after }));
    }
    // A phrase's value has lost its quotes: name it as written (an empty `""` would read as nothing).
    const written = token.type === 'phrase' ? `"${token.value}"` : token.value;
    throw new ParseAbort(queryError('QUERY_UNEXPECTED_TOKEN', token.span, { token: written }));
  }

  private expect(type: Token['type']): Token {
    const token = this.peek();
    if (token.type !== type) this.fail(token);
    return this.next();
  }

  /** Guards recursion: parentheses, field groups and NOT. */
  private enter(token: Token): void {
    this.depth++;
    if (this.depth > MAX_QUERY_DEPTH) {
      throw new ParseAbort(queryError('QUERY_TOO_DEEP', token.span, { max: MAX_QUERY_DEPTH }));
    }
  }

  private leave(): void {
    this.depth--;
  }

  private startsOperand(token: Token, field: string | null): boolean {
    switch (token.type) {
      case 'word':
      case 'phrase':
      case 'field':
      case 'lparen':
      case 'not':
      case 'ref':
        return true;
      case 'lbracket':
        return field !== null;
      default:
        return false;
    }
  }

  /** query = or EOF */
  parseQuery(): QueryNode {
    const first = this.peek();
    if (first.type === 'eof') throw new ParseAbort(queryError('QUERY_EMPTY', { start: 0, end: first.span.end }));
    const node = this.parseOr(null);
    const rest = this.peek();
    if (rest.type !== 'eof') this.fail(rest);
    return node;
  }

  /** or = and { OR and } */
  private parseOr(field: string | null): QueryNode {
    const children = [this.parseAnd(field)];
    while (this.peek().type === 'or') {
      this.next();
      children.push(this.parseAnd(field));
    }
    return makeOr(children);
  }

  /** and = not { [ AND ] not } */
  private parseAnd(field: string | null): QueryNode {
    const children = [this.parseNot(field)];
    for (;;) {
      const token = this.peek();
      if (token.type === 'and') {
        this.next();
        children.push(this.parseNot(field));
      } else if (this.startsOperand(token, field)) {
        children.push(this.parseNot(field));
      } else break;
    }
    return makeAnd(children);
  }

  /** not = unary { NOT unary } */
  private parseNot(field: string | null): QueryNode {
    const children = [this.parseUnary(field)];
    while (this.peek().type === 'not') {
      const op = this.next();
      const operand = this.parseUnary(field);
      const node: NotNode = { kind: 'Not', child: operand, span: spanOf(op.span, operand.span) };
      children.push(node);
    }
    return makeAnd(children);
  }

  /** unary = NOT unary | near */
  private parseUnary(field: string | null): QueryNode {
    const token = this.peek();
    if (token.type !== 'not') return this.parseNear(field);
    this.next();
    this.enter(token);
    const operand = this.parseUnary(field);
    this.leave();
    const node: NotNode = { kind: 'Not', child: operand, span: spanOf(token.span, operand.span) };
    return node;
  }

  /** near = primary [ PROX primary ] */
  private parseNear(field: string | null): QueryNode {
    const left = this.parsePrimary(field);
    const op = this.peek();
    if (op.type !== 'prox' || !op.prox) return left;
    this.next();
    const right = this.parsePrimary(field);
    const chained = this.peek();
    if (chained.type === 'prox') {
      // `a W/3 b W/3 c`: a NearNode joins two terms; say so rather than "unexpected W/3".
      throw new ParseAbort(queryError('QUERY_PROXIMITY_OPERAND', chained.span, { operator: chained.value }));
    }
    if (left.kind !== 'Term' || right.kind !== 'Term') {
      const bad = left.kind !== 'Term' ? left : right;
      this.errors.push(queryError('QUERY_PROXIMITY_OPERAND', bad.span, { operator: op.value }));
      return makeAnd([left, right]);
    }
    if (left.field !== right.field) {
      this.errors.push(queryError('QUERY_PROXIMITY_FIELDS', op.span, { operator: op.value }));
    }
    const base = {
      kind: 'Near',
      field: left.field,
      left,
      right,
      ordered: op.prox.ordered,
      unit: op.prox.unit,
    } as const;
    const node: NearNode =
      op.prox.distance === undefined
        ? { ...base, span: spanOf(left.span, right.span) }
        : { ...base, distance: op.prox.distance, span: spanOf(left.span, right.span) };
    return node;
  }

  /** primary = "(" or ")" | FIELD ( "=" | ":" ) value | FIELD COMPARE WORD | range | term */
  private parsePrimary(field: string | null): QueryNode {
    const token = this.peek();
    switch (token.type) {
      case 'lparen':
        return this.parseGroup(field);
      case 'field':
        return this.parseFielded();
      case 'lbracket':
        if (field === null) this.fail(token);
        return this.parseRange(field, token.span.start);
      case 'word':
      case 'phrase':
        return this.parseTerm(field);
      case 'ref':
        return this.parseReference(field);
      case 'prox':
        // S, P, 同句, 同段 where an operand is expected are words (KD=S is a kind code).
        if (token.prox?.unit !== 'word') return this.parseTerm(field);
        return this.fail(token);
      default:
        return this.fail(token);
    }
  }

  /** "(" or ")" */
  private parseGroup(field: string | null): QueryNode {
    const open = this.next();
    this.enter(open);
    const node = this.parseOr(field);
    this.expect('rparen');
    this.leave();
    return node;
  }

  /** FIELD ( "=" | ":" ) value | FIELD COMPARE WORD */
  private parseFielded(): QueryNode {
    const fieldToken = this.next();
    const semantic = semanticFieldOf(fieldToken.value);
    if (semantic) return this.parseSemantic(fieldToken, semantic.top);
    const def = findField(fieldToken.value);
    if (!def) this.errors.push(queryError('QUERY_UNKNOWN_FIELD', fieldToken.span, { field: fieldToken.value }));
    const id = def?.id ?? fieldToken.value.toUpperCase();
    const op = this.next();
    if (op.type === 'compare') {
      const value = this.peek();
      if (value.type !== 'word') this.fail(value);
      this.next();
      return this.makeComparison(id, op.value, value.value, spanOf(fieldToken.span, value.span));
    }
    // value = "(" or ")" | range | term
    const value = this.peek();
    if (value.type === 'lparen') return this.parseGroup(id);
    if (value.type === 'lbracket') return this.parseRange(id, fieldToken.span.start);
    if (value.type === 'ref') return this.parseReference(id);
    if (value.type === 'word' || value.type === 'phrase' || (value.type === 'prox' && value.prox?.unit !== 'word')) {
      return this.parseTerm(id);
    }
    return this.fail(value);
  }

  private makeComparison(field: string, op: string, value: string, span: Span): RangeNode {
    switch (op) {
      case '>=':
        return { kind: 'Range', field, from: value, includeFrom: true, includeTo: false, span };
      case '>':
        return { kind: 'Range', field, from: value, includeFrom: false, includeTo: false, span };
      case '<=':
        return { kind: 'Range', field, to: value, includeFrom: false, includeTo: true, span };
      default:
        return { kind: 'Range', field, to: value, includeFrom: false, includeTo: false, span };
    }
  }

  /** range = ( "[" | "{" ) bound TO bound ( "]" | "}" ) */
  private parseRange(field: string, start: number): RangeNode {
    const open = this.expect('lbracket');
    const from = this.expect('word');
    const to = this.peek();
    if (to.type !== 'word' || !/^(TO|至)$/i.test(to.value)) this.fail(to);
    this.next();
    const upper = this.expect('word');
    const close = this.expect('rbracket');
    const hasFrom = from.value !== '*';
    const hasTo = upper.value !== '*';
    const node: RangeNode = {
      kind: 'Range',
      field,
      ...(hasFrom ? { from: from.value } : {}),
      ...(hasTo ? { to: upper.value } : {}),
      includeFrom: hasFrom && open.value === '[',
      includeTo: hasTo && close.value === ']',
      span: { start, end: close.span.end },
    };
    return node;
  }

  /** REF: a whole earlier search, so never inside a field (`TI=#3` has no meaning). */
  private parseReference(field: string | null): HistoryRefNode {
    const token = this.next();
    if (field !== null) {
      throw new ParseAbort(queryError('QUERY_REFERENCE_IN_FIELD', token.span, { ref: token.value, field }));
    }
    return { kind: 'HistoryRef', no: referenceOf(token.value) ?? 0, span: token.span };
  }

  /** semantic = SEMFIELD ( "=" | ":" ) ( TEXT | PHRASE | WORD ): bounds of the number and text are validate.ts's. */
  private parseSemantic(fieldToken: Token, top: number | undefined): SemanticNode {
    const op = this.next();
    if (op.type !== 'assign') this.fail(op);
    const value = this.peek();
    if (value.type !== 'semantic' && value.type !== 'phrase' && value.type !== 'word') this.fail(value);
    this.next();
    return {
      kind: 'Semantic',
      field: SEMANTIC_FIELD_ID,
      text: value.value.trim(),
      top: top ?? DEFAULT_SEMANTIC_TOP,
      span: spanOf(fieldToken.span, value.span),
    };
  }

  /** term = WORD | PHRASE */
  private parseTerm(field: string | null): TermNode {
    const token = this.next();
    return { kind: 'Term', field, value: token.value, phrase: token.type === 'phrase', span: token.span };
  }
}
