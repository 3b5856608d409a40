import { describe, expect, it } from 'vitest';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';
import { addYears, currentLegalStatus, legalStatusCodeOf } from './legal-status.js';

const TODAY = '2026-03-01';

describe('current legal status', () => {
  it("keeps the source's own wording and classifies it", () => {
    expect(currentLegalStatus(buildCnPatent({ legalStatus: '有效' }), TODAY)).toEqual({
      code: 'active',
      basis: 'source',
      text: '有效',
    });
    expect(legalStatusCodeOf('专利权的终止')).toBe('inactive');
    expect(legalStatusCodeOf('Expired - Fee Related')).toBe('inactive');
    expect(legalStatusCodeOf('实质审查的生效')).toBe('pending');
    expect(legalStatusCodeOf('PCT指定期内')).toBe('other');
  });

  it("reads the vendors' wordings through the one normaliser the analysis classes use", () => {
    // Patentics 法律状态, incoPat 当前法律状态 / 专利有效性, PatSnap 法律状态/事件 / 简单法律状态.
    expect(legalStatusCodeOf('授权')).toBe('granted');
    expect(legalStatusCodeOf('授权 | 质押 | 权利转移')).toBe('granted');
    expect(legalStatusCodeOf('有效')).toBe('active');
    expect(legalStatusCodeOf('实质审查')).toBe('pending');
    expect(legalStatusCodeOf('审中')).toBe('pending');
    expect(legalStatusCodeOf('公开')).toBe('published');
    expect(legalStatusCodeOf('撤回-视为撤回')).toBe('inactive');
    expect(legalStatusCodeOf('驳回')).toBe('inactive');
    expect(legalStatusCodeOf('未缴年费')).toBe('inactive');
    expect(legalStatusCodeOf('避免重复授权 | 一案双申')).toBe('inactive');
    expect(legalStatusCodeOf('无效')).toBe('inactive');
    expect(legalStatusCodeOf('权利恢复')).toBe('active');
    expect(legalStatusCodeOf('PCT-有效期满')).toBe('other');
    expect(legalStatusCodeOf('其他')).toBe('other');
  });

  it('uses the expiry date: passed is inactive, to come on a grant is granted until then', () => {
    expect(currentLegalStatus(buildUsPatent({ expiryDate: '2024-04-01' }), TODAY)).toEqual({
      code: 'inactive',
      basis: 'expiryDate',
      date: '2024-04-01',
    });
    expect(currentLegalStatus(buildUsPatent({ expiryDate: '2031-01-01' }), TODAY)).toEqual({
      code: 'granted',
      basis: 'expiryDate',
      date: '2031-01-01',
    });
  });

  it('counts the statutory term from the application date when the record states nothing', () => {
    // A US grant filed 2003-04-01: 20 years, ended 2023.
    expect(currentLegalStatus(buildUsPatent(), TODAY)).toEqual({ code: 'inactive', basis: 'term', date: '2023-04-01' });
    // Filed 2015: still within its term.
    const recent = buildUsPatent({ applicationDate: '2015-06-30' });
    expect(currentLegalStatus(recent, TODAY)).toEqual({ code: 'granted', basis: 'term', date: '2035-06-30' });
    // An application within its term is a published application, not "in force".
    const application = buildCnPatent({ applicationDate: '2023-09-01' });
    expect(currentLegalStatus(application, TODAY)?.code).toBe('published');
    // A CN utility model: 10 years.
    const utility = buildCnPatent({
      publicationNumber: 'CN210000000U',
      kind: 'U',
      patentType: 'utility_model',
      applicationDate: '2015-05-01',
    });
    expect(currentLegalStatus(utility, TODAY)).toEqual({ code: 'inactive', basis: 'term', date: '2025-05-01' });
  });

  it('gives designs their own terms: CN 10/15 years from filing, US 14/15 years from grant', () => {
    const cnDesign = (applicationDate: string) =>
      buildCnPatent({ publicationNumber: 'CN305000000S', kind: 'S', patentType: 'design', applicationDate });
    expect(currentLegalStatus(cnDesign('2021-05-31'), TODAY)?.date).toBe('2031-05-31');
    expect(currentLegalStatus(cnDesign('2021-06-01'), TODAY)?.date).toBe('2036-06-01');
    const usDesign = (applicationDate: string, grantDate: string) =>
      buildUsPatent({ publicationNumber: 'USD900000S', kind: 'S', patentType: 'design', applicationDate, grantDate });
    expect(currentLegalStatus(usDesign('2010-01-01', '2012-01-01'), TODAY)).toEqual({
      code: 'inactive',
      basis: 'term',
      date: '2026-01-01',
    });
    expect(currentLegalStatus(usDesign('2019-01-01', '2021-01-05'), TODAY)).toEqual({
      code: 'granted',
      basis: 'term',
      date: '2036-01-05',
    });
  });

  it('falls back on the kind of document, and says nothing when even that is unknown', () => {
    // A CN application number with title and IPC only (as most of the CN demo sources give them).
    const bare = buildCnPatent({ patentType: undefined, applicationNumber: undefined });
    expect(currentLegalStatus(bare, TODAY)).toEqual({ code: 'published', basis: 'kind' });
    const grant = buildCnPatent({ publicationNumber: 'CN110000002B', kind: undefined, patentType: undefined });
    expect(currentLegalStatus(grant, TODAY)).toEqual({ code: 'granted', basis: 'kind' });
    const unknown = buildCnPatent({ publicationNumber: 'JP2020000001', country: 'JP', kind: undefined });
    expect(currentLegalStatus({ ...unknown, patentType: undefined }, TODAY)).toBeUndefined();
  });

  it('adds whole years, 29 February falling back to the 28th', () => {
    expect(addYears('2004-02-29', 20)).toBe('2024-02-29');
    expect(addYears('2004-02-29', 10)).toBe('2014-02-28');
  });
});
