import { describe, expect, it } from 'vitest';
import { termAdjuster, termKeyOf } from './adjust.js';
import { documentTerms } from './terms.js';

describe('term adjustments', () => {
  it('keys words as the term extraction does (Chinese as written, English stemmed)', () => {
    expect(termKeyOf('锂电池')).toBe('锂电池');
    expect(termKeyOf('Batteries')).toBe(termKeyOf('battery'));
  });

  it('folds merged words into one term under its name and drops removed words', () => {
    const doc = documentTerms('锂电池正极材料，锂离子电池负极材料，锂电池隔膜');
    expect(doc.counts.get('锂电池')).toBe(2);
    const adjuster = termAdjuster({ merges: [{ name: '锂电', words: ['锂电池', '锂离子'] }], removed: ['材料'] })!;
    const adjusted = adjuster.adjust(doc);
    expect(adjusted.counts.has('锂电池')).toBe(false);
    expect(adjusted.counts.has('锂离子')).toBe(false);
    expect(adjusted.counts.has('材料')).toBe(false);
    const [mergedKey, count] = [...adjusted.counts].find(([k]) => adjuster.mergeOf(k))!;
    expect(count).toBe(3);
    expect(adjusted.forms.get(mergedKey)).toBe('锂电');
    expect(adjuster.mergeOf(mergedKey)!.expression).toBe('TIAB=(锂电池 OR 锂离子)');
    // The memoised input is left as it was.
    expect(doc.counts.get('锂电池')).toBe(2);
  });

  it('a removed merge name drops all its words; no adjustments is no adjuster', () => {
    const doc = documentTerms('锂电池正极材料，锂离子电池负极材料');
    const adjuster = termAdjuster({ merges: [{ name: '锂电', words: ['锂电池', '锂离子'] }], removed: ['锂电'] })!;
    const adjusted = adjuster.adjust(doc);
    expect([...adjusted.counts.keys()].some((k) => k.includes('锂'))).toBe(false);
    expect(termAdjuster({ merges: [], removed: [] })).toBeUndefined();
  });
});
