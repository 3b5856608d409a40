/**
 * The shared machinery of the foreign-syntax translators (issue 48 item 2): a small lexer and
 * parser for the Boolean expressions of other patent search systems, and the printer that writes
 * Patlas syntax. Each system (cnipa.ts, incopat.ts, …) is a `ForeignSyntax`: its field table, its
 * proximity operators and its truncation marks. Pure functions, linear in the input.
 *
 * Nothing is dropped silently: a construct with no Patlas equivalent becomes an `unsupported`
 * item (zh and en) that says what was done with it instead.
 */
import { getFieldById } from '../fields.js';

export type ForeignSystem = 'cnipa' | 'incopat' | 'patsnap' | 'lens' | 'espacenet' | 'google';

export const FOREIGN_SYSTEMS: readonly ForeignSystem[] = ['cnipa', 'incopat', 'patsnap', 'lens', 'espacenet', 'google'];

export interface Message {
  readonly zh: string;
  readonly en: string;
}

/** One rewrite: `from` as written in the other system, `to` as written in Patlas. */
export interface ForeignChange extends Message {
  readonly from: string;
  readonly to: string;
}

/** A construct with no Patlas equivalent, and what was done with it (said in the message). */
export interface ForeignUnsupported extends Message {
  readonly construct: string;
}

export interface ForeignTranslation {
  readonly system: ForeignSystem;
  /** The Patlas expression ('' when nothing could be kept). */
  readonly expression: string;
  readonly changes: readonly ForeignChange[];
  /** Constructs carried over as written (`W/5`, `TI=`). */
  readonly kept: readonly string[];
  readonly unsupported: readonly ForeignUnsupported[];
}

export type FieldMapping =
  { readonly ids: readonly string[]; readonly note?: Message } | { readonly unsupported: Message };

export interface ProxMapping {
  /** The Patlas operator: `W/5`, `N/3`, `PRE/2`, `S`, `P`; or `AND` when only an approximation exists. */
  readonly op: string;
  /** Set when the mapping is an approximation: listed as unsupported with this message. */
  readonly unsupported?: Message;
  readonly note?: Message;
}

export interface ForeignSyntax {
  readonly system: ForeignSystem;
  /** Field names as the system writes them, matched case-insensitively unless `caseSensitiveFields`. */
  readonly fields: Readonly<Record<string, FieldMapping>>;
  readonly caseSensitiveFields?: boolean;
  /** Characters that join a field to its value (`=`, `:`). Comparisons `>= <= > <` are always read. */
  readonly fieldSeparators: string;
  /** Recognises a proximity operator word (`W/5`, `$W5`, `prox/distance<=3`, `NEAR/2`). */
  readonly proximity: (word: string) => ProxMapping | undefined;
  /** Rewrites the truncation marks of one term; returns the Patlas term and what changed. */
  readonly truncation: (term: string, report: Reporter) => string;
  /** Espacenet's order: operators read left to right with no precedence. */
  readonly leftToRight?: boolean;
  /** Lucene/Google `-word` = NOT word, `+word` = word. */
  readonly signPrefixes?: boolean;
  /** Espacenet's `ti all "a b"`, `ti any "a b"`, `pd within "2019 2020"`. */
  readonly relationWords?: boolean;
  /** Lucene/Lens `"a b"~5`. */
  readonly phraseSlop?: boolean;
  /** A special word before the lexer's field split (Google's `before:priority:2020`); may return a node. */
  readonly special?: (word: string, report: Reporter) => PNode | null | undefined;
  /** Said once when bare terms occur and the system's default field differs from Patlas's TIABC. */
  readonly bareTermNote?: Message;
  /** How a field is written in this system, for the change list (`AP=`, `title:`). */
  readonly writeField: (name: string) => string;
}

/** Collects the change list while translating. */
export class Reporter {
  private readonly changeKeys = new Set<string>();
  private readonly keptSet = new Set<string>();
  private readonly unsupportedKeys = new Set<string>();
  readonly changes: ForeignChange[] = [];
  readonly kept: string[] = [];
  readonly unsupported: ForeignUnsupported[] = [];

  change(from: string, to: string, note?: Message): void {
    if (from === to) return this.keep(from);
    const key = `${from}\u0000${to}`;
    if (this.changeKeys.has(key)) return;
    this.changeKeys.add(key);
    // The message is what the mapping alone does not say ('' when nothing): the change list shows
    // `from → to` itself, and repeating it read "ANCS: → AS= — ANCS: → AS=: …".
    this.changes.push({ from, to, zh: note?.zh ?? '', en: note?.en ?? '' });
  }

