import type { Patent } from '@patlas/contracts';
import { currentCompanyName } from '../../analysis/company-renames.js';
import { segmentForSearch } from '../../analysis/chinese.js';
import { stemWord } from '../../analysis/english.js';
import { normalizeApplicationNumber, normalizePublicationNumber } from '../../analysis/patent-numbers.js';
import { normaliseText, scanUnits } from '../../analysis/text-normalise.js';
import type { SearchHit } from '../../search-engine.js';
import type { FtsColumn, StoredTextColumn } from './index-schema.js';
import { extractProblemMeansEffect, type PmeTexts } from '../../text-mining/problem-means-effect.js';

/** A record as the engine indexes it: the canonical Patent plus the value score the server may compute. */
export type IndexablePatent = Patent & { readonly valueScore?: number };

/**
 * FTS5 token stream of a text. Words become their stem; a run of CJK characters c1…cn becomes
 * the bigrams c1c2 … c(n-1)cn followed by the unigram cn, so the stream has exactly one token per
 * unit (positions = unit indexes) and every CJK substring has an exact form: one character is the
 * prefix `c*`, two are one bigram, more are a phrase of bigrams (compile-query.ts).
 */
export function textTokens(text: string, vocab?: Map<string, string>): string {
  const out: string[] = [];
  // A CJK unit waits for the next one: the bigram of the two when they are side by side.
  let pending = '';
  let pendingEnd = -1;
  scanUnits(text, '', (kind, unit, start, end) => {
    if (pending) {
      out.push(kind === 'cjk' && start === pendingEnd ? pending + unit : pending);
      pending = '';
    }
    if (kind === 'cjk') {
      pending = unit;
      pendingEnd = end;
      return;
    }
    const stem = stemWord(unit);
    vocab?.set(unit, stem);
    out.push(stem);
  });
  if (pending) out.push(pending);
  return out.join(' ');
}

/** `H01M 4/525` → `h01m4x525`, `H01M` → `h01m`, Locarno `12-08` → `12x08`: one token, prefix-searchable. */
export function classToken(code: string): string | undefined {
  const cleaned = normaliseText(code).replace(/\s+/g, '');
  const [head, ...rest] = cleaned.split(/[/\-.]/);
  const tail = rest.join('').replace(/[^\p{L}\p{N}]/gu, '');
  const main = (head ?? '').replace(/[^\p{L}\p{N}]/gu, '');
  if (!main) return undefined;
  return tail ? `${main}x${tail}` : main;
}

/** Exact-value fields (legal status, type, country, kind): the value as one token. */
export function keywordToken(value: string): string {
  return normaliseText(value).replace(/[^\p{L}\p{N}]/gu, '');
}

/** Applicant types (contracts PARTY_TYPES) by the names users type: `PA-TYPE=企业` (docs/company-fields.md). */
export const PARTY_TYPE_LABELS: Record<string, string> = {
  企业: 'company',
  公司: 'company',
  大专院校: 'university',
  高校: 'university',
  院校: 'university',
  大学: 'university',
  科研单位: 'institute',
  科研院所: 'institute',
  研究机构: 'institute',
  个人: 'person',
  机关团体: 'government',
  机关: 'government',
  政府: 'government',
  其他: 'other',
};

/** Countries and regions of applicants by their Chinese names: `PA-CC=香港` (the offices' codes work as they are). */
export const PARTY_COUNTRY_LABELS: Record<string, string> = {
  中国: 'CN',
  中国大陆: 'CN',
  香港: 'HK',
  中国香港: 'HK',
  澳门: 'MO',
  中国澳门: 'MO',
  台湾: 'TW',
  中国台湾: 'TW',
  美国: 'US',
  日本: 'JP',
  韩国: 'KR',
  英国: 'GB',
  法国: 'FR',
  德国: 'DE',
  俄罗斯: 'RU',
  瑞士: 'CH',
};

/** An applicant's country or region: as the record gives it, else CN for a Chinese province. */
function partyCountry(party: { country?: string | undefined; province?: string | undefined }): string | undefined {
  return party.country?.trim() || (party.province?.trim() ? 'CN' : undefined);
}

