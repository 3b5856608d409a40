import { useState } from 'react';
import { Button, Checkbox, Collapse, Empty, Flex, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FACET_FIELD_IDS,
  type FacetBucket,
  type FacetFieldId,
  type FacetFilterInput,
  type FilterFieldId,
} from '@patlas/contracts';
import type { SearchNewResponse } from '../api';
import { formatTotal } from '../../../search-state/format-total';
import { useHitLabels } from '../../../search-state/useHitLabels';

/** How a facet's values changed: one value alone, several applied together, or values removed. */
export type FilterChange = 'single' | 'multiple' | 'remove';

interface FilterPanelProps {
  facets: SearchNewResponse['facets'] | undefined;
  filters: readonly FacetFilterInput[];
  onChange: (field: FilterFieldId, values: string[], change: FilterChange) => void;
  onClearAll: () => void;
  /**
   * The applicant facet holds standardised names (the answer's `applicantsMerged`): its values
   * filter `applicantStandard` and list the names they merge (docs/companies.md).
   */
  applicantsMerged?: boolean;
  /** The "merge names" switch of the applicant facet; absent: no switch. */
  onApplicantsMergedChange?: (merged: boolean) => void;
}

/** Buckets shown before "more". */
const FACET_PREVIEW = 8;

function valuesOf(filters: readonly FacetFilterInput[], field: FilterFieldId): string[] {
  return filters.find((f) => f.field === field)?.values ?? [];
}

/**
 * The filter panel from the result's facets. A click on a value filters on it alone (single
 * select); the checkboxes pick several and apply them together (multiple select).
 */
