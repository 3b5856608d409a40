import { describe, expect, it } from 'vitest';
import { normaliseDate, normalisePartialDate } from './dates.js';
import { formatPublicationNumber, patentTypeFromKind } from './us-kind-codes.js';
import { guessPartyType } from './us-parties.js';
import { ipcFromFixed, uspcFromFixed } from './us-classes.js';

describe('dates', () => {
  it('normalises the source date forms to YYYY-MM-DD', () => {
    expect(normaliseDate('20050104')).toBe('2005-01-04');
    expect(normaliseDate('2023-10-31T00:00:00Z')).toBe('2023-10-31');
    expect(normaliseDate('10-15-2021')).toBe('2021-10-15');
    expect(normaliseDate('19010500')).toBeUndefined();
    expect(normaliseDate('0001-01-01T00:00:00Z')).toBeUndefined();
    expect(normaliseDate('20210230')).toBeUndefined();
    expect(normalisePartialDate('19010500')).toBe('1901-05');
    expect(normalisePartialDate('19010000')).toBe('1901');
  });
});

describe('numbers, kinds, parties, classes', () => {
  it('formats publication numbers without zero padding', () => {
    expect(formatPublicationNumber('US', '07000000', 'B2')).toBe('US7000000B2');
    expect(formatPublicationNumber('US', 'D0907292', 'S1')).toBe('USD907292S1');
    expect(formatPublicationNumber('US', 'PP019876', 'P3')).toBe('USPP19876P3');
    expect(formatPublicationNumber('US', '20050004437', 'A1')).toBe('US20050004437A1');
  });

  it('maps kind codes to patent types', () => {
    expect(patentTypeFromKind('US', 'B2')).toBe('invention_grant');
    expect(patentTypeFromKind('US', 'A1')).toBe('invention_application');
    expect(patentTypeFromKind('US', 'S1')).toBe('design');
    expect(patentTypeFromKind('US', 'H1')).toBe('other');
    expect(patentTypeFromKind('EP', 'B1')).toBe('invention_grant');
    expect(patentTypeFromKind('EP', 'A2')).toBe('invention_application');
  });

  it('guesses party types from English names', () => {
    expect(guessPartyType('Amazon Technologies, Inc.')).toBe('company');
    expect(guessPartyType('Siemens Aktiengesellschaft')).toBe('company');
    expect(guessPartyType('Tianjin University')).toBe('university');
    expect(guessPartyType('Toyota Research Institute, Inc.')).toBe('institute');
    expect(guessPartyType('The United States of America as represented by the Secretary of the Navy')).toBe(
      'government',
    );
    expect(guessPartyType('Henley; Francois J.')).toBe('person');
    expect(guessPartyType('Samuel G. Glasmire')).toBe('person');
  });

  it('reads fixed-width IPC and US classes', () => {
    expect(ipcFromFixed('A45F  504')).toBe('A45F5/04');
    expect(ipcFromFixed('G06F017/60')).toBe('G06F17/60');
    expect(uspcFromFixed('  2 52')).toBe('2/52');
    expect(uspcFromFixed(' 4012404')).toBe('40/124.04');
    expect(uspcFromFixed('D14486')).toBe('D14/486');
  });
});
