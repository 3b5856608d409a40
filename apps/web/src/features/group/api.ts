import type { Group } from '@patlas/contracts';
import { apiPost } from '../../api/client';
import type { Options } from '../../history-recording/api';

// The group calls (spec 2 §7 "Groups", all POST).

export function listGroups(options: Options): Promise<{ items: Group[] }> {
  return apiPost<{ items: Group[] }>('/product/group/query/groupInfo', {}, options);
}

export function createGroup(name: string, options: Options): Promise<Group> {
  return apiPost<Group>('/product/group/insert/group', { name }, options);
}

export function renameGroup(groupId: string, name: string, options: Options): Promise<Group> {
  return apiPost<Group>('/product/group/update/groupName', { groupId, name }, options);
}

export function disbandGroup(groupId: string, options: Options): Promise<{ done: true }> {
  return apiPost<{ done: true }>('/product/group/delete/group', { groupId }, options);
}

export function inviteMembers(groupId: string, emails: string[], options: Options): Promise<{ invited: number }> {
  return apiPost<{ invited: number }>('/product/group/insert/groupMember', { groupId, emails }, options);
}

export function removeMember(groupId: string, userId: string, options: Options): Promise<{ done: true }> {
  return apiPost<{ done: true }>('/product/group/delete/groupMember', { groupId, userId }, options);
}

export function leaveGroup(groupId: string, options: Options): Promise<{ done: true }> {
  return apiPost<{ done: true }>('/product/group/dropOut/group', { groupId }, options);
}
