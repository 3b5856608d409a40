import { describe, expect, it } from 'vitest';
import { FIELDS, findField, getFieldById } from './fields.js';
import { parseExpression } from './index.js';

/** The canonical ids the engine indexes (shared with packages/engine). */
const CANONICAL_IDS = [
  'TI',
  'AB',
  'CLM',
  'DESC',
  'TIAB',
  'TIABC',
  'FT',
  'SEM',
  'AD',
  'PD',
  'GD',
  'PRD',
  'ED',
  'AN',
  'PN',
  'PR',
  'PA',
  'PA-STD',
  'AS',
  'IN',
  'AGT',
  'AGC',
  'ADDR',
  'PROV',
  'CITY',
  'PA-TYPE',
  'PA-CC',
  'PA-LISTED',
  'IPC',
  'IPC-MAIN',
  'CPC',
  'LOC',
  'LS',
  'PT',
  'CC',
  'KD',
  'FAM',
  'FAMN',
  'CIT',
  'CITED',
  'CITN',
  'CITEDN',
  'LIT',
  'PLG',
  'LIC',
  'TRF',
  'REX',
  'TPROB',
  'TMEANS',
  'TEFFECT',
  'LE',
  'LED',
  'LITCN',
  'LITCT',
  'LITPT',
  'LITPL',
  'LITDF',
  'LITRS',
  'LITD',
  'LICOR',
  'LICEE',
  'LICT',
  'LICD',
  'TRFOR',
  'TRFEE',
  'TRFD',
  'PLGOR',
  'PLGEE',
  'PLGD',
  'REXRQ',
  'REXN',
  'REXT',
  'REXD',
  'DEF',
  'DEFD',
  'PV',
  'CLMN',
  'AWARD',
];

describe('field dictionary', () => {
  it('holds exactly the canonical ids', () => {
    expect(FIELDS.map((f) => f.id)).toEqual(CANONICAL_IDS);
  });

  it('gives every name (id or alias) to one field only', () => {
    const owners = new Map<string, string[]>();
    for (const field of FIELDS) {
      for (const name of [field.id, ...field.aliases]) {
        const key = name.toUpperCase().replace(/[（）]/g, (c) => (c === '（' ? '(' : ')'));
        owners.set(key, [...(owners.get(key) ?? []), field.id]);
      }
    }
    expect([...owners].filter(([, ids]) => ids.length > 1)).toEqual([]);
  });

  it('finds fields case-insensitively, full-width tolerant, with spaces ignored', () => {
    expect(findField('ti')?.id).toBe('TI');
    expect(findField('ＴＩ')?.id).toBe('TI');
    expect(findField(' 标题 ')?.id).toBe('TI');
    expect(findField('公开（公告）号')?.id).toBe('PN');
    expect(findField('ipc-main')?.id).toBe('IPC-MAIN');
    expect(findField('申请(专利权)人')?.id).toBe('PA');
    expect(findField('TTL')).toBeUndefined();
    expect(getFieldById('ti')).toBeUndefined();
  });

  it('accepts ranges only on dates and numbers, proximity only on text', () => {
    for (const field of FIELDS) {
      expect(field.operators.includes('range'), field.id).toBe(field.type === 'date' || field.type === 'number');
      expect(field.operators.includes('proximity'), field.id).toBe(field.type === 'text');
    }
  });

  it.each(FIELDS.map((f) => [f.id, f.example]))('the example of %s parses: %s', (id, example) => {
    const result = parseExpression(example);
    expect(result.ok, JSON.stringify(!result.ok && result.errors)).toBe(true);
    expect(JSON.stringify(result.ok && result.ast)).toContain(`"field":"${id}"`);
  });

  it('has zh and en labels for every field', () => {
    for (const field of FIELDS) {
      expect(field.zh).toMatch(/\p{Script=Han}/u);
      expect(field.en).toMatch(/^[A-Z]/);
    }
  });
});
