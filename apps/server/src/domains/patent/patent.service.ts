import type { Drawing, Patent, PatentDetail } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { PatentRepository } from './patent.repository.js';

/** Every number a record refers to, for which the detail page may offer a link. */
function referencedNumbers(record: Patent): string[] {
  const numbers: string[] = [];
  for (const c of [...(record.citations ?? []), ...(record.citedBy ?? [])]) {
    numbers.push(/^[A-Za-z]{2}/.test(c.number) || !c.country ? c.number : `${c.country}${c.number}`);
  }
  numbers.push(...(record.family?.simple ?? []), ...(record.family?.inpadoc ?? []), ...(record.priorityNumbers ?? []));
  return numbers;
}

/** The patent store as the routes and the other domains see it (health, batch search, image search). */
export class PatentService {
  constructor(private readonly patents: PatentRepository) {}

  /** Records in the store. */
  count(): Promise<number> {
    return this.patents.count();
  }

  /** Records by their stored publication numbers; numbers not held are absent from the map. */
  getByPublicationNumbers(pns: readonly string[]): Promise<Map<string, Patent>> {
    return this.patents.getByPublicationNumbers(pns);
  }

  /** For each input number in any form, the stored publication number it resolves to (unresolved ones absent). */
  resolveHeldNumbers(numbers: readonly string[]): Promise<Record<string, string>> {
    return this.patents.resolveHeldNumbers(numbers);
  }

  /** Every record, in batches (background indexing). */
  iterateAll(batchSize?: number): AsyncGenerator<Patent[]> {
    return this.patents.iterateAll(batchSize);
  }

  /**
   * The whole record for a number in any form, with forward citations found in the corpus
   * merged in and `held` telling which referenced numbers can be opened here.
   */
  async getDetail(pn: string): Promise<PatentDetail> {
    const record = await this.patents.findByAnyNumber(pn);
    if (!record) throw new AppError('PATENT_NOT_FOUND', { pn });
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
    const held = await this.patents.resolveHeldNumbers(referencedNumbers(withForward));
    return { ...withForward, held };
  }

  /** Drawings by the publication numbers asked for (numbers as stored); patents without drawings are left out. */
  async getDrawings(publicationNumbers: string[]): Promise<Record<string, Drawing[]>> {
    const records = await this.patents.getByPublicationNumbers(publicationNumbers);
    const items: Record<string, Drawing[]> = {};
    for (const [pn, record] of records) if (record.drawings?.length) items[pn] = record.drawings;
    return items;
  }
}
