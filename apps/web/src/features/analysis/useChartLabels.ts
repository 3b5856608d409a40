import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalysisDimension, Language } from '@patlas/contracts';
import { formatCount } from '../../utils/format-count';
import { useHitLabels } from '../../search-state/useHitLabels';
import type { LabelContext } from './catalogue';

/** The texts chart models need, in the current language. */
export function useChartLabels(): LabelContext & { lang: Language; count: (n: number) => string } {
  const { t, i18n } = useTranslation('analysis');
  const hit = useHitLabels();
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  return useMemo(() => {
    const value = (dimension: AnalysisDimension, key: string, label?: string) => {
      if (dimension === 'patentType') return hit.patentType(key);
      if (dimension === 'country' || dimension === 'applicantCountry') return hit.country(key);
      if (dimension === 'legalStatusClass' || dimension === 'grantStatus' || dimension === 'effect') {
        const text = t(`values.${dimension}.${key}`, { defaultValue: '' });
        return text || key;
      }
      if (dimension === 'legalStatus') return hit.legalStatus(label ?? key);
      return label ?? key;
    };
    return {
      lang,
      count: (n: number) => formatCount(n, lang),
      text: (key: string, values?: Record<string, unknown>) => String(t(key as 'page.title', values as never)),
      value,
      percent: (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`),
    };
    // hit's functions follow the language with t.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, lang]);
}
