import { FTS_COLUMNS, type FtsColumn } from '../index-schema.js';
import { unicode61Tokens } from './posting-source.js';

/**
 * FTS5 MATCH strings, as the query compiler writes them (compile-query.ts, fts-tables.ts,
 * relevance.ts), parsed for the engine's own evaluator (match-eval.ts). The grammar is FTS5's
 * (ext/fts5/fts5parse.y) restricted to what the compiler emits: quoted strings, `*`, `+`,
 * `{col …}:` filters, NEAR, AND/OR/NOT and parentheses. Anything else (a bare word, `^`, a
 * negated filter `-{…}:`, `col:`) is refused with an Error naming the position, and the caller
 * asks FTS5 instead.
 */

export interface MatchTerm {
  readonly token: string;
  /** `"…"*`: every token starting with `token`. */
  readonly prefix: boolean;
}

/** Tokens at consecutive positions of one column. No terms: a phrase of only separators, which matches nothing. */
export interface MatchPhrase {
  readonly kind: 'phrase';
  readonly terms: readonly MatchTerm[];
}

export interface MatchNear {
  readonly kind: 'near';
  /** Never empty; an empty phrase appears only alone (the group then matches nothing), as in FTS5. */
  readonly phrases: readonly MatchPhrase[];
  /** Most tokens between one phrase's end and the next one's start (FTS5's default is 10). */
  readonly distance: number;
}

export interface MatchFilter {
  readonly kind: 'filter';
  readonly columns: readonly FtsColumn[];
  readonly child: MatchNode;
}

export type MatchNode =
  | MatchPhrase
  | MatchNear
  | MatchFilter
  | { readonly kind: 'and'; readonly children: readonly MatchNode[] }
  | { readonly kind: 'or'; readonly children: readonly MatchNode[] }
  /** FTS5's binary NOT: `positive` without `negative`. */
  | { readonly kind: 'not'; readonly positive: MatchNode; readonly negative: MatchNode };

export const DEFAULT_NEAR_DISTANCE = 10;

type Lexeme =
  | { readonly type: 'string'; readonly text: string; readonly at: number }
  | { readonly type: 'word'; readonly text: string; readonly at: number }
  | {
      readonly type: '(' | ')' | '{' | '}' | ':' | ',' | '+' | '*' | 'AND' | 'OR' | 'NOT' | 'end';
      readonly at: number;
    };

const COLUMN_NAMES = new Map<string, FtsColumn>(FTS_COLUMNS.map((c) => [c, c]));

/** FTS5's bare-word characters (sqlite3Fts5IsBareword): ASCII letters, digits, `_`, 0x1A and every non-ASCII. */
const BAREWORD = /[A-Za-z0-9_\u001a\u0080-\uffff]/; // eslint-disable-line no-control-regex -- FTS5 counts 0x1A as a word character
const SPACE = /[ \t\n\r\f\v]/;

function lex(match: string): Lexeme[] {
  const out: Lexeme[] = [];
  let i = 0;
  while (i < match.length) {
    const c = match[i] as string;
    if (SPACE.test(c)) {
      i++;
    } else if (c === '"') {
      let text = '';
      let j = i + 1;
      for (;;) {
        const q = match.indexOf('"', j);
        if (q < 0) throw new Error(`MATCH: unterminated string at ${i}`);
        text += match.slice(j, q);
        // `""` inside a string is one quote.
        if (match[q + 1] === '"') {
          text += '"';
          j = q + 2;
        } else {
          j = q + 1;
          break;
        }
      }
      out.push({ type: 'string', text, at: i });
      i = j;
    } else if ('(){}:,+*'.includes(c)) {
      out.push({ type: c as '(' | ')' | '{' | '}' | ':' | ',' | '+' | '*', at: i });
      i++;
    } else if (BAREWORD.test(c)) {
      let j = i + 1;
      while (j < match.length && BAREWORD.test(match[j] as string)) j++;
      const text = match.slice(i, j);
      // Operators are case-sensitive in FTS5: `and` is a word.
      if (text === 'AND' || text === 'OR' || text === 'NOT') out.push({ type: text, at: i });
      else out.push({ type: 'word', text, at: i });
      i = j;
    } else {
      throw new Error(`MATCH: unsupported character ${JSON.stringify(c)} at ${i}`);
    }
  }
  out.push({ type: 'end', at: match.length });
  return out;
}

