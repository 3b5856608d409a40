import { describe, expect, it } from 'vitest';
import {
  normalizeApplicationNumber,
  normalizePublicationNumber,
  numberKeysForLookup,
  numberKeysForRecord,
} from './patent-numbers.js';

describe('publication numbers', () => {
  it.each([
    ['CN1234567A', 'CN1234567A'],
    ['CN 1234567 A', 'CN1234567A'],
    ['cn117151122a', 'CN117151122A'],
    ['ＣＮ１１７１５１１２２Ａ', 'CN117151122A'],
    ['US07000000B2', 'US7000000B2'],
    ['US 7,000,000 B2', 'US7000000B2'],
    ['USD0907292S', 'USD907292S'],
    ['US2005/0123456 A1', 'US20050123456A1'],
    ['EP1000000', 'EP1000000'],
  ])('%s → %s', (input, expected) => {
    expect(normalizePublicationNumber(input)).toBe(expected);
  });

  it('refuses text that is not a number', () => {
    expect(normalizePublicationNumber('lithium battery')).toBeUndefined();
    expect(normalizePublicationNumber('12')).toBeUndefined();
  });
});

describe('application numbers', () => {
  it('removes the CN check digit written with or without the dot', () => {
    expect(normalizeApplicationNumber('CN202010123456.7')).toBe('CN202010123456');
    expect(normalizeApplicationNumber('2020101234567', 'CN')).toBe('CN202010123456');
    expect(normalizeApplicationNumber('ZL 202010123456.7')).toBe('202010123456');
    expect(normalizeApplicationNumber('03123456.7')).toBe('03123456');
  });
  it('keeps US application serials', () => {
    expect(normalizeApplicationNumber('10/123,456', 'US')).toBe('US10123456');
  });
});

describe('record and lookup keys meet', () => {
  const record = { publicationNumber: 'CN117151122A', applicationNumber: 'CN202311234567.8', country: 'CN' };
  const recordKeys = new Set(numberKeysForRecord(record));
  it.each(['CN117151122A', 'CN 117151122 A', 'cn117151122', 'CN202311234567.8', '2023112345678', '202311234567'])(
    'finds the record from %s',
    (typed) => {
      expect(numberKeysForLookup(typed).some((k) => recordKeys.has(k))).toBe(true);
    },
  );
  it('does not find it from another number', () => {
    expect(numberKeysForLookup('CN117151123A').some((k) => recordKeys.has(k))).toBe(false);
  });
});
