import { Flex, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { IMAGE_SEARCH_DATE_FIELDS, MAX_IMAGE_SEARCH_LOCARNO, type ImageSearchFiltersInput } from '@patlas/contracts';
import { DateRangeInput } from '../../components/DateInput/DateInput';

/** The Locarno classes (edition 13; 99 miscellaneous), titled in the catalogues under `locarno.`. */
export const LOCARNO_CLASSES = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '30',
  '31',
  '32',
  '99',
] as const;

interface ImageSearchFiltersProps {
  value: ImageSearchFiltersInput;
  onChange: (next: ImageSearchFiltersInput) => void;
  /** The subclasses of the indexed patents with their counts (known once a result is shown). */
  locarnoClasses?: readonly { code: string; patents: number }[] | undefined;
  disabled?: boolean;
}

/**
 * The image search's filters (issue 43 item 9), applied to the index before ranking: Locarno
 * classes or subclasses, and a publication or application date range.
 */
export function ImageSearchFilters({ value, onChange, locarnoClasses, disabled }: ImageSearchFiltersProps) {
  const { t } = useTranslation('imageSearch');
  const classOptions = LOCARNO_CLASSES.map((code) => ({
    value: code,
    label: `${code} ${t(`locarno.${code}`)}`,
  }));
  const subclassOptions = (locarnoClasses ?? []).map(({ code, patents }) => ({
    value: code,
    label: t('filters.subclass', { code, count: patents }),
  }));
  const dateField = value.dateField ?? 'publication';
  return (
    <Flex wrap gap={8} className="image-search-filters" role="group" aria-label={t('filters.label')}>
      <Select
        mode="multiple"
        allowClear
        showSearch
        disabled={disabled}
        aria-label={t('filters.locarno')}
        placeholder={t('filters.locarnoPlaceholder')}
        className="image-search-locarno"
        maxCount={MAX_IMAGE_SEARCH_LOCARNO}
        optionFilterProp="label"
        value={value.locarno ?? []}
        onChange={(locarno: string[]) => onChange({ ...value, locarno })}
        options={[
          ...(subclassOptions.length > 0 ? [{ label: t('filters.subclasses'), options: subclassOptions }] : []),
          { label: t('filters.classes'), options: classOptions },
        ]}
      />
      <Select
        disabled={disabled}
        aria-label={t('filters.dateField')}
        className="image-search-date-field"
        value={dateField}
        onChange={(next) => onChange({ ...value, dateField: next })}
        options={IMAGE_SEARCH_DATE_FIELDS.map((field) => ({ value: field, label: t(`filters.${field}`) }))}
      />
      <DateRangeInput
        disabled={disabled}
        aria-label={t('filters.dates')}
        allowEmpty={[true, true]}
        placeholder={[t('filters.from'), t('filters.to')]}
        value={[value.dateFrom ? dayjs(value.dateFrom) : null, value.dateTo ? dayjs(value.dateTo) : null]}
        format="YYYY-MM-DD"
        onChange={(_, [from, to]) =>
          onChange({ ...value, dateField, dateFrom: from || undefined, dateTo: to || undefined })
        }
      />
    </Flex>
  );
}
