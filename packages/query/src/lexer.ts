import type { Span } from './ast.js';
import { queryError, type QueryError } from './errors.js';
import { DELIMITED_FIELD_NAMES, semanticFieldOf, toHalfWidth } from './fields.js';

/**
 * The lexer: turns an expression into tokens that keep their span (0-based offsets into the
 * original string, end exclusive). Input is normalised one character for one character, so
 * spans stay valid for the original text: full-width ASCII → half-width (（）＝＜＞＂＊？…),
 * the ideographic space → space, Chinese quotes “ ” → ", 【 】 → [ ].
 */

export type TokenType =
  | 'field' // a word followed by = : < > (`TI=`, `标题=`, `AD>=`)
  | 'assign' // = :
  | 'compare' // >= <= > <
  | 'lparen'
  | 'rparen'
  | 'lbracket' // [ inclusive, { exclusive
  | 'rbracket' // ] inclusive, } exclusive
  | 'and'
  | 'or'
  | 'not'
  | 'prox' // W/n PRE/n N/n NEAR/n S P 同句 同段
  | 'word'
  | 'phrase'
  | 'ref' // #3: a search-history entry by its number
  | 'semantic' // the `( … )` after `SEM=`: free text up to the matching `)`, value without the parentheses
  | 'error' // an unclosed quote
  | 'eof';

export interface ProximitySpec {
  readonly ordered: boolean;
  readonly unit: 'word' | 'sentence' | 'paragraph';
  readonly distance?: number;
}

export interface Token {
  readonly type: TokenType;
  /** The token's normalised text (for a phrase: without the quotes). */
  readonly value: string;
  readonly span: Span;
  /** For 'prox' tokens. */
  readonly prox?: ProximitySpec;
}

export interface LexResult {
  readonly tokens: readonly Token[];
  readonly errors: readonly QueryError[];
}

const QUOTE_CHARS: Record<string, string> = {
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '【': '[',
  '】': ']',
};

/** Normalises one character for one character (length kept, so offsets match the original). */
export function normaliseExpression(text: string): string {
  return toHalfWidth(text).replace(/[\u201C-\u201F【】]/g, (c) => QUOTE_CHARS[c] ?? c);
}

/** Characters that end a word (all ASCII, so a code lookup suffices). */
const DELIMITER_CODES = new Uint8Array(128);
for (const c of '()[]{}"=:<>&|') DELIMITER_CODES[c.charCodeAt(0)] = 1;

