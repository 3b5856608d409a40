import type { Kysely, Selectable } from 'kysely';
import type { Database, LibraryMembersTable } from '../../db/schema.js';

export type LibraryMemberRow = Selectable<LibraryMembersTable>;

/** The users libraries are shared with (table library_members). */
export class LibraryMembersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(libraryId: string, userId: string): Promise<LibraryMemberRow | undefined> {
    return this.db
      .selectFrom('library_members')
      .selectAll()
      .where('library_id', '=', libraryId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Members and invitations of libraries, in the order they were invited. */
  membersOf(libraryIds: readonly string[]): Promise<LibraryMemberRow[]> {
    if (libraryIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('library_members')
      .selectAll()
      .where('library_id', 'in', [...libraryIds])
      .orderBy('invited_at')
      .orderBy('user_id')
      .execute();
  }

  /** The libraries the user is an active member of. */
  async librariesOf(userId: string): Promise<LibraryMemberRow[]> {
    return this.db
      .selectFrom('library_members')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .orderBy('joined_at')
      .execute();
  }

  /** The libraries of an owner that have members or invitations. */
  async sharedLibraryIds(ownerId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('library_members as m')
      .innerJoin('libraries as l', 'l.id', 'm.library_id')
      .select('m.library_id')
      .distinct()
      .where('l.owner_id', '=', ownerId)
      .execute();
    return rows.map((row) => row.library_id);
  }

  async invite(
    libraryId: string,
    invitations: readonly { userId: string; groupId: string | null }[],
    at: string,
  ): Promise<void> {
    if (invitations.length === 0) return;
    await this.db
      .insertInto('library_members')
      .values(
        invitations.map((i) => ({
          library_id: libraryId,
          user_id: i.userId,
          status: 'invited' as const,
          group_id: i.groupId,
          invited_at: at,
          joined_at: null,
        })),
      )
      .execute();
  }

  async activate(libraryId: string, userId: string, at: string): Promise<void> {
    await this.db
      .updateTable('library_members')
      .set({ status: 'active', joined_at: at })
      .where('library_id', '=', libraryId)
      .where('user_id', '=', userId)
      .execute();
  }

  async remove(libraryId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom('library_members')
      .where('library_id', '=', libraryId)
      .where('user_id', '=', userId)
      .execute();
  }

  async removeAll(libraryId: string): Promise<void> {
    await this.db.deleteFrom('library_members').where('library_id', '=', libraryId).execute();
  }
}
