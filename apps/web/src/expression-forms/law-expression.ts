import { MAX_INPUT_LENGTH } from '@patlas/contracts';
import { getFieldById } from '@patlas/query';
import { buildAdvancedExpression, clauseOf, type FormRow } from './advanced-expression';

/**
 * The legal-search forms (/search/lawSearch) as data and the expression each writes. Every input
 * is one field of the dictionary (docs/search-syntax.md "Legal search"); filled inputs join with
 * AND, the words of one input with AND, the chosen values of a select with OR. The clauses are
 * written by the advanced search's clauseOf, so quoting and ranges are the same everywhere.
 */

/** How an input is filled in: free words, a date range, or a choice of values (more may be typed). */
export type LawInputKind = 'words' | 'date' | 'choice';

export interface LawInput {
  /** Field id of the dictionary. */
  field: string;
  kind: LawInputKind;
  /** For choice inputs: the values offered (the user may type others). */
  options?: readonly string[];
  /** How the words of a words input join; AND unless said (numbers: any of them). */
  inner?: 'AND' | 'OR';
}

/** The values of one input, as in FormRow: words typed, date ends (YYYY-MM-DD), or chosen values. */
export interface LawValue {
  text?: string;
  from?: string;
  to?: string;
  values?: string[];
}

export type LawValues = Readonly<Record<string, LawValue | undefined>>;

/** The forms, in tab order; the keys are the spec's `defaultActiveName` values. */
export const LAW_TABS = [
  'legalStatusSearch',
  'litigationSearch',
  'licenseSearch',
  'transferSearch',
  'pledgeSearch',
  'reexaminationSearch',
] as const;
export type LawTab = (typeof LAW_TABS)[number];

/** The legal status values the corpus uses (the LS field matches the whole value). */
export const LEGAL_STATUS_VALUES = ['有效', '失效', '审中'] as const;
/** CNIPA licence record types. */
export const LICENCE_TYPES = ['独占许可', '排他许可', '普通许可', '分许可', '交叉许可'] as const;
/** CNIPA reexamination and invalidation decision types. */
export const DECISION_TYPES = [
  '维持专利权有效',
  '宣告专利权部分无效',
  '宣告专利权全部无效',
  '维持驳回决定',
  '撤销驳回决定',
] as const;

export const LAW_FORMS: Readonly<Record<LawTab, readonly LawInput[]>> = {
  legalStatusSearch: [
    { field: 'LS', kind: 'choice', options: LEGAL_STATUS_VALUES },
    { field: 'LE', kind: 'words' },
    { field: 'LED', kind: 'date' },
    { field: 'PN', kind: 'words', inner: 'OR' },
    { field: 'PA', kind: 'words' },
  ],
  litigationSearch: [
    { field: 'LITCN', kind: 'words' },
    { field: 'LITCT', kind: 'words' },
    { field: 'LITPL', kind: 'words' },
    { field: 'LITDF', kind: 'words' },
    { field: 'LITPT', kind: 'words' },
    { field: 'LITRS', kind: 'words' },
    { field: 'LITD', kind: 'date' },
  ],
  licenseSearch: [
    { field: 'LICOR', kind: 'words' },
    { field: 'LICEE', kind: 'words' },
    { field: 'LICT', kind: 'choice', options: LICENCE_TYPES },
    { field: 'LICD', kind: 'date' },
  ],
  transferSearch: [
    { field: 'TRFOR', kind: 'words' },
    { field: 'TRFEE', kind: 'words' },
    { field: 'TRFD', kind: 'date' },
  ],
  pledgeSearch: [
    { field: 'PLGOR', kind: 'words' },
    { field: 'PLGEE', kind: 'words' },
    { field: 'PLGD', kind: 'date' },
  ],
  reexaminationSearch: [
    { field: 'REXRQ', kind: 'words' },
    { field: 'REXN', kind: 'words' },
    { field: 'REXT', kind: 'choice', options: DECISION_TYPES },
    { field: 'REXD', kind: 'date' },
  ],
};

/** The tab a `defaultActiveName` names; the legal-status form when it names none. */
export function lawTabOf(name: string | null | undefined): LawTab {
  return (LAW_TABS as readonly string[]).includes(name ?? '') ? (name as LawTab) : 'legalStatusSearch';
}

/** A form input as a row of the advanced search: chosen values become words joined by OR. */
function rowOf(input: LawInput, value: LawValue | undefined): FormRow {
  const row: FormRow = { field: input.field, operator: 'AND' };
  if (!value) return row;
  if (input.kind === 'choice') {
    // A value with a space or bracket stays one term: clauseOf quotes what is not a bare term.
    const values = [...new Set((value.values ?? []).map((v) => v.trim()).filter(Boolean))];
    return { ...row, text: values.map((v) => (/\s/.test(v) ? `"${v}"` : v)).join(' '), inner: 'OR' };
  }
  if (input.kind === 'date')
    return { ...row, ...(value.from ? { from: value.from } : {}), ...(value.to ? { to: value.to } : {}) };
  return { ...row, text: value.text ?? '', inner: input.inner ?? 'AND' };
}

/** The expression of a form's filled inputs, joined by AND; '' when nothing is filled. */
export function buildLawExpression(inputs: readonly LawInput[], values: LawValues): string {
  return buildAdvancedExpression(inputs.map((input) => rowOf(input, values[input.field])));
}

/** The clause one input writes (for showing it beside the input), or undefined when empty. */
export function lawClauseOf(input: LawInput, value: LawValue | undefined): string | undefined {
  return clauseOf(rowOf(input, value));
}

export type LawProblem = 'tooLong' | 'dateOrder';

/**
 * What is wrong with the inputs, by field: a text or a value longer than the spec's input limit
 * (spec 1 §9 "input max 50"), or a date range whose start is after its end.
 */
export function findLawProblems(inputs: readonly LawInput[], values: LawValues): Record<string, LawProblem> {
  const problems: Record<string, LawProblem> = {};
  for (const input of inputs) {
    const value = values[input.field];
    if (!value || !getFieldById(input.field)) continue;
    const texts = [value.text ?? '', ...(value.values ?? [])];
    if (texts.some((text) => text.length > MAX_INPUT_LENGTH)) problems[input.field] = 'tooLong';
    else if (value.from && value.to && value.from > value.to) problems[input.field] = 'dateOrder';
  }
  return problems;
}
