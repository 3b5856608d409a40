import { describe, expect, it } from 'vitest';
import { parseExpression } from '@patlas/query';
import { buildDefenseExpression, findDefenseProblems } from './defense-expression';

describe('defence-declassified expressions', () => {
  it('always searches the declassified records', () => {
    expect(buildDefenseExpression({})).toBe('DEF=1');
    expect(buildDefenseExpression({ PA: { text: '' } })).toBe('DEF=1');
  });

  it('adds keywords, applicant, IPC and both date ranges with AND', () => {
    const expression = buildDefenseExpression({
      TIAB: { text: '消声瓦 OR 声呐' },
      PA: { text: '研究所' },
      IPC: { text: 'B63G' },
      AD: { from: '2005-01-01', to: '2010-12-31' },
      DEFD: { from: '2020-01-01' },
    });
    expect(expression).toBe(
      'DEF=1 AND TIAB=(消声瓦 OR 声呐) AND PA=(研究所) AND IPC=(B63G) AND AD=[20050101 TO 20101231] AND DEFD>=20200101',
    );
    expect(parseExpression(expression).ok).toBe(true);
  });

  it('reports an input over the length limit', () => {
    expect(findDefenseProblems({ PA: { text: 'x'.repeat(51) } })).toEqual({ PA: 'tooLong' });
  });
});
