import { provinceFullName, provinceShortName } from '@patlas/contracts';

/**
 * Region names of the registered GeoJSON maps (echarts-map's world.json and china.json) for the
 * keys the server counts by: office codes (country) and full province names (applicantProvince).
 * Regional offices (EP, WO…) have no region; the chart notes how many are not on the map.
 */
const WORLD_NAMES: Readonly<Record<string, string>> = {
  CN: 'China', TW: 'China', HK: 'China', MO: 'China',
  US: 'United States of America', JP: 'Japan', KR: 'South Korea', KP: 'North Korea', DE: 'Germany',
  GB: 'United Kingdom', FR: 'France', IT: 'Italy', ES: 'Spain', PT: 'Portugal', NL: 'Netherlands',
  BE: 'Belgium', LU: 'Luxembourg', CH: 'Switzerland', AT: 'Austria', SE: 'Sweden', NO: 'Norway',
  DK: 'Denmark', FI: 'Finland', IE: 'Ireland', PL: 'Poland', CZ: 'Czech Republic', SK: 'Slovakia',
  HU: 'Hungary', RO: 'Romania', BG: 'Bulgaria', GR: 'Greece', TR: 'Turkey', RU: 'Russia',
  UA: 'Ukraine', BY: 'Belarus', IL: 'Israel', SA: 'Saudi Arabia', AE: 'United Arab Emirates',
  IN: 'India', PK: 'Pakistan', MY: 'Malaysia', TH: 'Thailand', VN: 'Vietnam',
  ID: 'Indonesia', PH: 'Philippines', AU: 'Australia', NZ: 'New Zealand', CA: 'Canada',
  MX: 'Mexico', BR: 'Brazil', AR: 'Argentina', CL: 'Chile', CO: 'Colombia', PE: 'Peru',
  ZA: 'South Africa', EG: 'Egypt', MA: 'Morocco', NG: 'Nigeria', KE: 'Kenya', KZ: 'Kazakhstan',
  MN: 'Mongolia', IR: 'Iran', SI: 'Slovenia', HR: 'Croatia', RS: 'Republic of Serbia', LT: 'Lithuania',
  LV: 'Latvia', EE: 'Estonia', IS: 'Iceland', CY: 'Cyprus',
}; // prettier-ignore

/** The world map's region of an office code. */
export function countryRegion(code: string): string | undefined {
  return WORLD_NAMES[code.trim().toUpperCase()];
}

/** The China map's region of a province name, full (`广东省`) or short (`广东`): china.json's short name. */
export function provinceRegion(name: string): string | undefined {
  const full = provinceFullName(name);
  return full && provinceShortName(full);
}
