import {
  ANALYSIS_DIMENSIONS,
  describeSource,
  type AnalysisDimension,
  type AnalysisResultSet,
  type Language,
} from '@patlas/contracts';
import { DIMENSION_LABELS } from '@patlas/charts';
import type { AnalysisCover } from '../../documents/analysis.js';

type Labels = { zh: string; en: string };

const LABELS = {
  title: { zh: '专利分析报告', en: 'Patent analysis' },
  expression: { zh: '检索式', en: 'Expression' },
  set: { zh: '检索集合', en: 'Set' },
  within: { zh: '二次检索', en: 'Search within' },
  filters: { zh: '筛选', en: 'Filters' },
  merge: { zh: '合并方式', en: 'Merge' },
  scope: { zh: '数据范围', en: 'Data scope' },
  date: { zh: '导出日期', en: 'Exported on' },
  total: { zh: '专利总数', en: 'Patents' },
} satisfies Record<string, Labels>;

const SET_KINDS: Record<string, Labels> = {
  semantic: { zh: '语义检索', en: 'Semantic search' },
  library: { zh: '专题库', en: 'Library' },
};
const MERGES: Record<number, Labels> = {
  0: { zh: '不合并', en: 'None' },
  1: { zh: '按申请号合并', en: 'By application number' },
  2: { zh: '按简单同族合并', en: 'By simple family' },
};
const SCOPES: Record<string, Labels> = {
  all: { zh: '全部数据', en: 'All data' },
  cn: { zh: '中国专利', en: 'Chinese patents' },
  uncn: { zh: '非中国专利', en: 'Non-Chinese patents' },
};
/** The one facet that is no analysis dimension. */
const FILTER_FIELDS: Record<string, Labels> = { year: { zh: '年份', en: 'Year' } };

function filterFieldLabel(field: string, lang: Language): string {
  if ((ANALYSIS_DIMENSIONS as readonly string[]).includes(field))
    return DIMENSION_LABELS[field as AnalysisDimension][lang];
  return FILTER_FIELDS[field]?.[lang] ?? field;
}

/** The analysis file's opening: the search as the analysis page's header shows it, the date and the total. */
export function analysisCover(set: Record<string, unknown>, total: number, lang: Language, day: string): AnalysisCover {
  const s = set as unknown as AnalysisResultSet;
  const line = (key: keyof typeof LABELS, value: string) => ({ label: LABELS[key][lang], value });
  const lines = [];
  if (s.searchExpre?.trim()) lines.push(line('expression', s.searchExpre));
  if (s.set) lines.push(line('set', SET_KINDS[s.set.kind]?.[lang] ?? s.set.kind));
  if (s.secondExpre?.trim()) lines.push(line('within', s.secondExpre));
  const filters = (s.filters ?? []).map(
    (f) => `${filterFieldLabel(f.field, lang)}: ${f.values.join(lang === 'zh' ? '、' : ', ')}`,
  );
  if (filters.length > 0) lines.push(line('filters', filters.join('; ')));
  if (s.mergeType) lines.push(line('merge', MERGES[s.mergeType]?.[lang] ?? String(s.mergeType)));
  lines.push(line('scope', SCOPES[s.source ?? 'all']?.[lang] ?? describeSource(s.source, lang) ?? String(s.source)));
  lines.push(line('date', day));
  lines.push(line('total', total.toLocaleString('en-US')));
  return { title: LABELS.title[lang], lines };
}
