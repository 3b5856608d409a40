/**
 * The validation pass: checks a parsed AST against the field dictionary and the limits, and
 * normalises it. Separate from parsing (STYLE.md), so the parser only knows syntax.
 *
 * - the field accepts the operator (ranges on dates/numbers, proximity on text, phrases not on numbers/classes)
 * - dates: YYYY, YYYYMM, YYYYMMDD, YYYY-MM-DD, YYYY.MM.DD, YYYY/MM/DD → YYYY / YYYYMM / YYYYMMDD; real days only
 * - `AD=2018` (a plain value on a date or number field) becomes the range [2018 TO 2018]
 * - ranges not reversed, not open at both ends; proximity distance within limits
 * - minimum term length, "no valid text information", term count ("adjust logic complexity")
 * - cost: proximity operators (each is verified on stored text) within MAX_QUERY_PROXIMITY
 * - classification symbols upper-cased (`ipc=h01m` = `IPC=H01M`)
 */
import type { NearNode, QueryNode, RangeNode, SemanticNode, Span, TermNode } from './ast.js';
import { findProximityExcess } from './cost.js';
import { queryError, type QueryError } from './errors.js';
import { DEFAULT_TEXT_FIELD, getFieldById, type FieldDef } from './fields.js';
import {
  DEFAULT_SEMANTIC_TOP,
  MAX_SEMANTIC_TOP,
  MIN_SEMANTIC_CLAUSE_CHARS,
  MIN_SEMANTIC_TOP,
  MAX_PROXIMITY_DISTANCE,
  MAX_QUERY_TERMS,
  MIN_PROXIMITY_DISTANCE,
  MIN_TERM_CHARS_CJK,
  MIN_TERM_CHARS_LATIN,
} from './limits.js';

export interface ValidateResult {
  readonly ast: QueryNode;
  readonly errors: readonly QueryError[];
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Letters and digits in `text`, counted up to `limit` (all a term check needs): a long pasted
 * expression has thousands of terms, and collecting every letter of each into an array was most of
 * its validation time and garbage.
 */
function lettersOrDigitsUpTo(text: string, limit: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n < limit; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) n++;
    else if (c >= 128) {
      const cp = text.codePointAt(i) as number;
      if (LETTER_OR_DIGIT.test(String.fromCodePoint(cp))) n++;
      if (cp > 0xffff) i++;
    }
  }
  return n;
}
const WILDCARDS = /[*?]/g;

/** Normalises a date to YYYY, YYYYMM or YYYYMMDD; undefined when it is not a real date in one of the accepted forms. */
export function normaliseDate(value: string): string | undefined {
  const match =
    /^(\d{4})(?:[-./]?(\d{2})(?:[-./]?(\d{2}))?)?$/.exec(value) ??
    /^(\d{4})[-./](\d{1,2})(?:[-./](\d{1,2}))?$/.exec(value);
  if (!match) return undefined;
  const [, y = '', m, d] = match;
  const year = Number(y);
  if (year < 1000) return undefined;
  if (m === undefined) return y;
  const month = Number(m);
  if (month < 1 || month > 12) return undefined;
  const mm = String(month).padStart(2, '0');
  if (d === undefined) return `${y}${mm}`;
  const day = Number(d);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return undefined;
  return `${y}${mm}${String(day).padStart(2, '0')}`;
}

/**
 * Normalises a number (`08` → `8`, `1.50` → `1.5`, `+3` → `3`); undefined when it is not a decimal
 * number. Done on the digits, not through Number: String(Number('1001010011001010010000')) is
 * `1.00101001100101e+21`, which is not a number the language accepts, so the printed expression
 * would not parse back (found by the parser fuzz).
 */
export function normaliseNumber(value: string): string | undefined {
  const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = ''] = match;
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  const digits = decimals ? `${integer}.${decimals}` : integer;
  return sign === '-' && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/** First day a normalised date can mean (2018 → 20180101). */
function dateLow(date: string): string {
  return date.length === 4 ? `${date}0101` : date.length === 6 ? `${date}01` : date;
}

