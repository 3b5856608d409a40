import { MAX_WILDCARD_EXPANSIONS, type NearNode, type QueryNode, type RangeNode, type TermNode } from '@patlas/query';
import { stemWord } from '../../analysis/english.js';
import { numberKeysForLookup } from '../../analysis/patent-numbers.js';
import {
  analyseTerm,
  findTerm,
  type AnalysedTerm,
  type Occurrence,
  type TermSequence,
} from '../../analysis/query-terms.js';
import { segmentUnits, type TextUnit } from '../../analysis/text-normalise.js';
import { EngineError } from '../../search-engine.js';
import { STORED_TEXT_COLUMNS, type FtsColumn, type StoredTextColumn } from './index-schema.js';
import {
  PARTY_COUNTRY_LABELS,
  PARTY_TYPE_LABELS,
  PATENT_TYPE_LABELS,
  classToken,
  keywordToken,
} from './index-tokens.js';

/**
 * AST → execution plan for the SQLite back end. Everything a FTS5 MATCH can express (text,
 * parties, classes, numbers, keywords, and their AND/OR/NOT) is merged into as few MATCH
 * strings as possible; date and number ranges run over the in-memory columns; unordered word
 * proximity is an exact FTS5 NEAR where their semantics agree (compileNear); other proximity and
 * CJK wildcard patterns take their candidates from FTS5 and are checked exactly on the stored
 * title/abstract/claims text. MATCH strings are bound as
 * parameters; user text inside them is always a quoted FTS5 string.
 */
/** Engine-only range fields: the record's drawing count, and 1 when it has claims or description text. */
export const CONTENT_FIELDS = { drawings: '$DRAWINGS', fullText: '$FULLTEXT' } as const;

/** Date columns with several values per document (one per legal record): a range matches when any value is inside. */
export const MULTI_RANGE_COLUMNS = ['led', 'litd', 'licd', 'trfd', 'plgd', 'rexd'] as const;
export type MultiRangeColumn = (typeof MULTI_RANGE_COLUMNS)[number];
export type RangeColumn =
  | 'ad'
  | 'pd'
  | 'gd'
  | 'prd'
  | 'ed'
  | 'famn'
  | 'citn'
  | 'citedn'
  | 'pv'
  | 'clmn'
  | 'def'
  | 'defd'
  | 'drw'
  | 'ftx'
  | MultiRangeColumn;

export type StoredTexts = Record<StoredTextColumn, string>;

export type Plan =
  | {
      readonly kind: 'fts';
      readonly match: string;
      readonly rank: readonly string[];
      /** Every hit matches the rank expression (a text condition must hold), so one bm25() statement yields all hits. */
      readonly ranked?: boolean;
      /** A text condition ANDed with a class, keyword or number one: usually a small hit set. */
      readonly narrowed?: boolean;
      /** How `match` was put together from its conditions, when it was (FtsTree). */
      readonly tree?: FtsTree;
    }
  | ({
      readonly kind: 'verify';
      readonly match: string;
      readonly rank: readonly string[];
      readonly describe: string;
    } & (
      | {
          /** The condition on the stored title/abstract/claims of each candidate `match` yields. */
          readonly check: (texts: StoredTexts) => boolean;
        }
      | {
          /**
           * Word proximity of two single phrases (`match` is their FTS5 NEAR, a superset): checked
           * on the FTS5 position lists of phrases 0 and 1 by the engine's SQLite extension
           * (native-extension.ts). Positions are unit indexes (index-tokens.ts), so this is the
           * rule nearHolds applies to the text, on any text column, stored or not.
           */
          readonly positions: NearPositions;
        }
    ))
  | {
      readonly kind: 'range';
      readonly column: RangeColumn;
      readonly from?: number;
      readonly to?: number;
      readonly includeFrom: boolean;
      readonly includeTo: boolean;
    }
  | {
      /** Documents with an award (AWARD field) the test accepts: the in-memory award lists (doc-columns.ts). */
      readonly kind: 'award';
      readonly describe: string;
      readonly test: (award: string, year: number | null) => boolean;
    }
  | {
      /**
       * A class or exact-value condition (IPC/CPC at section, class, subclass or main-group level;
       * LS, PT, CC) answered from the posting lists of the in-memory columns (doc-columns.ts)
       * instead of FTS5: `IPC=G06F` is an FTS5 prefix query merging thousands of group terms, and
       * `LS=有效` reads the doclist of a bigram that fills the claims of half the corpus. `accept`
       * takes a dictionary value of `field`; `match` is the same condition in FTS5, for reference.
       */
      readonly kind: 'column';
      readonly field: ColumnField;
      readonly accept: (value: string) => boolean;
      readonly describe: string;
      readonly match: string;
    }
  | {
      /** A resolved `SEM=(…)` clause (issue 48): these patents, by publication number (ranked-set.ts lookUpIds). */
      readonly kind: 'ids';
      readonly numbers: readonly string[];
    }
  | { readonly kind: 'none' }
  | { readonly kind: 'and'; readonly children: readonly Plan[] }
  | { readonly kind: 'or'; readonly children: readonly Plan[] }
  | { readonly kind: 'not'; readonly child: Plan };

/**
 * The AND/OR/NOT structure of a merged FTS5 MATCH: each node's `match` is the whole subtree as one
 * FTS5 expression. FTS5 merges an OR of k phrases by comparing all k at every row it yields, so the
 * engine evaluates a wide OR (a landscape search's 100 synonyms) one condition at a time instead and
 * unites the ids (match-evaluation.ts evaluateTree).
 */
