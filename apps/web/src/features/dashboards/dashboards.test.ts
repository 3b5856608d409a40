import { describe, expect, it } from 'vitest';
import { provinceFullName, provinceShortName } from '@patlas/contracts';
import { decodeResultState } from '../../search-state/search-url-state';
import { subjectFromParams } from './EntityDashboardPage';
import { resultPathOf } from './useResultJump';
import { chinaMapOption } from './chart-options';

describe('dashboard deep links', () => {
  it('reads the subject of each dashboard from its URL', () => {
    expect(subjectFromParams('region', new URLSearchParams('province=广东省&city=深圳'))).toEqual({
      kind: 'province',
      province: '广东省',
      city: '深圳',
    });
    expect(subjectFromParams('region', new URLSearchParams('country=US'))).toEqual({ kind: 'country', country: 'US' });
    expect(subjectFromParams('region', new URLSearchParams('country=USA'))).toBeUndefined();
    expect(subjectFromParams('cu', new URLSearchParams('name=清华大学'))).toEqual({
      kind: 'university',
      name: '清华大学',
    });
    expect(subjectFromParams('co', new URLSearchParams('name=%20'))).toBeUndefined();
    expect(subjectFromParams('co', new URLSearchParams('name=华为技术有限公司&std=1'))).toEqual({
      kind: 'company',
      name: '华为技术有限公司',
      standard: true,
    });
  });

  it('keeps a company set (standardised names) in the result page URL', () => {
    const set = {
      searchExpre: 'PA-STD=("华为技术有限公司" OR "[华为-C]")',
      filters: [{ field: 'applicantStandard' as const, values: ['华为技术有限公司', '[华为-C]'] }],
    };
    const state = decodeResultState(new URL(resultPathOf({ ...set, mergeType: 0 }), 'http://x').searchParams);
    expect(state.expression).toBe(set.searchExpre);
    expect(state.filters).toEqual(set.filters);
  });

  it('maps the GeoJSON short names to the provinces the API counts by, and back', () => {
    expect(provinceFullName('内蒙古')).toBe('内蒙古自治区');
    expect(provinceFullName('黑龙江')).toBe('黑龙江省');
    expect(provinceFullName('广东')).toBe('广东省');
    expect(provinceFullName('加州')).toBeUndefined();
    expect(provinceShortName('新疆维吾尔自治区')).toBe('新疆');
  });

  it('turns a jump into a result page URL that keeps its expression and filters', () => {
    const url = resultPathOf({
      searchExpre: 'PA=("清华大学")',
      filters: [
        { field: 'applicant', values: ['清华大学'] },
        { field: 'applicationYear', values: ['2019'] },
      ],
      mergeType: 0,
    });
    const state = decodeResultState(new URL(url, 'http://x').searchParams);
    expect(state.expression).toBe('PA=("清华大学")');
    expect(state.filters).toEqual([
      { field: 'applicant', values: ['清华大学'] },
      { field: 'applicationYear', values: ['2019'] },
    ]);
  });

  it('writes the map tooltip as inert HTML whatever the region label holds (issue 41 §5)', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const option = chinaMapOption([{ short: '广东', key: '广东省', label: markup, count: 3 }], undefined, 'zh');
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    const html = formatter({ data: { regionLabel: markup, value: 3 } });
    expect(html).toBe('&lt;img src=x onerror=alert(1)&gt;: 3');
  });
});