/** Patent type ids and the Chinese labels users type. */
export const PATENT_TYPE_LABELS: Record<string, string> = {
  发明申请: 'invention_application',
  发明授权: 'invention_grant',
  实用新型: 'utility_model',
  外观设计: 'design',
  其他: 'other',
};

function numberTokens(numbers: readonly string[], country?: string): string {
  const keys = new Set<string>();
  for (const n of numbers) {
    const pub = normalizePublicationNumber(n);
    if (pub) {
      keys.add(pub);
      const bare = pub.replace(/[A-Z]\d?$/, '');
      if (/\d$/.test(bare)) keys.add(bare);
    }
    const app = normalizeApplicationNumber(n, country);
    if (app) {
      keys.add(app);
      keys.add(app.replace(/^[A-Z]{2}(?=\d)/, ''));
    }
    keys.add(keywordToken(n).toUpperCase());
  }
  return [...keys].map((k) => k.toLowerCase()).join(' ');
}

export interface DocColumnValues {
  /** Dates as YYYYMMDD integers, 0 when absent. */
  ad: number;
  pd: number;
  gd: number;
  prd: number;
  ed: number;
  /** Counts, -1 when unknown (then no range hit). */
  famn: number;
  citn: number;
  citedn: number;
  clmn: number;
  pv: number | null;
  country: string;
  patentType: string | null;
  legalStatus: string | null;
  agency: string | null;
  year: string | null;
  applicants: string[];
  inventors: string[];
  ipcSubclasses: string[];
  /** Merge keys: normalised application number, simple family id. */
  anKey: string | null;
  familyKey: string | null;
  /** Publication numbers of the simple family as written in the record (normalised). */
  familyMembers: string[];
  /** 1 for a declassified national-defence patent (the DEF field), else 0; its announcement date. */
  def?: number;
  defd?: number;
  /** How many drawings the record has; 1 when it has claims or description text, else 0 (absent in older rows). */
  drw?: number;
  ftx?: number;
  /** Dates of the legal records, YYYYMMDD (several per document): legal events, litigation filing and verdict, licence, transfer, pledge, reexamination decision. */
  led?: number[];
  litd?: number[];
  licd?: number[];
  trfd?: number[];
  plgd?: number[];
  rexd?: number[];
  /**
   * Awards (the AWARD field): [name, year or null] each, set by SearchEngine.setAwards, never by
   * indexing (the award lists live in the app database and are written beside the record).
   */
  awards?: [string, number | null][];
  /** Analysis dimensions (aggregation/dimensions.ts); absent in rows written before schema 4. */
  ipcTokens?: string[];
  cpcTokens?: string[];
  /** Current assignees, else the original assignees (the AS field). */
  assignees?: string[];
  agents?: string[];
  /** Of the applicants: countries, provinces and cities as recorded. */
  applicantCountries?: string[];
  provinces?: string[];
  cities?: string[];
  /** The applicants' standardised names (standardNames); absent in rows written before schema 8. */
  standardApplicants?: string[];
  /** Each applicant as `standardised name \u001f name as written` (applicantPairs); absent before schema 10. */
  applicantPairs?: string[];
  /** The effect terms of the extracted effect (problem-means-effect.ts); absent before schema 11. */
  effectTerms?: string[];
}

export type DocRow = Omit<SearchHit, 'score' | 'highlights'>;

export interface AnalysedDoc {
  pn: string;
  fts: Record<FtsColumn, string>;
  texts: Record<StoredTextColumn, string>;
  row: DocRow;
  cols: DocColumnValues;
}

function fullText(t: { text: string; translations?: Record<string, string> | undefined } | undefined): string {
  if (!t) return '';
  return [t.text, ...Object.values(t.translations ?? {})].join('\n');
}

function dateInt(iso: string | undefined): number {
  return iso ? Number(iso.replace(/-/g, '')) : 0;
}

/** The valid dates among several, as YYYYMMDD integers, each once. */
function dateInts(dates: readonly (string | undefined)[]): number[] {
  return [...new Set(dates.filter((d): d is string => !!d && /^\d{4}-\d{2}-\d{2}$/.test(d)).map(dateInt))];
}

/** One named field of every record (a party, a number…), one line each. */
function recordField<T extends object>(records: readonly T[] | undefined, key: keyof T): string {
  return (records ?? [])
    .map((r) => r[key])
    .filter((v): v is T[keyof T] & string => typeof v === 'string')
    .join('\n');
}

