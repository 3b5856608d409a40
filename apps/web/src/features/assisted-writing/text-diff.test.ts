import { describe, expect, it } from 'vitest';
import { diffText, tokensOf } from './text-diff';

/** The original and the result rebuilt from the parts. */
function sides(parts: NonNullable<ReturnType<typeof diffText>>) {
  return {
    original: parts
      .filter((p) => p.kind !== 'added')
      .map((p) => p.text)
      .join(''),
    result: parts
      .filter((p) => p.kind !== 'removed')
      .map((p) => p.text)
      .join(''),
  };
}

describe('diffText', () => {
  it('marks a replaced Chinese word by character and keeps reference signs', () => {
    const original = '电池模组包括壳体(10)，所述电芯组用于输出电能。';
    const result = '电池模组包含壳体(10)，所述电芯组用来输出电能。';
    const parts = diffText(original, result)!;
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text)).toEqual(['括', '于']);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text)).toEqual(['含', '来']);
    expect(sides(parts)).toEqual({ original, result });
  });

  it('marks English by word and rebuilds both sides', () => {
    const original = 'A module comprises a housing (10) and a stack (20).';
    const result = 'A module includes a housing (10), a lid (30) and a stack (20).';
    const parts = diffText(original, result)!;
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['comprises']);
    expect(parts.filter((p) => p.kind === 'added').map((p) => p.text)).toContain('includes');
    expect(sides(parts)).toEqual({ original, result });
    expect(tokensOf('LiFePO4 正极')).toEqual(['LiFePO4', ' ', '正', '极']);
    expect(tokensOf('x乙(10)')).toEqual(['x', '乙', '(', '10', ')']);
  });

  it('answers the same text as one kept part, and null past the size it compares', () => {
    expect(diffText('相同的文本', '相同的文本')).toEqual([{ kind: 'same', text: '相同的文本' }]);
    expect(diffText('', '新')).toEqual([{ kind: 'added', text: '新' }]);
    expect(diffText('甲'.repeat(300) + 'x', 'y' + '乙'.repeat(300), 10_000)).toBeNull();
  });
});
