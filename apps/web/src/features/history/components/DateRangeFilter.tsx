import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateRangeInput } from '../../../components/DateInput/DateInput';

interface DateRangeFilterProps {
  from: string | undefined;
  to: string | undefined;
  onChange: (from: string | undefined, to: string | undefined) => void;
}

/** A from–to day range (YYYY-MM-DD, both ends inclusive), either end optional. */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation('history');
  return (
    <DateRangeInput
      aria-label={t('filters.dates')}
      allowEmpty={[true, true]}
      placeholder={[t('filters.from'), t('filters.to')]}
      value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
      format="YYYY-MM-DD"
      onChange={(_, [start, end]) => onChange(start || undefined, end || undefined)}
      className="history-dates"
    />
  );
}