/** A nearset of separators only (FTS5's EOF node): it matches nothing. */
const isEmpty = (node: MatchNode): boolean =>
  (node.kind === 'phrase' && node.terms.length === 0) ||
  (node.kind === 'near' && node.phrases.length === 1 && (node.phrases[0] as MatchPhrase).terms.length === 0) ||
  (node.kind === 'filter' && isEmpty(node.child));

class Parser {
  private at = 0;
  constructor(
    private readonly lexemes: readonly Lexeme[],
    private readonly match: string,
  ) {}

  private peek(): Lexeme {
    return this.lexemes[this.at] as Lexeme;
  }

  private fail(what: string, lexeme: Lexeme = this.peek()): never {
    const near = lexeme.type === 'end' ? 'the end' : JSON.stringify(this.match.slice(lexeme.at, lexeme.at + 12));
    throw new Error(`MATCH: ${what} at ${lexeme.at} (near ${near})`);
  }

  private expect(type: Lexeme['type']): Lexeme {
    const l = this.peek();
    if (l.type !== type) this.fail(`expected ${type === 'end' ? 'the end' : `"${type}"`}`);
    this.at++;
    return l;
  }

  parse(): MatchNode {
    const node = this.or();
    this.expect('end');
    return node;
  }

  // FTS5 precedence: NOT binds tighter than AND, AND tighter than OR; each is left-associative.
  private or(): MatchNode {
    const children = [this.and()];
    while (this.peek().type === 'OR') {
      this.at++;
      children.push(this.and());
    }
    return children.length === 1 ? (children[0] as MatchNode) : { kind: 'or', children };
  }

  private and(): MatchNode {
    const children = [this.not()];
    while (this.peek().type === 'AND') {
      this.at++;
      children.push(this.not());
    }
    return children.length === 1 ? (children[0] as MatchNode) : { kind: 'and', children };
  }

  private not(): MatchNode {
    let node = this.primary();
    while (this.peek().type === 'NOT') {
      this.at++;
      node = { kind: 'not', positive: node, negative: this.primary() };
    }
    return node;
  }

  /** `( expr )`, `{cols}: ( expr )`, or a run of nearsets joined by implicit AND. */
  private primary(): MatchNode {
    const l = this.peek();
    if (l.type === '(') {
      this.at++;
      const node = this.or();
      this.expect(')');
      return node;
    }
    if (l.type === '{') {
      const start = this.at;
      const columns = this.colset();
      if (this.peek().type === '(') {
        this.at++;
        const child = this.or();
        this.expect(')');
        return { kind: 'filter', columns, child };
      }
      this.at = start;
    }
    return this.nearsetList();
  }

  /**
   * Nearsets side by side (FTS5's exprlist): an AND binding tighter than any operator. A nearset
   * of separators only is dropped from it (sqlite3Fts5ParseImplicitAnd), unless all are: `"a" ""`
   * is `"a"`, while `"a" AND ""` matches nothing.
   */
  private nearsetList(): MatchNode {
    const items: MatchNode[] = [];
    for (;;) {
      const l = this.peek();
      if (l.type === 'string' || l.type === 'word') items.push(this.nearset());
      else if (l.type === '{') {
        const columns = this.colset();
        // Only a nearset may follow a filter inside the run: `"a" {ti}: ("b")` is an FTS5 syntax error.
        const next = this.peek().type;
        if (next !== 'string' && next !== 'word') this.fail('expected a phrase or NEAR after the column filter');
        items.push({ kind: 'filter', columns, child: this.nearset() });
      } else break;
    }
    if (items.length === 0) this.fail('expected a phrase');
    const kept = items.filter((n) => !isEmpty(n));
    if (kept.length === 0) return items[0] as MatchNode;
    return kept.length === 1 ? (kept[0] as MatchNode) : { kind: 'and', children: kept };
  }

