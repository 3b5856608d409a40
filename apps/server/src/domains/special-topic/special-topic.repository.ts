import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SpecialTopicsTable } from '../../db/schema.js';

export type SpecialTopicRow = Selectable<SpecialTopicsTable>;

export interface SpecialTopicValues {
  nameZh: string;
  nameEn: string;
  expression: string;
  descriptionZh: string;
  descriptionEn: string;
  enabled: boolean;
}

/** The meta key set once the demo topics were written (an operator's deletions stay deleted). */
const SEEDED_KEY = 'special_topics_seeded';

/** Special topics of the home page (special_topics). */
export class SpecialTopicRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(options: { enabledOnly?: boolean } = {}): Promise<SpecialTopicRow[]> {
    let q = this.db.selectFrom('special_topics').selectAll();
    if (options.enabledOnly) q = q.where('enabled', '=', 1);
    return q.orderBy('sort_order').orderBy('created_at').execute();
  }

  find(id: string): Promise<SpecialTopicRow | undefined> {
    return this.db.selectFrom('special_topics').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('special_topics')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Adds a topic after the others; answers its id. */
  async insert(values: SpecialTopicValues, at: string): Promise<string> {
    const id = randomUUID();
    const last = await this.db
      .selectFrom('special_topics')
      .select((eb) => eb.fn.max('sort_order').as('m'))
      .executeTakeFirst();
    await this.db
      .insertInto('special_topics')
      .values({
        id,
        name_zh: values.nameZh,
        name_en: values.nameEn,
        expression: values.expression,
        description_zh: values.descriptionZh,
        description_en: values.descriptionEn,
        picture: null,
        enabled: values.enabled ? 1 : 0,
        sort_order: Number(last?.m ?? 0) + 1,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return id;
  }

  async update(id: string, values: Partial<SpecialTopicValues>, at: string): Promise<void> {
    await this.db
      .updateTable('special_topics')
      .set({
        ...(values.nameZh !== undefined ? { name_zh: values.nameZh } : {}),
        ...(values.nameEn !== undefined ? { name_en: values.nameEn } : {}),
        ...(values.expression !== undefined ? { expression: values.expression } : {}),
        ...(values.descriptionZh !== undefined ? { description_zh: values.descriptionZh } : {}),
        ...(values.descriptionEn !== undefined ? { description_en: values.descriptionEn } : {}),
        ...(values.enabled !== undefined ? { enabled: values.enabled ? 1 : 0 } : {}),
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  async setPicture(id: string, picture: string | null, at: string): Promise<void> {
    await this.db.updateTable('special_topics').set({ picture, updated_at: at }).where('id', '=', id).execute();
  }

  /** Places the topics in this order (ids: every topic once). */
  async reorder(ids: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const [i, id] of ids.entries()) {
        await trx
          .updateTable('special_topics')
          .set({ sort_order: i + 1 })
          .where('id', '=', id)
          .execute();
      }
    });
  }

  async remove(id: string): Promise<number> {
    const result = await this.db.deleteFrom('special_topics').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async isSeeded(): Promise<boolean> {
    const row = await this.db.selectFrom('meta').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
    return row !== undefined;
  }

  async markSeeded(at: string): Promise<void> {
    await this.db
      .insertInto('meta')
      .values({ key: SEEDED_KEY, value: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: at }))
      .execute();
  }
}
