import { describe, expect, it } from 'vitest';
import { candidateTerms, suggestTerm, termSimilarity } from './recall-suggest.js';

describe('the recall check’s suggested term', () => {
  it('scores Chinese by characters and character pairs, Latin by trigrams', () => {
    expect(termSimilarity('锂电池', '锂离子电池')).toBeCloseTo(0.542, 3);
    expect(termSimilarity('正极', '正电极')).toBeCloseTo(0.4, 3);
    expect(termSimilarity('battery', 'batteries')).toBeCloseTo(0.625, 3);
    expect(termSimilarity('电池', '齿轮')).toBe(0);
  });

  it('offers words and compounds, never ones that start or end with boilerplate or a joining character', () => {
    const terms = [...candidateTerms('提供一种锂离子电池的正极材料').keys()];
    expect(terms).toContain('锂离子电池');
    expect(terms).toContain('正极材料');
    expect(terms.some((t) => t.endsWith('的') || t.startsWith('一种'))).toBe(false);
  });

  it('suggests the nearest term the engine finds in the text, with the text around it', () => {
    const text = '本发明的锂电池采用正电极片，提高安全性。';
    const suggestion = suggestTerm(['正极'], [{ field: 'AB', text }]);
    expect(suggestion).toMatchObject({ term: '正电极', nearest: '正极', foundIn: 'AB' });
    expect(suggestion!.snippet.slice(suggestion!.matchStart, suggestion!.matchEnd)).toBe('正电极');
    const english = suggestTerm(['lithium battery'], [{ field: 'AB', text: 'An anode for lithium-ion batteries.' }]);
    expect(english?.term).toBe('lithium-ion batteries');
  });

  it('suggests nothing broader than the clause word, and nothing when no term is near', () => {
    // 电池 is inside 锂电池: a broader word than the user chose.
    expect(suggestTerm(['锂电池'], [{ field: 'TI', text: '一种电池' }])).toBeUndefined();
    expect(suggestTerm(['正极'], [{ field: 'TI', text: '一种齿轮传动装置' }])).toBeUndefined();
  });
});