  keep(construct: string): void {
    if (this.keptSet.has(construct)) return;
    this.keptSet.add(construct);
    this.kept.push(construct);
  }

  noSupport(construct: string, message: Message): void {
    const key = `${construct}\u0000${message.en}`;
    if (this.unsupportedKeys.has(key)) return;
    this.unsupportedKeys.add(key);
    this.unsupported.push({ construct, ...message });
  }
}

// ---------------------------------------------------------------------------------------------
// Tokens

type TokType = 'lparen' | 'rparen' | 'lbracket' | 'rbracket' | 'word' | 'phrase' | 'and' | 'or' | 'not' | 'prox';

interface Tok {
  readonly type: TokType;
  readonly value: string;
  /** Phrase slop (`"a b"~5`). */
  readonly slop?: number;
  readonly prox?: ProxMapping;
}

const OPEN_BRACKETS = '[{';
const CLOSE_BRACKETS = ']}';
const QUOTES: Record<string, string> = { '"': '"', '\u201C': '\u201D', '\u300C': '\u300D' };

/** Full-width ASCII (（ ）＝：) to half-width, so pasted Chinese expressions read alike. */
function halfWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).replace(/\u3000/g, ' ');
}

function lexForeign(input: string, syntax: ForeignSyntax): Tok[] {
  const text = halfWidth(input);
  const tokens: Tok[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i] ?? '';
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(' || c === ')') {
      tokens.push({ type: c === '(' ? 'lparen' : 'rparen', value: c });
      i++;
      continue;
    }
    if (OPEN_BRACKETS.includes(c) || CLOSE_BRACKETS.includes(c)) {
      tokens.push({ type: OPEN_BRACKETS.includes(c) ? 'lbracket' : 'rbracket', value: c });
      i++;
      continue;
    }
    const close = QUOTES[c];
    if (close !== undefined) {
      const end = text.indexOf(close, i + 1);
      const stop = end < 0 ? text.length : end;
      const value = text.slice(i + 1, stop);
      i = stop + 1;
      const slop = syntax.phraseSlop ? /^~(\d+)/.exec(text.slice(i)) : null;
      if (slop) i += slop[0].length;
      tokens.push(slop ? { type: 'phrase', value, slop: Number(slop[1]) } : { type: 'phrase', value });
      continue;
    }
    let j = i;
    // A field name with parentheses in it, CNIPA's 申请(专利权)人=: one word.
    for (const name of parenFieldNames(syntax)) {
      if (text.startsWith(name, i)) {
        j = i + name.length;
        break;
      }
    }
    while (j < text.length && !/[\s()[\]{}"\u201C\u300C]/.test(text[j] ?? '')) j++;
    // A field's value in quotes or brackets right after the separator: `ti="mouse trap"`, `APD:[2019 TO 2020]`.
    pushWord(tokens, text.slice(i, j), syntax);
    i = j;
  }
  return tokens;
}

const parenNames = new WeakMap<ForeignSyntax, string[]>();

function parenFieldNames(syntax: ForeignSyntax): string[] {
  let names = parenNames.get(syntax);
  if (!names) {
    names = Object.keys(syntax.fields)
      .filter((k) => /[()]/.test(k))
      .sort((a, b) => b.length - a.length);
    parenNames.set(syntax, names);
  }
  return names;
}

function pushWord(tokens: Tok[], word: string, syntax: ForeignSyntax): void {
  const upper = word.toUpperCase();
  if (upper === 'AND' || upper === '&&') return void tokens.push({ type: 'and', value: word });
  if (upper === 'OR' || upper === '||') return void tokens.push({ type: 'or', value: word });
  if (upper === 'NOT' || upper === 'AND NOT') return void tokens.push({ type: 'not', value: word });
  const prox = syntax.proximity(word);
  if (prox) return void tokens.push({ type: 'prox', value: word, prox });
  if (syntax.signPrefixes && word.length > 1 && (word.startsWith('-') || word.startsWith('+'))) {
    if (word.startsWith('-')) tokens.push({ type: 'not', value: '-' });
    return pushWord(tokens, word.slice(1), syntax);
  }
  tokens.push({ type: 'word', value: word });
}

// ---------------------------------------------------------------------------------------------
// The foreign tree

