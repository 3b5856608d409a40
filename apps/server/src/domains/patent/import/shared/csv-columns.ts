import type { Citation, Party, Patent, PatentType } from '@patlas/contracts';
import { PATENT_TYPES } from '@patlas/contracts';
import { parsePublicationNumber, patentTypeFromCnKind } from './cn-number.js';
import { compact } from './cn-validate.js';
import { buildParty, splitPartyNames } from './party-classify.js';

/**
 * The columns of the canonical CSV/XLSX format (docs/import-formats.md) and the header names
 * accepted for each: the English name, and the Chinese headers incoPat, PatSnap, CNIPA and
 * CNKI exports use. Headers are compared after NFKC (full-width brackets become ASCII),
 * lower-casing and removing spaces, `_` and `-`.
 */
export const CANONICAL_COLUMNS = {
  publicationNumber: [
    'publicationNumber',
    'publication number',
    'pn',
    '公开号',
    '公开(公告)号',
    '公告号',
    '公开公告号',
    '公布号',
    '申请公布号',
    '公开号码',
    '文献号',
  ],
  applicationNumber: ['applicationNumber', 'application number', 'an', '申请号', '申请号码'],
  title: ['title', '标题', '名称', '发明名称', '专利名称', '标题(中文)', '中文标题'],
  titleEn: ['titleEn', 'title (en)', '英文标题', '标题(英文)', '英文名称'],
  abstract: ['abstract', '摘要', '摘要(中文)', '中文摘要'],
  abstractEn: ['abstractEn', 'abstract (en)', '英文摘要', '摘要(英文)'],
  claims: ['claims', 'claim', '权利要求', '权利要求书', '主权项', '首项权利要求', '独立权利要求'],
  description: ['description', '说明书', '说明书全文'],
  applicants: ['applicants', 'applicant', '申请人', '申请(专利权)人', '申请人名称', '专利申请人', '申请人/专利权人'],
  applicantAddress: ['applicantAddress', 'address', '申请人地址', '地址', '申请人详细地址', '第一申请人地址'],
  applicantType: ['applicantType', '申请人类型', '第一申请人类型'],
  applicantProvince: [
    'applicantProvince',
    'province',
    '申请人省份',
    '申请人所在省',
    '申请人省市',
    '省份',
    '省市',
    '申请人所在国(省)',
  ],
  applicantCity: ['applicantCity', 'city', '申请人城市', '申请人地市', '地市', '城市'],
  assignees: ['assignees', 'assignee', '专利权人', '原始专利权人'],
  currentAssignees: ['currentAssignees', 'current assignee', '当前权利人', '当前专利权人', '当前申请(专利权)人'],
  inventors: ['inventors', 'inventor', '发明人', '发明(设计)人', '设计人', '发明人/设计人'],
  agents: ['agents', 'agent', '代理人'],
  agency: ['agency', '代理机构', '专利代理机构'],
  examiners: ['examiners', 'examiner', '审查员'],
  applicationDate: ['applicationDate', 'application date', 'filing date', '申请日'],
  publicationDate: ['publicationDate', 'publication date', '公开日', '公开(公告)日', '公告日', '公布日', '申请公布日'],
  grantDate: ['grantDate', 'grant date', '授权日', '授权公告日'],
  priorityDate: ['priorityDate', 'priority date', '优先权日', '最早优先权日'],
  expiryDate: ['expiryDate', 'expiry date', '届满日', '预估到期日', '失效日'],
  priorityNumbers: ['priorityNumbers', 'priority numbers', '优先权号'],
  ipc: ['ipc', 'IPC分类号', 'IPC分类', '分类号'],
  ipcMain: ['ipcMain', 'main ipc', 'IPC主分类号', '主分类号', 'IPC主分类'],
  cpc: ['cpc', 'CPC分类号', 'CPC分类'],
  loc: ['loc', 'LOC分类号', '洛迦诺分类号', '外观设计洛迦诺分类号'],
  keywords: ['keywords', '关键词'],
  legalStatus: ['legalStatus', 'legal status', '法律状态', '当前法律状态', '简单法律状态', '法律状态/事件'],
  country: ['country', 'office', '国家', '受理局', '国家/地区', '公开国别', '专利国别'],
  kind: ['kind', 'kindCode', 'kind code', '种类代码', '文献种类代码', '文献代码'],
  patentType: ['patentType', 'patent type', 'type', '专利类型', '文献类型'],
  claimCount: ['claimCount', 'claim count', '权利要求数量', '权利要求数', '权项数'],
  pageCount: ['pageCount', 'page count', '页数'],
  citations: ['citations', '引证专利', '引用专利'],
  citedBy: ['citedBy', 'cited by', '被引证专利', '被引用专利'],
  /** Defence-declassified flag (yes/no); a declassification date or number implies yes. */
  declassified: [
    'declassified',
    'defence declassified',
    'defense declassified',
    '国防解密',
    '是否国防解密',
    '国防解密专利',
  ],
  declassifiedDate: ['declassifiedDate', 'declassification date', '解密日', '解密公告日'],
  declassifiedNumber: ['declassifiedNumber', 'declassification number', '解密号', '解密公告号', '解密决定号'],
  simpleFamily: ['simpleFamily', '简单同族', '简单同族成员'],
  inpadocFamily: ['inpadocFamily', '扩展同族', 'INPADOC同族', 'INPADOC同族成员'],
} as const satisfies Record<string, readonly string[]>;

