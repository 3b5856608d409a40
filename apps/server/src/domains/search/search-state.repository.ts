import { createHash } from 'node:crypto';
import type { SearchState } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { stableStringify } from '../patent/merge-patent.js';

/** Result-page states under a content-derived key: the same state always gets the same key. */
export class SearchStateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async save(state: SearchState): Promise<string> {
    const text = stableStringify(state);
    const key = createHash('sha256').update(text).digest('base64url').slice(0, 16);
    await this.db
      .insertInto('search_states')
      .values({ key, state: text, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return key;
  }

  async find(key: string): Promise<SearchState | undefined> {
    const row = await this.db.selectFrom('search_states').select('state').where('key', '=', key).executeTakeFirst();
    return row ? (JSON.parse(row.state) as SearchState) : undefined;
  }
}
