import { groupEndpoints, type Group } from '@patlas/contracts';
import { call } from '../../api/endpoint-call';
import type { Options } from '../../history-recording/api';

// The group calls (spec 2 §7 "Groups", all POST).

export function listGroups(options: Options): Promise<{ items: Group[] }> {
  return call(groupEndpoints.list, { body: {} }, options);
}

export function createGroup(name: string, options: Options): Promise<Group> {
  return call(groupEndpoints.create, { body: { name } }, options);
}

export function renameGroup(groupId: string, name: string, options: Options): Promise<Group> {
  return call(groupEndpoints.rename, { body: { groupId, name } }, options);
}

export function disbandGroup(groupId: string, options: Options): Promise<{ done: true }> {
  return call(groupEndpoints.disband, { body: { groupId } }, options);
}

export function inviteMembers(groupId: string, emails: string[], options: Options): Promise<{ invited: number }> {
  return call(groupEndpoints.invite, { body: { groupId, emails } }, options);
}

export function removeMember(groupId: string, userId: string, options: Options): Promise<{ done: true }> {
  return call(groupEndpoints.removeMember, { body: { groupId, userId } }, options);
}

export function leaveGroup(groupId: string, options: Options): Promise<{ done: true }> {
  return call(groupEndpoints.leave, { body: { groupId } }, options);
}