export type CanonicalColumn = keyof typeof CANONICAL_COLUMNS;

function normalizeHeader(header: string): string {
  return header
    .normalize('NFKC')
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

const HEADER_INDEX = new Map<string, CanonicalColumn>(
  (Object.entries(CANONICAL_COLUMNS) as [CanonicalColumn, readonly string[]][]).flatMap(([column, names]) =>
    names.map((name) => [normalizeHeader(name), column] as const),
  ),
);

export interface CanonicalHeader {
  /** For each cell of the header row, the canonical column it names (undefined: ignored). */
  columns: (CanonicalColumn | undefined)[];
  /** Header cells that name no known column, as written. */
  unknown: string[];
}

/** Maps a header row to canonical columns; the first of two cells naming the same column wins. */
export function mapCanonicalHeader(cells: readonly string[]): CanonicalHeader {
  const seen = new Set<CanonicalColumn>();
  const unknown: string[] = [];
  const columns = cells.map((cell) => {
    const column = HEADER_INDEX.get(normalizeHeader(cell));
    if (!column) {
      if (cell.trim()) unknown.push(cell.trim());
      return undefined;
    }
    if (seen.has(column)) return undefined;
    seen.add(column);
    return column;
  });
  return { columns, unknown };
}

/**
 * Reads a date as exporters write it: YYYY-MM-DD, YYYY.MM.DD, YYYY/MM/DD (one-digit month
 * and day allowed), YYYYMMDD, YYYY年M月D日, with or without a time after it, or an Excel
 * serial day number. Returns undefined for an empty value and null for one that is not a real date.
 */
export function parseLooseDate(value: string): string | undefined | null {
  const text = value.trim();
  if (!text) return undefined;
  let parts: [string, string, string] | undefined;
  const separated = /^(\d{4})[-./年](\d{1,2})[-./月](\d{1,2})日?(?:[ T].*)?$/.exec(text);
  const compactDate = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (separated) parts = [separated[1] ?? '', separated[2] ?? '', separated[3] ?? ''];
  else if (compactDate) parts = [compactDate[1] ?? '', compactDate[2] ?? '', compactDate[3] ?? ''];
  else if (/^\d{5}(?:\.0+)?$/.test(text)) {
    // Excel stores dates as days since 1899-12-30 when a cell lost its date style.
    const date = new Date(Date.UTC(1899, 11, 30) + Number.parseInt(text, 10) * 86_400_000);
    return date.toISOString().slice(0, 10);
  }
  if (!parts) return null;
  const [year, month, day] = parts.map((p) => Number.parseInt(p, 10)) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Splits a multi-valued cell: `;`, `；`, `|` or line breaks (and `,` for classification symbols). */
function splitList(value: string | undefined, withComma = false): string[] {
  if (!value) return [];
  return value
    .split(withComma ? /[;；|\n,，]/ : /[;；|\n]/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** `H01M 4/525` and `H01M4/525` are the same symbol. */
function splitSymbols(value: string | undefined): string[] {
  return [...new Set(splitList(value, true).map((s) => s.replace(/\s+/g, '')))];
}

const PATENT_TYPE_WORDS: [RegExp, PatentType][] = [
  [/授权|grant/i, 'invention_grant'],
  [/实用新型|utility/i, 'utility_model'],
  [/外观|design/i, 'design'],
  [/发明|invention|application/i, 'invention_application'],
];

/** A patent type as exports write it (发明申请, 授权发明, 实用新型, invention grant…); with no text, from a CN kind code. */
export function parsePatentType(value: string, kind: string | undefined, country: string): PatentType | undefined {
  const text = value.trim();
  if (!text) return country === 'CN' ? patentTypeFromCnKind(kind) : undefined;
  if ((PATENT_TYPES as readonly string[]).includes(text)) return text as PatentType;
  // "发明" alone or "发明专利" says invention but not which stage; the kind code does.
  if (/^发明(专利)?$/.test(text) && country === 'CN' && kind) return patentTypeFromCnKind(kind);
  return PATENT_TYPE_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? 'other';
}

/** Office names as Chinese exports write them (公开国别, 受理局) → office code. */
export const COUNTRY_NAMES: Record<string, string> = {
  中国: 'CN',
  美国: 'US',
  日本: 'JP',
  韩国: 'KR',
  德国: 'DE',
  英国: 'GB',
  法国: 'FR',
  欧洲: 'EP',
  欧洲专利局: 'EP',
  世界知识产权组织: 'WO',
  WIPO: 'WO',
  中国台湾: 'TW',
  中国香港: 'HK',
  中国澳门: 'MO',
  加拿大: 'CA',
  澳大利亚: 'AU',
  俄罗斯: 'RU',
  前苏联: 'SU',
  印度: 'IN',
  巴西: 'BR',
  墨西哥: 'MX',
  意大利: 'IT',
  西班牙: 'ES',
  荷兰: 'NL',
  比利时: 'BE',
  瑞典: 'SE',
  瑞士: 'CH',
  奥地利: 'AT',
  丹麦: 'DK',
  芬兰: 'FI',
  挪威: 'NO',
  波兰: 'PL',
  葡萄牙: 'PT',
  匈牙利: 'HU',
  土耳其: 'TR',
  以色列: 'IL',
  新加坡: 'SG',
  新西兰: 'NZ',
  阿根廷: 'AR',
  南非: 'ZA',
  欧亚专利局: 'EA',
};

const APPLICANT_TYPES: [RegExp, NonNullable<Party['type']>][] = [
  [/企业|公司|company/i, 'company'],
  [/院校|高校|大学|university/i, 'university'],
  [/科研|研究|institute/i, 'institute'],
  [/个人|person|individual/i, 'person'],
  [/机关|政府|government/i, 'government'],
];

const YES_WORDS = /^(1|y|yes|true|是|有)$/i;
const NO_WORDS = /^(0|n|no|false|否|无)$/i;

export type RowResult = { record: Patent } | { error: string };

/**
 * Builds a canonical record from one row's cells, keyed by column. Returns a readable error
 * for a row without a publication number or with a date or count that cannot be read.
 */
export function buildCanonicalRecord(get: (column: CanonicalColumn) => string): RowResult {
  const rawNumber = get('publicationNumber').trim();
  if (!rawNumber) return { error: 'no publication number' };
  const parsed = parsePublicationNumber(rawNumber);
  const countryCell = get('country').trim();
  const country =
    COUNTRY_NAMES[countryCell] ?? (/^[A-Za-z]{2}$/.test(countryCell) ? countryCell.toUpperCase() : parsed?.country);
  if (!country) return { error: `cannot tell the country of "${rawNumber}": add a country column (CN, US…)` };
  const publicationNumber = parsed?.publicationNumber ?? rawNumber.replace(/\s+/g, '').toUpperCase();
  const kind = get('kind').trim() || parsed?.kind;

  const DATE_COLUMNS = ['applicationDate', 'publicationDate', 'grantDate', 'priorityDate', 'expiryDate'] as const;
  const dates: Partial<Record<(typeof DATE_COLUMNS)[number], string>> = {};
  for (const column of DATE_COLUMNS) {
    const date = parseLooseDate(get(column));
    if (date === null) {
      return {
        error: `${column} "${get(column).trim()}" is not a date (YYYY-MM-DD, YYYY.MM.DD, YYYYMMDD or YYYY/MM/DD)`,
      };
    }
    if (date) dates[column] = date;
  }
  const counts: Partial<Record<'claimCount' | 'pageCount', number>> = {};
  for (const column of ['claimCount', 'pageCount'] as const) {
    const text = get(column).trim();
    if (!text) continue;
    if (!/^\d+(?:\.0+)?$/.test(text)) return { error: `${column} "${text}" is not a whole number` };
    counts[column] = Number.parseInt(text, 10);
  }

  const declassifiedCell = get('declassified').trim();
  const isDeclassified = YES_WORDS.test(declassifiedCell);
  if (declassifiedCell && !isDeclassified && !NO_WORDS.test(declassifiedCell)) {
    return { error: `declassified "${declassifiedCell}" is not yes or no (1/0, Y/N, true/false, 是/否)` };
  }
  const declassifiedDate = parseLooseDate(get('declassifiedDate'));
  if (declassifiedDate === null) {
    return { error: `declassifiedDate "${get('declassifiedDate').trim()}" is not a date (YYYY-MM-DD, YYYYMMDD…)` };
  }
  const declassifiedNumber = get('declassifiedNumber').trim();
  const declassified =
    isDeclassified || declassifiedDate || declassifiedNumber
      ? compact({ date: declassifiedDate, decisionNumber: declassifiedNumber || undefined })
      : undefined;

  const addresses = splitList(get('applicantAddress'));
  const applicantTypeCell = get('applicantType').trim();
  const applicants = splitPartyNames(get('applicants')).map((name, index) => {
    const party = buildParty(name, { address: addresses[index] });
    if (index === 0) {
      const type = APPLICANT_TYPES.find(([pattern]) => pattern.test(applicantTypeCell))?.[1];
      if (type) party.type = type;
      const province = get('applicantProvince').trim();
      const city = get('applicantCity').trim();
      if (province) party.province = province;
      if (city) party.city = city;
    }
    return party;
  });
  const parties = (column: CanonicalColumn) => splitPartyNames(get(column)).map((name) => buildParty(name));
  const localized = (text: string, en: string, lang: string) => {
    const value = text.trim();
    const translation = en.trim();
    if (!value && !translation) return undefined;
    if (!value) return { lang: 'en', text: translation };
    return translation && lang !== 'en'
      ? { lang, text: value, translations: { en: translation } }
      : { lang, text: value };
  };
  const lang = country === 'CN' || country === 'TW' ? 'zh' : country === 'JP' ? 'ja' : country === 'KR' ? 'ko' : 'en';
  const citations = (column: CanonicalColumn): Citation[] => splitSymbols(get(column)).map((number) => ({ number }));
  const ipc = splitSymbols(get('ipc'));
  const ipcMain = get('ipcMain').replace(/\s+/g, '');
  const classifications = compact({
    ipc: ipcMain && !ipc.includes(ipcMain) ? [ipcMain, ...ipc] : ipc,
    ipcMain: ipcMain || undefined,
    cpc: splitSymbols(get('cpc')),
    loc: splitSymbols(get('loc')),
  });
  const family = compact({ simple: splitSymbols(get('simpleFamily')), inpadoc: splitSymbols(get('inpadocFamily')) });

  const record: Patent = compact({
    publicationNumber,
    applicationNumber: get('applicationNumber').trim().replace(/\s+/g, '') || undefined,
    priorityNumbers: splitSymbols(get('priorityNumbers')),
    kind,
    patentType: parsePatentType(get('patentType'), kind, country),
    country,
    title: localized(get('title'), get('titleEn'), lang),
    abstract: localized(get('abstract'), get('abstractEn'), lang),
    claims: localized(get('claims'), '', lang),
    description: localized(get('description'), '', lang),
    keywords: splitList(get('keywords')),
    applicants,
    assignees: parties('assignees'),
    currentAssignees: parties('currentAssignees'),
    // Inventors are natural persons whatever their name looks like.
    inventors: splitPartyNames(get('inventors')).map((name) => ({ name, type: 'person' as const })),
    agents: splitPartyNames(get('agents')),
    agency: get('agency').trim() || undefined,
    examiners: splitPartyNames(get('examiners')),
    ...dates,
    classifications: Object.keys(classifications).length > 0 ? classifications : undefined,
    citations: citations('citations'),
    citedBy: citations('citedBy'),
    family: Object.keys(family).length > 0 ? family : undefined,
    legalStatus: get('legalStatus').trim() || undefined,
    declassified,
    ...counts,
  });
  return { record };
}
