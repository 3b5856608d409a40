import { useTranslation } from 'react-i18next';
import { resources } from '../../../i18n/index';

type CountryCode = keyof (typeof resources)['zh']['patent']['country'];

function isKnownCountry(code: string): code is CountryCode {
  return code in resources.zh.patent.country;
}

/** "CN 中国" for offices the catalogue names; the bare code otherwise. */
export function useCountryName(): (code: string) => string {
  const { t } = useTranslation('patent');
  return (code) => {
    const upper = code.toUpperCase();
    return isKnownCountry(upper) ? `${upper} ${t(`country.${upper}`)}` : upper;
  };
}
