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

/** china.json names its regions by short name (广东, 内蒙古, 香港). */
const CHINA_REGIONS = [
  '北京', '天津', '上海', '重庆', '河北', '山西', '辽宁', '吉林', '黑龙江', '江苏', '浙江', '安徽', '福建',
  '江西', '山东', '河南', '湖北', '湖南', '广东', '海南', '四川', '贵州', '云南', '陕西', '甘肃', '青海',
  '台湾', '内蒙古', '广西', '西藏', '宁夏', '新疆', '香港', '澳门',
]; // prettier-ignore

/** The China map's region of a province name, full (`广东省`) or short (`广东`). */
export function provinceRegion(name: string): string | undefined {
  const v = name.trim();
  return CHINA_REGIONS.find((region) => v.startsWith(region));
}
