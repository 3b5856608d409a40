import {
  MAX_COMPARE_PATENTS,
  MIN_COMPARE_PATENTS,
  type ComparedPatent,
  type Drawing,
  type FamilyMember,
  type LegalHistoryResponse,
  type Patent,
  type PatentCompareResponse,
  type PatentDetail,
  type ReferencedPatent,
  titleFromAbstract,
} from '@patlas/contracts';
import {
  extractProblemMeansEffect,
  normalizeApplicationNumber,
  parsePublicationNumber,
  pmeTexts,
} from '@patlas/engine';
import { AppError } from '../../errors.js';
import { repairPatentTexts } from './import/shared/text-repair.js';
import { currentLegalStatus } from './legal-status.js';
import { toComparedPatent } from './patent-compare.js';
import type { PatentRepository } from './patent.repository.js';

/** Every number a record refers to, for which the detail page may offer a link. */
function referencedNumbers(record: Patent): string[] {
  const numbers: string[] = [];
  for (const c of [...(record.citations ?? []), ...(record.citedBy ?? [])]) {
    numbers.push(citationKey(c));
  }
  numbers.push(...(record.family?.simple ?? []), ...(record.family?.inpadoc ?? []), ...(record.priorityNumbers ?? []));
  return numbers;
}

/** A citation's number as the lookup keys it: with its country when the number lacks one. */
function citationKey(c: { number: string; country?: string | undefined }): string {
  return /^[A-Za-z]{2}/.test(c.number) || !c.country ? c.number : `${c.country}${c.number}`;
}

/**
 * Whether a held publication is the one a number names: a number written with a kind names that
 * publication only (CN114291051B is not CN114291051A, though both share the serial the lookup
 * falls back to); a number without a kind names any publication of its serial.
 */
function namesPublication(number: string, publicationNumber: string): boolean {
  const kind = parsePublicationNumber(number)?.kind;
  const heldKind = parsePublicationNumber(publicationNumber)?.kind;
  return !kind || !heldKind || kind === heldKind;
}

/** Every family member once, simple family first, as the record writes them. */
function familyNumbers(record: Patent): string[] {
  const all = [...(record.family?.simple ?? []), ...(record.family?.inpadoc ?? [])].map((n) => n.trim());
  return [...new Set(all.filter(Boolean))];
}

/** Today as `YYYY-MM-DD` (UTC), the day legal statuses are judged on. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/** The patent store as the routes and the other domains see it (health, batch search, image search). */
export class PatentService {
  constructor(
    private readonly patents: PatentRepository,
    private readonly today: () => string = utcToday,
  ) {}

  /** Records in the store. */
  count(): Promise<number> {
    return this.patents.count();
  }

  /** Records by their stored publication numbers; numbers not held are absent from the map. */
  getByPublicationNumbers(pns: readonly string[]): Promise<Map<string, Patent>> {
    return this.patents.getByPublicationNumbers(pns);
  }

  /** Records as stored (their JSON's UTF-8 bytes, for a CPU worker to parse), by stored publication number. */
  storedDocBytes(pns: readonly string[]): Promise<Map<string, Uint8Array>> {
    return this.patents.storedDocBytes(pns);
  }

  /** For each input number in any form, the stored publication number it resolves to (unresolved ones absent). */
  resolveHeldNumbers(numbers: readonly string[]): Promise<Record<string, string>> {
    return this.patents.resolveHeldNumbers(numbers);
  }

  /** Records citing any of these: citing number → the cited ones (an alert's new citations). */
  citingOf(records: readonly Patent[]): Promise<Map<string, Set<string>>> {
    return this.patents.citingOf(records);
  }

  /** Publication numbers of the corpus's records that cite `record` (the citation export's forward rows). */
  findCitingNumbers(record: Patent): Promise<string[]> {
    return this.patents.findCitingNumbers(record);
  }

  /** The stored record for a number in any form (as the detail page finds it), or undefined. */
  findRecord(pn: string): Promise<Patent | undefined> {
    return this.patents.findByAnyNumber(pn);
  }

