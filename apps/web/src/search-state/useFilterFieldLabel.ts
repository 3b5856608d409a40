import { useTranslation } from 'react-i18next';
import { ANALYSIS_DIMENSIONS, FACET_FIELD_IDS, type FacetFilterInput } from '@patlas/contracts';

/**
 * The name of a filter field for chips: the filter panel's facet name, else the analysis
 * dimension's (filters an analysis jump added, e.g. `ipcGroup`, `applicantProvince`).
 */
export function useFilterFieldLabel(): (field: FacetFilterInput['field']) => string {
  const { t } = useTranslation(['search', 'analysis']);
  return (field) => {
    if ((FACET_FIELD_IDS as readonly string[]).includes(field))
      return t(`search:facets.${field}` as 'search:facets.applicant');
    if ((ANALYSIS_DIMENSIONS as readonly string[]).includes(field)) {
      return t(`analysis:dimensions.${field}` as 'analysis:dimensions.applicant');
    }
    return field;
  };
}
