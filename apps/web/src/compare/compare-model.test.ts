import { describe, expect, it } from 'vitest';
import type { ComparedPatent } from '@patlas/contracts';
import { compareCountProblem, compareRows, parseCompareParam, sharedCounts } from './compare-model';

function patent(overrides: Partial<ComparedPatent>): ComparedPatent {
  return {
    requested: overrides.publicationNumber ?? 'CN1A',
    publicationNumber: 'CN1A',
    country: 'CN',
    applicants: [],
    inventors: [],
    ipc: [],
    citationCount: 0,
    citedByCount: 0,
    ...overrides,
  };
}

describe('compare model', () => {
  it('reads the compare parameter: commas, blanks and repeats', () => {
    expect(parseCompareParam(' CN1A, ,US2B2,CN1A,')).toEqual(['CN1A', 'US2B2']);
    expect(parseCompareParam(null)).toEqual([]);
  });

  it('accepts 2 to 10 patents (spec 2 §5)', () => {
    expect(compareCountProblem(0)).toBe('tooFew');
    expect(compareCountProblem(1)).toBe('tooFew');
    expect(compareCountProblem(2)).toBeUndefined();
    expect(compareCountProblem(10)).toBeUndefined();
    expect(compareCountProblem(11)).toBe('tooMany');
  });

  it('marks a row as different when values differ or one is missing, and leaves out rows nobody has', () => {
    const a = patent({
      publicationNumber: 'CN1A',
      applicationDate: '2020-01-01',
      applicants: ['BYD Co Ltd', '比亚迪'],
      ipc: ['H01M 4/525'],
      citationCount: 3,
    });
    const b = patent({
      publicationNumber: 'CN2A',
      applicationDate: '2020-01-01',
      // Same names and symbols in another order and spelling: not a difference.
      applicants: ['比亚迪', 'byd  co ltd'],
      ipc: ['H01M4/525'],
      citationCount: 3,
      grantDate: '2021-01-01',
    });
    const rows = Object.fromEntries(compareRows([a, b]).map((r) => [r.key, r]));
    expect(rows.applicationDate).toEqual({ key: 'applicationDate', differs: false, isEmpty: false });
    expect(rows.applicants?.differs).toBe(false);
    expect(rows.ipc?.differs).toBe(false);
    expect(rows.citationCount?.differs).toBe(false);
    expect(rows.grantDate).toEqual({ key: 'grantDate', differs: true, isEmpty: false });
    expect(rows.abstract).toEqual({ key: 'abstract', differs: false, isEmpty: true });
    expect(compareRows([a, { ...b, citationCount: 4 }]).find((r) => r.key === 'citationCount')?.differs).toBe(true);
  });

  it('compares legal statuses by their class, whatever the wording', () => {
    const stated = patent({ legalStatus: '授权', currentStatus: { code: 'granted', basis: 'source', text: '授权' } });
    const byKind = patent({ currentStatus: { code: 'granted', basis: 'kind' } });
    const lapsed = patent({ currentStatus: { code: 'inactive', basis: 'term', date: '2020-01-01' } });
    const legal = (patents: ComparedPatent[]) => compareRows(patents).find((r) => r.key === 'legalStatus');
    expect(legal([stated, byKind])?.differs).toBe(false);
    expect(legal([stated, lapsed])?.differs).toBe(true);
  });

  it('counts how many patents hold each applicant or IPC symbol', () => {
    const counts = sharedCounts(
      [
        patent({ ipc: ['H01M 4/525', 'H01M10/0525'] }),
        patent({ ipc: ['H01M4/525'] }),
        patent({ ipc: ['h01m4/525', 'H01M10/0525', 'H01M10/0525'] }),
      ],
      'ipc',
    );
    expect(Object.fromEntries(counts)).toEqual({ 'H01M4/525': 3, 'H01M10/0525': 2 });
  });
});