export interface FtsTree {
  readonly match: string;
  /** `not`: children[0] without children[1]. */
  readonly op?: 'and' | 'or' | 'not';
  readonly children?: readonly FtsTree[];
}

/** An OR of more conditions than this is evaluated one condition at a time (match-evaluation.ts evaluateTree). */
const WIDE_OR = 12;

export function hasWideOr(tree: FtsTree): boolean {
  const children = tree.children ?? [];
  return (tree.op === 'or' && children.length > WIDE_OR) || children.some(hasWideOr);
}

function treeOf(plan: Extract<Plan, { kind: 'fts' }>): FtsTree {
  return plan.tree ?? { match: plan.match };
}

export interface NearPositions {
  readonly leftUnits: number;
  readonly rightUnits: number;
  /** Most units between the two. */
  readonly gap: number;
  readonly ordered: boolean;
}

/** Column fields that class and exact-value conditions are answered from (doc-columns.ts). */
export type ColumnField =
  | 'ipcSection'
  | 'ipcClass'
  | 'ipcSubclass'
  | 'ipcGroup'
  | 'cpcSubclass'
  | 'cpcGroup'
  | 'legalStatus'
  | 'patentType'
  | 'country';

export interface CompileContext {
  /** Stems of the indexed words matching a wildcard word (`batter*`), or undefined when too many. */
  expandWord(pattern: string): string[] | undefined;
  /**
   * Every indexed word (lower case) whose stem is `stem`; lets proximity check plain words in ASCII
   * text with a regular expression. Without it the check segments the text.
   */
  wordsOfStem?(stem: string): string[];
}

/**
 * One compile in progress: the context, the words the truncations expanded to so far (the cost
 * guard: at most MAX_WILDCARD_EXPANSIONS in one expression) and the term being compiled, where a
 * refusal points.
 */
interface Compilation extends CompileContext {
  expanded: number;
  term?: TermNode;
}

/** Adds a truncation's expansion to the running total; refuses the expression once it passes the limit. */
function countExpansion(ctx: Compilation, words: number, text: string): void {
  ctx.expanded += words;
  if (ctx.expanded > MAX_WILDCARD_EXPANSIONS) {
    throw new EngineError(
      'QUERY_TOO_MANY_EXPANSIONS',
      { max: MAX_WILDCARD_EXPANSIONS, term: ctx.term?.value ?? text },
      ctx.term?.span,
    );
  }
}

type FieldSpec =
  | { kind: 'text'; columns: readonly FtsColumn[] }
  | { kind: 'class' | 'keyword' | 'number'; column: FtsColumn }
  | { kind: 'range'; column: RangeColumn; type: 'date' | 'number' }
  | { kind: 'award' };

const FIELDS: Record<string, FieldSpec> = {
  TI: { kind: 'text', columns: ['ti'] },
  AB: { kind: 'text', columns: ['ab'] },
  CLM: { kind: 'text', columns: ['clm'] },
  DESC: { kind: 'text', columns: ['desc'] },
  TIAB: { kind: 'text', columns: ['ti', 'ab'] },
  TIABC: { kind: 'text', columns: ['ti', 'ab', 'clm'] },
  FT: { kind: 'text', columns: ['ti', 'ab', 'clm', 'desc'] },
  PA: { kind: 'text', columns: ['pa'] },
  AS: { kind: 'text', columns: ['asg'] },
  'PA-STD': { kind: 'text', columns: ['pastd'] },
  IN: { kind: 'text', columns: ['inv'] },
  AGT: { kind: 'text', columns: ['agt'] },
  AGC: { kind: 'text', columns: ['agc'] },
  ADDR: { kind: 'text', columns: ['addr'] },
  PROV: { kind: 'text', columns: ['prov'] },
  CITY: { kind: 'text', columns: ['city'] },
  'PA-TYPE': { kind: 'keyword', column: 'patype' },
  'PA-CC': { kind: 'keyword', column: 'pacc' },
  LIT: { kind: 'text', columns: ['lit'] },
  PLG: { kind: 'text', columns: ['plg'] },
  LIC: { kind: 'text', columns: ['lic'] },
  TRF: { kind: 'text', columns: ['trf'] },
  REX: { kind: 'text', columns: ['rex'] },
  LE: { kind: 'text', columns: ['le'] },
  LITCN: { kind: 'text', columns: ['litcn'] },
  LITCT: { kind: 'text', columns: ['litct'] },
  LITPT: { kind: 'text', columns: ['litpl', 'litdf'] },
  LITPL: { kind: 'text', columns: ['litpl'] },
  LITDF: { kind: 'text', columns: ['litdf'] },
  LITRS: { kind: 'text', columns: ['litrs'] },
  LICOR: { kind: 'text', columns: ['licor'] },
  LICEE: { kind: 'text', columns: ['licee'] },
  LICT: { kind: 'text', columns: ['lict'] },
  TRFOR: { kind: 'text', columns: ['trfor'] },
  TRFEE: { kind: 'text', columns: ['trfee'] },
  PLGOR: { kind: 'text', columns: ['plgor'] },
  PLGEE: { kind: 'text', columns: ['plgee'] },
  REXRQ: { kind: 'text', columns: ['rexrq'] },
  REXN: { kind: 'text', columns: ['rexn'] },
  REXT: { kind: 'text', columns: ['rext'] },
  TPROB: { kind: 'text', columns: ['tprob'] },
  TMEANS: { kind: 'text', columns: ['tmeans'] },
  TEFFECT: { kind: 'text', columns: ['teff'] },
  IPC: { kind: 'class', column: 'ipc' },
  'IPC-MAIN': { kind: 'class', column: 'ipcm' },
  CPC: { kind: 'class', column: 'cpc' },
  LOC: { kind: 'class', column: 'loc' },
  LS: { kind: 'keyword', column: 'ls' },
  PT: { kind: 'keyword', column: 'pt' },
  CC: { kind: 'keyword', column: 'cc' },
  KD: { kind: 'keyword', column: 'kd' },
  AN: { kind: 'number', column: 'an' },
  PN: { kind: 'number', column: 'pn' },
  PR: { kind: 'number', column: 'pr' },
  FAM: { kind: 'number', column: 'fam' },
  CIT: { kind: 'number', column: 'cit' },
  CITED: { kind: 'number', column: 'cited' },
  AD: { kind: 'range', column: 'ad', type: 'date' },
  PD: { kind: 'range', column: 'pd', type: 'date' },
  GD: { kind: 'range', column: 'gd', type: 'date' },
  PRD: { kind: 'range', column: 'prd', type: 'date' },
  ED: { kind: 'range', column: 'ed', type: 'date' },
  FAMN: { kind: 'range', column: 'famn', type: 'number' },
  CITN: { kind: 'range', column: 'citn', type: 'number' },
  CITEDN: { kind: 'range', column: 'citedn', type: 'number' },
  PV: { kind: 'range', column: 'pv', type: 'number' },
  CLMN: { kind: 'range', column: 'clmn', type: 'number' },
  LED: { kind: 'range', column: 'led', type: 'date' },
  LITD: { kind: 'range', column: 'litd', type: 'date' },
  LICD: { kind: 'range', column: 'licd', type: 'date' },
  TRFD: { kind: 'range', column: 'trfd', type: 'date' },
  PLGD: { kind: 'range', column: 'plgd', type: 'date' },
  REXD: { kind: 'range', column: 'rexd', type: 'date' },
  DEF: { kind: 'range', column: 'def', type: 'number' },
  DEFD: { kind: 'range', column: 'defd', type: 'date' },
  AWARD: { kind: 'award' },
  // Engine-only fields (no query syntax reaches them: the parser knows no such field): what a
  // record holds, for the result page's set-wide content counts (issue 43). -1 = indexed before.
  [CONTENT_FIELDS.drawings]: { kind: 'range', column: 'drw', type: 'number' },
  [CONTENT_FIELDS.fullText]: { kind: 'range', column: 'ftx', type: 'number' },
};

