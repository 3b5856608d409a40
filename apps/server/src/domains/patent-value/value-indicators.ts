import {
  VALUE_INDICATORS,
  type Party,
  type Patent,
  type ValueDimensionId,
  type ValueIndicatorId,
} from '@patlas/contracts';
import { currentLegalStatus, patentTypeOf, statutoryTermEnd } from '../patent/index.js';
import { VALUE_MODEL } from './value-model.js';

/**
 * The raw indicators of patent value, read from one record (pure; docs/patent-value.md). Each is a
 * number, or null when the record does not tell (a source without claims text has no independent
 * claim count): unknown values are left out of the cohort's distribution and of the score.
 */
export type RawIndicators = Record<ValueIndicatorId, number | null>;

export const DIMENSION_OF: Record<ValueIndicatorId, ValueDimensionId> = {
  forwardCitations: 'technology',
  backwardCitations: 'technology',
  ipcBreadth: 'technology',
  claimCount: 'technology',
  independentClaims: 'technology',
  legalStatus: 'legal',
  remainingTerm: 'legal',
  litigation: 'legal',
  invalidationSurvived: 'legal',
  pledge: 'legal',
  familySize: 'market',
  familyOffices: 'market',
  licences: 'market',
  transfers: 'market',
  applicantType: 'market',
  claimBreadth: 'technology',
  citingApplicants: 'technology',
  applicantCount: 'market',
  technologyField: 'market',
};

/**
 * The hand-set weights of the first version (docs/patent-value.md), kept as the calibration's
 * "before": of each dimension in the total, and of each indicator within its dimension. The
 * scorer uses the fitted model (value-model.json, value-model.ts).
 */
export const HAND_DIMENSION_WEIGHTS: Record<ValueDimensionId, number> = { technology: 0.4, legal: 0.3, market: 0.3 };
export const HAND_INDICATOR_WEIGHTS: Record<ValueIndicatorId, number> = {
  forwardCitations: 0.35,
  backwardCitations: 0.1,
  ipcBreadth: 0.15,
  claimCount: 0.2,
  independentClaims: 0.2,
  legalStatus: 0.35,
  remainingTerm: 0.3,
  litigation: 0.1,
  invalidationSurvived: 0.15,
  pledge: 0.1,
  familySize: 0.3,
  familyOffices: 0.25,
  licences: 0.15,
  transfers: 0.15,
  applicantType: 0.15,
  // Added with the fit (issue 49 item 1): not in the hand-set score.
  claimBreadth: 0,
  citingApplicants: 0,
  applicantCount: 0,
  technologyField: 0,
};

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

function yearsBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / YEAR_MS;
}

const round = (v: number, digits = 3): number => Math.round(v * 10 ** digits) / 10 ** digits;

/** The IPC subclass (H01M) of a symbol as sources write it (H01M 4/525, h01m4/525), if it is one. */
export function ipcSubclassOf(symbol: string | undefined): string | undefined {
  const compact = symbol?.replace(/\s+/g, '').toUpperCase();
  return compact && /^[A-H]\d\d[A-Z]/.test(compact) ? compact.slice(0, 4) : undefined;
}

/** The patent's main IPC subclass: ipcMain, else the first IPC symbol. */
export function mainSubclassOf(patent: Patent): string | undefined {
  const c = patent.classifications;
  return ipcSubclassOf(c?.ipcMain) ?? ipcSubclassOf(c?.ipc?.[0]);
}

/** The application year (priority, then publication year when the record has no application date). */
export function cohortYearOf(patent: Patent): string {
  const date = patent.applicationDate ?? patent.priorityDate ?? patent.publicationDate;
  return date?.slice(0, 4) ?? 'unknown';
}

/**
 * The claims of a claims text, split on their numbers (1. 2、 3．…) taken in sequence, so that a
 * number inside a claim ("according to claim 1", "3.5 mm") does not start one. Empty when the
 * text is not numbered.
 */
export function splitClaims(text: string): string[] {
  const starts: number[] = [];
  const pattern = /(^|[\s。；;:：.，,）)])(\d{1,3})\s*[.、．]\s*(?!\d)/g;
  let expected = 1;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (Number(m[2]) !== expected) continue;
    starts.push(m.index + (m[1]?.length ?? 0));
    expected += 1;
  }
  return starts.map((start, i) => text.slice(start, starts[i + 1] ?? text.length).trim());
}

