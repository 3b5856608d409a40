import { describe, expect, it } from 'vitest';
import { tokenize } from '@patlas/query';
import { addNearTerm, termAtCaret } from './near-terms';

const at = (value: string, caret: number) => termAtCaret(tokenize(value), caret);

describe('near-term suggestions of the expression editor', () => {
  it('finds the term under or just after the caret, and whether it is in a group', () => {
    expect(at('TI=电池', 5)).toEqual({ term: '电池', start: 3, end: 5, inGroup: false });
    expect(at('TI=(电池 OR 锂电)', 6)).toEqual({ term: '电池', start: 4, end: 6, inGroup: true });
    expect(at('TI=(a) AND 电池', 13)).toMatchObject({ term: '电池', inGroup: false });
    expect(at('TI="solid state" AND x', 8)).toMatchObject({ term: 'solid state', inGroup: false });
    // Too short, wildcards, and a caret on an operator or a field give nothing to suggest for.
    expect(at('TI=电', 4)).toBeUndefined();
    expect(at('TI=电池*', 6)).toBeUndefined();
    expect(at('TI=电池 AND 车', 8)).toBeUndefined();
    expect(at('TI=电池', 1)).toBeUndefined();
    // Numbers, dates and range values have no near terms.
    expect(at('TI=(电池) AND PD>=2020', 21)).toBeUndefined();
    expect(at('AD=2020-01-01', 13)).toBeUndefined();
    expect(at('PN=CN107274400A', 15)).toBeUndefined();
    expect(at('IPC=G06F3/01', 12)).toBeUndefined();
    expect(at('TI=5G', 5)).toMatchObject({ term: '5G' });
  });

  it('makes a TI=(… OR …) group of a lone term, and joins an existing group', () => {
    const lone = 'TI=电池 AND AB=车';
    expect(addNearTerm(lone, at(lone, 5)!, '蓄电池')).toEqual({ value: 'TI=(电池 OR 蓄电池) AND AB=车', caret: 14 });
    const group = 'TI=(电池 OR 锂电)';
    expect(addNearTerm(group, at(group, 6)!, '蓄电池').value).toBe('TI=(电池 OR 蓄电池 OR 锂电)');
    expect(addNearTerm('TI=battery', at('TI=battery', 10)!, 'power cell').value).toBe('TI=(battery OR "power cell")');
  });
});
