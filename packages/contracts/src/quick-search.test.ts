import { describe, expect, it } from 'vitest';
import { splitBatchNumbers } from './batch-search.js';
import { recognisePatentNumber } from './patent-numbers.js';
import { codeSearchOf, numberSearchExpression } from './quick-search.js';

describe('quick search of numbers (issue 14)', () => {
  it.each([
    ['CN215644798U', 'PN=CN215644798U'],
    ['US8930553', 'PN=US8930553 OR AN=US8930553'],
    ['US 14/190,982', 'PN=US14190982 OR AN=US14190982'],
    ['US 8,930,553 B2', 'PN=US8930553B2'],
    ['  cn 117151122 a ', 'PN=CN117151122A'],
    ['CN202110123456.7', 'AN=CN202110123456.7'],
    ['2021101234567', 'AN=2021101234567'],
    ['ZL 202110123456.7', 'AN=ZL202110123456.7'],
  ])('%s → %s', (input, expression) => {
    expect(numberSearchExpression(input)).toBe(expression);
  });

  it('searches a pasted list of publication and application numbers in PN and AN', () => {
    const pasted = [
      'CN215644798U',
      'US 8,930,553 B2',
      'EP1000000A1',
      'CN117151122A',
      'CN202110123456.7',
      'JP2020123456A',
      'KR102345678B1',
      'WO2020123456A1',
      'US2005/0123456 A1',
      'CN 1234567 A',
    ].join('\n');
    expect(numberSearchExpression(pasted)).toBe(
      'PN=(CN215644798U OR US8930553B2 OR EP1000000A1 OR CN117151122A OR JP2020123456A OR KR102345678B1 OR ' +
        'WO2020123456A1 OR US20050123456A1 OR CN1234567A) OR AN=CN202110123456.7',
    );
    expect(numberSearchExpression('CN215644798U, CN215644798U；US8930553B2')).toBe('PN=(CN215644798U OR US8930553B2)');
  });

  it('leaves anything that is not only numbers to the expression search', () => {
    for (const text of [
      '锂电池',
      'PM2.5',
      '5G',
      'CN2020',
      'H01M10/0525',
      'TI=电池',
      'CN215644798U 电池',
      'PN=CN215644798U',
      'battery 2021',
      '',
    ]) {
      expect(numberSearchExpression(text), text).toBeUndefined();
    }
  });

  it('reads words strictly: numbers need an office code and five digits, or an application form', () => {
    expect(recognisePatentNumber('RTX3090')).toBeUndefined();
    expect(recognisePatentNumber('CO2')).toBeUndefined();
    expect(recognisePatentNumber('20201231')).toEqual({ kind: 'application', number: '20201231' });
    expect(recognisePatentNumber('CN215644798')).toEqual({ kind: 'publication', number: 'CN215644798' });
    expect(recognisePatentNumber('CN2021101234567')).toEqual({ kind: 'application', number: 'CN2021101234567' });
  });

  it('keeps digits grouped by thousands together when splitting a batch', () => {
    expect(splitBatchNumbers('US 8,930,553 B2, US 7,000,000\nCN1234567A,CN7654321A')).toEqual([
      'US8930553B2',
      'US7000000',
      'CN1234567A',
      'CN7654321A',
    ]);
  });
});

describe('inputs that are only codes (issue 43)', () => {
  it.each([
    ['CN107274400A', 'PN=CN107274400A', ['CN107274400A'], []],
    ['CN201710474296.4', 'AN=CN201710474296.4', ['CN201710474296.4'], []],
    ['US 8,930,553 B2', 'PN=US8930553B2', ['US8930553B2'], []],
    ['G06F3/01', 'IPC=G06F3/01 OR CPC=G06F3/01', [], ['G06F3/01']],
    ['H04N 5/225', 'IPC=H04N5/225 OR CPC=H04N5/225', [], ['H04N5/225']],
    [
      'G06F3/01, H04N 5/225\nCN107274400A',
      'PN=CN107274400A OR IPC=(G06F3/01 OR H04N5/225) OR CPC=(G06F3/01 OR H04N5/225)',
      ['CN107274400A'],
      ['G06F3/01', 'H04N5/225'],
    ],
  ])('%s → %s', (input, expression, numbers, classes) => {
    expect(codeSearchOf(input)).toEqual({ expression, numbers, classes });
  });

  it('leaves words, subclasses alone and field expressions to the expression search', () => {
    for (const text of ['G06F', '虚拟现实', 'G06F3/01 电池', 'IPC=G06F3/01', 'H04N 5', 'PM2.5', '']) {
      expect(codeSearchOf(text), text).toBeUndefined();
    }
  });
});
