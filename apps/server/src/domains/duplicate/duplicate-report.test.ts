import { describe, expect, it } from 'vitest';
import { textParts } from './duplicate-report.js';

describe('textParts', () => {
  it('cuts a long text at sentence ends into parts of about equal length, the whole text kept', () => {
    const sentences = Array.from({ length: 12 }, (_, i) => `第${i}句说明一种电池管理系统的均衡电路`);
    const text = `${sentences.join('。')}。`;
    const parts = textParts(text, 4);
    expect(parts).toHaveLength(4);
    expect(parts.join('')).toBe(text);
    // Each part ends a sentence, with its punctuation.
    for (const part of parts) expect(part.endsWith('电路。')).toBe(true);
    const lengths = parts.map((p) => p.length);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(sentences[0]!.length + 2);
  });

  it('leaves a short text whole: no parts', () => {
    expect(textParts('一种电池。其包括电芯。', 4)).toEqual([]);
    expect(textParts('一种电池。其包括电芯。外壳。盖板。底座。端子。极耳。', 1)).toEqual([]);
  });
});
