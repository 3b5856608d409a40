import {
  buildLawExpression,
  findLawProblems,
  type LawInput,
  type LawProblem,
  type LawValues,
} from '../../expression-forms/law-expression';

/**
 * The defence-declassified search form (/search/defense): keywords in title/abstract, applicant,
 * IPC, application date and declassification date, always within the declassified data source:
 * the expression starts with `DEF=1` (docs/search-syntax.md "Legal search").
 */
export const DECLASSIFIED_CLAUSE = 'DEF=1';

export const DEFENSE_FORM: readonly LawInput[] = [
  { field: 'TIAB', kind: 'words' },
  { field: 'PA', kind: 'words' },
  { field: 'IPC', kind: 'words' },
  { field: 'AD', kind: 'date' },
  { field: 'DEFD', kind: 'date' },
];

/** `DEF=1` AND the filled inputs; the inputs only ever join with AND, so no brackets are needed. */
export function buildDefenseExpression(values: LawValues): string {
  const rest = buildLawExpression(DEFENSE_FORM, values);
  return rest ? `${DECLASSIFIED_CLAUSE} AND ${rest}` : DECLASSIFIED_CLAUSE;
}

export function findDefenseProblems(values: LawValues): Record<string, LawProblem> {
  return findLawProblems(DEFENSE_FORM, values);
}
