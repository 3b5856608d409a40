import { describe, expect, it } from 'vitest';
import { parseExpression } from '@patlas/query';
import { buildAdvancedExpression, clauseOf, rowsForFields, wordsOf, type FormRow } from './advanced-expression';

const row = (overrides: Partial<FormRow> & { field: string }): FormRow => ({ operator: 'AND', ...overrides });

describe('advanced-search expression', () => {
  it('joins the words of a text field with the row’s AND/OR, keeping phrases and written operators', () => {
    expect(wordsOf('锂电池 "solid state"  正极')).toEqual(['锂电池', '"solid state"', '正极']);
    expect(clauseOf(row({ field: 'TI', text: '锂电池 正极', inner: 'OR' }))).toBe('TI=(锂电池 OR 正极)');
    expect(clauseOf(row({ field: 'TI', text: '锂电池 "solid state"' }))).toBe('TI=(锂电池 AND "solid state")');
    expect(clauseOf(row({ field: 'AB', text: '电池 not 燃料 OR' }))).toBe('AB=(电池 NOT 燃料)');
    expect(clauseOf(row({ field: 'PA', text: '  ' }))).toBeUndefined();
  });

  it('writes a SEM row as one text ranked by meaning, its words not joined (issue 48)', () => {
    const clause = clauseOf({ field: 'SEM', operator: 'AND', text: ' 扬声器振膜 and coil (thin) ', inner: 'AND' });
    expect(clause).toBe('SEM=(扬声器振膜 and coil (thin))');
    expect(parseExpression(`${clause} AND PA=歌尔`).ok).toBe(true);
    expect(clauseOf({ field: 'SEM', operator: 'AND', text: '  ' })).toBeUndefined();
  });

  it('writes date ranges in compact form and number bounds as ranges or comparisons', () => {
    expect(clauseOf(row({ field: 'AD', from: '2018-01-01', to: '2020-12-31' }))).toBe('AD=[20180101 TO 20201231]');
    expect(clauseOf(row({ field: 'PD', from: '2019-01-01' }))).toBe('PD>=20190101');
    expect(clauseOf(row({ field: 'PV', to: '8' }))).toBe('PV<=8');
    expect(clauseOf(row({ field: 'CLMN', from: '10', to: '20' }))).toBe('CLMN=[10 TO 20]');
  });

  it('writes each chosen country and patent type once', () => {
    expect(clauseOf(row({ field: 'CC', values: ['CN', 'US', 'CN'] }))).toBe('CC=(CN OR US)');
    expect(clauseOf(row({ field: 'PT', values: ['invention_grant'] }))).toBe('PT=(invention_grant)');
  });

  it('joins rows left to right, bracketing when the operator changes, and the result parses', () => {
    const rows = [
      row({ field: 'TI', text: '电池' }),
      row({ field: 'PA', text: '宁德时代' }),
      row({ field: 'AB', text: '' }),
      row({ field: 'CC', operator: 'OR', values: ['US'] }),
      row({ field: 'AD', operator: 'NOT', from: '2010-01-01', to: '2012-12-31' }),
    ];
    const expression = buildAdvancedExpression(rows);
    expect(expression).toBe('((TI=(电池) AND PA=(宁德时代)) OR CC=(US)) NOT AD=[20100101 TO 20121231]');
    const parsed = parseExpression(expression);
    expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
    expect(buildAdvancedExpression([])).toBe('');
  });

  it('makes rows for known fields only', () => {
    expect(rowsForFields(['TI', 'NOPE', 'AD']).map((r) => r.field)).toEqual(['TI', 'AD']);
  });
});
