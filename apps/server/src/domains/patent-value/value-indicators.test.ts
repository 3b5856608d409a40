import { describe, expect, it } from 'vitest';
import type { Patent } from '@patlas/contracts';
import {
  cohortYearOf,
  countIndependentClaims,
  ipcSubclassOf,
  partyKindOf,
  rawIndicatorsOf,
  splitClaims,
} from './value-indicators.js';

const TODAY = '2025-06-30';

/** A real CN grant's bibliography (CN110000002B of the battery tests), with legal events as PatSnap exports them. */
function grant(overrides: Partial<Patent> = {}): Patent {
  return {
    publicationNumber: 'CN110000002B',
    country: 'CN',
    kind: 'B',
    patentType: 'invention_grant',
    applicationDate: '2016-05-01',
    publicationDate: '2017-01-01',
    grantDate: '2018-03-01',
    legalStatus: '有效',
    classifications: { ipcMain: 'H01M 10/613', ipc: ['H01M10/613', 'H01M10/625', 'B60L58/26'] },
    applicants: [{ name: '比亚迪股份有限公司' }],
    citations: [{ number: 'CN1' }, { number: 'CN2' }, { number: 'CN3' }],
    citedByCount: 17,
    family: { simple: ['CN110000002B', 'US2019000002A1', 'EP3000002A1', 'CN110000002A'] },
    claims: {
      text:
        '1. 一种电池组散热结构，包括散热片和壳体。2. 根据权利要求1所述的散热结构，其特征在于，所述散热片厚度为0.5 mm。' +
        '3. 一种电动汽车，包括权利要求1所述的散热结构。4. 一种散热方法，包括以下步骤：通风；冷却。',
    },
    legalEvents: [
      { description: '授权' },
      { description: '专利权质押合同登记的生效' },
      { description: '专利实施许可合同备案的生效' },
      { description: '专利申请权、专利权的转移' },
      { description: '无效宣告请求审查决定：维持专利权有效' },
    ],
    ...overrides,
  };
}