/** The field ids this back end understands. */
export const SQLITE_FIELD_IDS: readonly string[] = Object.keys(FIELDS);

function resolveField(field: string | null): FieldSpec {
  const spec = FIELDS[(field ?? 'TIABC').toUpperCase()];
  if (!spec) throw new EngineError('FIELD_UNKNOWN', { field: field ?? '' });
  return spec;
}

/** An FTS5 string literal. */
function quote(token: string): string {
  return `"${token.replace(/"/g, '""')}"`;
}

function columnFilter(columns: readonly FtsColumn[], expr: string): string {
  return `{${columns.join(' ')}}: (${expr})`;
}

/** Max phrases an OR of wildcard expansions inside a sequence may produce. */
const MAX_SEQUENCE_VARIANTS = 200;

/** One sequence as FTS5: a phrase of tokens (see index-tokens.ts for the CJK bigram scheme). */
function compileSequence(seq: TermSequence, ctx: Compilation): string {
  const q = seq.units;
  const slots: string[][] = [];
  for (let k = 0; k < q.length; k++) {
    const u = q[k];
    if (!u) continue;
    if (u.kind === 'word') {
      if (!u.isWildcard) {
        slots.push([quote(stemWord(u.text))]);
        continue;
      }
      const stems = ctx.expandWord(u.text);
      if (stems === undefined) {
        // Too many words: a plain right truncation still works as an FTS5 prefix on the stem.
        const prefix = /^([^*?]{3,})\*$/.exec(u.text)?.[1];
        if (!prefix) throw new EngineError('WILDCARD_TOO_BROAD', { term: u.text });
        slots.push([`${quote(prefix)}*`]);
      } else if (stems.length === 0) {
        return '';
      } else {
        countExpansion(ctx, stems.length, u.text);
        slots.push(stems.map(quote));
      }
      continue;
    }
    if (!u.isRunStart) continue;
    let end = k;
    while (!(q[end] as (typeof q)[number]).isRunEnd) end++;
    const run = q.slice(k, end + 1).map((x) => x.text);
    const isLast = end === q.length - 1;
    if (run.length === 1) {
      slots.push([isLast ? `${quote(run[0] as string)}*` : quote(run[0] as string)]);
    } else {
      for (let i = 0; i + 1 < run.length; i++) slots.push([quote(`${run[i]}${run[i + 1]}`)]);
      if (!isLast) slots.push([quote(run.at(-1) as string)]);
    }
  }
  let variants: string[] = [''];
  for (const slot of slots) {
    if (slot.length === 1 || slots.length === 1) {
      const piece = slot.length === 1 ? (slot[0] as string) : `(${slot.join(' OR ')})`;
      variants = variants.map((v) => (v ? `${v} + ${piece}` : piece));
    } else {
      variants = variants.flatMap((v) => slot.map((s) => (v ? `${v} + ${s}` : s)));
      if (variants.length > MAX_SEQUENCE_VARIANTS)
        throw new EngineError('WILDCARD_TOO_BROAD', { term: q.map((x) => x.text).join('') });
    }
  }
  return variants.length === 1 ? (variants[0] as string) : `(${variants.join(' OR ')})`;
}

function compileSequences(term: AnalysedTerm, ctx: Compilation): string | undefined {
  const parts = term.sequences.map((s) => compileSequence(s, ctx));
  if (parts.length === 0 || parts.some((p) => p === '')) return undefined;
  return parts.length === 1 ? (parts[0] as string) : parts.map((p) => `(${p})`).join(' AND ');
}