export function FilterPanel({
  facets,
  filters,
  onChange,
  onClearAll,
  applicantsMerged = false,
  onApplicantsMergedChange,
}: FilterPanelProps) {
  const { t, i18n } = useTranslation('search');
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const labels = useHitLabels();
  const [drafts, setDrafts] = useState<Partial<Record<FacetFieldId, string[]>>>({});
  const [expanded, setExpanded] = useState<Partial<Record<FacetFieldId, boolean>>>({});
  const [openVariants, setOpenVariants] = useState<string | undefined>();
  // The field a facet's values filter: a merged applicant facet's are standardised names.
  const filterFieldOf = (field: FacetFieldId): FilterFieldId =>
    field === 'applicant' && applicantsMerged ? 'applicantStandard' : field;
  const fields = FACET_FIELD_IDS.filter(
    (field) => (facets?.[field]?.length ?? 0) > 0 || valuesOf(filters, filterFieldOf(field)).length > 0,
  );

  const items = fields.map((field) => {
    const filterField = filterFieldOf(field);
    const active = valuesOf(filters, filterField);
    const buckets = facets?.[field] ?? [];
    // An active value with no bucket left (filtered out elsewhere) still shows, so it can be unticked.
    const all: FacetBucket[] = [
      ...buckets,
      ...active.filter((v) => !buckets.some((b) => b.value === v)).map((value) => ({ value, count: 0 })),
    ];
    const shown = expanded[field] ? all : all.slice(0, FACET_PREVIEW);
    const draft = drafts[field] ?? active;
    const isDirty = draft.length !== active.length || draft.some((v) => !active.includes(v));
    return {
      key: field,
      label: (
        <span className="facet-title">
          {t(`facets.${field}`)}
          {active.length > 0 && <span className="facet-active-count">{active.length}</span>}
        </span>
      ),
      extra:
        active.length > 0 || (field === 'applicant' && onApplicantsMergedChange) ? (
          <span className="facet-extra">
            {field === 'applicant' && onApplicantsMergedChange && (
              <Tooltip title={t('filters.mergeNamesHint')}>
                <label
                  className="facet-merge-names"
                  onClick={(event) => event.stopPropagation()}
                  onKeyDown={(event) => event.stopPropagation()}
                >
                  <Switch
                    size="small"
                    checked={applicantsMerged}
                    aria-label={t('filters.mergeNames')}
                    data-testid="merge-applicant-names"
                    onChange={(checked) => {
                      setDrafts((d) => ({ ...d, applicant: undefined }));
                      onApplicantsMergedChange(checked);
                    }}
                  />
                  <span className="facet-merge-names-label">{t('filters.mergeNames')}</span>
                </label>
              </Tooltip>
            )}
            {active.length > 0 && (
              <Button
                type="link"
                size="small"
                className="facet-clear"
                onClick={(event) => {
                  event.stopPropagation();
                  setDrafts((d) => ({ ...d, [field]: undefined }));
                  onChange(filterField, [], 'remove');
                }}
              >
                {t('filters.clear')}
              </Button>
            )}
          </span>
        ) : undefined,
      children: (
        <div className="facet-body" data-facet={field}>
          <ul className="facet-values">
            {shown.map((bucket) => (
              <li key={bucket.value} className="facet-value">
                <Checkbox
                  checked={draft.includes(bucket.value)}
                  aria-label={labels.facetValue(field, bucket.value)}
                  onChange={(e) =>
                    setDrafts((d) => ({
                      ...d,
                      [field]: e.target.checked ? [...draft, bucket.value] : draft.filter((v) => v !== bucket.value),
                    }))
                  }
                />
                <button
                  type="button"
                  className={`facet-value-button${active.includes(bucket.value) ? ' facet-value-active' : ''}`}
                  title={t('filters.only')}
                  onClick={() => {
                    setDrafts((d) => ({ ...d, [field]: undefined }));
                    onChange(filterField, [bucket.value], 'single');
                  }}
                >
                  <span className="facet-value-label">{labels.facetValue(field, bucket.value)}</span>
                  <span className="facet-value-count">{formatTotal(bucket.count, lang)}</span>
                </button>
                {bucket.variants && bucket.variants.length > 0 && (
                  <VariantList
                    variants={bucket.variants}
                    isOpen={openVariants === bucket.value}
                    onToggle={() => setOpenVariants((v) => (v === bucket.value ? undefined : bucket.value))}
                    label={t('filters.variants', { count: bucket.variants.length })}
                    title={t('filters.variantsTitle')}
                    lang={lang}
                  />
                )}
              </li>
            ))}
          </ul>
          <Flex justify="space-between" align="center">
            {all.length > FACET_PREVIEW ? (
              <Button type="link" size="small" onClick={() => setExpanded((e) => ({ ...e, [field]: !e[field] }))}>
                {expanded[field] ? t('filters.less') : t('filters.more', { count: all.length - FACET_PREVIEW })}
              </Button>
            ) : (
              <span />
            )}
            {isDirty && (
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  setDrafts((d) => ({ ...d, [field]: undefined }));
                  // Unticking only is a removal; anything added makes it a multiple selection.
                  onChange(filterField, draft, draft.some((v) => !active.includes(v)) ? 'multiple' : 'remove');
                }}
              >
                {t('filters.apply')}
              </Button>
            )}
          </Flex>
        </div>
      ),
    };
  });

  return (
    <aside className="filter-panel" aria-label={t('filters.title')}>
      <Flex justify="space-between" align="center" className="filter-panel-head">
        <Typography.Text strong>{t('filters.title')}</Typography.Text>
        {filters.length > 0 && (
          <Button
            type="link"
            size="small"
            onClick={() => {
              setDrafts({});
              onClearAll();
            }}
          >
            {t('filters.clearAll')}
          </Button>
        )}
      </Flex>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('filters.none')} />
      ) : (
        <Collapse
          size="small"
          ghost
          defaultActiveKey={['patentType', 'year', 'applicant', 'country', 'ipcSubclass']}
          items={items}
        />
      )}
    </aside>
  );
}

interface VariantListProps {
  variants: readonly { value: string; count: number }[];
  isOpen: boolean;
  onToggle: () => void;
  label: string;
  title: string;
  lang: 'zh' | 'en';
}

/** The names as written a merged applicant counts (each with its own count), opened under the value. */
function VariantList({ variants, isOpen, onToggle, label, title, lang }: VariantListProps) {
  return (
    <div className="facet-variants">
      <button
        type="button"
        className="facet-variants-toggle"
        aria-expanded={isOpen}
        title={variants.map((v) => v.value).join('\n')}
        onClick={onToggle}
      >
        {label}
      </button>
      {isOpen && (
        <ul className="facet-variant-list" aria-label={title}>
          {variants.map((v) => (
            <li key={v.value} className="facet-variant">
              <span className="facet-variant-name">{v.value}</span>
              <span className="facet-variant-count">{formatTotal(v.count, lang)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
