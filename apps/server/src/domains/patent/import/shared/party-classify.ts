import type { Party } from '@patlas/contracts';
import { CHINA_PROVINCES, type ProvinceEntry } from './party-regions.js';

type PartyType = NonNullable<Party['type']>;

const COMPANY_CJK = /公司|有限|集团|株式会社|合作社|商行|事务所|工作室|(?:[^学]|^)厂$|工厂|企业|实业/;
const COMPANY_LEGAL_FORM =
  /\b(?:inc|incorporated|corp|corporation|ltd|limited|llc|llp|gmbh|co|company|ag|sa|s\.a|spa|s\.p\.a|nv|bv|b\.v|plc|kk|k\.k|oy|ab|srl|sas|pty)\b\.?/i;
// Words companies use that "Institute of Technology" or "Research Systems Laboratory" may share: checked after universities.
const COMPANY_WORDS = /\b(?:holdings?|group|technolog(?:y|ies)|industries|systems|electronics|pharmaceuticals?)\b/i;
const UNIVERSITY_CJK = /大学|大學|(?<!科)学院|学校|高等专科/;
const UNIVERSITY_LATIN = /\b(?:university|universit[éäa]t?|college|polytechnic|school|institute of technology)\b/i;
const INSTITUTE_CJK = /研究所|研究院|科学院|研究中心|实验室|中心$|设计院|工程院|研究会/;
const INSTITUTE_LATIN =
  /\b(?:institut(?:e|o)?|laborator(?:y|ies)|research|academy|fraunhofer|cnrs|inserm|centre|center|foundation)\b/i;
const GOVERNMENT_CJK = /局$|委员会|政府|[^俱乐]部$|厅$|管理处|人民法院|海关/;
const GOVERNMENT_LATIN = /\b(?:ministry|government|department of|agency|secretary of|administration|bureau)\b/i;
const CJK_PERSON = /^[\u4e00-\u9fff]{2,4}$|^[\u4e00-\u9fff]{1,8}[·•．.][\u4e00-\u9fff]{1,8}$/;
// "John A. Smith", "SMITH, John", "van der Berg, Anna", "Jean-Luc Picard": 2–5 name words, no organisation words.
const WESTERN_PERSON =
  /^(?:[A-Z][A-Za-z'’-]+|[A-Z]\.)(?:,?\s+(?:(?:van|von|der|de|den|da|di|du|la|le)\s+)*(?:[A-Z][A-Za-z'’-]*\.?)){1,4}$/;

/**
 * Guesses what kind of party a name denotes from the words organisations carry in their
 * names (公司/大学/研究所/局…, Inc/University/Institute/Ministry…). A short name of 2–4 CJK
 * characters or a plain Western personal name is a person; anything else is `other`.
 */
export function classifyPartyType(rawName: string): PartyType {
  const name = rawName.normalize('NFKC').trim();
  if (COMPANY_CJK.test(name) || COMPANY_LEGAL_FORM.test(name)) return 'company';
  if (UNIVERSITY_CJK.test(name) || UNIVERSITY_LATIN.test(name)) return 'university';
  if (COMPANY_WORDS.test(name)) return 'company';
  if (INSTITUTE_CJK.test(name) || INSTITUTE_LATIN.test(name)) return 'institute';
  if (GOVERNMENT_CJK.test(name) || GOVERNMENT_LATIN.test(name)) return 'government';
  if (CJK_PERSON.test(name) || WESTERN_PERSON.test(name)) return 'person';
  return 'other';
}

export interface Region {
  /** Short name of the provincial-level division: 广东, 北京, 内蒙古. */
  province: string;
  /** Short name of the prefecture-level city: 深圳; the municipality itself for 北京/上海/天津/重庆. */
  city?: string;
}

interface Hit {
  index: number;
  end: number;
}

// A bare place name followed by these is a street or district named after it (南京市北京西路, 朝阳区).
const NOT_A_PLACE_AFTER = /^(?:[区县镇乡路街道村巷弄里]|[东西南北中][路街大])/;
const PROVINCE_SUFFIXES = ['省', '市', '自治区', '壮族自治区', '回族自治区', '维吾尔自治区', '特别行政区'];
const CITY_SUFFIXES = ['市', '地区', '盟', '州', '自治州'];