function storedColumns(columns: readonly FtsColumn[]): StoredTextColumn[] | undefined {
  return columns.every((c) => (STORED_TEXT_COLUMNS as readonly string[]).includes(c))
    ? (columns as StoredTextColumn[])
    : undefined;
}

/** jieba title words of a CJK term, as a ranking boost. */
function titleWordBoost(term: AnalysedTerm, columns: readonly FtsColumn[]): string[] {
  if (!columns.includes('ti')) return [];
  return term.sequences
    .filter((s) => s.units.length > 1 && s.units.every((u) => u.kind === 'cjk'))
    .map((s) => `{tiw}: ${quote(s.units.map((u) => u.text).join(''))}`);
}

function compileTextTerm(node: TermNode, columns: readonly FtsColumn[], ctx: Compilation): Plan {
  const term = analyseTerm(node.value, node.phrase);
  ctx.term = node;
  const body = compileSequences(term, ctx);
  if (body === undefined) return { kind: 'none' };
  const match = columnFilter(columns, body);
  const rank = [match, ...titleWordBoost(term, columns)];
  if (!term.pattern) return { kind: 'fts', match, rank, ranked: true };
  const stored = storedColumns(columns);
  // Without the stored text (description, parties) the literal pieces are the best available answer.
  if (!stored) return { kind: 'fts', match, rank, ranked: true };
  return {
    kind: 'verify',
    match,
    rank,
    describe: `${columns.join(' ')} ~ ${term.pattern.source}`,
    check: (texts) => stored.some((c) => findTerm(term, texts[c]) !== undefined),
  };
}

/**
 * The column (and its level) holding a class token's documents exactly as FTS5 matches it: the
 * columns' class levels are read off the same tokens (classLevels over classToken), so a token
 * with an FTS5 prefix `g06f`* and the subclass G06F select the same documents.
 */
const CLASS_LEVELS: Partial<Record<FtsColumn, readonly (readonly [RegExp, ColumnField])[]>> = {
  ipc: [
    [/^[a-z]$/, 'ipcSection'],
    [/^[a-z]\d\d$/, 'ipcClass'],
    [/^[a-z]\d\d[a-z]$/, 'ipcSubclass'],
    [/^[a-z]\d\d[a-z]\d+$/, 'ipcGroup'],
  ],
  cpc: [
    [/^[a-z]\d\d[a-z]$/, 'cpcSubclass'],
    [/^[a-z]\d\d[a-z]\d+$/, 'cpcGroup'],
  ],
};

/** Case as FTS5's unicode61 tokenizer folds it. */
const fold = (text: string): string => text.toLowerCase();

function compileClassTerm(value: string, column: FtsColumn): Plan {
  const cleaned = value
    .trim()
    .replace(/\/?\*+$/, '')
    .replace(/\?.*$/, '');
  const token = classToken(cleaned);
  if (!token) return { kind: 'none' };
  let body: string;
  if (token.includes('x')) body = `${quote(token)}*`;
  else if (/^[a-z]\d\d[a-z]\d+$/.test(token)) body = `(${quote(token)} OR ${quote(`${token}x`)}*)`;
  else body = `${quote(token)}*`;
  const match = columnFilter([column], body);
  const level = CLASS_LEVELS[column]?.find(([re]) => re.test(token));
  if (level) {
    const key = fold(token);
    return {
      kind: 'column',
      field: level[1],
      accept: (v) => fold(v) === key,
      describe: `${level[1]} = ${token}`,
      match,
    };
  }
  return { kind: 'fts', match, rank: [] };
}

/** Exact-value fields whose value the columns hold as written (FTS5 holds keywordToken of it). */
const KEYWORD_COLUMNS: Partial<Record<FtsColumn, ColumnField>> = {
  ls: 'legalStatus',
  pt: 'patentType',
  cc: 'country',
};

function compileKeywordTerm(field: string, value: string, column: FtsColumn): Plan {
  let v = value.trim();
  // `CC=*` is the query package's "data source is not null" condition (spec 1 §5, leading NOT):
  // every record has an office, so it matches all documents.
  if (field === 'CC' && v === '*') return { kind: 'not', child: { kind: 'none' } };
  if (field === 'PT') v = PATENT_TYPE_LABELS[v] ?? v;
  if (field === 'PA-TYPE') v = PARTY_TYPE_LABELS[v] ?? v;
  if (field === 'PA-CC') v = PARTY_COUNTRY_LABELS[v] ?? v;
  const isPrefix = /\*$/.test(v);
  const token = keywordToken(v.replace(/[*?]/g, ''));
  if (!token) return { kind: 'none' };
  const match = columnFilter([column], isPrefix ? `${quote(token)}*` : quote(token));
  const columnField = KEYWORD_COLUMNS[column];
  if (columnField) {
    const key = fold(token);
    const accept = isPrefix
      ? (written: string) => fold(keywordToken(written)).startsWith(key)
      : (written: string) => fold(keywordToken(written)) === key;
    return {
      kind: 'column',
      field: columnField,
      accept,
      describe: `${columnField} ${isPrefix ? '^=' : '='} ${token}`,
      match,
    };
  }
  return { kind: 'fts', match, rank: [] };
}

/** An award's name as compared: normalised width and case, no spaces or punctuation. */
export function awardKey(text: string): string {
  return keywordToken(text).toLowerCase();
}

/**
 * `AWARD=金奖`: part of an award's name (中国专利金奖) or its year (`AWARD=2021`); with `*`/`?` the
 * pattern covers the whole name or year (`AWARD=中国专利*`); `AWARD=*` any award.
 */