describe('raw value indicators', () => {
  it('reads every indicator of a record with claims, family and legal events', () => {
    const raw = rawIndicatorsOf(grant(), TODAY, { H01M: 64.5 });
    expect(raw).toEqual({
      // 17 citing patents over the 8.49 years since publication.
      forwardCitations: 2.002,
      backwardCitations: 3,
      ipcBreadth: 2,
      claimCount: 4,
      // Claim 3 (a car including the structure of claim 1) refers to claim 1: not independent.
      independentClaims: 2,
      legalStatus: 2,
      // 20 years from 2016-05-01.
      remainingTerm: 10.84,
      litigation: 0,
      invalidationSurvived: 1,
      pledge: 1,
      familySize: 4,
      familyOffices: 3,
      licences: 1,
      transfers: 1,
      applicantType: 3,
      // Claim 1 without its number and punctuation: 一种电池组散热结构 包括散热片和壳体.
      claimBreadth: 17,
      // A count of citing patents, no list: who cites it is not told.
      citingApplicants: null,
      applicantCount: 1,
      // The level of its main IPC subclass in the model's field table.
      technologyField: 64.5,
    });
  });

  it('counts distinct citing applicants, claim length in words of an English claim, unknown fields', () => {
    const raw = rawIndicatorsOf(
      grant({
        classifications: { ipcMain: 'A01B 1/00' },
        citedBy: [
          { number: 'CN1', applicant: '比亚迪股份有限公司' },
          { number: 'CN2', applicant: '比亚迪股份有限公司' },
          { number: 'US3', applicant: 'Tesla, Inc.' },
        ],
        claims: {
          text: '1. A battery pack comprising a housing and a fin. 2. The pack of claim 1, wherein the fin is thin.',
        },
      }),
      TODAY,
      { H01M: 64.5 },
    );
    expect(raw.citingApplicants).toBe(2);
    // A battery pack comprising a housing and a fin: nine words.
    expect(raw.claimBreadth).toBe(9);
    expect(raw.technologyField).toBeNull();
    expect(rawIndicatorsOf(grant({ citedBy: [] }), TODAY).citingApplicants).toBe(0);
    expect(rawIndicatorsOf(grant({ citedBy: [{ number: 'CN1' }] }), TODAY).citingApplicants).toBeNull();
  });

  it('leaves unknown what the record does not tell', () => {
    const raw = rawIndicatorsOf(
      { publicationNumber: 'CN210000001U', country: 'CN', title: { text: '一种电池盒' } },
      TODAY,
    );
    expect(raw.forwardCitations).toBeNull();
    expect(raw.backwardCitations).toBeNull();
    expect(raw.claimCount).toBeNull();
    expect(raw.independentClaims).toBeNull();
    expect(raw.litigation).toBeNull();
    expect(raw.familySize).toBeNull();
    expect(raw.applicantType).toBeNull();
    expect(raw.remainingTerm).toBeNull();
    expect(raw.claimBreadth).toBeNull();
    expect(raw.citingApplicants).toBeNull();
    expect(raw.applicantCount).toBeNull();
    expect(raw.technologyField).toBeNull();
    // A U kind says utility model, a grant: in force as far as the record tells.
    expect(raw.legalStatus).toBe(2);
  });

  it('gives a lapsed patent no remaining term and no survived challenges', () => {
    const raw = rawIndicatorsOf(grant({ legalStatus: '失效' }), TODAY);
    expect(raw.legalStatus).toBe(0);
    expect(raw.remainingTerm).toBe(0);
    expect(raw.invalidationSurvived).toBe(0);
  });

  it('normalises forward citations by age, at least one year', () => {
    const young = rawIndicatorsOf(grant({ publicationDate: '2025-03-01', citedByCount: 3 }), TODAY);
    expect(young.forwardCitations).toBe(3);
    const listed = rawIndicatorsOf(
      grant({
        citedByCount: undefined,
        citedBy: [{ number: 'US1' }, { number: 'US2' }],
        publicationDate: '2021-06-30',
      }),
      TODAY,
    );
    expect(listed.forwardCitations).toBe(0.5);
  });

  it('prefers a stated claim count and counts claims of an English text', () => {
    const text =
      '1. A battery pack comprising a housing. 2. The battery pack of claim 1, wherein the housing is 3.5 mm thick. ' +
      '3. A method of cooling a battery, comprising: blowing air. 4. The method as claimed in claim 3.';
    const raw = rawIndicatorsOf(grant({ claims: { text }, claimCount: undefined }), TODAY);
    expect(raw.claimCount).toBe(4);
    expect(raw.independentClaims).toBe(2);
    expect(rawIndicatorsOf(grant({ claimCount: 12 }), TODAY).claimCount).toBe(12);
  });
});

describe('claims, classes, parties', () => {
  it('splits numbered claims in sequence only', () => {
    const claims = splitClaims('1、一种装置，长度为2. 5 mm。2、根据权利要求1所述的装置。');
    expect(claims).toEqual(['1、一种装置，长度为2. 5 mm。', '2、根据权利要求1所述的装置。']);
    expect(countIndependentClaims(claims)).toBe(1);
    expect(splitClaims('A device.')).toEqual([]);
  });

  it('reads IPC subclasses as sources write them', () => {
    expect(ipcSubclassOf('h01m 4/525')).toBe('H01M');
    expect(ipcSubclassOf('H01')).toBeUndefined();
    expect(cohortYearOf(grant())).toBe('2016');
    expect(cohortYearOf({ publicationNumber: 'X', country: 'CN' })).toBe('unknown');
  });

  it('tells companies, universities, institutes and people apart by name', () => {
    expect(partyKindOf({ name: '宁德时代新能源科技股份有限公司' })).toBe('company');
    expect(partyKindOf({ name: 'Acme Batteries Inc.' })).toBe('company');
    expect(partyKindOf({ name: '清华大学' })).toBe('university');
    expect(partyKindOf({ name: '中国科学院大连化学物理研究所' })).toBe('institute');
    expect(partyKindOf({ name: '张伟' })).toBe('person');
    expect(partyKindOf({ name: 'SMITH, JOHN' })).toBe('person');
    expect(partyKindOf({ name: 'X', type: 'government' })).toBe('government');
  });
});
