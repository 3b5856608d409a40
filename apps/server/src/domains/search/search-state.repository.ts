import { createHash } from 'node:crypto';
import { SearchStateSchema, type SearchState } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { stableStringify } from '../../kernel/stable-stringify.js';

/** Result-page states under a content-derived key: the same state always gets the same key. */
export class SearchStateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async save(state: SearchState): Promise<string> {
    const text = stableStringify(state);
    const key = createHash('sha256').update(text).digest('base64url').slice(0, 16);
    await this.db
      .insertInto('search_states')
      .values({ key, state: text, created_at: new Date().toISOString() })
      // Saved again: its age starts anew (the retention job removes keys not saved for RETENTION_SEARCH_STATES_DAYS).
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ created_at: eb.ref('excluded.created_at') })))
      .execute();
    return key;
  }

  /**
   * The state under `key`. The table also keeps semantic queries (SemanticQueryRepository): such
   * a key stands for the result page of that semantic search's ranked set, and is answered as
   * that state. Anything else that is not a result-page state is not found.
   */
  async find(key: string): Promise<SearchState | undefined> {
    const row = await this.db.selectFrom('search_states').select('state').where('key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    const stored: unknown = JSON.parse(row.state);
    if (stored !== null && typeof stored === 'object' && 'semantic' in stored) {
      return { searchExpre: '', set: { kind: 'semantic', key } };
    }
    const parsed = SearchStateSchema.safeParse(stored);
    return parsed.success ? parsed.data : undefined;
  }
}