function names(parties: Patent['applicants']): string[] {
  return (parties ?? []).map((p) => p.name);
}

/**
 * Each applicant's standardised name (the source's 标准化申请人), else its name as written, each
 * once; a name the company has dropped reads as its current one (company-renames.ts).
 */
export function standardNames(parties: Patent['applicants']): string[] {
  return [...new Set((parties ?? []).map(standardNameOf).filter(Boolean))];
}

function standardNameOf(party: NonNullable<Patent['applicants']>[number]): string {
  return currentCompanyName((party.standardName ?? party.name).trim());
}

/** The PA-STD text: the standardised names, and the vendor's own where a rename replaced it (still searchable). */
function standardNamesText(parties: Patent['applicants']): string {
  const vendor = (parties ?? []).map((p) => (p.standardName ?? p.name).trim());
  return [...new Set([...standardNames(parties), ...vendor])].filter(Boolean).join('\n');
}

/** Separates a pair's standardised name from the name as written (APPLICANT_PAIR_SEPARATOR). */
export const APPLICANT_PAIR_SEPARATOR = '\u001f';

/**
 * Each applicant as its standardised name and its name as written, joined by
 * APPLICANT_PAIR_SEPARATOR, each pair once: the `applicantPair` facet, from which the result page
 * lists the written names merged under a standardised name (docs/companies.md).
 */
export function applicantPairs(parties: Patent['applicants']): string[] {
  const pairs = (parties ?? []).flatMap((p) => {
    const name = p.name.trim();
    const standard = standardNameOf(p);
    return name && standard ? [`${standard}${APPLICANT_PAIR_SEPARATOR}${name}`] : [];
  });
  return [...new Set(pairs)];
}

function partyText(parties: Patent['applicants']): string {
  return (parties ?? []).map((p) => [p.name, p.nameTranslated, p.standardName].filter(Boolean).join('\n')).join('\n');
}

function recordsText(records: readonly object[] | undefined): string {
  return (records ?? [])
    .map((r) =>
      Object.values(r)
        .filter((v) => typeof v === 'string')
        .join('\n'),
    )
    .join('\n');
}

/** The texts the problem, means and effect are read from: abstract, claims and description as published. */
export function pmeTexts(doc: Pick<Patent, 'abstract' | 'claims' | 'description'>): PmeTexts {
  return { abstract: doc.abstract?.text, claims: doc.claims?.text, description: doc.description?.text };
}

/** The publication number key a record is stored under (upsert key). */
export function publicationKey(pn: string): string {
  return normalizePublicationNumber(pn) ?? keywordToken(pn).toUpperCase();
}

