import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UserGroupMembersTable, UserGroupsTable } from '../../db/schema.js';

export type GroupRow = Selectable<UserGroupsTable>;
export type GroupMemberRow = Selectable<UserGroupMembersTable>;

/** Groups and their members (tables user_groups, user_group_members). */
export class GroupRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Creates a group with its owner as its first active member. */
  async create(ownerId: string, name: string, createdAt: string): Promise<GroupRow> {
    const row: GroupRow = { id: randomUUID(), owner_id: ownerId, name, created_at: createdAt };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('user_groups').values(row).execute();
      await trx
        .insertInto('user_group_members')
        .values({ group_id: row.id, user_id: ownerId, status: 'active', created_at: createdAt })
        .execute();
    });
    return row;
  }

  findById(id: string): Promise<GroupRow | undefined> {
    return this.db.selectFrom('user_groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByOwnerAndName(ownerId: string, name: string): Promise<GroupRow | undefined> {
    return this.db
      .selectFrom('user_groups')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** The groups the user is an active member of (owned ones included), oldest first. */
  groupsOf(userId: string): Promise<GroupRow[]> {
    return this.db
      .selectFrom('user_groups as g')
      .innerJoin('user_group_members as m', 'm.group_id', 'g.id')
      .selectAll('g')
      .where('m.user_id', '=', userId)
      .where('m.status', '=', 'active')
      .orderBy('g.created_at')
      .orderBy('g.id')
      .execute();
  }

  membersOf(groupIds: readonly string[]): Promise<GroupMemberRow[]> {
    if (groupIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('user_group_members')
      .selectAll()
      .where('group_id', 'in', [...groupIds])
      .orderBy('created_at')
      .orderBy('user_id')
      .execute();
  }

  findMember(groupId: string, userId: string): Promise<GroupMemberRow | undefined> {
    return this.db
      .selectFrom('user_group_members')
      .selectAll()
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async rename(id: string, name: string): Promise<void> {
    await this.db.updateTable('user_groups').set({ name }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_group_members').where('group_id', '=', id).execute();
      await trx.deleteFrom('user_groups').where('id', '=', id).execute();
    });
  }

  async addInvited(groupId: string, userIds: readonly string[], createdAt: string): Promise<void> {
    if (userIds.length === 0) return;
    await this.db
      .insertInto('user_group_members')
      .values(
        userIds.map((userId) => ({
          group_id: groupId,
          user_id: userId,
          status: 'invited' as const,
          created_at: createdAt,
        })),
      )
      .execute();
  }

  /** Turns an invitation into membership; false when there was no invitation. */
  async activate(groupId: string, userId: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('user_group_members')
      .set({ status: 'active', created_at: at })
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .where('status', '=', 'invited')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async removeMember(groupId: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('user_group_members')
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
