import { describe, expect, it } from 'vitest';
import { valueLabel } from './analysis-tables.js';

describe('valueLabel of legal status buckets (issue 43)', () => {
  it('names the source wording in English in an English table, as written in Chinese', () => {
    expect(valueLabel('legalStatus', { key: '未缴年费', count: 3 }, 'en')).toBe('Unpaid annual fees');
    expect(valueLabel('legalStatus', { key: '授权', label: '授权', count: 3 }, 'en')).toBe('Granted');
    expect(valueLabel('legalStatus', { key: '授权', count: 3 }, 'zh')).toBe('授权');
    expect(valueLabel('legalStatusClass', { key: 'valid', count: 3 }, 'en')).toBe('Valid');
  });
});
