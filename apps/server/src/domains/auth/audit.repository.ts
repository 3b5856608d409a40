import { randomUUID } from 'node:crypto';
import type { AUDIT_ACTIONS, AuditEntry } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditRecord {
  action: AuditAction;
  actorId?: string | null;
  actorEmail?: string | null;
  targetId?: string | null;
  ip?: string | null;
  detail?: Record<string, unknown>;
}

export interface AuditListFilter {
  page: number;
  pageSize: number;
  action?: AuditAction | undefined;
  /** entries where the user is the actor or the target */
  userId?: string | undefined;
}

/** The audit log: who did what to whom, when and from where. Append-only. */
export class AuditRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async record(entry: AuditRecord): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        id: randomUUID(),
        at: this.now().toISOString(),
        action: entry.action,
        actor_id: entry.actorId ?? null,
        actor_email: entry.actorEmail ?? null,
        target_id: entry.targetId ?? null,
        ip: entry.ip ?? null,
        detail: JSON.stringify(entry.detail ?? {}),
      })
      .execute();
  }

  /** Newest first. */
  async list(filter: AuditListFilter): Promise<{ total: number; items: AuditEntry[] }> {
    let query = this.db.selectFrom('audit_log');
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.userId) {
      const userId = filter.userId;
      query = query.where((eb) => eb.or([eb('actor_id', '=', userId), eb('target_id', '=', userId)]));
    }
    const countRow = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute();
    return {
      total: Number(countRow?.n ?? 0),
      items: rows.map((row) => ({
        id: row.id,
        at: row.at,
        action: row.action as AuditAction,
        actorId: row.actor_id,
        actorEmail: row.actor_email,
        targetId: row.target_id,
        ip: row.ip,
        detail: JSON.parse(row.detail) as Record<string, unknown>,
      })),
    };
  }
}