function compileAwardTerm(value: string): Plan {
  const v = value.trim();
  if (/^[*?]+$/.test(v)) return { kind: 'award', describe: 'AWARD *', test: () => true };
  if (/[*?]/.test(v)) {
    const pattern = v
      .split(/([*?])/)
      .map((part) => (part === '*' ? '.*' : part === '?' ? '.' : escapeRegExp(awardKey(part))))
      .join('');
    const re = new RegExp(`^${pattern}$`, 'u');
    return {
      kind: 'award',
      describe: `AWARD ~${pattern}`,
      test: (award, year) => re.test(awardKey(award)) || (year !== null && re.test(String(year))),
    };
  }
  const key = awardKey(v);
  if (!key) return { kind: 'none' };
  const year = /^\d{4}$/.test(key) ? Number(key) : undefined;
  return {
    kind: 'award',
    describe: `AWARD ${key}`,
    test: (award, y) => (year !== undefined && y === year) || awardKey(award).includes(key),
  };
}

function compileNumberTerm(value: string, column: FtsColumn): Plan {
  const v = value.trim();
  if (/[*?]/.test(v)) {
    const prefix = keywordToken(v.replace(/[*?].*$/, ''));
    if (prefix.length < 2) throw new EngineError('WILDCARD_TOO_BROAD', { term: v });
    return { kind: 'fts', match: columnFilter([column], `${quote(prefix)}*`), rank: [] };
  }
  const keys = new Set(numberKeysForLookup(v).map((k) => k.toLowerCase()));
  const own = keywordToken(v);
  if (own) keys.add(own);
  if (keys.size === 0) return { kind: 'none' };
  const body = keys.size === 1 ? quote([...keys][0] as string) : `(${[...keys].map(quote).join(' OR ')})`;
  return { kind: 'fts', match: columnFilter([column], body), rank: [] };
}

/** YYYY, YYYYMM or YYYYMMDD (separators ignored) → first / last day as YYYYMMDD. */
function dateBound(value: string, end: boolean): number {
  const digits = value.replace(/[^\d]/g, '');
  if (!/^\d{4}(\d{2}(\d{2})?)?$/.test(digits)) throw new EngineError('RANGE_INVALID', { value });
  if (digits.length === 8) return Number(digits);
  if (digits.length === 6) return Number(digits) * 100 + (end ? 31 : 1);
  return Number(digits) * 10000 + (end ? 1231 : 101);
}

function numberBound(value: string): number {
  const n = Number(value.trim());
  if (!Number.isFinite(n)) throw new EngineError('RANGE_INVALID', { value });
  return n;
}

function compileRange(
  spec: Extract<FieldSpec, { kind: 'range' }>,
  node: Pick<RangeNode, 'from' | 'to' | 'includeFrom' | 'includeTo'>,
): Plan {
  if (spec.type === 'number') {
    return {
      kind: 'range',
      column: spec.column,
      ...(node.from !== undefined ? { from: numberBound(node.from) } : {}),
      ...(node.to !== undefined ? { to: numberBound(node.to) } : {}),
      includeFrom: node.includeFrom,
      includeTo: node.includeTo,
    };
  }
  // Dates are whole days: an exclusive bound on 2018 means after 2018-12-31 / before 2018-01-01.
  const from =
    node.from === undefined
      ? undefined
      : node.includeFrom
        ? dateBound(node.from, false)
        : dateBound(node.from, true) + 1;
  const to =
    node.to === undefined ? undefined : node.includeTo ? dateBound(node.to, true) : dateBound(node.to, false) - 1;
  return {
    kind: 'range',
    column: spec.column,
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    includeFrom: true,
    includeTo: true,
  };
}

function compileTerm(node: TermNode, ctx: Compilation): Plan {
  const spec = resolveField(node.field);
  const field = (node.field ?? 'TIABC').toUpperCase();
  switch (spec.kind) {
    case 'text':
      return compileTextTerm(node, spec.columns, ctx);
    case 'class':
      return compileClassTerm(node.value, spec.column);
    case 'keyword':
      return compileKeywordTerm(field, node.value, spec.column);
    case 'number':
      return compileNumberTerm(node.value, spec.column);
    case 'award':
      return compileAwardTerm(node.value);
    case 'range': {
      // `AD=2018` or `AD=2018*`: the whole period; `FAMN=3`: equality.
      const v = node.value.replace(/\*+$/, '');
      return compileRange(spec, { from: v, to: v, includeFrom: true, includeTo: true });
    }
  }
}

function gapOk(a: Occurrence, b: Occurrence, distance: number): boolean {
  return b.first > a.last && b.first - a.last - 1 <= distance;
}

function pairWithin(node: NearNode, ls: readonly Occurrence[], rs: readonly Occurrence[]): boolean {
  const d = node.distance ?? 0;
  for (const l of ls) for (const r of rs) if (gapOk(l, r, d) || (!node.ordered && gapOk(r, l, d))) return true;
  return false;
}

/** Stems of a term that is one sequence of plain words (no wildcard, no CJK), else undefined. */
function plainWordStems(term: AnalysedTerm): string[] | undefined {
  const seq = term.sequences[0];
  if (term.pattern || term.sequences.length !== 1 || !seq || seq.units.length === 0) return undefined;
  if (seq.units.some((u) => u.kind !== 'word' || u.isWildcard)) return undefined;
  return seq.units.map((u) => stemWord(u.text));
}

const NON_ASCII = /[^\u0000-\u007f]/; // eslint-disable-line no-control-regex -- the ASCII range itself

