import { describe, expect, it } from 'vitest';
import { applicantPairs, APPLICANT_PAIR_SEPARATOR, standardNames } from '../backends/sqlite/index-tokens.js';
import { companyRenames, currentCompanyName } from './company-renames.js';

describe('company renames (issue 43)', () => {
  it('reads a former name as the current one, width, case and punctuation aside', () => {
    expect(currentCompanyName('歌尔声学股份有限公司')).toBe('歌尔股份有限公司');
    // The demo corpus writes TCL in lower case.
    expect(currentCompanyName('tcl集团股份有限公司')).toBe('TCL科技集团股份有限公司');
    expect(currentCompanyName('歌尔科技有限公司')).toBe('歌尔科技有限公司');
    for (const { former, current, source } of companyRenames()) {
      expect(currentCompanyName(former)).toBe(current);
      expect(source).toMatch(/SZSE|SSE|HKEX/);
    }
  });

  it("reads incoPat's coded standardised names, whole or split out of a list, as one name", () => {
    expect(currentCompanyName('[丰田公司-C]')).toBe('丰田公司');
    expect(currentCompanyName('[丰田公司-C')).toBe('丰田公司');
    expect(currentCompanyName('丰田公司-C]')).toBe('丰田公司');
    expect(
      standardNames([
        { name: '丰田自动车株式会社', standardName: '[丰田公司-C' },
        { name: '丰田自动车株式会社', standardName: '丰田公司-C]' },
      ]),
    ).toEqual(['丰田公司']);
    // Without a bracket a name keeps its ending.
    expect(currentCompanyName('SK-C')).toBe('SK-C');
  });

  it('puts the current name in the standardised names and the applicant pairs', () => {
    const parties = [
      { name: '歌尔股份有限公司', standardName: '歌尔声学股份有限公司' },
      { name: '歌尔声学股份有限公司' },
      { name: '清华大学' },
    ];
    expect(standardNames(parties)).toEqual(['歌尔股份有限公司', '清华大学']);
    expect(applicantPairs(parties)).toEqual([
      `歌尔股份有限公司${APPLICANT_PAIR_SEPARATOR}歌尔股份有限公司`,
      `歌尔股份有限公司${APPLICANT_PAIR_SEPARATOR}歌尔声学股份有限公司`,
      `清华大学${APPLICANT_PAIR_SEPARATOR}清华大学`,
    ]);
  });
});
