import { useTranslation } from 'react-i18next';
import { VIEW_MODES, type FacetFilterInput, type SearchHistoryEntry } from '@patlas/contracts';
import { resources } from '../i18n/index';
import { decodeFilters, decodeSort, encodeFilters } from '../search-state/search-url-state';
import { useHitLabels } from '../search-state/useHitLabels';

type ViewMode = (typeof VIEW_MODES)[number];
type FacetKey = keyof (typeof resources)['zh']['search']['facets'];
type SortKey = keyof (typeof resources)['zh']['search']['sort'];
type DetailTabKey = Exclude<keyof (typeof resources)['zh']['patent']['tabs'], 'noDataHint'>;
type ChartKey = keyof (typeof resources)['zh']['analysis']['charts'];
type ChartTypeKey = keyof (typeof resources)['zh']['analysis']['types'];

const isViewMode = (value: string): value is ViewMode => (VIEW_MODES as readonly string[]).includes(value);
const isFacet = (value: string): value is FacetKey => value in resources.zh.search.facets;
const isSort = (value: string): value is SortKey => value in resources.zh.search.sort;
const isDetailTab = (value: string): value is DetailTabKey =>
  value !== 'noDataHint' && value in resources.zh.patent.tabs;
const isChart = (value: string): value is ChartKey => value in resources.zh.analysis.charts;
const isChartType = (value: string): value is ChartTypeKey => value in resources.zh.analysis.types;

/**
 * An entry's operation value as a person reads it: the view's name rather than `tuwenshitu`,
 * `专利类型: 实用新型` rather than `patentType:utility_model`, `第 2 页`, the sort's name, the detail
 * tab's and the analysis chart's names (`引证`, `申请趋势`, `分析概览` for `overview`). Values
 * without a readable form (a publication number, an expression) are shown as stored.
 */
export function useOperationValueLabel(): (entry: SearchHistoryEntry) => string {
  const { t } = useTranslation(['history', 'search', 'patent', 'analysis']);
  const filterText = useFilterText();
  return (entry) => valueLabel(entry, t, filterText);
}

/**
 * What else besides its expression an entry's search holds, in words: its search within results
 * and its filters (`二次检索：AB=(正极)；筛选：专利类型: 实用新型`); empty when nothing. Two rows of
 * one expression are told apart by it.
 */
export function useSearchRefinementLabel(): (entry: SearchHistoryEntry) => string {
  const { t } = useTranslation('history');
  const filterText = useFilterText();
  return (entry) => {
    const second = entry.state?.secondExpre?.trim();
    const filters = entry.state ? (entry.state.filters ?? []) : (entry.filterArrs ?? []);
    // Recorded filters are the result page's own (facet fields); an old entry may name others.
    const encoded = encodeFilters(filters.filter((f) => f.values.length > 0) as FacetFilterInput[]);
    return [
      second ? t('values.within', { expression: second }) : '',
      encoded ? t('values.filters', { filters: filterText(encoded) }) : '',
    ]
      .filter(Boolean)
      .join(t('values.filterSeparator'));
  };
}

function useFilterText(): (encoded: string) => string {
  const { t } = useTranslation(['history', 'search']);
  const labels = useHitLabels();
  return (encoded) =>
    decodeFilters(encoded)
      .map((filter) => {
        const name = isFacet(filter.field) ? t(`search:facets.${filter.field}`) : filter.field;
        const values = filter.values.map((v) => labels.facetValue(filter.field, v));
        return `${name}: ${values.join(t('history:values.separator'))}`;
      })
      .join(t('history:values.filterSeparator'));
}

function valueLabel(
  entry: SearchHistoryEntry,
  t: ReturnType<typeof useTranslation<['history', 'search', 'patent', 'analysis']>>['t'],
  filterText: (encoded: string) => string,
): string {
  const value = entry.operationValue ?? '';
  switch (entry.operationName) {
    case 'view':
      return isViewMode(value) ? t(`search:views.${value}`) : value;
    case 'merge':
      return value === '0' || value === '1' || value === '2' ? t(`search:merge.${value}`) : value;
    case 'jumpPage':
      return /^\d+$/.test(value) ? t('history:values.page', { page: value }) : value;
    case 'filterSingle':
    case 'filterMultiple':
    case 'delFilter':
    case 'clearFilter':
      return filterText(value) || value;
    case 'refreshPage': {
      if (!value.startsWith('sort:')) return value;
      const sort = decodeSort(value.slice('sort:'.length));
      const key = sort.field === 'relevance' ? 'relevance' : `${sort.field}_${sort.order}`;
      return isSort(key) ? t('history:values.sort', { sort: t(`search:sort.${key}`) }) : value;
    }
    case 'detailTab':
      return isDetailTab(value) ? t(`patent:tabs.${value}`) : value;
    case 'analysis':
      // The chart opened, its chart view, or the catalogue itself ('overview').
      if (value === 'overview') return t('history:values.analysisOverview');
      if (isChart(value)) return t(`analysis:charts.${value}`);
      return isChartType(value) ? t(`analysis:types.${value}`) : value;
    case 'pfe': {
      // `seeds:members` (usePfeHistoryRecording).
      const [seeds, members] = value.split(':');
      return /^\d+:\d+$/.test(value) ? t('history:values.pfe', { seeds, members }) : value;
    }
    default:
      return value;
  }
}