/**
 * A regular expression finding a sequence of plain words in a pure-ASCII text, given for each word
 * every indexed surface form of its stem (CompileContext.wordsOfStem). segmentUnits cuts such a text
 * into the maximal runs of [A-Za-z0-9], lower-cased, so this matches exactly where findSequence
 * would, at native regex speed instead of ~40 ns per character through segmentUnits.
 */
export function wordSequenceRegExp(forms: readonly (readonly string[])[]): RegExp {
  const alt = (f: readonly string[]): string =>
    f.length === 0
      ? '(?!)'
      : `(?:${[...f]
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join('|')})`;
  return new RegExp(`(?<![A-Za-z0-9])${forms.map(alt).join('[^A-Za-z0-9]+')}(?![A-Za-z0-9])`, 'gi');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Span {
  readonly start: number;
  readonly end: number;
}

function spans(text: string, re: RegExp): Span[] {
  const out: Span[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ start: m.index, end: m.index + m[0].length });
    // Multi-word sequences may overlap ("data data data"): resume at the next character.
    re.lastIndex = m.index + 1;
  }
  return out;
}

/** More than `max` words (runs of [A-Za-z0-9]) in text[from, to)? */
function moreWordsThan(text: string, from: number, to: number, max: number): boolean {
  let n = 0;
  let inWord = false;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    const w = (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122);
    if (w && !inWord && ++n > max) return true;
    inWord = w;
  }
  return false;
}

/** Word proximity in a pure-ASCII text: for each left occurrence the nearest right one after it decides (and vice versa). */
export function asciiNearHolds(text: string, left: RegExp, right: RegExp, distance: number, ordered: boolean): boolean {
  const ls = spans(text, left);
  if (ls.length === 0) return false;
  const rs = spans(text, right);
  const within = (as: Span[], bs: Span[]): boolean =>
    as.some((a) => {
      const b = bs.find((x) => x.start >= a.end);
      return b !== undefined && !moreWordsThan(text, a.end, b.start, distance);
    });
  return within(ls, rs) || (!ordered && within(rs, ls));
}

function nearHolds(
  node: NearNode,
  left: AnalysedTerm,
  right: AnalysedTerm,
  text: string,
  ascii: readonly [RegExp, RegExp] | undefined,
): boolean {
  if (node.unit === 'word' && ascii && !NON_ASCII.test(text)) {
    return asciiNearHolds(text, ascii[0], ascii[1], node.distance ?? 0, node.ordered);
  }
  const units: TextUnit[] = segmentUnits(text);
  const ls = findTerm(left, text, units);
  const rs = findTerm(right, text, units);
  if (!ls || !rs) return false;
  if (node.unit === 'word') return pairWithin(node, ls, rs);
  for (const l of ls) {
    for (const r of rs) {
      if (node.ordered && r.first <= l.last) continue;
      const key = node.unit === 'sentence' ? 'sentence' : 'paragraph';
      if ((units[l.first] as TextUnit)[key] === (units[r.first] as TextUnit)[key]) return true;
    }
  }
  return false;
}

function asPhrase(node: TermNode): AnalysedTerm {
  const term = analyseTerm(node.value, node.phrase);
  return term.sequences.length > 1 && !term.pattern ? analyseTerm(node.value, true) : term;
}

/**
 * Units minus FTS5 tokens of a one-sequence term: 1 when it ends in a CJK run of two or more
 * characters (that run is bigrams only, the last one covering two units), else 0.
 */
function tokenDeficit(term: AnalysedTerm): number {
  const last = term.sequences[0]?.units.at(-1);
  return last && last.kind === 'cjk' && !last.isRunStart ? 1 : 0;
}

/** What a unit must be in the text: a word's stem or a CJK character. */
function unitKeys(term: AnalysedTerm): Set<string> {
  return new Set(
    term.sequences.flatMap((s) => s.units.map((u) => (u.kind === 'word' ? `w:${stemWord(u.text)}` : `c:${u.text}`))),
  );
}

