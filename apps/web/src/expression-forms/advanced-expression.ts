import { DEFAULT_SEMANTIC_TOP, getFieldById, isBareTerm, printSemantic, type FieldDef } from '@patlas/query';

/**
 * The advanced-search form as data, and the expression it writes (spec 1 §1 "advanced form").
 * Pure functions: the page renders rows, this file turns them into the expression language of
 * packages/query, which the live editor then checks and colours.
 */

export type RowOperator = 'AND' | 'OR' | 'NOT';
export type InnerOperator = 'AND' | 'OR';

/** Spec 1 §3 "Country options". */
export const COUNTRY_CODES = [
  'CN',
  'TW',
  'HK',
  'MO',
  'US',
  'EP',
  'JP',
  'KR',
  'GB',
  'FR',
  'DE',
  'RU',
  'CH',
  'WO',
] as const;
/** Spec 1 §3 "Patent types", as the index names them. */
export const PATENT_TYPES = ['invention_application', 'invention_grant', 'utility_model', 'design', 'other'] as const;

/** How a row is filled in, from the field's type (and the two choice fields). */
export type RowKind = 'words' | 'date' | 'number' | 'country' | 'patentType';

export interface FormRow {
  /** Field id of the dictionary. */
  field: string;
  /** How this row joins the rows before it (ignored on the first row). */
  operator: RowOperator;
  /** words: the text typed; words join with `inner` unless the text writes its own AND/OR/NOT. */
  text?: string;
  inner?: InnerOperator;
  /** date: YYYY-MM-DD ends, either may be missing. number: the bounds as text. */
  from?: string;
  to?: string;
  /** country / patentType: the chosen values, each once. */
  values?: string[];
}

export function rowKindOf(field: FieldDef): RowKind {
  if (field.id === 'CC') return 'country';
  if (field.id === 'PT') return 'patentType';
  if (field.type === 'date') return 'date';
  if (field.type === 'number') return 'number';
  return 'words';
}

const OPERATOR_WORDS = new Set(['AND', 'OR', 'NOT']);

/** The words of a text box: quoted phrases kept whole, AND/OR/NOT kept as operators. */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const match of text.matchAll(/"([^"]*)"|“([^”]*)”|(\S+)/g)) {
    const phrase = match[1] ?? match[2];
    if (phrase !== undefined) {
      if (phrase.trim()) words.push(`"${phrase.trim()}"`);
    } else if (match[3]) {
      words.push(match[3]);
    }
  }
  return words;
}

function termOf(word: string): string {
  if (word.startsWith('"')) return word;
  if (OPERATOR_WORDS.has(word.toUpperCase())) return word.toUpperCase();
  return isBareTerm(word) ? word : `"${word.replace(/"/g, '')}"`;
}

/** `w1 AND w2` with the row's operator between words that have none written. */
function joinWords(words: readonly string[], inner: InnerOperator): string {
  const out: string[] = [];
  for (const word of words) {
    const term = termOf(word);
    const isOperator = OPERATOR_WORDS.has(term);
    const previous = out.at(-1);
    if (isOperator) {
      // An operator at the start, or right after another operator, cannot stand: drop it.
      if (previous === undefined || OPERATOR_WORDS.has(previous)) continue;
      out.push(term);
      continue;
    }
    if (previous !== undefined && !OPERATOR_WORDS.has(previous)) out.push(inner);
    out.push(term);
  }
  while (out.length > 0 && OPERATOR_WORDS.has(out.at(-1)!)) out.pop();
  return out.join(' ');
}

/** 2020-01-31 → 20200131, the compact date form the language reads. */
const compactDate = (date: string) => date.replace(/-/g, '');

function rangeClause(field: string, from: string | undefined, to: string | undefined): string | undefined {
  const low = from?.trim();
  const high = to?.trim();
  if (low && high) return `${field}=[${low} TO ${high}]`;
  if (low) return `${field}>=${low}`;
  if (high) return `${field}<=${high}`;
  return undefined;
}

/** The clause of one row, or undefined when the row is empty. */
export function clauseOf(row: FormRow): string | undefined {
  const def = getFieldById(row.field);
  if (!def) return undefined;
  switch (rowKindOf(def)) {
    case 'words': {
      // SEM=(…) (issue 48): the box is one text ranked by meaning, its words are not joined.
      if (def.type === 'semantic') {
        const text = row.text?.trim();
        return text ? printSemantic({ text, top: DEFAULT_SEMANTIC_TOP }) : undefined;
      }
      const joined = joinWords(wordsOf(row.text ?? ''), row.inner ?? 'AND');
      return joined ? `${def.id}=(${joined})` : undefined;
    }
    case 'date':
      return rangeClause(def.id, row.from && compactDate(row.from), row.to && compactDate(row.to));
    case 'number':
      return rangeClause(def.id, row.from, row.to);
    case 'country':
    case 'patentType': {
      const values = [...new Set(row.values ?? [])];
      return values.length > 0 ? `${def.id}=(${values.join(' OR ')})` : undefined;
    }
  }
}

/**
 * The rows' clauses joined left to right by their operators. A change of operator brackets what
 * came before, so `a AND b OR c` reads as the form shows it: (a AND b) OR c.
 */
export function buildAdvancedExpression(rows: readonly FormRow[]): string {
  let expression = '';
  let count = 0;
  let lastOperator: RowOperator | undefined;
  for (const row of rows) {
    const clause = clauseOf(row);
    if (!clause) continue;
    if (count === 0) {
      // A first row with NOT keeps it: "everything except".
      expression = row.operator === 'NOT' ? `NOT ${clause}` : clause;
    } else {
      const needsBrackets = count > 1 && lastOperator !== undefined && lastOperator !== row.operator;
      expression = `${needsBrackets ? `(${expression})` : expression} ${row.operator} ${clause}`;
      lastOperator = row.operator;
    }
    count += 1;
  }
  return expression;
}

/** Fresh rows for a list of field ids (a template or the last search's fields). */
export function rowsForFields(fields: readonly string[]): FormRow[] {
  return fields.filter((id) => getFieldById(id) !== undefined).map((field) => ({ field, operator: 'AND' }));
}
