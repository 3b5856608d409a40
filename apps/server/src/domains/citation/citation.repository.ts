import { createHash } from 'node:crypto';
import type { CitationSearchDirection } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { stableStringify } from '../../kernel/stable-stringify.js';

/** What a citation set stands for: its seeds (stored publication numbers) and the direction. */
export interface CitationQuery {
  direction: CitationSearchDirection;
  seeds: string[];
}

/**
 * Citation searches under a content-derived key (the same seeds and direction always get the same
 * key, `citing-…` or `cited-…`), in the table that keeps result-page states, as semantic queries
 * are: `set=citation:<key>` on the result page is a deep link however many seeds there are.
 */
export class CitationQueryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async save(query: CitationQuery): Promise<string> {
    const text = stableStringify({ citation: { direction: query.direction, seeds: [...query.seeds].sort() } });
    const key = `${query.direction}-${createHash('sha256').update(text).digest('base64url').slice(0, 16)}`;
    await this.db
      .insertInto('search_states')
      .values({ key, state: text, created_at: new Date().toISOString() })
      // Saved again: its age starts anew (the retention job removes keys not saved for RETENTION_SEARCH_STATES_DAYS).
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ created_at: eb.ref('excluded.created_at') })))
      .execute();
    return key;
  }

  async find(key: string): Promise<CitationQuery | undefined> {
    const row = await this.db.selectFrom('search_states').select('state').where('key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    const stored = JSON.parse(row.state) as { citation?: CitationQuery };
    return stored.citation;
  }
}
