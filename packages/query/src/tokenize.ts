import { findField, semanticFieldOf } from './fields.js';
import { lex, type Token } from './lexer.js';

/** Token kinds for the expression editor's colouring. */
export type EditorTokenKind =
  | 'field' // TI, 申请人 (a known field)
  | 'assign' // = : >= <= > <
  | 'operator' // AND OR NOT 与 或 非 & |
  | 'proximity' // W/5 N/5 NEAR/5 S P 同句 同段
  | 'paren' // ( )
  | 'term' // a word, with or without * ?
  | 'phrase' // "…" including the quotes
  | 'range' // [ ] { } and what is inside
  | 'reference' // #3, a search-history entry
  | 'semantic' // the ( … ) text of SEM=( … ), parentheses included
  | 'error'; // unknown field, unclosed quote, stray ] }

export interface EditorToken {
  readonly kind: EditorTokenKind;
  /** 0-based offsets into the original text, end exclusive. */
  readonly start: number;
  readonly end: number;
  /** The original text of the token (not normalised). */
  readonly text: string;
}

const OPERAND_EXPECTED_AFTER = new Set<Token['type'] | undefined>([
  undefined,
  'assign',
  'compare',
  'lparen',
  'and',
  'or',
  'not',
  'prox',
]);

/**
 * Splits an expression into coloured tokens for the editor. Lexical only (fast on every key
 * stroke); parseExpression gives the full list of errors. Never throws.
 */
export function tokenize(text: string): EditorToken[] {
  const { tokens } = lex(text);
  const result: EditorToken[] = [];
  let inRange = false;
  let previous: Token['type'] | undefined;
  for (const token of tokens) {
    if (token.type === 'eof') break;
    const kind = kindOf(token, inRange, previous);
    if (token.type === 'lbracket') inRange = true;
    if (token.type === 'rbracket') inRange = false;
    previous = token.type;
    result.push({
      kind,
      start: token.span.start,
      end: token.span.end,
      text: text.slice(token.span.start, token.span.end),
    });
  }
  return result;
}

function kindOf(token: Token, inRange: boolean, previous: Token['type'] | undefined): EditorTokenKind {
  switch (token.type) {
    case 'field':
      return findField(token.value) || semanticFieldOf(token.value) ? 'field' : 'error';
    case 'semantic':
      return 'semantic';
    case 'assign':
    case 'compare':
      return 'assign';
    case 'and':
    case 'or':
    case 'not':
      return 'operator';
    case 'prox':
      return token.prox?.unit !== 'word' && OPERAND_EXPECTED_AFTER.has(previous) ? 'term' : 'proximity';
    case 'lparen':
    case 'rparen':
      return 'paren';
    case 'lbracket':
      return 'range';
    case 'rbracket':
      return inRange ? 'range' : 'error';
    case 'word':
      return inRange ? 'range' : 'term';
    case 'phrase':
      return 'phrase';
    case 'ref':
      return 'reference';
    default:
      return 'error';
  }
}
