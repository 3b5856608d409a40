import { MAX_SHARE_RECIPIENTS, type Group, type GroupMember } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Clock } from '../../kernel/clock.js';
import type { MessageService } from '../message/index.js';
import { resolveRecipients } from '../../kernel/recipients.js';
import { unknownPerson, type People } from '../../kernel/people.js';
import type { GroupMemberRow, GroupRepository, GroupRow } from './group.repository.js';

/**
 * Groups of registered users (spec 2 §7 /group/*): the owner creates, renames, invites by e-mail,
 * removes members and disbands; an invited user accepts or declines from the message centre (or
 * /group/update/inviteMember); a member leaves. A group is seen only by its active members: to
 * anyone else it does not exist.
 */
export class GroupService {
  constructor(
    private readonly groups: GroupRepository,
    private readonly messages: MessageService,
    private readonly people: People,
    private readonly now: Clock,
  ) {
    messages.onInvitationAnswered('groupInvite', (answer) =>
      this.applyAnswer(answer.userId, answer.subjectId, answer.accept),
    );
  }

  async create(userId: string, name: string): Promise<Group> {
    const trimmed = name.trim();
    if (await this.groups.findByOwnerAndName(userId, trimmed)) throw new AppError('GROUP_NAME_EXISTS');
    try {
      const row = await this.groups.create(userId, trimmed, this.now().toISOString());
      return this.describe(row, userId);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('GROUP_NAME_EXISTS');
      throw error;
    }
  }

  /** The caller's groups (owned or joined), or the one asked for. */
  async list(userId: string, groupId?: string): Promise<Group[]> {
    if (groupId !== undefined) return [await this.describe(await this.memberGroup(userId, groupId), userId)];
    const rows = await this.groups.groupsOf(userId);
    return Promise.all(rows.map((row) => this.describe(row, userId)));
  }

  async rename(userId: string, groupId: string, name: string): Promise<Group> {
    const group = await this.ownedGroup(userId, groupId);
    const trimmed = name.trim();
    const clash = await this.groups.findByOwnerAndName(userId, trimmed);
    if (clash && clash.id !== group.id) throw new AppError('GROUP_NAME_EXISTS');
    try {
      await this.groups.rename(group.id, trimmed);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('GROUP_NAME_EXISTS');
      throw error;
    }
    return this.describe({ ...group, name: trimmed }, userId);
  }

  /** Disbands an owned group: its members are told, pending invitations expire. */
  async disband(userId: string, groupId: string): Promise<void> {
    const group = await this.ownedGroup(userId, groupId);
    const members = await this.groups.membersOf([group.id]);
    await this.groups.delete(group.id);
    await this.messages.withdrawInvitations('groupInvite', group.id);
    for (const member of members) {
      if (member.status !== 'active' || member.user_id === userId) continue;
      await this.messages.notify({
        recipientId: member.user_id,
        senderId: userId,
        kind: 'groupDisbanded',
        payload: { groupId: group.id, groupName: group.name },
      });
    }
  }

  /** Invites registered users by e-mail: all are checked before any is invited. */
  async invite(userId: string, groupId: string, emails: readonly string[]): Promise<number> {
    const group = await this.ownedGroup(userId, groupId);
    const people = await resolveRecipients(this.people, emails, MAX_SHARE_RECIPIENTS);
    for (const person of people) {
      const member = await this.groups.findMember(group.id, person.userId);
      if (member?.status === 'active') throw new AppError('GROUP_ALREADY_MEMBER', { email: person.email });
      if (member?.status === 'invited') throw new AppError('GROUP_ALREADY_INVITED', { email: person.email });
    }
    await this.groups.addInvited(
      group.id,
      people.map((person) => person.userId),
      this.now().toISOString(),
    );
    for (const person of people) {
      await this.messages.invite({
        recipientId: person.userId,
        senderId: userId,
        kind: 'groupInvite',
        subjectId: group.id,
        payload: { groupId: group.id, groupName: group.name },
      });
    }
    return people.length;
  }

