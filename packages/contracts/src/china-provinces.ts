/**
 * China's provincial-level divisions, shared by the engine (the applicantProvince keys it counts),
 * the server (dashboards, the province map) and the web app (the GeoJSON map regions).
 */

/** China's 34 provincial-level divisions: full name (what the engine's applicantProvince holds) and short name (map GeoJSON, the PROV field). */
export const CHINA_PROVINCES = [
  '北京市', '天津市', '上海市', '重庆市', '河北省', '山西省', '辽宁省', '吉林省', '黑龙江省', '江苏省',
  '浙江省', '安徽省', '福建省', '江西省', '山东省', '河南省', '湖北省', '湖南省', '广东省', '海南省',
  '四川省', '贵州省', '云南省', '陕西省', '甘肃省', '青海省', '台湾省', '内蒙古自治区',
  '广西壮族自治区', '西藏自治区', '宁夏回族自治区', '新疆维吾尔自治区', '香港特别行政区', '澳门特别行政区',
] as const; // prettier-ignore
export type ChinaProvince = (typeof CHINA_PROVINCES)[number];

/** `广东省` → `广东`, `黑龙江省` → `黑龙江`, `内蒙古自治区` → `内蒙古` (the names of echarts-map's china.json). */
export function provinceShortName(province: string): string {
  const p = province.trim();
  return p.slice(0, p.startsWith('黑龙江') || p.startsWith('内蒙古') ? 3 : 2);
}

/** `广东`, `广东省` or the short name of a GeoJSON feature → `广东省`; undefined when not a Chinese province. */
export function provinceFullName(value: string): ChinaProvince | undefined {
  const short = provinceShortName(value);
  return CHINA_PROVINCES.find((p) => provinceShortName(p) === short && value.trim().length >= short.length);
}
