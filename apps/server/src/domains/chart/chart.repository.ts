import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type {
  ChartClassifiesTable,
  ChartColorsTable,
  ChartSizesTable,
  CustomChartsTable,
  Database,
} from '../../db/schema.js';

export type ChartColorRow = Selectable<ChartColorsTable>;
export type ChartSizeRow = Selectable<ChartSizesTable>;
export type ChartClassifyRow = Selectable<ChartClassifiesTable>;
export type CustomChartRow = Selectable<CustomChartsTable>;

/**
 * Rows of the chart tables. Every read and write names the owner, so one user's ids never reach
 * another user's rows.
 */
export class ChartRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // --- colours

  findColor(userId: string, item: string): Promise<ChartColorRow | undefined> {
    return this.db
      .selectFrom('chart_colors')
      .selectAll()
      .where('user_id', '=', userId)
      .where('item', '=', item)
      .executeTakeFirst();
  }

  listColors(userId: string): Promise<ChartColorRow[]> {
    return this.db.selectFrom('chart_colors').selectAll().where('user_id', '=', userId).orderBy('item').execute();
  }

  async upsertColor(
    userId: string,
    item: string,
    colorDetail: string,
    productAlias: string | null,
    now: string,
  ): Promise<ChartColorRow> {
    const existing = await this.findColor(userId, item);
    if (existing) {
      await this.db
        .updateTable('chart_colors')
        .set({ color_detail: colorDetail, product_alias: productAlias, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      return { ...existing, color_detail: colorDetail, product_alias: productAlias, updated_at: now };
    }
    const row: ChartColorRow = {
      id: randomUUID(),
      user_id: userId,
      item,
      color_detail: colorDetail,
      product_alias: productAlias,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('chart_colors').values(row).execute();
    return row;
  }

  async deleteColor(userId: string, id: string): Promise<ChartColorRow | undefined> {
    const row = await this.db
      .selectFrom('chart_colors')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (row) await this.db.deleteFrom('chart_colors').where('id', '=', id).execute();
    return row;
  }

  // --- sizes

  findSize(userId: string, item: string): Promise<ChartSizeRow | undefined> {
    return this.db
      .selectFrom('chart_sizes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('item', '=', item)
      .executeTakeFirst();
  }

  listSizes(userId: string): Promise<ChartSizeRow[]> {
    return this.db.selectFrom('chart_sizes').selectAll().where('user_id', '=', userId).orderBy('item').execute();
  }

  async upsertSize(userId: string, item: string, confName: string, confDetail: string, now: string) {
    const existing = await this.findSize(userId, item);
    if (existing) {
      await this.db
        .updateTable('chart_sizes')
        .set({ conf_name: confName, conf_detail: confDetail, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      return { ...existing, conf_name: confName, conf_detail: confDetail, updated_at: now };
    }
    const row: ChartSizeRow = {
      id: randomUUID(),
      user_id: userId,
      item,
      conf_name: confName,
      conf_detail: confDetail,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('chart_sizes').values(row).execute();
    return row;
  }

  async deleteSizes(userId: string, item: string | undefined): Promise<void> {
    let query = this.db.deleteFrom('chart_sizes').where('user_id', '=', userId);
    if (item !== undefined) query = query.where('item', '=', item);
    await query.execute();
  }

  // --- folders

  listClassifies(userId: string): Promise<ChartClassifyRow[]> {
    return this.db
      .selectFrom('chart_classifies')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async insertClassify(row: ChartClassifyRow): Promise<void> {
    await this.db.insertInto('chart_classifies').values(row).execute();
  }

  async updateClassify(userId: string, id: string, patch: { name: string; parent_id: string | null }): Promise<void> {
    await this.db
      .updateTable('chart_classifies')
      .set(patch)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** Deletes a folder; its deleted charts go back to "not in a folder" so they can still be restored. */
  async deleteClassify(userId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('custom_charts')
        .set({ classify_id: null })
        .where('user_id', '=', userId)
        .where('classify_id', '=', id)
        .execute();
      await trx.deleteFrom('chart_classifies').where('user_id', '=', userId).where('id', '=', id).execute();
    });
  }

  // --- charts

  listCharts(userId: string): Promise<CustomChartRow[]> {
    return this.db
      .selectFrom('custom_charts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
  }

  findChart(userId: string, id: string): Promise<CustomChartRow | undefined> {
    return this.db
      .selectFrom('custom_charts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async countActiveCharts(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('custom_charts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insertChart(row: CustomChartRow): Promise<void> {
    await this.db.insertInto('custom_charts').values(row).execute();
  }

  async updateChart(
    userId: string,
    id: string,
    patch: Partial<Omit<CustomChartRow, 'id' | 'user_id' | 'created_at'>>,
  ): Promise<void> {
    await this.db.updateTable('custom_charts').set(patch).where('user_id', '=', userId).where('id', '=', id).execute();
  }
}