function compileNear(node: NearNode, ctx: Compilation): Plan {
  const spec = resolveField(node.field ?? node.left.field);
  if (spec.kind !== 'text') throw new EngineError('QUERY_UNSUPPORTED', { reason: 'proximity on a non-text field' });
  const left = asPhrase(node.left);
  const right = asPhrase(node.right);
  ctx.term = node.left;
  const l = compileSequences(left, ctx);
  ctx.term = node.right;
  const r = compileSequences(right, ctx);
  if (l === undefined || r === undefined) return { kind: 'none' };
  const isSimple = (t: AnalysedTerm, s: string): boolean =>
    !t.pattern && t.sequences.length === 1 && !s.includes(' OR ');
  const distance = node.distance ?? 0;
  const simple = node.unit === 'word' && isSimple(left, l) && isSimple(right, r);
  const deficit = simple ? Math.max(tokenDeficit(left), tokenDeficit(right)) : 0;
  /*
   * FTS5 NEAR(a b, N): a phrase starting at token p (n tokens) and one starting at q >= p match
   * when q - p - n <= N, in either order, within one column. Each token is one unit except the last
   * bigram of a final CJK run (tokenDeficit), so with N = distance + deficit the window equals our
   * gap rule exactly when both sides have the same deficit and their occurrences cannot overlap
   * (FTS5 also accepts overlapping phrases, e.g. 图像 and 像素 in 图像素; we do not). They cannot
   * overlap when no unit (stem or character) is common to both sides. Unordered word proximity
   * under those conditions is exact as NEAR; otherwise NEAR (or AND) only yields candidates.
   */
  const candidate = simple ? `NEAR(${l} ${r}, ${distance + deficit})` : `(${l}) AND (${r})`;
  const match = columnFilter(spec.columns, candidate);
  const rank = [columnFilter(spec.columns, `(${l}) OR (${r})`)];
  const leftKeys = unitKeys(left);
  const exact =
    simple &&
    !node.ordered &&
    tokenDeficit(left) === tokenDeficit(right) &&
    [...unitKeys(right)].every((k) => !leftKeys.has(k));
  const stored = storedColumns(spec.columns);
  // An exact NEAR ranks by its own phrases: one bm25() statement then yields hits and scores.
  if (exact) return { kind: 'fts', match, rank: [match], ranked: true };
  const op = node.unit === 'word' ? `${node.ordered ? 'W' : 'N'}/${distance}` : node.unit === 'sentence' ? 'S' : 'P';
  // One phrase each side: the positions of the NEAR candidates decide, in any text column.
  if (simple) {
    const unitsOf = (t: AnalysedTerm): number => t.sequences[0]?.units.length ?? 0;
    return {
      kind: 'verify',
      match,
      rank,
      describe: `${spec.columns.join(' ')} ${op}`,
      positions: { leftUnits: unitsOf(left), rightUnits: unitsOf(right), gap: distance, ordered: node.ordered },
    };
  }
  if (!stored) return { kind: 'fts', match, rank, ranked: true };
  const ls = plainWordStems(left);
  const rs = plainWordStems(right);
  const forms = (stems: string[]): RegExp | undefined =>
    ctx.wordsOfStem ? wordSequenceRegExp(stems.map((st) => ctx.wordsOfStem?.(st) ?? [])) : undefined;
  const lre = node.unit === 'word' && ls ? forms(ls) : undefined;
  const rre = node.unit === 'word' && rs ? forms(rs) : undefined;
  const ascii = lre && rre ? ([lre, rre] as const) : undefined;
  return {
    kind: 'verify',
    match,
    rank,
    describe: `${stored.join(' ')} ${op}`,
    check: (texts) => stored.some((c) => nearHolds(node, left, right, texts[c], ascii)),
  };
}

function isFts(p: Plan): p is Extract<Plan, { kind: 'fts' }> {
  return p.kind === 'fts';
}

function compileAnd(children: readonly QueryNode[], ctx: Compilation): Plan {
  const plans = children.map((c) => compileNode(c, ctx));
  if (plans.some((p) => p.kind === 'none')) return { kind: 'none' };
  const fts = plans.filter(isFts);
  const negFts = plans.filter(
    (p): p is { kind: 'not'; child: Extract<Plan, { kind: 'fts' }> } => p.kind === 'not' && isFts(p.child),
  );
  const rest = plans.filter((p) => !isFts(p) && !(p.kind === 'not' && isFts(p.child)));
  const merged: Plan[] = [...rest];
  if (fts.length > 0) {
    let match = fts.length === 1 ? (fts[0] as { match: string }).match : fts.map((p) => `(${p.match})`).join(' AND ');
    let tree: FtsTree =
      fts.length === 1
        ? treeOf(fts[0] as Extract<Plan, { kind: 'fts' }>)
        : { match, op: 'and', children: fts.map(treeOf) };
    // FTS5 has only binary NOT: a negated text condition joins the positive ones.
    if (negFts.length > 0) {
      const negatives = negFts.map((p) => p.child);
      const negative: FtsTree =
        negatives.length === 1
          ? treeOf(negatives[0] as Extract<Plan, { kind: 'fts' }>)
          : { match: negatives.map((p) => `(${p.match})`).join(' OR '), op: 'or', children: negatives.map(treeOf) };
      match = `(${match}) NOT (${negFts.map((p) => p.child.match).join(' OR ')})`;
      tree = { match, op: 'not', children: [tree, negative] };
    }
    const ranked = fts.some((p) => p.ranked);
    const narrowed = ranked && fts.some((p) => p.rank.length === 0);
    merged.unshift({
      kind: 'fts',
      match,
      rank: fts.flatMap((p) => p.rank),
      ranked,
      ...(narrowed ? { narrowed } : {}),
      ...(tree.op ? { tree } : {}),
    });
  } else {
    merged.push(...negFts);
  }
  return merged.length === 1 ? (merged[0] as Plan) : { kind: 'and', children: merged };
}

function compileOr(children: readonly QueryNode[], ctx: Compilation): Plan {
  const plans = children.map((c) => compileNode(c, ctx)).filter((p) => p.kind !== 'none');
  if (plans.length === 0) return { kind: 'none' };
  const fts = plans.filter(isFts);
  const rest = plans.filter((p) => !isFts(p));
  const merged: Plan[] = [...rest];
  if (fts.length > 0) {
    const match = fts.length === 1 ? (fts[0] as { match: string }).match : fts.map((p) => `(${p.match})`).join(' OR ');
    const tree: FtsTree =
      fts.length === 1
        ? treeOf(fts[0] as Extract<Plan, { kind: 'fts' }>)
        : { match, op: 'or', children: fts.map(treeOf) };
    merged.unshift({
      kind: 'fts',
      match,
      rank: fts.flatMap((p) => p.rank),
      ranked: fts.every((p) => p.ranked),
      ...(tree.op ? { tree } : {}),
    });
  }
  return merged.length === 1 ? (merged[0] as Plan) : { kind: 'or', children: merged };
}

