import { useTranslation } from 'react-i18next';
import { provinceShortName, type AnalysisDimension } from '@patlas/contracts';
import { useLang } from './useLang';

/** Display names of dashboard values: provinces (English names in en), offices and countries, types, statuses. */
export function useValueLabels() {
  const { t } = useTranslation(['dashboards', 'patent']);
  const lang = useLang();
  const regionNames = new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'region', fallback: 'code' });
  const province = (full: string) =>
    lang === 'zh' ? full : t(`dashboards:provinces.${provinceShortName(full)}`, { defaultValue: full });
  const country = (code: string) => {
    try {
      const name = regionNames.of(code.toUpperCase());
      return name && name !== code ? `${name} (${code})` : code;
    } catch {
      return code;
    }
  };
  const patentType = (key: string) => t(`patent:patentType.${key}`, { defaultValue: key });
  const legalStatus = (key: string) => t(`dashboards:legalStatus.${key}`, { defaultValue: key });
  const valueOf = (dimension: AnalysisDimension, key: string): string => {
    if (dimension === 'applicantProvince') return province(key);
    if (dimension === 'applicantCountry' || dimension === 'country') return country(key);
    if (dimension === 'patentType') return patentType(key);
    if (dimension === 'legalStatusClass') return legalStatus(key);
    return key;
  };
  return { province, country, patentType, legalStatus, valueOf };
}