  private colset(): FtsColumn[] {
    this.expect('{');
    const columns: FtsColumn[] = [];
    while (this.peek().type !== '}') {
      const l = this.peek();
      if (l.type !== 'word' && l.type !== 'string') this.fail('expected a column name');
      // FTS5 compares column names without case.
      const column = COLUMN_NAMES.get(l.text.toLowerCase());
      if (!column) this.fail(`unknown column ${JSON.stringify(l.text)}`);
      if (!columns.includes(column)) columns.push(column);
      this.at++;
    }
    if (columns.length === 0) this.fail('expected a column name');
    this.expect('}');
    this.expect(':');
    return columns;
  }

  private nearset(): MatchNode {
    const l = this.peek();
    if (l.type === 'string') return this.phrase();
    if (l.type !== 'word' || l.text !== 'NEAR' || this.lexemes[this.at + 1]?.type !== '(')
      this.fail('unsupported bare word (only quoted strings are read)');
    this.at += 2;
    const phrases: MatchPhrase[] = [];
    while (this.peek().type === 'string') phrases.push(this.phrase());
    if (phrases.length === 0) this.fail('expected a phrase in NEAR');
    let distance = DEFAULT_NEAR_DISTANCE;
    if (this.peek().type === ',') {
      this.at++;
      const n = this.peek();
      if (n.type !== 'word' || !/^[0-9]+$/.test(n.text)) this.fail('expected the NEAR distance');
      distance = 0;
      // FTS5 stops adding digits short of overflow (sqlite3Fts5ParseSetDistance).
      for (const d of n.text) if (distance < 214748363) distance = distance * 10 + Number(d);
      this.at++;
    }
    this.expect(')');
    // FTS5 drops a NEAR's phrases of separators only (sqlite3Fts5ParseNearset), keeping one if all are.
    const kept = phrases.filter((p) => p.terms.length > 0);
    return { kind: 'near', phrases: kept.length > 0 ? kept : [phrases[0] as MatchPhrase], distance };
  }

  /** `"…" [*] (+ "…" [*])*`: each string's tokens appended; its `*` sets the prefix flag of the phrase's last token. */
  private phrase(): MatchPhrase {
    const terms: MatchTerm[] = [];
    for (;;) {
      const s = this.expect('string') as Extract<Lexeme, { type: 'string' }>;
      for (const token of unicode61Tokens(s.text)) terms.push({ token, prefix: false });
      const star = this.peek().type === '*';
      if (star) this.at++;
      // As sqlite3Fts5ParseTerm: a string without tokens still sets (or clears) the flag of the token before it.
      const last = terms.at(-1);
      if (last) terms[terms.length - 1] = { token: last.token, prefix: star };
      if (this.peek().type !== '+') break;
      this.at++;
    }
    return { kind: 'phrase', terms };
  }
}

/** The MATCH string as a tree; throws an Error naming the position for anything outside the supported grammar. */
export function parseMatch(match: string): MatchNode {
  return new Parser(lex(match), match).parse();
}

/** The phrases of a tree in the order FTS5 numbers them (xInst's phrase index): left to right. */
export function phrasesOf(node: MatchNode): MatchPhrase[] {
  switch (node.kind) {
    case 'phrase':
      return [node];
    case 'near':
      return [...node.phrases];
    case 'filter':
      return phrasesOf(node.child);
    case 'and':
    case 'or':
      return node.children.flatMap(phrasesOf);
    case 'not':
      return [...phrasesOf(node.positive), ...phrasesOf(node.negative)];
  }
}

/** A tree as an FTS5 MATCH again (canonical: every group parenthesised), for tests and messages. */
export function printMatch(node: MatchNode): string {
  const phrase = (p: MatchPhrase): string =>
    p.terms.length === 0
      ? '""'
      : p.terms.map((t) => `"${t.token.replace(/"/g, '""')}"${t.prefix ? '*' : ''}`).join(' + ');
  switch (node.kind) {
    case 'phrase':
      return phrase(node);
    case 'near':
      return `NEAR(${node.phrases.map(phrase).join(' ')}, ${node.distance})`;
    case 'filter':
      return `{${node.columns.join(' ')}}: (${printMatch(node.child)})`;
    case 'and':
    case 'or':
      return node.children.map((c) => `(${printMatch(c)})`).join(node.kind === 'and' ? ' AND ' : ' OR ');
    case 'not':
      return `(${printMatch(node.positive)}) NOT (${printMatch(node.negative)})`;
  }
}