export type FNode =
  | { readonly k: 'term'; readonly v: string; readonly phrase: boolean; readonly slop?: number }
  | { readonly k: 'field'; readonly name: string; readonly child: FNode }
  | { readonly k: 'and' | 'or'; readonly c: readonly FNode[] }
  | { readonly k: 'not'; readonly l?: FNode; readonly r: FNode }
  | { readonly k: 'near'; readonly op: string; readonly prox: ProxMapping; readonly l: FNode; readonly r: FNode }
  | {
      readonly k: 'range';
      readonly from: string;
      readonly to: string;
      readonly incFrom: boolean;
      readonly incTo: boolean;
    }
  | { readonly k: 'cmp'; readonly name: string; readonly op: string; readonly v: string }
  | { readonly k: 'relation'; readonly name: string; readonly rel: string; readonly v: string }
  | { readonly k: 'patlas'; readonly node: PNode };

/** Thrown on a syntax the parser cannot read; becomes one unsupported item, never an exception to the caller. */
class ForeignParseError extends Error {}

class ForeignParser {
  private pos = 0;
  constructor(
    private readonly tokens: readonly Tok[],
    private readonly syntax: ForeignSyntax,
    private readonly report: Reporter,
  ) {}

  private peek(): Tok | undefined {
    return this.tokens[this.pos];
  }

  parse(): FNode | undefined {
    if (this.tokens.length === 0) return undefined;
    const node = this.syntax.leftToRight ? this.parseChain() : this.parseOr();
    if (this.pos < this.tokens.length) throw new ForeignParseError(this.peek()?.value ?? '');
    return node;
  }

  private startsOperand(tok: Tok | undefined): boolean {
    return (
      tok !== undefined && (tok.type === 'word' || tok.type === 'phrase' || tok.type === 'lparen' || tok.type === 'not')
    );
  }

  /** Espacenet: operators left to right, no precedence; proximity still binds its two terms. */
  private parseChain(): FNode {
    let left = this.parseUnary();
    for (;;) {
      const tok = this.peek();
      if (tok?.type === 'and' || tok?.type === 'or') {
        this.pos++;
        const right = this.parseUnary();
        left = { k: tok.type, c: [left, right] };
      } else if (tok?.type === 'not') {
        this.pos++;
        left = { k: 'not', l: left, r: this.parseUnary() };
      } else if (this.startsOperand(tok)) {
        left = { k: 'and', c: [left, this.parseUnary()] };
      } else return left;
    }
  }

  private parseOr(): FNode {
    const c = [this.parseAnd()];
    while (this.peek()?.type === 'or') {
      this.pos++;
      c.push(this.parseAnd());
    }
    return c.length === 1 ? (c[0] as FNode) : { k: 'or', c };
  }

  private parseAnd(): FNode {
    const c = [this.parseNot()];
    for (;;) {
      const tok = this.peek();
      if (tok?.type === 'and') {
        this.pos++;
        c.push(this.parseNot());
      } else if (this.startsOperand(tok) && tok?.type !== 'not') {
        c.push(this.parseNot());
      } else break;
    }
    return c.length === 1 ? (c[0] as FNode) : { k: 'and', c };
  }

  private parseNot(): FNode {
    let left = this.parseUnary();
    while (this.peek()?.type === 'not') {
      this.pos++;
      left = { k: 'not', l: left, r: this.parseUnary() };
    }
    return left;
  }

  private parseUnary(): FNode {
    const tok = this.peek();
    if (tok?.type === 'not') {
      this.pos++;
      return { k: 'not', r: this.parseUnary() };
    }
    return this.parseNear();
  }

  private parseNear(): FNode {
    const left = this.parsePrimary();
    const op = this.peek();
    if (op?.type !== 'prox' || !op.prox) return left;
    this.pos++;
    const right = this.parseNear();
    return { k: 'near', op: op.value, prox: op.prox, l: left, r: right };
  }

  private parseGroup(): FNode {
    this.pos++;
    const node = this.syntax.leftToRight ? this.parseChain() : this.parseOr();
    if (this.peek()?.type !== 'rparen') throw new ForeignParseError('(');
    this.pos++;
    return node;
  }

