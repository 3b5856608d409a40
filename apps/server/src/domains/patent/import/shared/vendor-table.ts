import type { LocalizedText, Party, Patent } from '@patlas/contracts';
import { provinceFullName, provinceShortName } from '@patlas/contracts';
import type { ImportItem, PatentFormat, WorkbookHead } from '../format.js';
import { parsePublicationNumber } from './cn-number.js';
import { compact, validateRecord } from './cn-validate.js';
import { COUNTRY_NAMES, parseLooseDate, parsePatentType } from './csv-columns.js';
import {
  detectDelimiter,
  readCsvRows,
  readFirstLine,
  readXlsxRows,
  TableSyntaxError,
  type TableRow,
} from './csv-table.js';
import { buildParty, classifyPartyType } from './party-classify.js';
import { patentTypeFromKind } from './us-kind-codes.js';

type LegalEvent = NonNullable<Patent['legalEvents']>[number];

/**
 * What a vendor column holds (docs/import-formats.md, "Vendor exports"). Columns that name none
 * of these are kept in the record's `extras` under their header as written.
 */
export type VendorField =
  | 'publicationNumber'
  | 'applicationNumber'
  /** 受理局, 公开国别, 专利局: an office name or code, used when the number does not tell. */
  | 'office'
  | 'patentType'
  /** incoPat 公开类型: the patent type when 专利类型 is missing. */
  | 'publicationType'
  | 'title'
  | 'titleEn'
  | 'abstract'
  | 'abstractEn'
  /** 主权项: the first independent claim. */
  | 'claims'
  /** Patentics 背景技术 and 实施例: excerpts of the description, kept under their headers. */
  | 'descriptionPart'
  /** 申请人, [标]原始申请(专利权)人. */
  | 'applicants'
  /** 当前申请(专利权)人: the current assignees, and the applicants when no applicant column exists. */
  | 'currentApplicants'
  /** 第一申请人: put first among the applicants. */
  | 'firstApplicant'
  /** 标准化申请人 / 标准申请人: each applicant's standardised name when the lists pair up. */
  | 'standardApplicants'
  | 'inventors'
  /** 第一发明人: put first among the inventors. */
  | 'firstInventor'
  | 'applicationDate'
  | 'publicationDate'
  | 'grantDate'
  | 'priorityDate'
  | 'priorityNumbers'
  | 'ipc'
  /** IPC主分类: a symbol, a subclass (G06F) or a symbol followed by its title. */
  | 'ipcMain'
  | 'cpc'
  | 'cpcMain'
  /** The finer status (incoPat 当前法律状态, Patentics 法律状态): legalStatus. */
  | 'legalStatus'
  /** The three-way status (incoPat 专利有效性, PatSnap 简单法律状态): legalStatus when no finer one. */
  | 'simpleLegalStatus'
  /** PatSnap 法律状态/事件: `授权 | 质押 | 权利转移`, the status then the events. */
  | 'statusAndEvents'
  /** PatSnap INPADOC法律状态: `date | event | office` triples. */
  | 'inpadocEvents'
  /** Patentics 法律描述: blocks of `date code description` lines. */
  | 'legalDescription'
  /** The first applicant's place: province, city, district, address. */
  | 'province'
  | 'city'
  | 'district'
  | 'address'
  | 'agency'
  | 'agents'
  /** Patentics 律师、代理: the agency then its agents, `;`-separated. */
  | 'agencyAndAgents'
  | 'citationCount'
  | 'citedByCount'
  | 'familyCount'
  | 'claimCount'
  | 'pageCount'
  /** incoPat 简单同族, Patentics 同族: the simple family's publication numbers. */
  | 'simpleFamily'
  /** Patentics 引用 / 被引用: cited and citing publication numbers (`0` when none). */
  | 'citations'
  | 'citedBy'
  | 'loc'
  | 'keywords'
  /** Row numbers and links back to the vendor's site: not kept. */
  | 'ignore';

/** One vendor's export: the headers it writes, how to recognise them, how its lists are joined. */
export interface VendorProfile {
  /** Format ids are `<vendor>-csv` and `<vendor>-xlsx`. */
  vendor: string;
  name: string;
  /** Header as written → what it holds. Headers are compared after NFKC and without spaces. */
  columns: Record<string, VendorField>;
  /** True when a row's headers (normalised) are this vendor's header row; the sheet name when a workbook. */
  isHeader(headers: ReadonlySet<string>, sheetName?: string): boolean;
  /** Splits a multi-valued cell. */
  split(value: string): string[];
}

