import { useTranslation } from 'react-i18next';
import { legalStatusLabel, type FacetFilterInput } from '@patlas/contracts';
import { isLanguage, resources } from '../i18n/index';

type PatentTypeKey = keyof (typeof resources)['zh']['patent']['patentType'];
type CountryKey = keyof (typeof resources)['zh']['patent']['country'];

function isPatentType(value: string): value is PatentTypeKey {
  return value in resources.zh.patent.patentType;
}

function isCountry(value: string): value is CountryKey {
  return value in resources.zh.patent.country;
}

/**
 * Readable labels for stored codes: patent types and offices from the patent catalogue, a legal
 * status text in the UI language (legalStatusLabel: 授权 → Granted); the rest as is.
 */
export function useHitLabels() {
  const { t, i18n } = useTranslation('patent');
  const lang = isLanguage(i18n.language) ? i18n.language : 'zh';
  const legalStatus = (value: string) => legalStatusLabel(value, lang);
  const patentType = (value: string | undefined) =>
    value && isPatentType(value) ? t(`patentType.${value}`) : (value ?? '');
  const country = (value: string) => (isCountry(value) ? `${value} ${t(`country.${value}`)}` : value);
  const facetValue = (field: FacetFilterInput['field'], value: string) => {
    if (field === 'patentType') return patentType(value);
    if (field === 'country' || field === 'applicantCountry') return country(value);
    if (field === 'legalStatus') return legalStatus(value);
    // The effect terms of an analysis jump from the technology–effect matrix (docs/problem-means-effect.md).
    if (field === 'effect') return t(`pme.terms.${value}` as 'pme.terms.cost', { defaultValue: value });
    return value;
  };
  return { patentType, country, legalStatus, facetValue };
}
