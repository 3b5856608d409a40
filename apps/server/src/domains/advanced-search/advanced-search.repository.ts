import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AdvancedSearchTemplatesTable, Database } from '../../db/schema.js';

export type AdvancedSearchTemplateRow = Selectable<AdvancedSearchTemplatesTable>;

/** Advanced-search templates and last-used fields; every query is scoped to one owner. */
export class AdvancedSearchRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's templates: the default first, then oldest first (the order they were made). */
  listTemplates(userId: string): Promise<AdvancedSearchTemplateRow[]> {
    return this.db
      .selectFrom('advanced_search_templates')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async countTemplates(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('advanced_search_templates')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async findByName(userId: string, name: string): Promise<AdvancedSearchTemplateRow | undefined> {
    return this.db
      .selectFrom('advanced_search_templates')
      .selectAll()
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async findById(userId: string, id: string): Promise<AdvancedSearchTemplateRow | undefined> {
    return this.db
      .selectFrom('advanced_search_templates')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async hasDefault(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('advanced_search_templates')
      .select('id')
      .where('user_id', '=', userId)
      .where('is_default', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertTemplate(
    userId: string,
    template: { name: string; fields: readonly string[]; isDefault: boolean; createdAt: string },
  ): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('advanced_search_templates')
      .values({
        id,
        user_id: userId,
        name: template.name,
        fields: JSON.stringify(template.fields),
        is_default: template.isDefault ? 1 : 0,
        created_at: template.createdAt,
      })
      .execute();
    return id;
  }

  async deleteTemplate(userId: string, id: string): Promise<number> {
    const result = await this.db
      .deleteFrom('advanced_search_templates')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async getLastFields(userId: string): Promise<string[]> {
    const row = await this.db
      .selectFrom('advanced_search_last_fields')
      .select('fields')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.fields) as string[]) : [];
  }

  async setLastFields(userId: string, fields: readonly string[], updatedAt: string): Promise<void> {
    const json = JSON.stringify(fields);
    await this.db
      .insertInto('advanced_search_last_fields')
      .values({ user_id: userId, fields: json, updated_at: updatedAt })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ fields: json, updated_at: updatedAt }))
      .execute();
  }
}