  /**
   * The legal history of an application (`/legal/cnki`): the events of all its stored
   * publications, each once, newest first, and the current status of its latest publication, in
   * the fields the detail page's legal tab reads.
   */
  async legalHistory(applicationNumber: string): Promise<LegalHistoryResponse> {
    const normalised = normalizeApplicationNumber(applicationNumber);
    if (!normalised) throw new AppError('APPLICATION_NUMBER_INVALID', { number: applicationNumber });
    const records = await this.patents.findByApplicationNumber(applicationNumber);
    if (records.length === 0) throw new AppError('LEGAL_APPLICATION_NOT_FOUND', { number: applicationNumber });
    const seen = new Set<string>();
    const legalEvents = records
      .flatMap((r) => r.legalEvents ?? [])
      .filter((e) => {
        const key = JSON.stringify([e.date ?? '', e.code ?? '', e.description ?? '', e.country ?? '']);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
    const latest = [...records].reverse().find((r) => r.legalStatus?.trim());
    return {
      applicationNumber: records[0]!.applicationNumber ?? normalised,
      publicationNumbers: records.map((r) => r.publicationNumber),
      ...(latest?.legalStatus ? { legalStatus: latest.legalStatus } : {}),
      legalEvents,
    };
  }

  /** Every record, in batches (background indexing). */
  iterateAll(batchSize?: number): AsyncGenerator<Patent[]> {
    return this.patents.iterateAll(batchSize);
  }

  /** The records that have drawings, in batches (the image index). */
  iterateWithDrawings(batchSize?: number): AsyncGenerator<Patent[]> {
    return this.patents.iterateWithDrawings(batchSize);
  }

  /**
   * The whole record for a number in any form, with forward citations found in the corpus
   * merged in and `held` telling which referenced numbers can be opened here.
   */
  async getDetail(pn: string): Promise<PatentDetail> {
    const stored = await this.patents.findByAnyNumber(pn);
    if (!stored) throw new AppError('PATENT_NOT_FOUND', { pn });
    // Records imported before the text repair existed are repaired as they are read.
    const record = repairPatentTexts(stored);
    const citing = await this.patents.findCitingNumbers(record);
    const known = new Set((record.citedBy ?? []).map((c) => c.number.toUpperCase()));
    const citedBy = [...(record.citedBy ?? [])];
    if (citing.length > 0) {
      const citingRecords = await this.patents.getByPublicationNumbers(citing);
      for (const number of citing) {
        if (known.has(number)) continue;
        const other = citingRecords.get(number);
        citedBy.push({
          number,
          ...(other?.publicationDate ? { date: other.publicationDate } : {}),
          ...(other?.country ? { country: other.country } : {}),
        });
      }
    }
    const withForward: Patent = citedBy.length > 0 ? { ...record, citedBy } : record;
    const resolved = await this.patents.resolveHeldNumbers(referencedNumbers(withForward));
    const held = Object.fromEntries(
      Object.entries(resolved).filter(([number, found]) => namesPublication(number, found)),
    );
    const today = this.today();
    const currentStatus = currentLegalStatus(record, today);
    const familyMembers = await this.describeFamily(record, held, today);
    const referenced = await this.describeReferenced(withForward, held);
    const abstractTitle = record.title?.text.trim() ? undefined : titleFromAbstract(record.abstract?.text);
    // The same pure extraction the index ran over this record (TPROB / TMEANS / TEFFECT).
    const pme = extractProblemMeansEffect(pmeTexts(record));
    const problemMeansEffect = pme.problem || pme.means || pme.effect ? pme : undefined;
    return {
      ...withForward,
      held,
      ...(currentStatus ? { currentStatus } : {}),
      ...(abstractTitle ? { abstractTitle } : {}),
      ...(familyMembers ? { familyMembers } : {}),
      ...(referenced ? { referenced } : {}),
      ...(problemMeansEffect ? { problemMeansEffect } : {}),
    };
  }

  /** Title, first applicant and publication date of every cited and citing patent held, read in one batch. */
  private async describeReferenced(
    record: Patent,
    held: Record<string, string>,
  ): Promise<Record<string, ReferencedPatent> | undefined> {
    const pns = new Set<string>();
    for (const c of [...(record.citations ?? []), ...(record.citedBy ?? [])]) {
      const pn = held[citationKey(c)];
      if (pn && pn !== record.publicationNumber) pns.add(pn);
    }
    if (pns.size === 0) return undefined;
    const records = await this.patents.getByPublicationNumbers([...pns]);
    const referenced: Record<string, ReferencedPatent> = {};
    for (const [publicationNumber, other] of records) {
      const repaired = repairPatentTexts(other);
      const applicant = (other.applicants ?? other.assignees ?? [])[0]?.name;
      referenced[publicationNumber] = {
        publicationNumber,
        ...(repaired.title ? { title: repaired.title } : {}),
        ...(applicant ? { applicant } : {}),
        ...(other.publicationDate ? { date: other.publicationDate } : {}),
      };
    }
    return referenced;
  }

  /**
   * Country, kind, dates, title and status of each family member: from the store for members we
   * hold, otherwise what the number itself tells (country and kind).
   */
  private async describeFamily(
    record: Patent,
    held: Record<string, string>,
    today: string,
  ): Promise<Record<string, FamilyMember> | undefined> {
    const numbers = familyNumbers(record);
    if (numbers.length === 0) return undefined;
    const heldNumbers = numbers.map((n) => held[n]).filter((pn): pn is string => pn !== undefined);
    const others = await this.patents.getByPublicationNumbers(
      heldNumbers.filter((pn) => pn !== record.publicationNumber),
    );
    others.set(record.publicationNumber, record);
    const members: Record<string, FamilyMember> = {};
    for (const number of numbers) {
      const pn = held[number];
      const member = pn ? others.get(pn) : undefined;
      if (pn && member) {
        const status = currentLegalStatus(member, today);
        members[number] = {
          number,
          publicationNumber: pn,
          country: member.country,
          ...(member.kind ? { kind: member.kind } : {}),
          ...(member.patentType ? { patentType: member.patentType } : {}),
          ...(member.applicationDate ? { applicationDate: member.applicationDate } : {}),
          ...(member.publicationDate ? { publicationDate: member.publicationDate } : {}),
          ...(member.title ? { title: member.title } : {}),
          ...(status ? { status } : {}),
        };
        continue;
      }
      const parsed = parsePublicationNumber(number);
      members[number] = {
        number,
        ...(parsed ? { country: parsed.country } : {}),
        ...(parsed?.kind ? { kind: parsed.kind } : {}),
      };
    }
    return members;
  }

  /**
   * The patents of the compare dialog, in the order asked for. Numbers may be written in any form;
   * spec 2 §5 "Compare needs 2 to 10 patents" is checked on the distinct numbers asked for. Numbers
   * the database does not hold are answered in `missing` rather than failing the whole comparison.
   */
  async compare(numbers: readonly string[]): Promise<PatentCompareResponse> {
    const byForm = new Map<string, string>();
    for (const number of numbers) {
      const key = number.replace(/\s+/g, '').toUpperCase();
      if (key && !byForm.has(key)) byForm.set(key, number.trim());
    }
    const asked = [...byForm.values()];
    if (asked.length < MIN_COMPARE_PATENTS) {
      throw new AppError('COMPARE_TOO_FEW', { min: MIN_COMPARE_PATENTS, count: asked.length });
    }
    if (asked.length > MAX_COMPARE_PATENTS) {
      throw new AppError('COMPARE_TOO_MANY', { max: MAX_COMPARE_PATENTS, count: asked.length });
    }
    const held = await this.patents.resolveHeldNumbers(asked);
    const records = await this.patents.getByPublicationNumbers(Object.values(held));
    const today = this.today();
    const items: ComparedPatent[] = [];
    const missing: string[] = [];
    const shown = new Set<string>();
    for (const number of asked) {
      const pn = held[number];
      const record = pn ? records.get(pn) : undefined;
      if (!pn || !record) {
        missing.push(number);
        continue;
      }
      // Two forms of one number (CN117151122A, CN 117151122 A) are one patent.
      if (shown.has(pn)) continue;
      shown.add(pn);
      items.push(toComparedPatent(number, record, await this.patents.findCitingNumbers(record), today));
    }
    return { items, missing };
  }

  /** Drawings by the publication numbers asked for (numbers as stored); patents without drawings are left out. */
  async getDrawings(publicationNumbers: string[]): Promise<Record<string, Drawing[]>> {
    const records = await this.patents.getByPublicationNumbers(publicationNumbers);
    const items: Record<string, Drawing[]> = {};
    for (const [pn, record] of records) if (record.drawings?.length) items[pn] = record.drawings;
    return items;
  }
}
