import {
  MAX_LIBRARY_MEMBERS,
  MAX_SHARE_RECIPIENTS,
  type LibraryMember,
  type LibraryLogAction,
  type LibrarySharedList,
  type SharedLibrary,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { MessageService } from '../message/index.js';
import { unknownPerson, type People } from '../../kernel/people.js';
import { resolveRecipients } from '../../kernel/recipients.js';
import { folderInTree, locateFolder, type LocatedFolder } from './library-access.js';
import type { LibraryMembersRepository } from './library-members.repository.js';
import { folderDto, FolderTree } from './library-tree.js';
import type { LibraryRepository, LibraryRow } from './library.repository.js';

export interface LibraryShareServiceDeps {
  libraries: LibraryRepository;
  members: LibraryMembersRepository;
  messages: MessageService;
  /** The active members of a group the caller belongs to (the group domain), for sharing with a group. */
  groupMembers: (userId: string, groupId: string) => Promise<{ name: string; userIds: string[] }>;
  people: People;
  now: Clock;
}

/**
 * Collaborative libraries (spec 2 §3, §7 /archive/v2/share*; issue 17): the owner shares a
 * library with registered users or a group; each accepts or declines from the message centre
 * (the `libraryInvite` callback); members leave; the owner removes members or disbands. What a
 * member may do inside the library is library-access.ts's and the library service's concern.
 */
export class LibraryShareService {
  constructor(private readonly deps: LibraryShareServiceDeps) {
    deps.messages.onInvitationAnswered('libraryInvite', (answer) =>
      this.applyAnswer(answer.userId, answer.subjectId, answer.accept),
    );
  }

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  private userOf(auth: AuthContext): string {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    return auth.userId;
  }

  private locate(folderId: string, userId: string): Promise<LocatedFolder> {
    return locateFolder(this.deps.libraries, this.deps.members, folderId, userId);
  }

  /** The library of a folder the caller owns; sharing needs it active (not archived, not in the bin). */
  private async owned(folderId: string, userId: string, needActive: boolean): Promise<LocatedFolder> {
    const located = await this.locate(folderId, userId);
    if (located.role !== 'owner') throw new AppError('LIBRARY_OWNER_ONLY');
    if (needActive && located.tree.stateOf(located.root) !== 'active') throw new AppError('LIBRARY_UNAVAILABLE');
    return located;
  }

  private async log(root: LibraryRow, userId: string, action: LibraryLogAction, detail?: string): Promise<void> {
    await this.deps.libraries.insertLog({
      rootId: root.id,
      folderId: root.id,
      folderName: root.name,
      userId,
      action,
      detail,
      createdAt: this.nowIso(),
    });
  }

  private payloadOf(root: LibraryRow): Record<string, unknown> {
    return { libraryId: root.id, libraryName: root.name };
  }

  /**
   * Invites registered users by e-mail (all checked before any is invited: spec 2 §5 at most 5
   * e-mails, none unknown or repeated, none already a member), or every member of a group the
   * owner belongs to (those already in the library are skipped and counted).
   */
  async invite(
    auth: AuthContext,
    body: { folderId: string; emails?: string[] | undefined; groupId?: string | undefined },
  ): Promise<{ invited: number; skipped: number }> {
    const userId = this.userOf(auth);
    const { root } = await this.owned(body.folderId, userId, true);
    const existing = new Map((await this.deps.members.membersOf([root.id])).map((m) => [m.user_id, m]));
    let invitees: { userId: string; groupId: string | null }[];
    let skipped = 0;
    if (body.emails) {
      const people = await resolveRecipients(this.deps.people, body.emails, MAX_SHARE_RECIPIENTS);
      for (const person of people) {
        if (person.userId === userId) throw new AppError('SHARE_TO_SELF');
        const member = existing.get(person.userId);
        if (member?.status === 'active') throw new AppError('LIBRARY_ALREADY_MEMBER', { email: person.email });
        if (member?.status === 'invited') throw new AppError('LIBRARY_ALREADY_INVITED', { email: person.email });
      }
      invitees = people.map((person) => ({ userId: person.userId, groupId: null }));
    } else {
      const group = await this.deps.groupMembers(userId, body.groupId!);
      const others = group.userIds.filter((id) => id !== userId);
      invitees = others.filter((id) => !existing.has(id)).map((id) => ({ userId: id, groupId: body.groupId! }));
      skipped = others.length - invitees.length;
      if (invitees.length === 0) throw new AppError('LIBRARY_SHARE_NOBODY_NEW');
    }
    if (existing.size + invitees.length > MAX_LIBRARY_MEMBERS) {
      throw new AppError('LIBRARY_TOO_MANY_MEMBERS', { max: MAX_LIBRARY_MEMBERS });
    }
    await this.deps.members.invite(root.id, invitees, this.nowIso());
    for (const invitee of invitees) {
      await this.deps.messages.invite({
        recipientId: invitee.userId,
        senderId: userId,
        kind: 'libraryInvite',
        subjectId: root.id,
        payload: this.payloadOf(root),
      });
    }
    const names = await this.deps.people.findByIds(invitees.map((i) => i.userId));
    await this.log(
      root,
      userId,
      'share',
      invitees.map((i) => (names.get(i.userId) ?? unknownPerson(i.userId)).email).join(', '),
    );
    return { invited: invitees.length, skipped };
  }

  /** The owner and members (invitations too, for the owner). */
  async members(auth: AuthContext, folderId: string): Promise<LibraryMember[]> {
    const userId = this.userOf(auth);
    const located = await this.locate(folderId, userId);
    const { root } = located;
    const rows = (await this.deps.members.membersOf([root.id])).filter(
      (row) => located.role === 'owner' || row.status === 'active',
    );
    const groupIds = [...new Set(rows.flatMap((row) => (row.group_id ? [row.group_id] : [])))];
    const groupNames = new Map<string, string>();
    for (const id of groupIds) {
      const name = await this.deps.groupMembers(root.owner_id, id).then(
        (group) => group.name,
        () => undefined,
      );
      if (name !== undefined) groupNames.set(id, name);
    }
    const people = await this.deps.people.findByIds([root.owner_id, ...rows.map((row) => row.user_id)]);
    const owner = people.get(root.owner_id) ?? unknownPerson(root.owner_id);
    return [
      {
        userId: owner.userId,
        email: owner.email,
        fullname: owner.fullname,
        status: 'active',
        isOwner: true,
        since: root.created_at,
        joinedAt: root.created_at,
      },
      ...rows.map((row): LibraryMember => {
        const person = people.get(row.user_id) ?? unknownPerson(row.user_id);
        const groupName = row.group_id ? groupNames.get(row.group_id) : undefined;
        return {
          userId: row.user_id,
          email: person.email,
          fullname: person.fullname,
          status: row.status,
          isOwner: false,
          ...(groupName !== undefined ? { groupName } : {}),
          since: row.invited_at,
          joinedAt: row.joined_at,
        };
      }),
    ];
  }

  /** The owner removes a member (who is told) or withdraws an invitation. */
  async removeMember(auth: AuthContext, folderId: string, memberId: string): Promise<void> {
    const userId = this.userOf(auth);
    const { root } = await this.owned(folderId, userId, false);
    const member = await this.deps.members.find(root.id, memberId);
    if (!member) throw new AppError('LIBRARY_NOT_A_MEMBER');
    await this.deps.members.remove(root.id, memberId);
    if (member.status === 'invited') {
      await this.deps.messages.withdrawInvitations('libraryInvite', root.id, memberId);
      return;
    }
    const person = (await this.deps.people.findByIds([memberId])).get(memberId) ?? unknownPerson(memberId);
    await this.log(root, userId, 'removeMember', person.email);
    await this.deps.messages.notify({
      recipientId: memberId,
      senderId: userId,
      kind: 'libraryRemoved',
      payload: this.payloadOf(root),
    });
  }

  /** The owner stops sharing: members are told, invitations expire; the library stays the owner's. */
  async disband(auth: AuthContext, folderId: string): Promise<void> {
    const userId = this.userOf(auth);
    const { root } = await this.owned(folderId, userId, false);
    const rows = await this.deps.members.membersOf([root.id]);
    await this.deps.members.removeAll(root.id);
    await this.deps.messages.withdrawInvitations('libraryInvite', root.id);
    for (const row of rows) {
      if (row.status !== 'active') continue;
      await this.deps.messages.notify({
        recipientId: row.user_id,
        senderId: userId,
        kind: 'libraryDisbanded',
        payload: this.payloadOf(root),
      });
    }
    await this.log(root, userId, 'disband');
  }

  /** A member leaves (also from an archived or deleted library: leaving needs no access to its content). */
  async quit(auth: AuthContext, folderId: string): Promise<void> {
    const userId = this.userOf(auth);
    const { root } = await folderInTree(this.deps.libraries, folderId);
    if (root.owner_id === userId) throw new AppError('LIBRARY_OWNER_CANNOT_LEAVE');
    const member = await this.deps.members.find(root.id, userId);
    if (member?.status !== 'active') throw new AppError('LIBRARY_NOT_FOUND');
    await this.deps.members.remove(root.id, userId);
    await this.log(root, userId, 'leave');
  }

  /** The invited caller accepts or declines (the same as answering the message). */
  async respond(auth: AuthContext, folderId: string, accept: boolean): Promise<void> {
    const userId = this.userOf(auth);
    // Invitations are for libraries: a sub-folder's id answers for its library.
    const located = await folderInTree(this.deps.libraries, folderId).catch(() => undefined);
    const answered = await this.deps.messages.answerInvitation(
      userId,
      'libraryInvite',
      located?.root.id ?? folderId,
      accept,
    );
    if (!answered) throw new AppError('LIBRARY_NO_INVITATION');
  }

  /** The invitation callback: membership on accept, the invitation gone on decline; the owner is told. */
  private async applyAnswer(userId: string, libraryId: string, accept: boolean): Promise<void> {
    const member = await this.deps.members.find(libraryId, userId);
    if (member?.status !== 'invited') throw new AppError('LIBRARY_NO_INVITATION');
    const { tree, folder: root } = await folderInTree(this.deps.libraries, libraryId);
    // Spec 2 §8: a library deleted or archived since the invitation cannot be joined.
    if (accept && tree.stateOf(root) !== 'active') throw new AppError('LIBRARY_UNAVAILABLE');
    if (accept) await this.deps.members.activate(libraryId, userId, this.nowIso());
    else await this.deps.members.remove(libraryId, userId);
    if (accept) await this.log(root, userId, 'join');
    await this.deps.messages.notify({
      recipientId: root.owner_id,
      senderId: userId,
      kind: accept ? 'libraryJoined' : 'libraryDeclined',
      payload: this.payloadOf(root),
    });
  }

  /** Libraries the caller shares (with members or invitations), then those shared with them. */
  async listShared(auth: AuthContext): Promise<LibrarySharedList> {
    const userId = this.userOf(auth);
    const entries: { root: LibraryRow; tree: FolderTree; role: 'owner' | 'member'; joinedAt: string | null }[] = [];
    const ownedIds = await this.deps.members.sharedLibraryIds(userId);
    if (ownedIds.length > 0) {
      const tree = new FolderTree(await this.deps.libraries.foldersOf(userId));
      for (const id of ownedIds) {
        const root = tree.get(id);
        if (root) entries.push({ root, tree, role: 'owner', joinedAt: null });
      }
    }
    const trees = new Map<string, FolderTree>();
    for (const membership of await this.deps.members.librariesOf(userId)) {
      const root = await this.deps.libraries.findFolder(membership.library_id);
      if (!root) continue;
      let tree = trees.get(root.owner_id);
      if (!tree) {
        tree = new FolderTree(await this.deps.libraries.foldersOf(root.owner_id));
        trees.set(root.owner_id, tree);
      }
      entries.push({ root: tree.get(root.id)!, tree, role: 'member', joinedAt: membership.joined_at });
    }
    const members = await this.deps.members.membersOf(entries.map((e) => e.root.id));
    const people = await this.deps.people.findByIds([...new Set(entries.map((e) => e.root.owner_id))]);
    const libraries: SharedLibrary[] = [];
    for (const entry of entries) {
      const { tree, root } = entry;
      const folders = tree.subtree(root).filter((f) => tree.stateOf(f) !== 'deleted' || f.id === root.id);
      const counts = await this.deps.libraries.countsByFolder(folders.map((f) => f.id));
      const own = members.filter((m) => m.library_id === root.id);
      const owner = people.get(root.owner_id) ?? unknownPerson(root.owner_id);
      libraries.push({
        library: folderDto(tree, root, counts),
        folders:
          entry.role === 'member' && tree.stateOf(root) !== 'active'
            ? []
            : folders.map((f) => folderDto(tree, f, counts)),
        role: entry.role,
        owner: { userId: owner.userId, email: owner.email, fullname: owner.fullname },
        memberCount: own.filter((m) => m.status === 'active').length,
        invitedCount: own.filter((m) => m.status === 'invited').length,
        joinedAt: entry.joinedAt,
      });
    }
    return { type: 'shared', libraries };
  }
}