function compileNode(node: QueryNode, ctx: Compilation): Plan {
  switch (node.kind) {
    case 'Term':
      return compileTerm(node, ctx);
    case 'Range': {
      const spec = resolveField(node.field);
      if (spec.kind !== 'range') throw new EngineError('RANGE_INVALID', { field: node.field });
      return compileRange(spec, node);
    }
    case 'Near':
      return compileNear(node, ctx);
    case 'And':
      return compileAnd(node.children, ctx);
    case 'Or':
      return compileOr(node.children, ctx);
    case 'Not': {
      const child = compileNode(node.child, ctx);
      return { kind: 'not', child };
    }
    case 'HistoryRef':
      // The server replaces #n by the search it stands for before searching; reaching here is a bug.
      throw new Error(`history reference #${node.no} was not resolved before searching`);
    case 'Semantic':
      // The server resolves the clause to its patents; a call that cannot (dashboards) is refused where it is.
      if (!node.members) throw new EngineError('QUERY_SEMANTIC_UNSUPPORTED', {}, node.span);
      return node.members.length === 0 ? { kind: 'none' } : { kind: 'ids', numbers: node.members };
  }
}

/** Compiles an expression; refuses it (EngineError QUERY_TOO_MANY_EXPANSIONS) when its truncations expand too far. */
export function compileQuery(ast: QueryNode, ctx: CompileContext): Plan {
  return compileNode(ast, { ...ctx, expanded: 0 });
}

/** The FTS5 expressions whose BM25 ranks the hits: every text condition not under a NOT. */
export function rankExpressions(plan: Plan): string[] {
  switch (plan.kind) {
    case 'fts':
    case 'verify':
      return [...plan.rank];
    case 'and':
    case 'or':
      return plan.children.flatMap(rankExpressions);
    default:
      return [];
  }
}

/** The FTS5 condition every hit of the plan satisfies (its candidate generator), if there is one. */
export function generatorMatch(plan: Plan): string | undefined {
  if (plan.kind === 'fts' || plan.kind === 'verify') return plan.match;
  if (plan.kind === 'and') {
    for (const c of plan.children) if (c.kind === 'fts' || c.kind === 'verify') return c.match;
  }
  return undefined;
}

/** One-line canonical form for snapshot tests. */
export function printPlan(plan: Plan): string {
  switch (plan.kind) {
    case 'fts':
      return `FTS(${plan.match})`;
    case 'verify':
      return `VERIFY(${plan.match} | ${plan.describe}${'positions' in plan ? ' on positions' : ''})`;
    case 'range': {
      const lo = plan.from === undefined ? '' : `${plan.includeFrom ? '[' : '('}${plan.from}`;
      const hi = plan.to === undefined ? '' : `${plan.to}${plan.includeTo ? ']' : ')'}`;
      return `RANGE(${plan.column} ${lo}..${hi})`;
    }
    case 'award':
      return `AWARD(${plan.describe})`;
    case 'column':
      return `COLUMN(${plan.describe})`;
    case 'ids':
      return `IDS(${plan.numbers.length})`;
    case 'none':
      return 'NONE';
    case 'and':
      return `AND[${plan.children.map(printPlan).join(', ')}]`;
    case 'or':
      return `OR[${plan.children.map(printPlan).join(', ')}]`;
    case 'not':
      return `NOT[${printPlan(plan.child)}]`;
  }
}

const TITLE_ONLY_COLUMNS = new Set<string>(['ti', 'tiw']);

/**
 * True when every phrase of a MATCH string (as this compiler writes them) is restricted to title
 * columns by a column filter around it, so the title table (index-schema.ts v9) answers it with
 * the same rows: `{ti}: ("数据")`, `{ti tiw}: (({ti ab clm}: ("数据")) OR ({tiw}: "数据"))`.
 * Anything this reader does not know (a negated filter, a bare phrase) answers false: the main
 * table is always right.
 */
export function titleOnlyMatch(match: string): boolean {
  // Tokens: quoted strings, column filters, parentheses, and the rest (operators, NEAR, +, *, numbers).
  const tokens = match.match(/"(?:[^"]|"")*"|\{[^}]*\}|[():]|[^\s"(){}:]+/g) ?? [];
  let at = 0;
  let sawPhrase = false;
  // Each open group's "inside a title filter" flag; a filter applies to the next phrase, group or NEAR.
  const stack: boolean[] = [false];
  let pending: boolean | undefined;
  for (; at < tokens.length; at++) {
    const t = tokens[at] as string;
    const inTitle = stack[stack.length - 1] as boolean;
    if (t.startsWith('{')) {
      if (tokens[at + 1] !== ':') return false;
      const cols = t.slice(1, -1).trim().split(/\s+/);
      pending = inTitle || cols.every((c) => TITLE_ONLY_COLUMNS.has(c));
      at++;
    } else if (t === '(') {
      stack.push(pending ?? inTitle);
      pending = undefined;
    } else if (t === ')') {
      stack.pop();
      if (stack.length === 0) return false;
    } else if (t.startsWith('"')) {
      sawPhrase = true;
      if (!(pending ?? inTitle)) return false;
      // A phrase continued by `+ "…"` or `*` keeps the filter: it applies to the whole phrase.
      while (tokens[at + 1] === '+' || tokens[at + 1] === '*') {
        if (tokens[at + 1] === '*') at++;
        else at += 2;
      }
      pending = undefined;
    } else if (t === 'NEAR') {
      // NEAR(…): the filter before it covers the group that follows.
      if (tokens[at + 1] !== '(') return false;
      stack.push(pending ?? inTitle);
      pending = undefined;
      at++;
    } else if (t === 'AND' || t === 'OR' || t === 'NOT' || t === ',' || /^\d+$/.test(t)) {
      pending = undefined;
    } else if (t.startsWith('-')) {
      return false;
    } else {
      // A bare word would be a phrase; our compiler quotes every one, so this is not ours.
      return false;
    }
  }
  return sawPhrase && stack.length === 1;
}
