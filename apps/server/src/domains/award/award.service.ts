import {
  MAX_AWARD_FILE_BYTES,
  MAX_AWARD_REPORTED_LINES,
  MAX_AWARD_ROWS,
  type AwardImportReport,
  type AwardInfoItem,
  type AwardRow,
  type PatentAward,
} from '@patlas/contracts';
import { normalizeApplicationNumber, normalizePublicationNumber, type SearchEngine } from '@patlas/engine';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import type { PatentService } from '../patent/index.js';
import { parseAwardCsv } from './award-csv.js';
import type { AwardRepository, PatentAwardRow } from './award.repository.js';

export interface AwardServiceDeps {
  repository: AwardRepository;
  patents: Pick<PatentService, 'resolveHeldNumbers'>;
  engine: SearchEngine;
  /** Runs a task between this installation's imports and index repairs (import.service withIndexWrites). */
  indexWrites: <T>(task: () => Promise<T>) => Promise<T>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** Numbers one resolveHeldNumbers call takes. */
const RESOLVE_CHUNK = 1000;

/** The key a number is kept under: the publication number, else the application number, normalised. */
export function awardNumberKey(number: string): string {
  return (
    normalizePublicationNumber(number) ??
    normalizeApplicationNumber(number) ??
    number.normalize('NFKC').toUpperCase().replace(/\s+/g, '')
  );
}

function awardOf(row: PatentAwardRow): PatentAward {
  return { award: row.award, year: row.year === 0 ? null : row.year };
}

/** Awards of a patent, newest first, each once. */
function distinctAwards(rows: readonly PatentAwardRow[]): PatentAward[] {
  const seen = new Set<string>();
  const out: PatentAward[] = [];
  for (const row of [...rows].sort((a, b) => b.year - a.year || a.award.localeCompare(b.award))) {
    const key = `${row.award}\u0000${row.year}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(awardOf(row));
  }
  return out;
}

function toAwardRow(row: PatentAwardRow): AwardRow {
  return {
    id: row.id,
    number: row.number,
    publicationNumber: row.publication_number,
    award: row.award,
    year: row.year === 0 ? null : row.year,
    createdAt: row.created_at,
  };
}

/**
 * Award lists (docs/awards.md): CSV imports by operators, the awards of patents (/award/getInfo,
 * the detail page, the dashboards), and the AWARD field of the search index, which this service
 * keeps in line with the list (syncIndex) after every award import, patent import and start.
 */
export class AwardService {
  constructor(private readonly deps: AwardServiceDeps) {}

  readonly maxFileBytes = MAX_AWARD_FILE_BYTES;

  private async resolve(numbers: readonly string[]): Promise<Record<string, string>> {
    const held: Record<string, string> = {};
    for (let i = 0; i < numbers.length; i += RESOLVE_CHUNK) {
      Object.assign(held, await this.deps.patents.resolveHeldNumbers(numbers.slice(i, i + RESOLVE_CHUNK)));
    }
    return held;
  }

  /**
   * Imports an award CSV: malformed lines are reported with their line and the rest imported;
   * numbers in any written form are matched to the stored records (batch search's rules). Rows
   * already held are kept once. The search index learns the new awards before this answers.
   */
  async importCsv(file: Buffer): Promise<AwardImportReport> {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file);
    } catch {
      throw new AppError('AWARD_FILE_INVALID');
    }
    const csv = parseAwardCsv(text);
    if (!csv) throw new AppError('AWARD_FILE_INVALID');
    if (csv.lines > MAX_AWARD_ROWS) throw new AppError('AWARD_TOO_MANY_ROWS', { max: MAX_AWARD_ROWS });
    const problems = [...csv.problems];
    // The same number, award and year twice in one file: kept once, the repeat reported.
    const seen = new Set<string>();
    const rows = csv.rows.filter((row) => {
      const key = `${awardNumberKey(row.number)}\u0000${row.award}\u0000${row.year ?? 0}`;
      if (!seen.has(key)) {
        seen.add(key);
        return true;
      }
      problems.push({ line: row.line, text: `${row.number},${row.award},${row.year ?? ''}`, problem: 'duplicate' });
      return false;
    });
    const held = await this.resolve(rows.map((r) => r.number));
    const imported = await this.deps.repository.insertMany(
      rows.map((r) => ({
        number: r.number,
        numberKey: awardNumberKey(r.number),
        publicationNumber: held[r.number] ?? null,
        award: r.award,
        year: r.year ?? 0,
      })),
      this.deps.now().toISOString(),
    );
    await this.syncIndex();
    problems.sort((a, b) => a.line - b.line);
    return {
      lines: csv.lines,
      imported,
      unchanged: rows.length - imported,
      held: rows.filter((r) => held[r.number] !== undefined).length,
      refused: problems.length,
      problems: problems.slice(0, MAX_AWARD_REPORTED_LINES),
    };
  }

  /** Sets the AWARD field of the index from the list, between imports (see syncIndexNow). */
  syncIndex(): Promise<number> {
    return this.deps.indexWrites(() => this.syncIndexNow());
  }

  /**
   * Matches rows not yet matched to records the store now holds, then gives the index the whole
   * list (records no longer listed lose their awards). For callers already between index writes
   * (the end of a patent import); answers how many records carry awards.
   */
  async syncIndexNow(): Promise<number> {
    const unresolved = await this.deps.repository.listUnresolved();
    if (unresolved.length > 0) {
      const held = await this.resolve(unresolved.map((r) => r.number));
      for (const row of unresolved) {
        const pn = held[row.number];
        if (pn) await this.deps.repository.setPublicationNumber(row.id, pn);
      }
    }
    const byPatent = new Map<string, PatentAwardRow[]>();
    for (const row of await this.deps.repository.listHeld()) {
      const pn = row.publication_number as string;
      byPatent.set(pn, [...(byPatent.get(pn) ?? []), row]);
    }
    const updates = [...byPatent].map(([publicationNumber, rows]) => ({
      publicationNumber,
      awards: distinctAwards(rows),
    }));
    const set = await this.deps.engine.setAwards(updates, { replaceAll: true });
    this.deps.log.info({ awarded: set }, 'awards indexed');
    return set;
  }

  /** /award/getInfo: each number as asked, the record it resolved to and its awards. */
  async infoOf(numbers: readonly string[]): Promise<AwardInfoItem[]> {
    const unique = [...new Set(numbers)];
    const held = await this.resolve(unique);
    const rows = await this.deps.repository.findByNumbers(
      [...new Set(Object.values(held))],
      unique.map(awardNumberKey),
    );
    return unique.map((number) => {
      const pn = held[number] ?? null;
      const key = awardNumberKey(number);
      const own = rows.filter((r) => (pn !== null && r.publication_number === pn) || r.number_key === key);
      return { number, publicationNumber: pn, awards: distinctAwards(own) };
    });
  }

  /** Awards of stored publication numbers (the dashboards' list). */
  async awardsOf(publicationNumbers: readonly string[]): Promise<Map<string, PatentAward[]>> {
    const rows = await this.deps.repository.findByNumbers(publicationNumbers, []);
    const out = new Map<string, PatentAward[]>();
    for (const pn of publicationNumbers) {
      const own = rows.filter((r) => r.publication_number === pn);
      if (own.length > 0) out.set(pn, distinctAwards(own));
    }
    return out;
  }

  /** Every award name of the list (a dashboard counts its set per award). */
  names(): Promise<string[]> {
    return this.deps.repository.names();
  }

  async list(page: number, pageSize: number, q?: string): Promise<{ total: number; items: AwardRow[] }> {
    const { total, rows } = await this.deps.repository.page(page, pageSize, q);
    return { total, items: rows.map(toAwardRow) };
  }

  /** Removes one row (id) or, without one, the whole list; the index follows. */
  async remove(id?: string): Promise<number> {
    const removed = id ? await this.deps.repository.remove(id) : await this.deps.repository.removeAll();
    await this.syncIndex();
    return removed;
  }
}
