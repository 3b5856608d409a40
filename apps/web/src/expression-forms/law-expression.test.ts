import { describe, expect, it } from 'vitest';
import { parseExpression } from '@patlas/query';
import { buildLawExpression, findLawProblems, LAW_FORMS, LAW_TABS, lawClauseOf, lawTabOf } from './law-expression';

describe('legal-search expressions', () => {
  it('opens the tab named by defaultActiveName, else legal status', () => {
    expect(lawTabOf('litigationSearch')).toBe('litigationSearch');
    expect(lawTabOf('reexaminationSearch')).toBe('reexaminationSearch');
    expect(lawTabOf('nonsense')).toBe('legalStatusSearch');
    expect(lawTabOf(null)).toBe('legalStatusSearch');
  });

  it('writes nothing for an empty form', () => {
    for (const tab of LAW_TABS) expect(buildLawExpression(LAW_FORMS[tab], {})).toBe('');
  });

  it('joins filled litigation inputs with AND, quoting what is not a bare term', () => {
    expect(
      buildLawExpression(LAW_FORMS.litigationSearch, {
        LITCN: { text: '(2021)京73民初456号' },
        LITPL: { text: '"Apple Inc"' },
        LITDF: { text: '格力 电器' },
        LITD: { from: '2021-01-01', to: '2022-12-31' },
      }),
    ).toBe(
      'LITCN=("(2021)京73民初456号") AND LITPL=("Apple Inc") AND LITDF=(格力 AND 电器) AND LITD=[20210101 TO 20221231]',
    );
  });

  it('writes chosen values with OR and open date ranges with one end', () => {
    expect(
      buildLawExpression(LAW_FORMS.legalStatusSearch, {
        LS: { values: ['有效', '审中', '有效'] },
        LE: { text: '授权' },
        LED: { from: '2020-01-01' },
      }),
    ).toBe('LS=(有效 OR 审中) AND LE=(授权) AND LED>=20200101');
    expect(lawClauseOf({ field: 'PN', kind: 'words', inner: 'OR' }, { text: 'CN1A CN2B' })).toBe('PN=(CN1A OR CN2B)');
    expect(lawClauseOf({ field: 'REXT', kind: 'choice' }, { values: ['Final Written Decision'] })).toBe(
      'REXT=("Final Written Decision")',
    );
    expect(lawClauseOf({ field: 'PLGD', kind: 'date' }, { to: '2021-12-31' })).toBe('PLGD<=20211231');
  });

  it('writes expressions the query language accepts, for every tab', () => {
    for (const tab of LAW_TABS) {
      const values = Object.fromEntries(
        LAW_FORMS[tab].map((input) => [
          input.field,
          input.kind === 'date'
            ? { from: '2019-01-01', to: '2020-12-31' }
            : input.kind === 'choice'
              ? { values: [...(input.options ?? []).slice(0, 2), 'other value'] }
              : input.field === 'PN'
                ? { text: 'CN110000009B US6059576' }
                : { text: '华为 "Apple Inc"' },
        ]),
      );
      const expression = buildLawExpression(LAW_FORMS[tab], values);
      expect(expression.split(' AND ').length, tab).toBeGreaterThanOrEqual(LAW_FORMS[tab].length);
      expect(parseExpression(expression).ok, expression).toBe(true);
    }
  });

  it('reports inputs over the length limit and reversed date ranges', () => {
    expect(
      findLawProblems(LAW_FORMS.transferSearch, {
        TRFOR: { text: '研'.repeat(51) },
        TRFEE: { text: '研'.repeat(50) },
        TRFD: { from: '2022-01-02', to: '2022-01-01' },
      }),
    ).toEqual({ TRFOR: 'tooLong', TRFD: 'dateOrder' });
    expect(findLawProblems(LAW_FORMS.licenseSearch, { LICT: { values: ['x'.repeat(51)] } })).toEqual({
      LICT: 'tooLong',
    });
  });
});
