import { createHash } from 'node:crypto';
import type { SemanticQuery } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { stableStringify } from '../../kernel/stable-stringify.js';

/**
 * Semantic queries under a content-derived key (the same query always gets the same key), in the
 * table that keeps result-page states: `/home?tabName=semantics&key=…` is a deep link. The text
 * can be 50000 characters, too long for a URL.
 */
export class SemanticQueryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async save(query: SemanticQuery): Promise<string> {
    const text = stableStringify({ semantic: query });
    const key = `s${createHash('sha256').update(text).digest('base64url').slice(0, 15)}`;
    await this.db
      .insertInto('search_states')
      .values({ key, state: text, created_at: new Date().toISOString() })
      // Saved again: its age starts anew (the retention job removes keys not saved for RETENTION_SEARCH_STATES_DAYS).
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ created_at: eb.ref('excluded.created_at') })))
      .execute();
    return key;
  }

  async find(key: string): Promise<SemanticQuery | undefined> {
    const row = await this.db.selectFrom('search_states').select('state').where('key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    const stored = JSON.parse(row.state) as { semantic?: SemanticQuery };
    return stored.semantic;
  }
}
