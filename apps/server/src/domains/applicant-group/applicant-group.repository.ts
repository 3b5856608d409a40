import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { ApplicantGroupSharesTable, ApplicantGroupsTable, Database } from '../../db/schema.js';

export type ApplicantGroupRow = Selectable<ApplicantGroupsTable>;
export type ApplicantGroupShareRow = Selectable<ApplicantGroupSharesTable>;
/** A group as one user sees it: their own, or shared with them (with the share's status). */
export type VisibleGroupRow = ApplicantGroupRow & { share_status: 'pending' | 'accepted' | null };

/** Applicant groups and their shares (tables applicant_groups, applicant_group_shares). */
export class ApplicantGroupRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(ownerId: string, name: string, members: string, at: string): Promise<ApplicantGroupRow> {
    const row: ApplicantGroupRow = {
      id: randomUUID(),
      owner_id: ownerId,
      name,
      members,
      created_at: at,
      updated_at: at,
    };
    await this.db.insertInto('applicant_groups').values(row).execute();
    return row;
  }

  findById(id: string): Promise<ApplicantGroupRow | undefined> {
    return this.db.selectFrom('applicant_groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByOwnerAndName(ownerId: string, name: string): Promise<ApplicantGroupRow | undefined> {
    return this.db
      .selectFrom('applicant_groups')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async update(id: string, name: string, members: string, at: string): Promise<void> {
    await this.db.updateTable('applicant_groups').set({ name, members, updated_at: at }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('applicant_group_shares').where('group_id', '=', id).execute();
      await trx.deleteFrom('applicant_groups').where('id', '=', id).execute();
    });
  }

  /** The user's own groups and those shared with them (pending or accepted), newest first. */
  async visibleTo(userId: string): Promise<VisibleGroupRow[]> {
    const own = await this.db.selectFrom('applicant_groups').selectAll().where('owner_id', '=', userId).execute();
    const shared = await this.db
      .selectFrom('applicant_groups as g')
      .innerJoin('applicant_group_shares as s', 's.group_id', 'g.id')
      .selectAll('g')
      .select('s.status as share_status')
      .where('s.user_id', '=', userId)
      .execute();
    return [...own.map((row) => ({ ...row, share_status: null })), ...shared].sort(
      (a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id),
    );
  }

  sharesOf(groupId: string): Promise<ApplicantGroupShareRow[]> {
    return this.db
      .selectFrom('applicant_group_shares')
      .selectAll()
      .where('group_id', '=', groupId)
      .orderBy('created_at')
      .orderBy('user_id')
      .execute();
  }

  async shareCounts(groupIds: readonly string[]): Promise<Map<string, number>> {
    if (groupIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('applicant_group_shares')
      .select(['group_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('group_id', 'in', [...groupIds])
      .groupBy('group_id')
      .execute();
    return new Map(rows.map((row) => [row.group_id, Number(row.n)]));
  }

  findShare(groupId: string, userId: string): Promise<ApplicantGroupShareRow | undefined> {
    return this.db
      .selectFrom('applicant_group_shares')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async addShares(groupId: string, userIds: readonly string[], at: string): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .insertInto('applicant_group_shares')
      .values(
        userIds.map((userId) => ({ group_id: groupId, user_id: userId, status: 'pending' as const, created_at: at })),
      )
      .execute();
  }

  async accept(groupId: string, userId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('applicant_group_shares')
      .set({ status: 'accepted', created_at: at })
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async removeShare(groupId: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('applicant_group_shares')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