function findPlace(
  text: string,
  name: string,
  suffixes: readonly string[],
  from: number,
  atStart: boolean,
): Hit | undefined {
  let index = text.indexOf(name, from);
  while (index >= 0) {
    if (atStart && index !== from) return undefined;
    const end = index + name.length;
    const rest = text.slice(end);
    const suffix = suffixes.find((s) => rest.startsWith(s));
    if (suffix) return { index, end: end + suffix.length };
    if (!NOT_A_PLACE_AFTER.test(rest)) return { index, end };
    index = text.indexOf(name, index + 1);
  }
  return undefined;
}

function earliest<T>(candidates: Iterable<[T, Hit | undefined]>): [T, Hit] | undefined {
  let best: [T, Hit] | undefined;
  for (const [value, hit] of candidates) {
    if (hit && (!best || hit.index < best[1].index || (hit.index === best[1].index && hit.end > best[1].end)))
      best = [value, hit];
  }
  return best;
}

function* provinceHits(text: string, start: number, atStart: boolean): Generator<[ProvinceEntry, Hit | undefined]> {
  for (const province of CHINA_PROVINCES) {
    yield [province, findPlace(text, province.name, PROVINCE_SUFFIXES, start, atStart)];
  }
}

function* cityHits(
  text: string,
  provinces: readonly ProvinceEntry[],
  start: number,
  atStart: boolean,
): Generator<[[ProvinceEntry, string], Hit | undefined]> {
  for (const province of provinces) {
    for (const city of province.cities) {
      yield [[province, city], findPlace(text, city, CITY_SUFFIXES, start, atStart)];
    }
  }
}

/**
 * Finds the province and city an address or an organisation's name points to:
 * `广东省深圳市南山区…` → 广东/深圳, `北京市海淀区…` → 北京/北京, `深圳市…` → 广东/深圳.
 * With `atStart` (for names such as 浙江大学, 镇江市锶达合金材料有限公司) the place must open the text.
 */
export function findRegion(rawText: string, options: { atStart?: boolean } = {}): Region | undefined {
  const atStart = options.atStart ?? false;
  // Postcodes and the country name often precede the province: "518057 中国广东省深圳市…".
  const text = rawText
    .normalize('NFKC')
    .replace(/\s+/g, '')
    .replace(/^[\d,，:：]+/, '')
    .replace(/^(?:中华人民共和国|中国)/, '');
  const province = earliest(provinceHits(text, 0, atStart));
  const city = earliest(cityHits(text, CHINA_PROVINCES, 0, atStart));
  // A city written before any province (深圳市…, or 南京市…北京西路) decides on its own.
  if (city && (!province || city[1].index < province[1].index)) {
    const [[entry, name]] = city;
    return { province: entry.name, city: name };
  }
  if (!province) return undefined;
  const [entry, hit] = province;
  if (entry.cities.length === 1) return { province: entry.name, city: entry.cities[0] };
  const inside = earliest(cityHits(text, [entry], hit.end, false));
  // Within a name only the place right after the province counts (浙江大学 names no city).
  if (inside && (!atStart || inside[1].index === hit.end)) return { province: entry.name, city: inside[0][1] };
  return { province: entry.name };
}

const REGION_COUNTRY: Record<string, string> = { 台湾: 'TW', 香港: 'HK', 澳门: 'MO' };

/**
 * Builds a party from a name and, when known, its address: type guessed from the name,
 * province/city from the address, or else from a place name opening an organisation's name.
 */
export function buildParty(rawName: string, options: { address?: string; country?: string } = {}): Party {
  const name = rawName.trim();
  const type = classifyPartyType(name);
  const address = options.address?.trim() || undefined;
  const region = address
    ? findRegion(address)
    : type !== 'person' && type !== 'other'
      ? findRegion(name, { atStart: true })
      : undefined;
  const party: Party = { name, type };
  if (address) party.address = address;
  const country = options.country ?? (region ? (REGION_COUNTRY[region.province] ?? 'CN') : undefined);
  if (country) party.country = country;
  if (region) {
    party.province = region.province;
    if (region.city) party.city = region.city;
  }
  return party;
}

/** Splits a list of names as exporters write it: `李育超;于泽溪`, `A; B`, `A | B`, `甲；乙`. */
export function splitPartyNames(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(/\s*[;；|\n]\s*/)
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}
