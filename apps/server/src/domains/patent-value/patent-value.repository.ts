import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface PatentValueRow {
  publicationNumber: string;
  /** Cohort keys, narrowest first. */
  cohorts: string[];
  /** The cohort the score was taken in. */
  cohort: string;
  /** Raw indicators in VALUE_INDICATORS order. */
  raw: (number | null)[];
  score: number | null;
  computedAt: string;
}

export interface CohortRow {
  cohort: string;
  size: number;
  histograms: string;
  scoredSize: number;
}

const CHUNK = 300;
const MODEL_KEY = 'patent-value-model';

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function toRow(r: Database['patent_values']): PatentValueRow {
  return {
    publicationNumber: r.publication_number,
    cohorts: r.cohorts.split('|'),
    cohort: r.cohort,
    raw: JSON.parse(r.raw) as (number | null)[],
    score: r.score === null ? null : Number(r.score),
    computedAt: r.computed_at,
  };
}

/** Each record's value indicators and score, and the cohorts' histograms. */
export class PatentValueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findMany(pns: readonly string[]): Promise<Map<string, PatentValueRow>> {
    const found = new Map<string, PatentValueRow>();
    for (const part of chunks([...new Set(pns)])) {
      const rows = await this.db
        .selectFrom('patent_values')
        .selectAll()
        .where('publication_number', 'in', part)
        .execute();
      for (const r of rows) found.set(r.publication_number, toRow(r));
    }
    return found;
  }

  async upsertMany(rows: readonly PatentValueRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      // Six columns: 100 rows per statement stays under every driver's parameter limit.
      for (const part of chunks(rows, 100)) {
        await trx
          .insertInto('patent_values')
          .values(
            part.map((r) => ({
              publication_number: r.publicationNumber,
              cohorts: r.cohorts.join('|'),
              cohort: r.cohort,
              raw: JSON.stringify(r.raw),
              score: r.score,
              computed_at: r.computedAt,
            })),
          )
          .onConflict((oc) =>
            oc.column('publication_number').doUpdateSet((eb) => ({
              cohorts: eb.ref('excluded.cohorts'),
              cohort: eb.ref('excluded.cohort'),
              raw: eb.ref('excluded.raw'),
              score: eb.ref('excluded.score'),
              computed_at: eb.ref('excluded.computed_at'),
            })),
          )
          .execute();
      }
    });
  }

  /** New scores of rows whose indicators are unchanged (the rescore job). */
  async updateScores(rows: readonly Pick<PatentValueRow, 'publicationNumber' | 'cohort' | 'score'>[], at: string) {
    if (rows.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const r of rows) {
        await trx
          .updateTable('patent_values')
          .set({ cohort: r.cohort, score: r.score, computed_at: at })
          .where('publication_number', '=', r.publicationNumber)
          .execute();
      }
    });
  }

  async deleteMany(pns: readonly string[]): Promise<void> {
    for (const part of chunks([...new Set(pns)])) {
      await this.db.deleteFrom('patent_values').where('publication_number', 'in', part).execute();
    }
  }

  /** Rows in publication-number order after `after` (keyset paging: constant cost per page). */
  async page(after: string, limit: number): Promise<PatentValueRow[]> {
    const rows = await this.db
      .selectFrom('patent_values')
      .selectAll()
      .where('publication_number', '>', after)
      .orderBy('publication_number')
      .limit(limit)
      .execute();
    return rows.map(toRow);
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('patent_values')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The value model version the stored indicators and scores were computed with (meta `patent-value-model`). */
  async modelVersion(): Promise<string | undefined> {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', MODEL_KEY).executeTakeFirst();
    return row?.value;
  }

  async setModelVersion(version: string): Promise<void> {
    await this.db
      .insertInto('meta')
      .values({ key: MODEL_KEY, value: version })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: version }))
      .execute();
  }

  async allCohorts(): Promise<CohortRow[]> {
    const rows = await this.db.selectFrom('patent_value_cohorts').selectAll().execute();
    return rows.map((r) => ({
      cohort: r.cohort,
      size: Number(r.size),
      histograms: r.histograms,
      scoredSize: Number(r.scored_size),
    }));
  }

  /** Each cohort's size when its members were last scored (without the histograms: cheap at any size). */
  async scoredSizes(): Promise<Map<string, number>> {
    const rows = await this.db.selectFrom('patent_value_cohorts').select(['cohort', 'scored_size']).execute();
    return new Map(rows.map((r) => [r.cohort, Number(r.scored_size)]));
  }

  /**
   * Writes cohorts' histograms and deletes the `removed` ones. `markScored`: their members' scores
   * were just computed from these histograms (scored_size = size); otherwise a new cohort starts at 0.
   */
  async saveCohorts(
    cohorts: readonly { cohort: string; size: number; histograms: string }[],
    options: { removed?: readonly string[]; markScored: boolean; at: string },
  ): Promise<void> {
    const { markScored, at } = options;
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(options.removed ?? [])) {
        await trx.deleteFrom('patent_value_cohorts').where('cohort', 'in', part).execute();
      }
      for (const part of chunks(cohorts, 100)) {
        await trx
          .insertInto('patent_value_cohorts')
          .values(
            part.map((c) => ({
              cohort: c.cohort,
              size: c.size,
              histograms: c.histograms,
              scored_size: markScored ? c.size : 0,
              updated_at: at,
            })),
          )
          .onConflict((oc) =>
            oc.column('cohort').doUpdateSet((eb) => ({
              size: eb.ref('excluded.size'),
              histograms: eb.ref('excluded.histograms'),
              updated_at: eb.ref('excluded.updated_at'),
              ...(markScored ? { scored_size: eb.ref('excluded.scored_size') } : {}),
            })),
          )
          .execute();
      }
    });
  }
}