  private parsePrimary(): FNode {
    const tok = this.peek();
    if (!tok) throw new ForeignParseError('');
    if (tok.type === 'lparen') return this.parseGroup();
    if (tok.type === 'phrase') {
      this.pos++;
      return tok.slop === undefined
        ? { k: 'term', v: tok.value, phrase: true }
        : { k: 'term', v: tok.value, phrase: true, slop: tok.slop };
    }
    if (tok.type === 'lbracket') return this.parseRange();
    if (tok.type !== 'word') throw new ForeignParseError(tok.value);
    this.pos++;
    const special = this.syntax.special?.(tok.value, this.report);
    if (special) return { k: 'patlas', node: special };
    if (special === null) return { k: 'patlas', node: { k: 'empty' } };
    // Espacenet: `ti all "a b"`, `pd within "2019 2020"`.
    const next = this.peek();
    if (
      this.syntax.relationWords &&
      next?.type === 'word' &&
      /^(all|any|within)$/i.test(next.value) &&
      this.isField(tok.value)
    ) {
      this.pos++;
      const value = this.peek();
      if (value?.type !== 'phrase' && value?.type !== 'word') throw new ForeignParseError(next.value);
      this.pos++;
      return { k: 'relation', name: tok.value, rel: next.value.toLowerCase(), v: value.value };
    }
    const split = this.splitField(tok.value);
    if (!split) return { k: 'term', v: tok.value, phrase: false };
    const { name, op, rest } = split;
    if (op === '>=' || op === '<=' || op === '>' || op === '<') {
      const value = rest !== '' ? rest : this.takeWord();
      return { k: 'cmp', name, op, v: value };
    }
    if (rest !== '') {
      // `pa=siemens`, `TTL:battery`; a value in quotes written straight after: handled by the lexer as a phrase token.
      return { k: 'field', name, child: this.valueFromText(rest) };
    }
    const value = this.peek();
    if (!value) throw new ForeignParseError(tok.value);
    if (value.type === 'lparen') return { k: 'field', name, child: this.parseGroup() };
    if (value.type === 'lbracket') return { k: 'field', name, child: this.parseRange() };
    if (value.type === 'phrase' || value.type === 'word') {
      return { k: 'field', name, child: this.parseNear() };
    }
    throw new ForeignParseError(value.value);
  }

  /** A value written in the same word as its field (`pa=siemens`): that one term; a following proximity operator joins the fielded terms. */
  private valueFromText(rest: string): FNode {
    return { k: 'term', v: rest, phrase: false };
  }

  private takeWord(): string {
    const tok = this.peek();
    if (tok?.type !== 'word' && tok?.type !== 'phrase') throw new ForeignParseError(tok?.value ?? '');
    this.pos++;
    return tok.value;
  }

  private parseRange(): FNode {
    const open = this.peek();
    this.pos++;
    const from = this.takeWord();
    const to = this.peek();
    let upper: string;
    if (to?.type === 'word' && /^(TO|至)$/i.test(to.value)) {
      this.pos++;
      upper = this.takeWord();
    } else {
      upper = this.takeWord();
    }
    const close = this.peek();
    if (close?.type !== 'rbracket') throw new ForeignParseError(close?.value ?? '');
    this.pos++;
    return { k: 'range', from, to: upper, incFrom: open?.value === '[', incTo: close.value === ']' };
  }

  private isField(name: string): boolean {
    return lookupField(this.syntax, name) !== undefined;
  }

  /** `TI=` `title:` `APD>=`: the field name, the operator and what follows it in the same word. */
  private splitField(word: string): { name: string; op: string; rest: string } | undefined {
    const seps = this.syntax.fieldSeparators;
    for (let i = 1; i < word.length; i++) {
      const c = word[i] ?? '';
      if (c === '>' || c === '<') {
        const op = word[i + 1] === '=' ? `${c}=` : c;
        return { name: word.slice(0, i), op, rest: word.slice(i + op.length) };
      }
      if (seps.includes(c)) {
        const name = word.slice(0, i);
        // `=` after a comparison was handled above; `:` inside a classification or number is a value.
        if (!this.isField(name) && !/^[\p{L}_.-]+$/u.test(name)) return undefined;
        const op = word[i + 1] === '>' || word[i + 1] === '<' ? undefined : c;
        if (op === undefined) {
          const cmp = word[i + 2] === '=' ? `${word[i + 1] ?? ''}=` : (word[i + 1] ?? '');
          return { name, op: cmp, rest: word.slice(i + 1 + cmp.length) };
        }
        return { name, op, rest: word.slice(i + 1) };
      }
    }
    return undefined;
  }
}