/** `公开（公告）号` and `公开(公告)号`, `标题 (中文)` and `标题(中文)` are the same header. */
export function normalizeVendorHeader(header: string): string {
  return header
    .normalize('NFKC')
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, '');
}

/** The normalised headers of a row, for `isHeader`. */
export function headerSet(cells: readonly string[]): Set<string> {
  return new Set(cells.map(normalizeVendorHeader).filter(Boolean));
}

/** `;` `；` and line breaks (incoPat, CNIPA). */
export function splitOnSemicolons(value: string): string[] {
  return value
    .split(/\s*[;；\r\n]+\s*/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** `|` and line breaks (Patentics, PatSnap): their person names carry `;` and `,` (`Zhai; Jinjian`, `AMITAI, YAAKOV`). */
export function splitOnBars(value: string): string[] {
  return value
    .split(/\s*[|｜\r\n]+\s*/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/**
 * Placeholders vendors write for "nothing": `-` (PatSnap), PatSnap's 该数据不支持导出 ("this
 * field cannot be exported"), CNIPA's withheld inventor (不公告发明人).
 */
const EMPTY_VALUES = new Set(['-', '—', '--', 'N/A', '该数据不支持导出', '不公告发明人', '请求不公布姓名']);
/**
 * What Patentics writes in a date column when it has no date: `0--`, `00000000`, and `1` in 授权公告日 for
 * US grants before 2001 (granted, date not given). Not a date, and no reason to refuse the row:
 * the value is kept in extras.
 */
const NO_DATE = /^(?:0--|[01]|0{8})$/;

function clean(value: string | undefined): string {
  const text = (value ?? '').trim();
  return EMPTY_VALUES.has(text) ? '' : text;
}

const CJK = /[\u3400-\u9fff]/;
const HEADER_SEARCH_ROWS = 10;
const DATE_FIELDS = ['applicationDate', 'publicationDate', 'grantDate', 'priorityDate'] as const;
const COUNT_FIELDS = ['citationCount', 'citedByCount', 'familyCount', 'claimCount', 'pageCount'] as const;
/** IPC/CPC symbol at the start of a cell, spaces allowed inside: `H04W 64/00 为了网络管理的目的…` → H04W64/00. */
const CLASS_SYMBOL = /^([A-HY]\d\d[A-Z])\s*(\d+\s*\/\s*\d+)?/;
/** A CNIPA agency code written after the agency's name: `北京集佳知识产权代理有限公司11227`. */
const AGENCY_CODE = /\s*\d{5}$/;

export type VendorRowResult = { record: Patent } | { error: string };

/** A vendor header row mapped: the field of each column and the headers as written. */
export interface VendorHeader {
  fields: (VendorField | undefined)[];
  headers: string[];
}

export function mapVendorHeader(profile: VendorProfile, cells: readonly string[]): VendorHeader {
  const byNormalized = new Map(
    Object.entries(profile.columns).map(([header, field]) => [normalizeVendorHeader(header), field]),
  );
  return {
    fields: cells.map((cell) => byNormalized.get(normalizeVendorHeader(cell))),
    headers: cells.map((cell) => cell.trim()),
  };
}

/**
 * The names with the one a 第一申请人/第一发明人 column names first. That column may hold less
 * than a listed name (Patentics writes a US inventor's surname alone): then the list stands.
 */
function firstFirst(names: string[], first: string): string[] {
  if (names.length === 0) return first ? [first] : [];
  return names.includes(first) ? [first, ...names.filter((n) => n !== first)] : names;
}

function symbol(value: string): string | undefined {
  const match = CLASS_SYMBOL.exec(value.trim().toUpperCase());
  if (!match?.[1]) return undefined;
  return match[2] ? `${match[1]}${match[2].replace(/\s+/g, '')}` : match[1];
}

function symbols(values: readonly string[]): string[] {
  return [...new Set(values.map(symbol).filter((s): s is string => s !== undefined))];
}

/** Main symbol first; a subclass-only main class (`G06F`) names the first symbol of that subclass. */
function withMain(all: string[], mainCell: string): { all: string[]; main?: string } {
  const main = symbol(mainCell);
  if (!main) return { all };
  const resolved = main.length === 4 ? (all.find((s) => s.startsWith(main)) ?? main) : main;
  return { all: [resolved, ...all.filter((s) => s !== resolved)], main: resolved };
}

function localized(text: string, en: string, country: string): LocalizedText | undefined {
  if (!text && !en) return undefined;
  const textLang = CJK.test(text) ? 'zh' : 'en';
  if (!text || textLang === 'en') return { lang: 'en', text: text || en };
  if (!en) return { lang: 'zh', text };
  // Vendors translate both ways; the record's own language leads, the other is its translation.
  return country === 'CN' || country === 'TW' || country === 'HK' || country === 'MO'
    ? { lang: 'zh', text, translations: { en } }
    : { lang: 'en', text: en, translations: { zh: text } };
}

/** `2015-04-01 | -DEEMED WITHDRAWAL… | CN | 2014-03-05 | PUBLICATION | CN` → events. */
function inpadocEvents(cell: string): LegalEvent[] {
  const parts = cell.split(/\s*\|\s*/);
  const events: LegalEvent[] = [];
  for (let i = 0; i + 1 < parts.length; i += 3) {
    const date = parseLooseDate(parts[i] ?? '');
    const description = parts[i + 1]?.trim();
    if (!description) continue;
    const country = parts[i + 2]?.trim();
    events.push(compact({ date: date ?? undefined, description, country: country || undefined }));
  }
  return events;
}

/**
 * Patentics 法律描述: a count, then blocks separated by blank lines, each opening with
 * `YYYY.MM.DD code description` and continuing with detail lines (`申请日=2021.04.09`).
 */
function patenticsEvents(cell: string): LegalEvent[] {
  const events: LegalEvent[] = [];
  for (const block of cell.split(/\n\s*\n/)) {
    const [first = '', ...details] = block.trim().split('\n');
    const match = /^(?:\d+\s+)?(\d{4}[.\-/]\d{1,2}[.\-/]\d{1,2})\s+(\S+)(?:\s+(.*))?$/.exec(first.trim());
    if (!match) continue;
    const description = [match[3]?.trim(), ...details.map((d) => d.trim())].filter(Boolean).join('; ');
    events.push(
      compact({
        date: parseLooseDate(match[1] ?? '') ?? undefined,
        code: match[2],
        description: description || undefined,
      }),
    );
  }
  return events;
}

/**
 * Builds a record from one row of a vendor export. `cell(field)` is the first non-empty cell of
 * the columns that hold `field`, `list(field)` their values split and deduplicated; `extras` the
 * row's other non-empty cells by header. Returns a readable error naming the column as the vendor
 * wrote it.
 */
export function buildVendorRecord(
  profile: VendorProfile,
  header: VendorHeader,
  cells: readonly string[],
): VendorRowResult {
  const values = new Map<VendorField, { header: string; value: string }[]>();
  const extras: Record<string, string> = {};
  header.fields.forEach((field, i) => {
    const value = clean(cells[i]);
    if (!value) return;
    const name = header.headers[i] ?? '';
    if (!field) {
      if (name && !(name in extras)) extras[name] = value;
      return;
    }
    if (field === 'ignore') return;
    values.set(field, [...(values.get(field) ?? []), { header: name, value }]);
  });
  const cell = (field: VendorField) => values.get(field)?.[0]?.value ?? '';
  const headerOf = (field: VendorField) => values.get(field)?.[0]?.header ?? field;
  const split = (field: VendorField) => (values.get(field) ?? []).flatMap((v) => profile.split(v.value));
  const list = (field: VendorField) => [...new Set(split(field))];

  const rawNumber = cell('publicationNumber');
  if (!rawNumber) return { error: 'no publication number' };
  const parsed = parsePublicationNumber(rawNumber);
  const officeCell = cell('office');
  const office = COUNTRY_NAMES[officeCell] ?? (/^[A-Za-z]{2}$/.test(officeCell) ? officeCell.toUpperCase() : undefined);
  // The number's own office code is the most reliable; the office column names the same office in
  // words. Numbers the parser does not split (SG10202112826PA, HRP20221010AA1) still open with it.
  const country = parsed?.country ?? office ?? /^([A-Z]{2})[A-Z0-9]/i.exec(rawNumber)?.[1]?.toUpperCase();
  if (!country) return { error: `cannot tell the office of publication number "${rawNumber}"` };
  const publicationNumber = parsed?.publicationNumber ?? rawNumber.replace(/\s+/g, '').toUpperCase();
  const kind = parsed?.kind;

  const dates: Partial<Record<(typeof DATE_FIELDS)[number], string>> = {};
  for (const field of DATE_FIELDS) {
    if (NO_DATE.test(cell(field))) {
      extras[headerOf(field)] = cell(field);
      continue;
    }
    const date = parseLooseDate(cell(field));
    if (date === null) return { error: `${headerOf(field)} "${cell(field)}" is not a date` };
    if (date) dates[field] = date;
  }
  const counts: Partial<Record<(typeof COUNT_FIELDS)[number], number>> = {};
  for (const field of COUNT_FIELDS) {
    const text = cell(field);
    if (!text) continue;
    if (!/^\d+(?:\.0+)?$/.test(text)) return { error: `${headerOf(field)} "${text}" is not a whole number` };
    counts[field] = Number.parseInt(text, 10);
  }

  // Applicants: the applicant column, else the current applicants (PatSnap writes only those at times).
  const written = split('applicants').length > 0 ? split('applicants') : split('currentApplicants');
  const applicantNames = [...new Set(written)];
  const standard = split('standardApplicants');
  // A standardised list pairs with the applicants only name for name; otherwise it is kept as written.
  const paired = standard.length === written.length;
  const standardOf = new Map(paired ? written.map((name, i) => [name, standard[i]] as const) : []);
  if (standard.length > 0 && !paired) {
    extras[headerOf('standardApplicants')] = values.get('standardApplicants')?.[0]?.value ?? '';
  }
  // Patentics writes the postcode before the address: `710000 陕西省西安市…`.
  const address = cell('address').replace(/^\d{6}\s*/, '');
  const applicants = firstFirst(applicantNames, cell('firstApplicant')).map((name, index) => {
    // The address columns are the first applicant's.
    const party = buildParty(name, index === 0 && address ? { address } : {});
    const standardName = standardOf.get(name);
    if (standardName && standardName !== name) party.standardName = standardName;
    return party;
  });
  const firstParty = applicants[0];
  const province = cell('province');
  const fullProvince = province ? provinceFullName(province) : undefined;
  if (firstParty && fullProvince) {
    // Explicit columns outrank what the address or the name suggested.
    firstParty.province = provinceShortName(fullProvince);
    firstParty.country =
      firstParty.province === '台湾'
        ? 'TW'
        : firstParty.province === '香港'
          ? 'HK'
          : firstParty.province === '澳门'
            ? 'MO'
            : 'CN';
    const city = cell('city');
    if (city && !/\d/.test(city)) firstParty.city = city.replace(/市$/, '');
    const district = cell('district');
    if (district) firstParty.district = district;
  } else {
    // A foreign applicant's state and city (CA, Tokyo, CITY OF PLANTATION) are no Chinese region: keep them as written.
    for (const field of ['province', 'city', 'district'] as const) {
      for (const { header: name, value } of values.get(field) ?? []) extras[name] = value;
    }
  }

  const inventors = firstFirst(list('inventors'), cell('firstInventor')).map((name): Party => ({
    name,
    type: 'person',
  }));

  let agency = cell('agency').replace(AGENCY_CODE, '') || undefined;
  const agents = list('agents');
  for (const entry of splitOnSemicolons(cell('agencyAndAgents'))) {
    const name = entry.replace(AGENCY_CODE, '');
    if (!agency && classifyPartyType(name) !== 'person') agency = name;
    else if (name !== agency && !agents.includes(name)) agents.push(name);
  }

  const ipc = withMain(symbols(list('ipc')), cell('ipcMain'));
  const cpc = withMain(symbols(list('cpc')), cell('cpcMain'));
  const loc = [...new Set(list('loc').map((l) => l.replace(/\s+/g, '')))];
  const classifications = compact({ ipc: ipc.all, ipcMain: ipc.main, cpc: cpc.all, loc });

  // Legal status: the finer wording wins; the three-way one stays in extras when both are given.
  const [statusPart = '', ...eventParts] = splitOnBars(cell('statusAndEvents'));
  const legalStatus = cell('legalStatus') || statusPart || cell('simpleLegalStatus') || undefined;
  const simple = values.get('simpleLegalStatus')?.[0];
  if (simple && legalStatus !== simple.value) extras[simple.header] = simple.value;
  const legalEvents: LegalEvent[] = [
    ...eventParts.map((description) => ({ description })),
    ...inpadocEvents(cell('inpadocEvents')),
    ...patenticsEvents(cell('legalDescription')),
  ];

  const description = (values.get('descriptionPart') ?? []).map((part) => `${part.header}\n${part.value}`).join('\n\n');
  const claims = cell('claims');
  const numbers = (field: VendorField) =>
    list(field).flatMap((n) => {
      const number = parsePublicationNumber(n)?.publicationNumber;
      return number ? [number] : [];
    });
  const family = numbers('simpleFamily');

  const record: Patent = compact({
    publicationNumber,
    applicationNumber: cell('applicationNumber').replace(/\s+/g, '') || undefined,
    priorityNumbers: list('priorityNumbers'),
    kind,
    patentType:
      parsePatentType(cell('patentType') || cell('publicationType'), kind, country) ??
      patentTypeFromKind(country, kind),
    country,
    title: localized(cell('title'), cell('titleEn'), country),
    abstract: localized(cell('abstract'), cell('abstractEn'), country),
    claims: claims ? { lang: CJK.test(claims) ? 'zh' : 'en', text: claims } : undefined,
    description: description ? { lang: CJK.test(description) ? 'zh' : 'en', text: description } : undefined,
    keywords: list('keywords'),
    applicants,
    currentAssignees: list('currentApplicants').map((name) => buildParty(name)),
    inventors,
    agents,
    agency,
    ...dates,
    classifications: Object.keys(classifications).length > 0 ? classifications : undefined,
    citations: numbers('citations').map((number) => ({ number })),
    citedBy: numbers('citedBy').map((number) => ({ number })),
    family: family.length > 0 ? { simple: family } : undefined,
    legalStatus,
    legalEvents,
    ...counts,
    extras: Object.keys(extras).length > 0 ? extras : undefined,
  });
  return { record };
}

/** Reads a vendor export's rows: the header within the first ten non-blank rows, then one record per row. */
export async function* readVendorTable(
  profile: VendorProfile,
  rows: AsyncIterable<TableRow>,
  file: string,
): AsyncGenerator<ImportItem> {
  let header: VendorHeader | undefined;
  let seen = 0;
  let firstLine: number | undefined;
  for await (const { line, cells } of rows) {
    if (cells.every((c) => c.trim() === '')) continue;
    if (!header) {
      firstLine ??= line;
      if (profile.isHeader(headerSet(cells))) {
        header = mapVendorHeader(profile, cells);
        continue;
      }
      seen += 1;
      if (seen >= HEADER_SEARCH_ROWS) break;
      continue;
    }
    const result = buildVendorRecord(profile, header, cells);
    if ('error' in result) yield { ok: false, file, line, error: result.error };
    else yield validateRecord(result.record, file, line);
  }
  if (!header && firstLine !== undefined) {
    yield {
      ok: false,
      file,
      line: firstLine,
      error: `no ${profile.name} header row in the first ${HEADER_SEARCH_ROWS} rows`,
    };
  }
}

/** The header row among a CSV head's first lines, as cells. */
function csvHeaderRows(head: string): string[][] {
  return head
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(0, HEADER_SEARCH_ROWS)
    .map((line) => line.split(detectDelimiter(line)).map((c) => c.trim().replace(/^"|"$/g, '')));
}

function workbookHasHeader(profile: VendorProfile, workbook: WorkbookHead | undefined): boolean {
  return workbook?.rows.some((row) => profile.isHeader(headerSet(row), workbook.sheetName)) ?? false;
}

/** The CSV and XLSX formats of a vendor, recognised by their header row (and sheet name), never by file name. */
export function vendorFormats(profile: VendorProfile, what: string): { csv: PatentFormat; xlsx: PatentFormat } {
  return {
    csv: {
      id: `${profile.vendor}-csv`,
      description: `${profile.name} CSV export (${what})`,
      detect(_fileName, head, probe) {
        if (probe && probe.container !== 'other') return false;
        return csvHeaderRows(head).some((cells) => profile.isHeader(headerSet(cells)));
      },
      async *read(file): AsyncGenerator<ImportItem> {
        const delimiter = detectDelimiter(await readFirstLine(file));
        try {
          yield* readVendorTable(profile, readCsvRows(file, { delimiter }), file);
        } catch (error) {
          if (!(error instanceof TableSyntaxError)) throw error;
          yield {
            ok: false,
            file,
            line: error.line,
            error: `CSV syntax error, rest of file skipped: ${error.message}`,
          };
        }
      },
    },
    xlsx: {
      id: `${profile.vendor}-xlsx`,
      description: `${profile.name} XLSX export, first sheet (${what})`,
      detect(_fileName, _head, probe) {
        return probe?.container === 'zip' && workbookHasHeader(profile, probe.workbook);
      },
      async *read(file): AsyncGenerator<ImportItem> {
        try {
          yield* readVendorTable(profile, readXlsxRows(file), file);
        } catch (error) {
          yield { ok: false, file, line: 1, error: `not a readable XLSX workbook: ${(error as Error).message}` };
        }
      },
    },
  };
}