/** Last day a normalised date can mean (2018 → 20181231, 201802 → 20180228). */
function dateHigh(date: string): string {
  if (date.length === 4) return `${date}1231`;
  if (date.length === 6) {
    const last = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(4, 6)), 0)).getUTCDate();
    return `${date}${String(last).padStart(2, '0')}`;
  }
  return date;
}

/** How a range was written, for messages: `>=`, `<`, `[ TO ]`. */
export function describeRangeOperator(node: RangeNode): string {
  if (node.from !== undefined && node.to !== undefined) return node.from === node.to ? '=' : '[ TO ]';
  if (node.from !== undefined) return node.includeFrom ? '>=' : '>';
  return node.includeTo ? '<=' : '<';
}

/** How a proximity operator is written, for messages and the printer: `W/5`, `N/5`, `S`, `P`. */
export function describeProximityOperator(node: Pick<NearNode, 'unit' | 'ordered' | 'distance'>): string {
  if (node.unit === 'sentence') return 'S';
  if (node.unit === 'paragraph') return 'P';
  return `${node.ordered ? 'W' : 'N'}/${node.distance ?? ''}`;
}

/** Checks and normalises a parsed expression. Returns the normalised AST (meaningful only when errors is empty). */
export function validateQuery(ast: QueryNode): ValidateResult {
  const validator = new Validator();
  const result = validator.visit(ast);
  const excess = findProximityExcess(ast);
  return { ast: result, errors: excess ? [...validator.errors, excess] : validator.errors };
}

class Validator {
  readonly errors: QueryError[] = [];
  private terms = 0;

  private report(error: QueryError): void {
    this.errors.push(error);
  }

  /** Counts leaves; one QUERY_TOO_COMPLEX at the first leaf beyond the limit. */
  private count(n: number, span: Span): void {
    const before = this.terms;
    this.terms += n;
    if (before <= MAX_QUERY_TERMS && this.terms > MAX_QUERY_TERMS) {
      this.report(queryError('QUERY_TOO_COMPLEX', span, { max: MAX_QUERY_TERMS }));
    }
  }

  visit(node: QueryNode): QueryNode {
    switch (node.kind) {
      case 'And':
      case 'Or':
        return { ...node, children: node.children.map((child) => this.visit(child)) };
      case 'Not':
        return { ...node, child: this.visit(node.child) };
      case 'Term':
        this.count(1, node.span);
        return this.visitTerm(node);
      case 'Range':
        this.count(1, node.span);
        return this.visitRange(node);
      case 'Near':
        this.count(2, node.span);
        return this.visitNear(node);
      case 'HistoryRef':
        // Its search was validated when it ran; the server substitutes it.
        this.count(1, node.span);
        return node;
      case 'Semantic':
        this.count(1, node.span);
        this.checkSemantic(node);
        return node;
    }
  }

  /** Issue 48: `SEM/N` within MIN_SEMANTIC_TOP..MAX_SEMANTIC_TOP, and a text worth ranking by. */
  private checkSemantic(node: SemanticNode): void {
    if (!Number.isInteger(node.top) || node.top < MIN_SEMANTIC_TOP || node.top > MAX_SEMANTIC_TOP) {
      this.report(
        queryError('QUERY_SEMANTIC_TOP', node.span, {
          top: node.top,
          min: MIN_SEMANTIC_TOP,
          max: MAX_SEMANTIC_TOP,
          default: DEFAULT_SEMANTIC_TOP,
        }),
      );
    }
    if (node.text.length < MIN_SEMANTIC_CLAUSE_CHARS || lettersOrDigitsUpTo(node.text, 1) === 0) {
      this.report(queryError('QUERY_SEMANTIC_TEXT', node.span, { min: MIN_SEMANTIC_CLAUSE_CHARS }));
    }
  }

  private visitTerm(node: TermNode): TermNode | RangeNode {
    const def = getFieldById(node.field ?? DEFAULT_TEXT_FIELD);
    // Unknown fields were reported by the parser.
    if (!def) return node;
    if (def.type === 'date' || def.type === 'number') {
      if (node.phrase) {
        this.report(queryError('QUERY_FIELD_OPERATOR', node.span, { field: def.id, operator: '"…"' }));
        return node;
      }
      const value = this.normaliseBound(def, node.value, node.span);
      if (value === undefined) return node;
      return {
        kind: 'Range',
        field: def.id,
        from: value,
        to: value,
        includeFrom: true,
        includeTo: true,
        span: node.span,
      };
    }
    if (node.phrase && !def.operators.includes('phrase')) {
      this.report(queryError('QUERY_FIELD_OPERATOR', node.span, { field: def.id, operator: '"…"' }));
      return node;
    }
    this.checkTermText(def, node);
    return def.type === 'classification' ? { ...node, value: node.value.toUpperCase() } : node;
  }