export function lookupField(syntax: ForeignSyntax, name: string): FieldMapping | undefined {
  if (syntax.caseSensitiveFields) return syntax.fields[name];
  const direct = syntax.fields[name] ?? syntax.fields[name.toUpperCase()] ?? syntax.fields[name.toLowerCase()];
  if (direct) return direct;
  const upper = name.toUpperCase();
  for (const [key, value] of Object.entries(syntax.fields)) if (key.toUpperCase() === upper) return value;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The Patlas tree and its printer

export type PNode =
  | { readonly k: 'term'; readonly v: string; readonly phrase: boolean }
  | { readonly k: 'field'; readonly ids: readonly string[]; readonly child: PNode }
  | { readonly k: 'and' | 'or'; readonly c: readonly PNode[] }
  | { readonly k: 'not'; readonly l?: PNode; readonly r: PNode }
  | { readonly k: 'near'; readonly op: string; readonly l: PNode; readonly r: PNode }
  | {
      readonly k: 'range';
      readonly id: string;
      readonly from?: string;
      readonly to?: string;
      readonly incFrom: boolean;
      readonly incTo: boolean;
    }
  | { readonly k: 'cmp'; readonly id: string; readonly op: string; readonly v: string }
  | { readonly k: 'empty' };

const PATLAS_WORDS = /^(AND|OR|NOT|TO|S|P|与|或|非|至|同句|同段|(W|PRE|N|NEAR)\/\d+)$/i;

function printTerm(node: { v: string; phrase: boolean }): string {
  if (node.phrase) return `"${node.v.replace(/"/g, '')}"`;
  if (PATLAS_WORDS.test(node.v) || /[()[\]{}"=:<>&|]/.test(node.v) || node.v.startsWith('#')) {
    return `"${node.v.replace(/"/g, '')}"`;
  }
  return node.v;
}

function needsParens(node: PNode, parent: 'and' | 'or' | 'not' | 'field'): boolean {
  if (node.k === 'or') return parent !== 'or';
  if (node.k === 'and') return parent === 'not' || parent === 'field';
  if (node.k === 'not') return parent === 'not' || parent === 'field';
  if (node.k === 'near') return parent === 'field';
  return false;
}

function wrap(node: PNode, parent: 'and' | 'or' | 'not' | 'field'): string {
  const text = printPatlas(node);
  return needsParens(node, parent) ? `(${text})` : text;
}

/** Prints the Patlas tree; parentheses where Patlas's precedence (NOT > AND > OR) needs them. */
export function printPatlas(node: PNode): string {
  switch (node.k) {
    case 'empty':
      return '';
    case 'term':
      return printTerm(node);
    case 'field': {
      const [only] = node.ids;
      if (node.ids.length === 1 && only !== undefined) {
        if (node.child.k === 'range') return printPatlas({ ...node.child, id: only });
        if (node.child.k === 'cmp') return printPatlas({ ...node.child, id: only });
        return `${only}=${wrap(node.child, 'field')}`;
      }
      return `(${node.ids.map((id) => printPatlas({ k: 'field', ids: [id], child: node.child })).join(' OR ')})`;
    }
    case 'and':
      return node.c.map((c) => wrap(c, 'and')).join(' AND ');
    case 'or':
      return node.c.map((c) => wrap(c, 'or')).join(' OR ');
    case 'not':
      return node.l ? `${wrap(node.l, 'and')} NOT ${wrap(node.r, 'not')}` : `NOT ${wrap(node.r, 'not')}`;
    case 'near':
      return `${printPatlas(node.l)} ${node.op} ${printPatlas(node.r)}`;
    case 'range': {
      const open = node.incFrom || node.from === undefined ? '[' : '{';
      const close = node.incTo || node.to === undefined ? ']' : '}';
      return `${node.id}=${open}${node.from ?? '*'} TO ${node.to ?? '*'}${close}`;
    }
    case 'cmp':
      return `${node.id}${node.op}${node.v}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Translation

interface Context {
  readonly syntax: ForeignSyntax;
  readonly report: Reporter;
  /** The Patlas fields of the enclosing field group, or null at the top (Patlas's default TIABC). */
  readonly ids: readonly string[] | null;
}

const MAX_DISTRIBUTED = 16;

const EMPTY: PNode = { k: 'empty' };

function isEmpty(node: PNode): boolean {
  return node.k === 'empty';
}

function nary(kind: 'and' | 'or', children: PNode[]): PNode {
  const kept = children.filter((c) => !isEmpty(c)).flatMap((c) => (c.k === kind ? c.c : [c]));
  if (kept.length === 0) return EMPTY;
  if (kept.length === 1) return kept[0] as PNode;
  return { k: kind, c: kept };
}

/** A date written dd/mm/yyyy or dd.mm.yyyy (Espacenet) as yyyymmdd; other forms Patlas reads as they are. */
export function normaliseForeignDate(value: string, report: Reporter): string {
  const dmy = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value);
  if (dmy) {
    const out = `${dmy[3] ?? ''}${(dmy[2] ?? '').padStart(2, '0')}${(dmy[1] ?? '').padStart(2, '0')}`;
    report.change(value, out, {
      zh: `日期 ${value}（日/月/年）写作 ${out}`,
      en: `Date ${value} (day/month/year) written as ${out}`,
    });
    return out;
  }
  return value;
}

function isDateField(ids: readonly string[] | null): boolean {
  return ids !== null && ids.length > 0 && ids.every((id) => getFieldById(id)?.type === 'date');
}

/** Classification and number fields: a quoted code (`cpc="A61K31/13"`) is the code itself. */
function isCodeField(ids: readonly string[] | null): boolean {
  return (
    ids !== null &&
    ids.length > 0 &&
    ids.every((id) => ['classification', 'number-id'].includes(getFieldById(id)?.type ?? ''))
  );
}

function translateTerm(node: { v: string; phrase: boolean; slop?: number }, ctx: Context): PNode {
  if (node.slop !== undefined && node.phrase) {
    const words = node.v.trim().split(/\s+/);
    const written = `"${node.v}"~${node.slop}`;
    if (node.slop === 0 || words.length < 2) return { k: 'term', v: node.v, phrase: true };
    if (words.length === 2) {
      const distance = Math.min(100, Math.max(1, node.slop));
      const op = `N/${distance}`;
      ctx.report.change(written, `${words[0] ?? ''} ${op} ${words[1] ?? ''}`, {
        zh: `短语邻近 "…"~${node.slop} 写作无序位置算符 ${op}`,
        en: `Phrase proximity "…"~${node.slop} written as the unordered operator ${op}`,
      });
      if (node.slop > 100) {
        ctx.report.noSupport(written, {
          zh: `位置距离 ${node.slop} 超过 Patlas 上限 100，按 100 检索`,
          en: `Distance ${node.slop} is above Patlas's limit of 100; searched as 100`,
        });
      }
      return { k: 'near', op, l: term(words[0] ?? '', ctx), r: term(words[1] ?? '', ctx) };
    }
    ctx.report.noSupport(written, {
      zh: `三个以上词的短语邻近 ${written} 在 Patlas 中没有对应写法，改为这些词同时出现（AND）`,
      en: `Proximity of more than two words, ${written}, has no Patlas equivalent; written as all the words (AND)`,
    });
    return nary(
      'and',
      words.map((w) => term(w, ctx)),
    );
  }
  if (isDateField(ctx.ids)) return { k: 'term', v: normaliseForeignDate(node.v.trim(), ctx.report), phrase: false };
  if (node.phrase && !(isCodeField(ctx.ids) && !/\s/.test(node.v.trim())))
    return { k: 'term', v: node.v, phrase: true };
  return term(node.v.trim(), ctx);
}

