// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { SearchHistoryEntry } from '@patlas/contracts';
import { createI18n } from '../i18n/setup';
import { useOperationValueLabel } from './useOperationValueLabel';

function labelsIn(lang: 'zh' | 'en') {
  const i18n = createI18n(lang);
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  const { result } = renderHook(() => useOperationValueLabel(), { wrapper });
  return (operationName: SearchHistoryEntry['operationName'], operationValue: string) =>
    result.current({ operationName, operationValue, searchExpression: 'TI=(电池)', resultTotal: '1' });
}

describe('useOperationValueLabel', () => {
  it.each<[SearchHistoryEntry['operationName'], string, string, string]>([
    ['view', 'tuwenshitu', '图文', 'Image-text'],
    ['jumpPage', '3', '第 3 页', 'Page 3'],
    ['filterSingle', 'patentType:utility_model', '专利类型: 实用新型', 'Patent type: Utility model'],
    ['refreshPage', 'sort:PD.desc', '排序：公开日 降序', 'Sort: Publication date, newest'],
    ['detail', 'CN117151122A', 'CN117151122A', 'CN117151122A'],
    ['second', 'AB=(正极)', 'AB=(正极)', 'AB=(正极)'],
    ['filterSingle', 'country:US', '国家/地区: US 美国', 'Country / office: US United States'],
    ['detailTab', 'citations', '引证', 'Citations'],
    ['detailTab', 'family', '同族', 'Family'],
    ['analysis', 'overview', '分析概览', 'Analysis overview'],
    ['analysis', 'applicationTrend', '申请趋势', 'Application trend'],
    ['analysis', 'pie', '饼图', 'Pie'],
  ])('%s %s reads as a person reads it', (action, value, zh, en) => {
    expect(labelsIn('zh')(action, value)).toBe(zh);
    expect(labelsIn('en')(action, value)).toBe(en);
  });

  it('shows no code of the recorder as a value in the Chinese interface', () => {
    const zh = labelsIn('zh');
    const coded: [SearchHistoryEntry['operationName'], string][] = [
      ['view', 'liebiaoshitu'],
      ['view', 'quanfutushitu'],
      ['merge', '2'],
      ['jumpPage', '12'],
      ['refreshPage', 'sort:AD.asc'],
      ['filterMultiple', 'patentType:invention_grant|design'],
      ['detailTab', 'basic'],
      ['detailTab', 'legal'],
      ['detailTab', 'drawings'],
      ['detailTab', 'fulltext'],
      ['analysis', 'overview'],
      ['analysis', 'wordCloud'],
      ['analysis', 'landscape'],
    ];
    for (const [action, value] of coded) {
      const label = zh(action, value);
      expect(label, `${action} ${value}`).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it('names every filter of a cleared set and keeps unknown values as stored', () => {
    const zh = labelsIn('zh');
    expect(zh('clearFilter', 'patentType:utility_model|invention_grant;applicant:比亚迪')).toBe(
      '专利类型: 实用新型、发明授权；申请人: 比亚迪',
    );
    expect(zh('view', 'mosaic')).toBe('mosaic');
    expect(zh('merge', '1')).toBe('按申请号合并');
  });
});
