import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize.js';

function kinds(text: string): string {
  return tokenize(text)
    .map((t) => `${t.kind}:${t.text}`)
    .join(' ');
}

describe('tokenize', () => {
  it('colours every part of an expression, keeping the original characters', () => {
    expect(kinds('TI＝（电池 OR “固态 电池”） AND AD>=2018')).toBe(
      'field:TI assign:＝ paren:（ term:电池 operator:OR phrase:“固态 电池” paren:） operator:AND field:AD assign:>= term:2018',
    );
  });

  it('marks ranges, proximity and unknown fields', () => {
    expect(kinds('AD=[2018 TO *] 电池 W/5 正极 XX=1')).toBe(
      'field:AD assign:= range:[ range:2018 range:TO range:* range:] term:电池 proximity:W/5 term:正极 error:XX assign:= term:1',
    );
  });

  it('reads S and P as terms where a term is expected', () => {
    expect(kinds('KD=S OR 电池 S 正极')).toBe('field:KD assign:= term:S operator:OR term:电池 proximity:S term:正极');
  });

  it('marks an unclosed quote and a stray bracket as errors', () => {
    expect(kinds('电池] "abc')).toBe('term:电池 error:] error:"abc');
  });

  it('gives offsets into the original text', () => {
    const text = '申请人＝宁德时代';
    expect(tokenize(text).map((t) => [t.start, t.end])).toEqual([
      [0, 3],
      [3, 4],
      [4, 8],
    ]);
  });
});
