import { describe, expect, it } from 'vitest';
import { parsePublicationNumber, patentTypeFromCnKind } from './cn-number.js';

describe('parsePublicationNumber', () => {
  it.each([
    ['cn119263322b', { publicationNumber: 'CN119263322B', country: 'CN', kind: 'B' }],
    ['CN 108982325 A', { publicationNumber: 'CN108982325A', country: 'CN', kind: 'A' }],
    ['CN1040317C', { publicationNumber: 'CN1040317C', country: 'CN', kind: 'C' }],
    ['US7000000B2', { publicationNumber: 'US7000000B2', country: 'US', kind: 'B2' }],
    ['USD907292S', { publicationNumber: 'USD907292S', country: 'US', kind: 'S' }],
  ])('%s', (value, parts) => {
    expect(parsePublicationNumber(value)).toEqual(parts);
  });

  it('rejects values that are not publication numbers', () => {
    expect(parsePublicationNumber('not-a-number')).toBeUndefined();
    expect(parsePublicationNumber('一种铁基金属')).toBeUndefined();
  });
});

describe('patentTypeFromCnKind', () => {
  it('maps CNIPA kind codes, old and new', () => {
    expect(['A', 'B', 'C', 'U', 'Y', 'S', 'D', 'X', undefined].map(patentTypeFromCnKind)).toEqual([
      'invention_application',
      'invention_grant',
      'invention_grant',
      'utility_model',
      'utility_model',
      'design',
      'design',
      undefined,
      undefined,
    ]);
  });
});
