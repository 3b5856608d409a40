import { describe, expect, it } from 'vitest';
import { splitBatchApplicants, splitBatchNumbers } from './batch-search.js';

describe('batch search input splitting', () => {
  it('splits numbers on commas, spaces and line breaks, keeping spaced numbers whole', () => {
    expect(
      splitBatchNumbers('CN1234567A, CN 1234567 A\nUS 7000000 B2\r\nCN 202010123456.7；2020101234567 EP1000000'),
    ).toEqual(['CN1234567A', 'US7000000B2', 'CN202010123456.7', '2020101234567', 'EP1000000']);
  });

  it('splits applicants on commas and line breaks only, dropping quotes and repeats', () => {
    expect(splitBatchApplicants('BYD Co Ltd，"宁德时代"\n\nbyd co ltd, Apple Inc.')).toEqual([
      'BYD Co Ltd',
      '宁德时代',
      'Apple Inc.',
    ]);
  });
});