/** Unicode White_Space, tested by code to keep the lexer linear and allocation-free on long expressions. */
function isSpaceCode(code: number): boolean {
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isSpace(c: string): boolean {
  return c !== '' && isSpaceCode(c.charCodeAt(0));
}

function endsWord(code: number): boolean {
  return isSpaceCode(code) || (code < 128 && DELIMITER_CODES[code] === 1);
}

const KEYWORDS: Record<string, 'and' | 'or' | 'not'> = {
  AND: 'and',
  OR: 'or',
  NOT: 'not',
  与: 'and',
  或: 'or',
  非: 'not',
};

/** `#3` (a half- or full-width number sign and the entry's number). */
const REFERENCE_PATTERN = /^#([1-9]\d{0,8})$/;

/** The history entry number a word spells (`#3`, `＃3` → 3), if any. */
export function referenceOf(word: string): number | undefined {
  const match = REFERENCE_PATTERN.exec(toHalfWidth(word));
  return match ? Number(match[1]) : undefined;
}

const PROX_PATTERN = /^(W|PRE|N|NEAR)\/(\d{1,6})$/i;

/** The proximity operator a word spells, if any. `S`/`P` only in capitals, so `p` stays a word. */
export function proximityOf(word: string): ProximitySpec | undefined {
  const match = PROX_PATTERN.exec(word);
  if (match) {
    const op = (match[1] ?? '').toUpperCase();
    return { ordered: op === 'W' || op === 'PRE', unit: 'word', distance: Number(match[2]) };
  }
  if (word === 'S' || word === '同句') return { ordered: false, unit: 'sentence' };
  if (word === 'P' || word === '同段') return { ordered: false, unit: 'paragraph' };
  return undefined;
}

/** The boolean operator a word spells, if any (AND/OR/NOT in any case, 与/或/非). */
export function keywordOf(word: string): 'and' | 'or' | 'not' | undefined {
  // Every keyword has at most 3 characters: longer words skip the upper-casing (a copy per word).
  if (word.length > 3) return undefined;
  const upper = word.toUpperCase();
  // A switch compares the few keywords directly: a record lookup by a fresh string hashes it first.
  switch (upper) {
    case 'AND':
    case 'OR':
    case 'NOT':
    case '与':
    case '或':
    case '非':
      return KEYWORDS[upper];
    default:
      return undefined;
  }
}

/** Splits an expression into tokens; never throws. The last token is always 'eof'. */
export function lex(text: string): LexResult {
  const src = normaliseExpression(text);
  const tokens: Token[] = [];
  const errors: QueryError[] = [];
  const n = src.length;
  let i = 0;

  const push = (type: TokenType, start: number, end: number, value = src.slice(start, end), prox?: ProximitySpec) => {
    tokens.push(prox ? { type, value, span: { start, end }, prox } : { type, value, span: { start, end } });
  };

  // True when, after optional spaces, `from` is followed by = : < > (the word before it is a field).
  const isFollowedByAssign = (from: number): boolean => {
    let j = from;
    while (j < n && isSpaceCode(src.charCodeAt(j))) j++;
    const c = src[j];
    return c === '=' || c === ':' || c === '<' || c === '>';
  };

  /**
   * After `SEM=` (issue 48): a `(` opens free text, read as one 'semantic' token up to its matching
   * `)` (nested pairs kept), so the words of a paragraph (and, or, not, quotes, colons) are text, not
   * operators. Returns where lexing goes on; anything else after `SEM=` is lexed as usual.
   */
  const lexSemanticText = (from: number): number => {
    let j = from;
    while (j < n && isSpaceCode(src.charCodeAt(j))) j++;
    if (src[j] !== '=' && src[j] !== ':') return from;
    push('assign', j, j + 1);
    j++;
    while (j < n && isSpaceCode(src.charCodeAt(j))) j++;
    if (src[j] !== '(') return j;
    let depth = 0;
    for (let k = j; k < n; k++) {
      if (src[k] === '(') depth++;
      else if (src[k] === ')' && --depth === 0) {
        // Normalised as every token (full-width punctuation half-width), so it prints back the same.
        push('semantic', j, k + 1, src.slice(j + 1, k));
        return k + 1;
      }
    }
    errors.push(queryError('QUERY_UNBALANCED_PARENS', { start: j, end: j + 1 }, { paren: '(' }));
    push('error', j, n);
    return n;
  };

  while (i < n) {
    const c = src[i] ?? '';
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    switch (c) {
      case '(':
        push('lparen', i, ++i);
        continue;
      case ')':
        push('rparen', i, ++i);
        continue;
      case '[':
      case '{':
        push('lbracket', i, ++i);
        continue;
      case ']':
      case '}':
        push('rbracket', i, ++i);
        continue;
      case '=':
      case ':':
        push('assign', i, ++i);
        continue;
      case '<':
      case '>':
        i += src[i + 1] === '=' ? 2 : 1;
        push('compare', start, i);
        continue;
      case '&':
        i += src[i + 1] === '&' ? 2 : 1;
        push('and', start, i);
        continue;
      case '|':
        i += src[i + 1] === '|' ? 2 : 1;
        push('or', start, i);
        continue;
      case '"': {
        const close = src.indexOf('"', i + 1);
        if (close < 0) {
          errors.push(queryError('QUERY_UNCLOSED_QUOTE', { start: i, end: n }));
          push('error', i, n);
          i = n;
        } else {
          push('phrase', i, close + 1, src.slice(i + 1, close));
          i = close + 1;
        }
        continue;
      }
    }

    const delimitedField = DELIMITED_FIELD_NAMES.find(
      (name) => src.startsWith(name, i) && isFollowedByAssign(i + name.length),
    );
    if (delimitedField !== undefined) {
      i += delimitedField.length;
      push('field', start, i);
      continue;
    }

    while (i < n && !endsWord(src.charCodeAt(i))) i++;
    const word = src.slice(start, i);
    const keyword = keywordOf(word);
    const prox = keyword ? undefined : proximityOf(word);
    if (keyword) push(keyword, start, i);
    else if (word.charCodeAt(0) === 35 /* # */ && referenceOf(word) !== undefined) push('ref', start, i);
    else if (prox) push('prox', start, i, word, prox);
    else if (isFollowedByAssign(i)) {
      push('field', start, i);
      if (semanticFieldOf(word)) i = lexSemanticText(i);
    } else push('word', start, i);
  }
  push('eof', n, n, '');
  return { tokens, errors };
}
