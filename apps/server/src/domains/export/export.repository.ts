import type { TaskState } from '@patlas/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DownloadTasksTable, ExportTemplatesTable } from '../../db/schema.js';
import { pageOf } from '../../tasks/task.repository.js';

export type ExportTemplateRow = Selectable<ExportTemplatesTable>;
export type DownloadTaskRow = Selectable<DownloadTasksTable>;

/** Export templates, each user's field preferences and the download tasks (their states: the task kit's TaskRepository). */
export class ExportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // --- templates ---

  listTemplates(userId: string): Promise<ExportTemplateRow[]> {
    return this.db
      .selectFrom('export_templates')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async countTemplates(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('export_templates')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  findTemplate(userId: string, id: string): Promise<ExportTemplateRow | undefined> {
    return this.db
      .selectFrom('export_templates')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findTemplateByName(userId: string, name: string): Promise<ExportTemplateRow | undefined> {
    return this.db
      .selectFrom('export_templates')
      .selectAll()
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async insertTemplate(row: ExportTemplateRow): Promise<void> {
    await this.db.insertInto('export_templates').values(row).execute();
  }

  async updateTemplate(userId: string, id: string, patch: { name: string; fields: string; updated_at: string }) {
    await this.db
      .updateTable('export_templates')
      .set(patch)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  async deleteTemplate(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('export_templates')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  // --- preferences ---

  findPreferences(userId: string) {
    return this.db.selectFrom('export_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** Sets the field order, the last export's fields, or adds directly exported rows. */
  async savePreferences(
    userId: string,
    at: string,
    patch: { fieldOrder?: string; lastFields?: string; addDirectRows?: number },
  ): Promise<void> {
    await this.db
      .insertInto('export_preferences')
      .values({
        user_id: userId,
        field_order: patch.fieldOrder ?? null,
        last_fields: patch.lastFields ?? null,
        direct_rows: patch.addDirectRows ?? 0,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          updated_at: at,
          ...(patch.fieldOrder !== undefined ? { field_order: patch.fieldOrder } : {}),
          ...(patch.lastFields !== undefined ? { last_fields: patch.lastFields } : {}),
          ...(patch.addDirectRows !== undefined
            ? { direct_rows: eb('export_preferences.direct_rows', '+', patch.addDirectRows) }
            : {}),
        })),
      )
      .execute();
  }

  // --- download tasks ---

  pageTasks(
    userId: string,
    filter: { page: number; pageSize: number; state?: TaskState | undefined },
  ): Promise<{ total: number; rows: DownloadTaskRow[] }> {
    let query = this.db.selectFrom('download_tasks').where('user_id', '=', userId);
    if (filter.state) query = query.where('state', '=', filter.state);
    return pageOf(
      query,
      (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
      filter.page,
      filter.pageSize,
    );
  }

  /** Rows the user exported: finished tasks, direct exports, and finished tasks the retention job removed since. */
  async exportedRows(userId: string): Promise<number> {
    const tasks = await this.db
      .selectFrom('download_tasks')
      .select((eb) => eb.fn.sum<string | number | null>('total').as('n'))
      .where('user_id', '=', userId)
      .where('state', '=', 'done')
      .executeTakeFirstOrThrow();
    const direct = await this.findPreferences(userId);
    return Number(tasks.n ?? 0) + Number(direct?.direct_rows ?? 0) + Number(direct?.pruned_rows ?? 0);
  }
}