export function analyseDoc(doc: IndexablePatent, vocab: Map<string, string>): AnalysedDoc {
  const title = fullText(doc.title);
  const abstract = fullText(doc.abstract);
  const claims = fullText(doc.claims);
  const ipcs = doc.classifications?.ipc ?? [];
  const ipcMain = doc.classifications?.ipcMain ?? ipcs[0];
  const classes = (codes: readonly string[] | undefined): string =>
    (codes ?? []).map(classToken).filter(Boolean).join(' ');
  const assignees = doc.currentAssignees?.length ? doc.currentAssignees : doc.assignees;
  const parties = [...(doc.applicants ?? []), ...(assignees ?? []), ...(doc.inventors ?? [])];
  const patentType = doc.patentType ?? null;
  const familyMembers = (doc.family?.simple ?? []).map((n) => normalizePublicationNumber(n) ?? n);
  // Of the texts as published (not their translations): the detail page shows the same sentences.
  const pme = extractProblemMeansEffect(pmeTexts(doc));
  const fts: Record<FtsColumn, string> = {
    ti: textTokens(title, vocab),
    // The source's own key words (English in cn-g06f-cpc) are searched with the abstract (issue 43).
    ab: textTokens([abstract, ...(doc.keywords ?? [])].join('\n'), vocab),
    clm: textTokens(claims, vocab),
    desc: textTokens(fullText(doc.description), vocab),
    // jieba words of the title as single tokens: a ranking signal only (see chinese.ts).
    tiw: title
      ? segmentForSearch(normaliseText(title))
          .map((w) => keywordToken(w))
          .filter(Boolean)
          .join(' ')
      : '',
    pa: textTokens(partyText(doc.applicants), vocab),
    asg: textTokens(partyText(assignees), vocab),
    pastd: textTokens(standardNamesText(doc.applicants), vocab),
    patype: [...new Set((doc.applicants ?? []).map((p) => (p.type ? keywordToken(p.type) : '')))]
      .filter(Boolean)
      .join(' '),
    pacc: [...new Set((doc.applicants ?? []).map((p) => keywordToken(partyCountry(p) ?? '')))]
      .filter(Boolean)
      .join(' '),
    inv: textTokens(partyText(doc.inventors), vocab),
    agt: textTokens((doc.agents ?? []).join('\n'), vocab),
    agc: textTokens(doc.agency ?? '', vocab),
    addr: textTokens(parties.map((p) => p.address ?? '').join('\n'), vocab),
    prov: textTokens(parties.map((p) => p.province ?? '').join('\n'), vocab),
    city: textTokens(parties.map((p) => p.city ?? '').join('\n'), vocab),
    ipc: classes(ipcs),
    ipcm: classes(ipcMain ? [ipcMain] : []),
    cpc: classes(doc.classifications?.cpc),
    loc: classes(doc.classifications?.loc),
    ls: doc.legalStatus ? keywordToken(doc.legalStatus) : '',
    pt: patentType ? keywordToken(patentType) : '',
    cc: keywordToken(doc.country),
    kd: doc.kind ? keywordToken(doc.kind) : '',
    an: numberTokens(doc.applicationNumber ? [doc.applicationNumber] : [], doc.country),
    pn: numberTokens([doc.publicationNumber]),
    pr: numberTokens(doc.priorityNumbers ?? []),
    fam: [
      doc.family?.simpleFamilyId ? keywordToken(doc.family.simpleFamilyId) : '',
      doc.family?.inpadocFamilyId ? keywordToken(doc.family.inpadocFamilyId) : '',
      numberTokens(doc.family?.simple ?? []),
    ]
      .filter(Boolean)
      .join(' '),
    cit: numberTokens((doc.citations ?? []).map((c) => c.number)),
    cited: numberTokens((doc.citedBy ?? []).map((c) => c.number)),
    lit: textTokens(recordsText(doc.litigations), vocab),
    plg: textTokens(recordsText(doc.pledges), vocab),
    lic: textTokens(recordsText(doc.licenses), vocab),
    trf: textTokens(recordsText(doc.assignments), vocab),
    rex: textTokens(recordsText(doc.reexaminations), vocab),
    le: textTokens(
      (doc.legalEvents ?? []).map((e) => [e.code, e.description].filter(Boolean).join(' ')).join('\n'),
      vocab,
    ),
    litcn: textTokens(recordField(doc.litigations, 'caseNumber'), vocab),
    litct: textTokens(recordField(doc.litigations, 'court'), vocab),
    litpl: textTokens(recordField(doc.litigations, 'plaintiff'), vocab),
    litdf: textTokens(recordField(doc.litigations, 'defendant'), vocab),
    litrs: textTokens(recordField(doc.litigations, 'outcome'), vocab),
    licor: textTokens(recordField(doc.licenses, 'licensor'), vocab),
    licee: textTokens(recordField(doc.licenses, 'licensee'), vocab),
    lict: textTokens(recordField(doc.licenses, 'exclusivity'), vocab),
    trfor: textTokens(recordField(doc.assignments, 'assignor'), vocab),
    trfee: textTokens(recordField(doc.assignments, 'assignee'), vocab),
    plgor: textTokens(recordField(doc.pledges, 'pledgor'), vocab),
    plgee: textTokens(recordField(doc.pledges, 'pledgee'), vocab),
    rexrq: textTokens(recordField(doc.reexaminations, 'requester'), vocab),
    rexn: textTokens(recordField(doc.reexaminations, 'decisionNumber'), vocab),
    rext: textTokens(recordField(doc.reexaminations, 'decisionType'), vocab),
    tprob: textTokens(pme.problem ?? '', vocab),
    tmeans: textTokens(pme.means ?? '', vocab),
    teff: textTokens(pme.effect ?? '', vocab),
  };
  const applicationKey = doc.applicationNumber
    ? (normalizeApplicationNumber(doc.applicationNumber, doc.country) ?? null)
    : null;
  const appDateYear = doc.applicationDate?.slice(0, 4) ?? doc.publicationDate?.slice(0, 4) ?? null;
  const row: DocRow = {
    publicationNumber: doc.publicationNumber,
    ...(doc.applicationNumber ? { applicationNumber: doc.applicationNumber } : {}),
    ...(doc.title ? { title: doc.title.text } : {}),
    ...(doc.abstract ? { abstract: doc.abstract.text } : {}),
    applicants: names(doc.applicants),
    inventors: names(doc.inventors),
    ...(doc.applicationDate ? { applicationDate: doc.applicationDate } : {}),
    ...(doc.publicationDate ? { publicationDate: doc.publicationDate } : {}),
    ...(ipcMain ? { ipcMain } : {}),
    ...(doc.legalStatus ? { legalStatus: doc.legalStatus } : {}),
    ...(patentType ? { patentType } : {}),
    country: doc.country,
    ...(doc.drawings?.[0] ? { firstDrawing: doc.drawings[0].file } : {}),
  };
  const cols: DocColumnValues = {
    ad: dateInt(doc.applicationDate),
    pd: dateInt(doc.publicationDate),
    gd: dateInt(doc.grantDate),
    prd: dateInt(doc.priorityDate),
    ed: dateInt(doc.expiryDate),
    // Vendor exports state the counts without the lists; a list, when present, is the truth.
    famn: Math.max(1, doc.family?.simple?.length ?? doc.familyCount ?? 1),
    citn: doc.citations?.length ?? doc.citationCount ?? 0,
    citedn: doc.citedBy?.length ?? doc.citedByCount ?? 0,
    clmn: doc.claimCount ?? -1,
    pv: typeof doc.valueScore === 'number' ? doc.valueScore : null,
    country: doc.country.toUpperCase(),
    patentType,
    legalStatus: doc.legalStatus ?? null,
    agency: doc.agency ?? null,
    year: appDateYear,
    applicants: names(doc.applicants),
    inventors: names(doc.inventors),
    ipcSubclasses: [
      ...new Set(ipcs.map((c) => c.replace(/\s+/g, '').toUpperCase().slice(0, 4)).filter((c) => c.length === 4)),
    ],
    anKey: applicationKey,
    familyKey: doc.family?.simpleFamilyId ?? null,
    familyMembers,
    ipcTokens: [...new Set(ipcs.map(classToken).filter((t): t is string => t !== undefined))],
    cpcTokens: [...new Set((doc.classifications?.cpc ?? []).map(classToken).filter((t): t is string => !!t))],
    assignees: names(assignees),
    agents: [...(doc.agents ?? [])],
    applicantCountries: (doc.applicants ?? []).flatMap((p) => (p.country ? [p.country] : [])),
    provinces: (doc.applicants ?? []).flatMap((p) => (p.province ? [p.province] : [])),
    cities: (doc.applicants ?? []).flatMap((p) => (p.city ? [p.city] : [])),
    standardApplicants: standardNames(doc.applicants),
    applicantPairs: applicantPairs(doc.applicants),
    def: doc.declassified ? 1 : 0,
    drw: doc.drawings?.length ?? 0,
    ftx: claims.trim() || fullText(doc.description).trim() ? 1 : 0,
    defd: dateInt(doc.declassified?.date),
    led: dateInts((doc.legalEvents ?? []).map((e) => e.date)),
    litd: dateInts((doc.litigations ?? []).flatMap((l) => [l.filingDate, l.verdictDate])),
    licd: dateInts((doc.licenses ?? []).map((l) => l.effectiveDate)),
    trfd: dateInts((doc.assignments ?? []).map((a) => a.effectiveDate)),
    plgd: dateInts((doc.pledges ?? []).map((p) => p.effectiveDate)),
    rexd: dateInts((doc.reexaminations ?? []).map((r) => r.decisionDate)),
    effectTerms: pme.effectTerms,
  };
  return { pn: publicationKey(doc.publicationNumber), fts, texts: { ti: title, ab: abstract, clm: claims }, row, cols };
}
