import { describe, expect, it } from 'vitest';
import { REPORT_SECTIONS } from '@patlas/contracts';
import { defaultTitle, formProblems, rangePointOf, toReportRequest, type ReportFormValues } from './report-model';

const base: ReportFormValues = { title: '电池报告', lang: 'zh', sections: [...REPORT_SECTIONS], unit: 'year' };
const preset = {
  set: { searchExpre: 'TI=电池', filters: [], mergeType: 0 as const },
  origin: 'search' as const,
  label: 'TI=电池',
};

describe('report form (spec 2 §5, §9)', () => {
  it('refuses a range over 12 units in each unit, and accepts exactly 12', () => {
    expect(formProblems({ ...base, from: '2010', to: '2021' }).range).toBeUndefined();
    expect(formProblems({ ...base, from: '2010', to: '2022' }).range).toEqual({
      key: 'rangeTooLong',
      values: { max: 12, units: 13, unit: 'year' },
    });
    expect(formProblems({ ...base, unit: 'quarter', from: '2020Q1', to: '2022Q4' }).range).toBeUndefined();
    expect(formProblems({ ...base, unit: 'quarter', from: '2020Q1', to: '2023Q1' }).range?.values?.units).toBe(13);
    expect(formProblems({ ...base, unit: 'month', from: '2021-03', to: '2022-02' }).range).toBeUndefined();
    expect(formProblems({ ...base, unit: 'month', from: '2021-03', to: '2022-03' }).range?.key).toBe('rangeTooLong');
  });

  it('refuses a backwards range, one end only, no title, a long title and no section', () => {
    expect(formProblems({ ...base, from: '2021', to: '2020' }).range?.key).toBe('rangeReversed');
    expect(formProblems({ ...base, from: '2021' }).range?.key).toBe('rangeIncomplete');
    expect(formProblems({ ...base, title: '  ' }).title?.key).toBe('titleEmpty');
    expect(formProblems({ ...base, title: '一'.repeat(26) }).title?.key).toBe('titleTooLong');
    expect(formProblems({ ...base, title: '一'.repeat(25) }).title).toBeUndefined();
    expect(formProblems({ ...base, sections: [] }).sections?.key).toBe('noSections');
    expect(formProblems(base)).toEqual({});
  });

  it('writes range points in the server notation and the request in the report order', () => {
    expect(rangePointOf('year', 2021, 5)).toBe('2021');
    expect(rangePointOf('quarter', 2021, 5)).toBe('2021Q2');
    expect(rangePointOf('month', 2021, 5)).toBe('2021-05');
    expect(defaultTitle(`  ${'专'.repeat(30)}  `)).toBe('专'.repeat(25));
    const request = toReportRequest(
      { ...base, title: ' 电池 ', sections: ['topPatents', 'summary'], from: '2019', to: '2021' },
      preset,
    );
    expect(request).toEqual({
      title: '电池',
      lang: 'zh',
      sections: ['summary', 'topPatents'],
      timeRange: { unit: 'year', from: '2019', to: '2021' },
      set: preset.set,
      origin: 'search',
      originLabel: 'TI=电池',
    });
    expect(toReportRequest(base, preset).timeRange).toBeUndefined();
  });
});