  /** The invited caller accepts or declines (the same as answering the message). */
  async respond(userId: string, groupId: string, accept: boolean): Promise<void> {
    const answered = await this.messages.answerInvitation(userId, 'groupInvite', groupId, accept);
    if (!answered) throw new AppError('GROUP_NO_INVITATION');
  }

  async removeMember(userId: string, groupId: string, memberId: string): Promise<void> {
    const group = await this.ownedGroup(userId, groupId);
    if (memberId === group.owner_id) throw new AppError('GROUP_OWNER_CANNOT_LEAVE');
    const member = await this.groups.findMember(group.id, memberId);
    if (!member) throw new AppError('GROUP_NOT_A_MEMBER');
    await this.groups.removeMember(group.id, memberId);
    if (member.status === 'invited') {
      await this.messages.withdrawInvitations('groupInvite', group.id, memberId);
      return;
    }
    await this.messages.notify({
      recipientId: memberId,
      senderId: userId,
      kind: 'groupRemoved',
      payload: { groupId: group.id, groupName: group.name },
    });
  }

  async leave(userId: string, groupId: string): Promise<void> {
    const group = await this.memberGroup(userId, groupId);
    if (group.owner_id === userId) throw new AppError('GROUP_OWNER_CANNOT_LEAVE');
    await this.groups.removeMember(group.id, userId);
  }

  /**
   * The active members of a group the caller belongs to (the caller included): for sharing with a
   * whole group (collaborative libraries).
   */
  async memberIds(userId: string, groupId: string): Promise<string[]> {
    const group = await this.memberGroup(userId, groupId);
    const members = await this.groups.membersOf([group.id]);
    return members.filter((member) => member.status === 'active').map((member) => member.user_id);
  }

  /** The invitation callback: membership on accept, the invitation row gone on decline; the owner is told. */
  private async applyAnswer(userId: string, groupId: string, accept: boolean): Promise<void> {
    const group = await this.groups.findById(groupId);
    if (!group) throw new AppError('GROUP_NOT_FOUND');
    const member = await this.groups.findMember(groupId, userId);
    if (member?.status !== 'invited') throw new AppError('GROUP_NO_INVITATION');
    if (accept) await this.groups.activate(groupId, userId, this.now().toISOString());
    else await this.groups.removeMember(groupId, userId);
    await this.messages.notify({
      recipientId: group.owner_id,
      senderId: userId,
      kind: accept ? 'groupJoined' : 'groupDeclined',
      payload: { groupId: group.id, groupName: group.name },
    });
  }

  /** A group the caller is an active member of; any other is "not found" (no one learns it exists). */
  private async memberGroup(userId: string, groupId: string): Promise<GroupRow> {
    const group = await this.groups.findById(groupId);
    const member = group ? await this.groups.findMember(groupId, userId) : undefined;
    if (!group || member?.status !== 'active') throw new AppError('GROUP_NOT_FOUND');
    return group;
  }

  private async ownedGroup(userId: string, groupId: string): Promise<GroupRow> {
    const group = await this.memberGroup(userId, groupId);
    if (group.owner_id !== userId) throw new AppError('GROUP_OWNER_ONLY');
    return group;
  }

  private async describe(group: GroupRow, viewerId: string): Promise<Group> {
    const isOwner = group.owner_id === viewerId;
    const rows = (await this.groups.membersOf([group.id])).filter((row) => isOwner || row.status === 'active');
    const people = await this.people.findByIds([group.owner_id, ...rows.map((row) => row.user_id)]);
    const memberOf = (row: GroupMemberRow): GroupMember => {
      const person = people.get(row.user_id) ?? unknownPerson(row.user_id);
      return {
        userId: row.user_id,
        email: person.email,
        fullname: person.fullname,
        status: row.status,
        isOwner: row.user_id === group.owner_id,
        since: row.created_at,
      };
    };
    // The owner first, then members in the order they joined.
    const members = rows.map(memberOf).sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
    return {
      id: group.id,
      name: group.name,
      ownerId: group.owner_id,
      ownerName: (people.get(group.owner_id) ?? unknownPerson(group.owner_id)).fullname,
      role: isOwner ? 'owner' : 'member',
      members,
      createdAt: group.created_at,
    };
  }
}