function term(value: string, ctx: Context): PNode {
  return { k: 'term', v: ctx.syntax.truncation(value, ctx.report), phrase: false };
}

/** Maps a field name; undefined when it has no equivalent (reported). */
function mapField(name: string, ctx: Context): readonly string[] | undefined {
  const mapping = lookupField(ctx.syntax, name);
  const written = ctx.syntax.writeField(name);
  if (!mapping) {
    ctx.report.noSupport(written, {
      zh: `字段 ${written} 在 Patlas 中没有对应字段，该条件未写入`,
      en: `Field ${written} has no Patlas equivalent; this condition was left out`,
    });
    return undefined;
  }
  if ('unsupported' in mapping) {
    ctx.report.noSupport(written, mapping.unsupported);
    return undefined;
  }
  const to = mapping.ids.length === 1 ? `${mapping.ids[0] ?? ''}=` : mapping.ids.map((id) => `${id}=`).join(' OR ');
  if (written.toUpperCase() === to.toUpperCase()) ctx.report.keep(to);
  else ctx.report.change(written, to, mapping.note);
  return mapping.ids;
}

/** Proximity operands in Patlas are one term or phrase each: `(a OR b) W/5 c` is distributed. */
function termsOf(node: PNode): PNode[] | undefined {
  if (node.k === 'term') return [node];
  if (node.k === 'or') {
    const parts = node.c.map(termsOf);
    if (parts.every((p): p is PNode[] => p !== undefined)) return parts.flat();
  }
  return undefined;
}