const DEPENDENT_CLAIM =
  /权利要求\s*[\d一二三四五六七八九十]|\bclaims?\s+\d|\bany\s+(?:one\s+)?of\s+the\s+(?:preceding|previous)\s+claims/i;

/** Claims that do not refer to another claim. */
export function countIndependentClaims(claims: readonly string[]): number {
  return claims.filter((claim) => !DEPENDENT_CLAIM.test(claim.replace(/^\d{1,3}\s*[.、．]/, ''))).length;
}

/**
 * The length of a claim as a measure of its breadth (fewer words, fewer limitations): Chinese
 * characters plus Latin words, so the two languages count on about the same scale.
 */
export function claimLength(claim: string): number {
  return claim
    .replace(/^\d{1,3}\s*[.、．]/, '')
    .replace(/[A-Za-z][A-Za-z'-]*/g, 'w')
    .replace(/[\s\d\p{P}]+/gu, '').length;
}

/** The status classes as an ordinal: lapsed 0, under examination or published 1, in force 2. */
const STATUS_ORDINAL = { inactive: 0, published: 1, pending: 1, granted: 2, active: 2 } as const;

const LITIGATION = /诉讼|侵权|litigation|lawsuit|infring/i;
const INVALIDATION = /无效宣告|无效请求|复审|异议|invalidat|re-?examination|opposition|inter partes|post.grant review/i;
const PLEDGE = /质押|pledge|security interest/i;
const LICENCE = /许可|licen[cs]/i;
const TRANSFER = /转移|转让|权利人变更|专利权人的变更|assignment|transfer of (?:rights|ownership)/i;

/** Applicant kinds as an ordinal: a person 0, other 1, university, institute or government 2, company 3. */
const PARTY_ORDINAL = { person: 0, other: 1, university: 2, institute: 2, government: 2, company: 3 } as const;

/** The kind of a party, as the source states it or as its name says (公司, 大学, Inc., University…). */
export function partyKindOf(party: Party): keyof typeof PARTY_ORDINAL {
  if (party.type) return party.type;
  const name = party.name.trim();
  if (
    /公司|集团|企业|厂|株式会社|\b(?:inc|corp|corporation|co|ltd|llc|gmbh|ag|sa|bv|plc|kk|limited|company)\b\.?/i.test(
      name,
    )
  )
    return 'company';
  // Institutes first: 中国科学院…研究所 holds 学院.
  if (/研究院|研究所|研究中心|科学院|institut|laborator|research/i.test(name)) return 'institute';
  if (/大学|学院|学校|universit|college|school/i.test(name)) return 'university';
  if (/局|政府|委员会|部$|ministry|government|agency|administration/i.test(name)) return 'government';
  // A short name in Chinese characters, or "Surname, Given" / "Surname; Given": a person.
  if (/^[\u4e00-\u9fff·]{2,4}$/.test(name) || /^[A-Za-z'-]+[,;]\s*[A-Za-z .'-]+$/.test(name)) return 'person';
  return 'other';
}

/** The two-letter office of a family member's number (CN117151122A → CN). */
function officeOf(number: string): string | undefined {
  return /^([A-Z]{2})/.exec(number.trim().toUpperCase())?.[1];
}

/**
 * Every raw indicator of a record, judged on `today` (YYYY-MM-DD): the age of its citations and
 * the protection it has left depend on the day.
 */
export function rawIndicatorsOf(
  patent: Patent,
  today: string,
  fieldLevels: Readonly<Record<string, number>> = VALUE_MODEL.fieldLevels,
): RawIndicators {
  const events = (patent.legalEvents ?? []).map((e) => `${e.code ?? ''} ${e.description ?? ''}`);
  const countEvents = (pattern: RegExp) => events.filter((e) => pattern.test(e)).length;
  // Counts of legal events are known when the record carries legal events at all.
  const hasLegalData =
    events.length > 0 ||
    [patent.litigations, patent.licenses, patent.assignments, patent.pledges, patent.reexaminations].some(
      (list) => (list?.length ?? 0) > 0,
    );
  const status = currentLegalStatus(patent, today);
  const statusOrdinal = status && status.code !== 'other' ? STATUS_ORDINAL[status.code] : null;
  const isLapsed = statusOrdinal === 0;

  const citedBy = patent.citedBy?.length;
  const forward =
    citedBy === undefined && patent.citedByCount === undefined
      ? null
      : Math.max(citedBy ?? 0, patent.citedByCount ?? 0);
  const since = patent.publicationDate ?? patent.applicationDate;
  const age = since ? Math.max(1, yearsBetween(since, today)) : 1;
  const backward =
    patent.citations === undefined && patent.citationCount === undefined
      ? null
      : Math.max(patent.citations?.length ?? 0, patent.citationCount ?? 0);

  const classes = [patent.classifications?.ipcMain, ...(patent.classifications?.ipc ?? [])]
    .map(ipcSubclassOf)
    .filter((s): s is string => s !== undefined);
  const claims = patent.claims?.text ? splitClaims(patent.claims.text) : [];
  const claimCount = patent.claimCount ?? (claims.length > 0 ? claims.length : null);

  const termEnd = patent.expiryDate ?? statutoryTermEnd(patent, patentTypeOf(patent));
  const remaining = termEnd === undefined ? null : isLapsed ? 0 : Math.max(0, yearsBetween(today, termEnd));

  const litigation = hasLegalData ? (patent.litigations?.length ?? 0) + countEvents(LITIGATION) : null;
  const challenges = (patent.reexaminations?.length ?? 0) + countEvents(INVALIDATION);
  const pledges = hasLegalData ? (patent.pledges?.length ?? 0) + countEvents(PLEDGE) : null;
  const licences = hasLegalData ? (patent.licenses?.length ?? 0) + countEvents(LICENCE) : null;
  const transfers = hasLegalData ? (patent.assignments?.length ?? 0) + countEvents(TRANSFER) : null;

  const simple = patent.family?.simple ?? [];
  const members = [...simple, ...(patent.family?.inpadoc ?? [])];
  const familySize =
    patent.family?.simple === undefined && patent.familyCount === undefined
      ? null
      : Math.max(simple.length, patent.familyCount ?? 0, 1);
  const offices =
    members.length > 0
      ? new Set([patent.country.toUpperCase(), ...members.map(officeOf).filter((o) => o !== undefined)]).size
      : familySize === 1
        ? 1
        : null;

  const parties = [...(patent.applicants ?? []), ...(patent.assignees ?? [])];
  const applicantNames = new Set(
    (patent.applicants?.length ? patent.applicants : (patent.assignees ?? []))
      .map((p) => p.name.trim())
      .filter(Boolean),
  );
  // Citing applicants: known when the record lists its citing patents with their applicants (or none).
  const citingNames = (patent.citedBy ?? []).map((c) => c.applicant?.trim()).filter((n): n is string => !!n);
  const citingApplicants =
    patent.citedBy === undefined
      ? null
      : patent.citedBy.length === 0
        ? 0
        : citingNames.length > 0
          ? new Set(citingNames).size
          : null;
  const firstIndependent = claims.find((claim) => countIndependentClaims([claim]) === 1);
  const subclass = mainSubclassOf(patent);
  const applicantType = parties.length > 0 ? Math.max(...parties.map((p) => PARTY_ORDINAL[partyKindOf(p)])) : null;

  return {
    forwardCitations: forward === null ? null : round(forward / age),
    backwardCitations: backward,
    ipcBreadth: classes.length > 0 ? new Set(classes).size : null,
    claimCount,
    independentClaims: claims.length > 0 ? countIndependentClaims(claims) : null,
    legalStatus: statusOrdinal,
    remainingTerm: remaining === null ? null : round(remaining, 2),
    litigation,
    // Challenges survived: counted while the patent is still in force (or pending after them).
    invalidationSurvived: hasLegalData ? (isLapsed ? 0 : challenges) : null,
    pledge: pledges,
    familySize,
    familyOffices: offices,
    licences,
    transfers,
    applicantType,
    claimBreadth: firstIndependent === undefined ? null : claimLength(firstIndependent),
    citingApplicants,
    applicantCount: applicantNames.size > 0 ? applicantNames.size : null,
    technologyField: subclass === undefined ? null : (fieldLevels[subclass] ?? null),
  };
}

/** The raw indicators in VALUE_INDICATORS order (how the store keeps them). */
export function indicatorArray(raw: RawIndicators): (number | null)[] {
  return VALUE_INDICATORS.map((id) => raw[id]);
}

export function indicatorRecord(values: readonly (number | null)[]): RawIndicators {
  return Object.fromEntries(VALUE_INDICATORS.map((id, i) => [id, values[i] ?? null])) as RawIndicators;
}
