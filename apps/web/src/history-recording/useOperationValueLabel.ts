import { useTranslation } from 'react-i18next';
import { VIEW_MODES, type SearchHistoryEntry } from '@patlas/contracts';
import { resources } from '../i18n/index';
import { decodeFilters, decodeSort } from '../search-state/search-url-state';

type ViewMode = (typeof VIEW_MODES)[number];
type FacetKey = keyof (typeof resources)['zh']['search']['facets'];
type SortKey = keyof (typeof resources)['zh']['search']['sort'];
type PatentTypeKey = keyof (typeof resources)['zh']['patent']['patentType'];

const isViewMode = (value: string): value is ViewMode => (VIEW_MODES as readonly string[]).includes(value);
const isFacet = (value: string): value is FacetKey => value in resources.zh.search.facets;
const isSort = (value: string): value is SortKey => value in resources.zh.search.sort;
const isPatentType = (value: string): value is PatentTypeKey => value in resources.zh.patent.patentType;

/**
 * An entry's operation value as a person reads it: the view's name rather than `tuwenshitu`,
 * `专利类型: 实用新型` rather than `patentType:utility_model`, `第 2 页`, the sort's name. Values
 * without a readable form (a publication number, an expression) are shown as stored.
 */
export function useOperationValueLabel(): (entry: SearchHistoryEntry) => string {
  const { t } = useTranslation(['history', 'search', 'patent']);
  const filterText = (encoded: string) =>
    decodeFilters(encoded)
      .map((filter) => {
        const name = isFacet(filter.field) ? t(`search:facets.${filter.field}`) : filter.field;
        const values = filter.values.map((v) =>
          filter.field === 'patentType' && isPatentType(v) ? t(`patent:patentType.${v}`) : v,
        );
        return `${name}: ${values.join(t('history:values.separator'))}`;
      })
      .join(t('history:values.filterSeparator'));
  return (entry) => {
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
      default:
        return value;
    }
  };
}