function translateNear(node: Extract<FNode, { k: 'near' }>, ctx: Context): PNode {
  const { prox } = node;
  if (prox.unsupported) ctx.report.noSupport(node.op, prox.unsupported);
  else if (prox.op.toUpperCase() === node.op.toUpperCase()) ctx.report.keep(prox.op);
  else ctx.report.change(node.op, prox.op, prox.note);
  // Espacenet writes `ti=green prox/unit=word ti=energy`: the same field on both sides goes outside.
  const lf = node.l.k === 'field' ? node.l : undefined;
  const rf = node.r.k === 'field' ? node.r : undefined;
  if (lf && rf) {
    const lIds = mapField(lf.name, ctx);
    const rIds = mapField(rf.name, ctx);
    if (lIds && rIds && lIds.join() === rIds.join()) {
      const inner: Context = { ...ctx, ids: lIds };
      return {
        k: 'field',
        ids: lIds,
        child: joinNear(prox.op, translate(lf.child, inner), translate(rf.child, inner), node.op, inner),
      };
    }
  }
  return joinNear(prox.op, translate(node.l, ctx), translate(node.r, ctx), node.op, ctx);
}

function joinNear(op: string, left: PNode, right: PNode, written: string, ctx: Context): PNode {
  if (isEmpty(left) || isEmpty(right)) return nary('and', [left, right]);
  if (op === 'AND') return nary('and', [left, right]);
  if (op === 'NOT') return { k: 'not', l: left, r: right };
  const ls = termsOf(left);
  const rs = termsOf(right);
  if (ls && rs && ls.length * rs.length <= MAX_DISTRIBUTED) {
    if (ls.length * rs.length > 1) {
      ctx.report.change(`(…) ${written} (…)`, `(a ${op} c OR b ${op} c)`, {
        zh: `位置算符两侧的 OR 组展开为逐对的位置条件（Patlas 的位置算符两侧各是一个词）`,
        en: `OR groups around a proximity operator expanded pair by pair (a Patlas proximity operator joins two terms)`,
      });
    }
    return nary(
      'or',
      ls.flatMap((l) => rs.map((r): PNode => ({ k: 'near', op, l, r }))),
    );
  }
  ctx.report.noSupport(written, {
    zh: `位置算符 ${written} 连接了复合条件（或展开后超过 ${MAX_DISTRIBUTED} 对），Patlas 中没有对应写法，改为 AND`,
    en: `Proximity ${written} joins compound conditions (or more than ${MAX_DISTRIBUTED} pairs once expanded); no Patlas equivalent, written as AND`,
  });
  return nary('and', [left, right]);
}

function translateRelation(node: Extract<FNode, { k: 'relation' }>, ctx: Context): PNode {
  const ids = mapField(node.name, ctx);
  if (!ids) return EMPTY;
  const words = node.v
    .trim()
    .split(/[\s,]+/)
    .filter((w) => w !== '');
  const written = `${node.name} ${node.rel} "${node.v}"`;
  const inner: Context = { ...ctx, ids };
  if (node.rel === 'within') {
    const [from, to] = words;
    if (from === undefined) return EMPTY;
    const range: PNode = {
      k: 'range',
      id: ids[0] ?? '',
      from: normaliseForeignDate(from, ctx.report),
      to: normaliseForeignDate(to ?? from, ctx.report),
      incFrom: true,
      incTo: true,
    };
    ctx.report.change(`${node.rel} "a b"`, '=[a TO b]', {
      zh: `within "起 止" 写作范围 [起 TO 止]`,
      en: `within "from to" written as the range [from TO to]`,
    });
    return range;
  }
  const kind = node.rel === 'any' ? 'or' : 'and';
  ctx.report.change(`${node.rel} "…"`, kind === 'or' ? '(a OR b)' : '(a AND b)', {
    zh: `${node.rel} 写作 ${kind === 'or' ? 'OR' : 'AND'} 连接的检索词`,
    en: `${node.rel} written as terms joined by ${kind === 'or' ? 'OR' : 'AND'}`,
  });
  void written;
  return {
    k: 'field',
    ids,
    child: nary(
      kind,
      words.map((w) => term(w, inner)),
    ),
  };
}

