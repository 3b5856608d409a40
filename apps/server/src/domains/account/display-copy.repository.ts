import type { DisplayCopyItemSchema } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';

export type DisplayCopyItem = z.infer<typeof DisplayCopyItemSchema>;

/**
 * The site text served without a token (spec 1 §1, §7). Seeded by the migration with the spec's
 * defaults; operators replace it from /sys (PUT /api/product/sys/display/copy → replaceAll).
 */
export class DisplayCopyRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(): Promise<DisplayCopyItem[]> {
    return this.db.selectFrom('display_copy').select(['name', 'content']).orderBy('position').orderBy('name').execute();
  }

  /** The whole list at once, in the given order; a name given twice keeps its last content. */
  async replaceAll(items: readonly DisplayCopyItem[]): Promise<void> {
    const byName = new Map<string, string>();
    for (const item of items) {
      byName.delete(item.name);
      byName.set(item.name, item.content);
    }
    const updatedAt = this.now().toISOString();
    const rows = [...byName].map(([name, content], position) => ({ name, content, position, updated_at: updatedAt }));
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('display_copy').execute();
      if (rows.length > 0) await trx.insertInto('display_copy').values(rows).execute();
    });
  }
}
