import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterFieldId } from '@patlas/contracts';
import type { ResultUrlState } from '../../../search-state/search-url-state';
import { useFilterFieldLabel } from '../../../search-state/useFilterFieldLabel';
import { useHitLabels } from '../../../search-state/useHitLabels';

interface ActiveFilterTagsProps {
  filters: ResultUrlState['filters'];
  /** A value closed: the field's values without it. */
  onRemove: (field: FilterFieldId, values: string[]) => void;
}

/** The filters in force, one closable tag per value. */
export function ActiveFilterTags({ filters, onRemove }: ActiveFilterTagsProps) {
  const { t } = useTranslation('search');
  const labels = useHitLabels();
  const filterFieldLabel = useFilterFieldLabel();
  return (
    <Flex wrap gap={4} className="results-active-filters" aria-label={t('filters.active')}>
      {filters.flatMap((filter) =>
        filter.values.map((value) => (
          <Tag
            key={`${filter.field}:${value}`}
            closable
            onClose={(event) => {
              event.preventDefault();
              onRemove(
                filter.field,
                filter.values.filter((v) => v !== value),
              );
            }}
          >
            {filterFieldLabel(filter.field)}: {labels.facetValue(filter.field, value)}
          </Tag>
        )),
      )}
    </Flex>
  );
}
