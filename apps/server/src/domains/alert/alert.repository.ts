import type { Kysely, Selectable, Updateable } from 'kysely';
import { randomUUID } from 'node:crypto';
import type {
  AlertRecipientsTable,
  AlertRunPatentsTable,
  AlertRunsTable,
  AlertsTable,
  Database,
} from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';

export type AlertRow = Selectable<AlertsTable>;
export type AlertRunRow = Selectable<AlertRunsTable>;
export type AlertRunPatentRow = Selectable<AlertRunPatentsTable>;
export type AlertRecipientRow = Selectable<AlertRecipientsTable>;

const CHUNK = 400;

/** Alerts, their runs and each run's patents (issue 19). */
export class AlertRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // --- alerts ---

  async insert(row: AlertRow): Promise<void> {
    await this.db.insertInto('alerts').values(row).execute();
  }

  async update(id: string, patch: Updateable<AlertsTable>): Promise<void> {
    await this.db.updateTable('alerts').set(patch).where('id', '=', id).execute();
  }

  find(id: string): Promise<AlertRow | undefined> {
    return this.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByLibrary(userId: string, libraryId: string): Promise<AlertRow | undefined> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('user_id', '=', userId)
      .where('library_id', '=', libraryId)
      .orderBy('created_at')
      .executeTakeFirst();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('alerts').where('id', '=', id).execute();
  }

  async countOwned(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('alerts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // --- recipients (issue 41: double opt-in) ---

  /** The addresses an owner's alerts asked to mail, confirmed or not. */
  recipients(userId: string, emails?: readonly string[]): Promise<AlertRecipientRow[]> {
    let query = this.db.selectFrom('alert_recipients').selectAll().where('user_id', '=', userId);
    if (emails) query = query.where('email', 'in', emails.length > 0 ? [...emails] : ['']);
    return query.execute();
  }

  /**
   * A new confirmation link for an unconfirmed address of the owner (the row made if needed); an
   * older link stops working. A confirmed address is left as it is.
   */
  async setRecipientToken(userId: string, email: string, tokenHash: string, expiresAt: string, at: string) {
    await this.db
      .insertInto('alert_recipients')
      .values({
        id: randomUUID(),
        user_id: userId,
        email,
        confirmed_at: null,
        token_hash: tokenHash,
        token_expires_at: expiresAt,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'email'])
          .doUpdateSet({ token_hash: tokenHash, token_expires_at: expiresAt, updated_at: at })
          .where('alert_recipients.confirmed_at', 'is', null),
      )
      .execute();
  }

  /** A link whose mail could not be sent: saving the alert again sends a new one. */
  async clearRecipientToken(userId: string, email: string, tokenHash: string): Promise<void> {
    await this.db
      .updateTable('alert_recipients')
      .set({ token_hash: null, token_expires_at: null })
      .where('user_id', '=', userId)
      .where('email', '=', email)
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  findRecipientByToken(tokenHash: string): Promise<AlertRecipientRow | undefined> {
    return this.db.selectFrom('alert_recipients').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Confirms the address of this link unless a concurrent request did; false then. */
  async confirmRecipient(id: string, tokenHash: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('alert_recipients')
      .set({ confirmed_at: at, token_hash: null, token_expires_at: null, updated_at: at })
      .where('id', '=', id)
      .where('token_hash', '=', tokenHash)
      .where('confirmed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async page(
    userId: string,
    filter: { keyword?: string | undefined; type?: string | undefined; libraryId?: string | undefined },
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: AlertRow[] }> {
    let query = this.db.selectFrom('alerts').where('user_id', '=', userId);
    if (filter.type) query = query.where('type', '=', filter.type as AlertRow['type']);
    if (filter.libraryId) query = query.where('library_id', '=', filter.libraryId);
    if (filter.keyword?.trim()) {
      const like = `%${filter.keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb.or([eb('name', 'like', like), eb('content', 'like', like)]));
    }
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count.n), rows };
  }

  listOwned(userId: string, ids?: readonly string[]): Promise<AlertRow[]> {
    let query = this.db.selectFrom('alerts').selectAll().where('user_id', '=', userId);
    if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : ['']);
    return query.orderBy('created_at', 'desc').execute();
  }

  /** Switched-on alerts whose next run has come, earliest first. */
  due(now: string, limit: number): Promise<AlertRow[]> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('enabled', '=', 1)
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  // --- runs ---

  /**
   * The run of an alert for a scheduled time, and the alert's next run moved on, in one
   * transaction. The pair (alert, scheduled time) is unique: a second scheduler answers false.
   */
  async createRun(run: AlertRunRow, alertPatch: Updateable<AlertsTable>): Promise<boolean> {
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx.insertInto('alert_runs').values(run).execute();
        await trx.updateTable('alerts').set(alertPatch).where('id', '=', run.alert_id).execute();
      });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }

  findRun(id: string): Promise<AlertRunRow | undefined> {
    return this.db.selectFrom('alert_runs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateRun(id: string, patch: Updateable<AlertRunsTable>): Promise<void> {
    await this.db.updateTable('alert_runs').set(patch).where('id', '=', id).execute();
  }

  /** Runs not done yet, oldest first. */
  unfinishedRuns(limit: number): Promise<AlertRunRow[]> {
    return this.db
      .selectFrom('alert_runs')
      .selectAll()
      .where('state', '!=', 'done')
      .orderBy('scheduled_for')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a run for `worker` until `until`, unless another worker holds it: no run is evaluated or
   * mailed by two workers at once (PostgreSQL with several processes).
   */
  async claimRun(id: string, worker: string, now: string, until: string): Promise<boolean> {
    const result = await this.db
      .updateTable('alert_runs')
      .set({ claimed_by: worker, claimed_until: until })
      .where('id', '=', id)
      .where('state', '!=', 'done')
      .where((eb) =>
        eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now), eb('claimed_by', '=', worker)]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** At start: the claims of runs a previous process held (it is gone) are released. */
  async releaseClaims(): Promise<number> {
    const result = await this.db
      .updateTable('alert_runs')
      .set({ claimed_by: null, claimed_until: null })
      .where('state', '!=', 'done')
      .where('claimed_by', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async pageRuns(alertId: string, page: number, pageSize: number): Promise<{ total: number; rows: AlertRunRow[] }> {
    const base = this.db.selectFrom('alert_runs').where('alert_id', '=', alertId);
    const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('scheduled_for', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count.n), rows };
  }

  /** Per alert: runs done, and their new and changed patents. */
  async runTotals(alertIds: readonly string[]) {
    if (alertIds.length === 0) return [];
    return this.db
      .selectFrom('alert_runs')
      .select((eb) => [
        'alert_id',
        eb.fn.countAll<string | number>().as('runs'),
        eb.fn.sum<string | number | null>('new_count').as('new_count'),
        eb.fn.sum<string | number | null>('changed_count').as('changed_count'),
      ])
      .where('alert_id', 'in', [...alertIds])
      .where('state', '=', 'done')
      .groupBy('alert_id')
      .execute();
  }

  // --- a run's patents ---

  /** Replaces a run's patents (an evaluation repeated after a crash writes the same rows again). */
  async saveRunPatents(
    runId: string,
    rows: readonly Omit<AlertRunPatentRow, 'run_id'>[],
    runPatch: Updateable<AlertRunsTable>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('alert_run_patents').where('run_id', '=', runId).execute();
      for (let i = 0; i < rows.length; i += CHUNK) {
        await trx
          .insertInto('alert_run_patents')
          .values(rows.slice(i, i + CHUNK).map((r) => ({ run_id: runId, ...r })))
          .execute();
      }
      await trx.updateTable('alert_runs').set(runPatch).where('id', '=', runId).execute();
    });
  }

  runPatents(runId: string, options: { mask?: number; offset?: number; limit?: number } = {}) {
    let query = this.db.selectFrom('alert_run_patents').selectAll().where('run_id', '=', runId);
    if (options.mask) query = query.where((eb) => eb(eb('changes', '&', options.mask!), '!=', 0));
    query = query.orderBy('rank');
    if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
    return query.execute();
  }

  async countRunPatents(runId: string, mask?: number): Promise<number> {
    let query = this.db
      .selectFrom('alert_run_patents')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('run_id', '=', runId);
    if (mask) query = query.where((eb) => eb(eb('changes', '&', mask), '!=', 0));
    return Number((await query.executeTakeFirstOrThrow()).n);
  }
}