  /** Spec 1 §5 minimum length and spec 1 §8 "no valid text information". */
  private checkTermText(def: FieldDef, node: TermNode): void {
    // `AWARD=*`: any awarded patent (like `CC=*`, "the field is not empty"; docs/awards.md).
    if (def.id === 'AWARD' && node.value.trim() === '*') return;
    const core = node.value.replace(WILDCARDS, '');
    const min = def.type !== 'text' ? 1 : CJK.test(core) ? MIN_TERM_CHARS_CJK : MIN_TERM_CHARS_LATIN;
    const meaningful = lettersOrDigitsUpTo(core, Math.max(1, min));
    if (meaningful === 0 && core.length === node.value.length) {
      this.report(queryError('QUERY_NO_VALID_TEXT', node.span, { value: node.value }));
    } else if (meaningful < min) {
      this.report(queryError('QUERY_TERM_TOO_SHORT', node.span, { value: node.value, min }));
    }
  }

  private normaliseBound(def: FieldDef, value: string, span: Span): string | undefined {
    if (def.type === 'date') {
      const date = normaliseDate(value);
      if (date === undefined) this.report(queryError('QUERY_BAD_DATE', span, { field: def.id, value }));
      return date;
    }
    const number = normaliseNumber(value);
    if (number === undefined) this.report(queryError('QUERY_BAD_NUMBER', span, { field: def.id, value }));
    return number;
  }

  private visitRange(node: RangeNode): RangeNode {
    const def = getFieldById(node.field);
    if (!def) return node;
    if (def.type !== 'date' && def.type !== 'number') {
      this.report(
        queryError('QUERY_FIELD_OPERATOR', node.span, { field: def.id, operator: describeRangeOperator(node) }),
      );
      return node;
    }
    if (node.from === undefined && node.to === undefined) {
      this.report(queryError('QUERY_BAD_RANGE', node.span, { from: '*', to: '*' }));
      return node;
    }
    const from = node.from === undefined ? undefined : this.normaliseBound(def, node.from, node.span);
    const to = node.to === undefined ? undefined : this.normaliseBound(def, node.to, node.span);
    if ((node.from !== undefined && from === undefined) || (node.to !== undefined && to === undefined)) return node;
    if (from !== undefined && to !== undefined) {
      const exclusive = !node.includeFrom || !node.includeTo;
      const reversed =
        def.type === 'date'
          ? dateLow(from) > dateHigh(to) || (from === to && exclusive)
          : Number(from) > Number(to) || (Number(from) === Number(to) && exclusive);
      if (reversed) this.report(queryError('QUERY_BAD_RANGE', node.span, { from, to }));
    }
    return {
      kind: 'Range',
      field: node.field,
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
      includeFrom: node.includeFrom,
      includeTo: node.includeTo,
      span: node.span,
    };
  }

  private visitNear(node: NearNode): NearNode {
    const def = getFieldById(node.field ?? DEFAULT_TEXT_FIELD);
    if (!def) return node;
    const operator = describeProximityOperator(node);
    if (!def.operators.includes('proximity')) {
      this.report(queryError('QUERY_FIELD_OPERATOR', node.span, { field: def.id, operator }));
      return node;
    }
    if (
      node.unit === 'word' &&
      (node.distance === undefined || node.distance < MIN_PROXIMITY_DISTANCE || node.distance > MAX_PROXIMITY_DISTANCE)
    ) {
      this.report(
        queryError('QUERY_BAD_DISTANCE', node.span, {
          operator,
          value: node.distance ?? '',
          min: MIN_PROXIMITY_DISTANCE,
          max: MAX_PROXIMITY_DISTANCE,
        }),
      );
    }
    this.checkTermText(def, node.left);
    this.checkTermText(def, node.right);
    return node;
  }
}