function translate(node: FNode, ctx: Context): PNode {
  switch (node.k) {
    case 'patlas':
      return node.node;
    case 'term':
      if (ctx.ids === null && ctx.syntax.bareTermNote) ctx.report.change('…', 'TIABC=', ctx.syntax.bareTermNote);
      return translateTerm(node, ctx);
    case 'and':
    case 'or':
      return nary(
        node.k,
        node.c.map((c) => translate(c, ctx)),
      );
    case 'not': {
      const r = translate(node.r, ctx);
      if (isEmpty(r)) return node.l ? translate(node.l, ctx) : EMPTY;
      if (!node.l) return { k: 'not', r };
      const l = translate(node.l, ctx);
      return isEmpty(l) ? { k: 'not', r } : { k: 'not', l, r };
    }
    case 'near':
      return translateNear(node, ctx);
    case 'field': {
      const ids = mapField(node.name, ctx);
      if (!ids) return EMPTY;
      const child = translate(node.child, { ...ctx, ids });
      if (isEmpty(child)) return EMPTY;
      return { k: 'field', ids, child };
    }
    case 'range': {
      if (ctx.ids === null || ctx.ids.length === 0) {
        ctx.report.noSupport(`[${node.from} TO ${node.to}]`, {
          zh: '没有字段的范围在 Patlas 中没有对应写法，该条件未写入',
          en: 'A range without a field has no Patlas equivalent; this condition was left out',
        });
        return EMPTY;
      }
      const open =
        node.from === '*' ? undefined : isDateField(ctx.ids) ? normaliseForeignDate(node.from, ctx.report) : node.from;
      const close =
        node.to === '*' ? undefined : isDateField(ctx.ids) ? normaliseForeignDate(node.to, ctx.report) : node.to;
      return {
        k: 'range',
        id: ctx.ids[0] ?? '',
        ...(open !== undefined ? { from: open } : {}),
        ...(close !== undefined ? { to: close } : {}),
        incFrom: node.incFrom,
        incTo: node.incTo,
      };
    }
    case 'cmp': {
      const ids = mapField(node.name, ctx);
      if (!ids) return EMPTY;
      const v = isDateField(ids) ? normaliseForeignDate(node.v, ctx.report) : node.v;
      return { k: 'field', ids, child: { k: 'cmp', id: ids[0] ?? '', op: node.op, v } };
    }
    case 'relation':
      return translateRelation(node, ctx);
  }
}

/** Translates one expression written in `syntax`. Never throws: what cannot be read is reported. */
export function translateWith(syntax: ForeignSyntax, text: string): ForeignTranslation {
  const report = new Reporter();
  let expression = '';
  try {
    const tree = new ForeignParser(lexForeign(text, syntax), syntax, report).parse();
    if (tree) expression = printPatlas(translate(tree, { syntax, report, ids: null }));
  } catch (err) {
    if (!(err instanceof ForeignParseError)) throw err;
    report.noSupport(err.message, {
      zh: `无法读取该检索式（在“${err.message}”处），请检查括号与运算符`,
      en: `The expression could not be read (at "${err.message}"); check its parentheses and operators`,
    });
  }
  return {
    system: syntax.system,
    expression,
    changes: report.changes,
    kept: report.kept,
    unsupported: report.unsupported,
  };
}

/** Truncation marks: a character map (`+` → `*`), with the change reported once. */
export function mapTruncation(
  marks: Readonly<Record<string, { readonly to: string; readonly unsupported?: Message; readonly note?: Message }>>,
): (term: string, report: Reporter) => string {
  const chars = Object.keys(marks);
  return (value, report) => {
    if (!chars.some((c) => value.includes(c))) return value;
    let out = '';
    for (const c of value) {
      const mark = marks[c];
      if (!mark) {
        out += c;
        continue;
      }
      if (mark.unsupported) report.noSupport(c, mark.unsupported);
      else if (mark.to === c) report.keep(c);
      else report.change(c, mark.to, mark.note && { zh: `截词符：${mark.note.zh}`, en: `Truncation: ${mark.note.en}` });
      out += mark.to;
    }
    return out;
  };
}
