import { endpoint } from '../endpoint.js';
import {
  CreateGroupRequestSchema,
  DoneSchema,
  GroupIdRequestSchema,
  GroupInfoRequestSchema,
  GroupListSchema,
  GroupSchema,
  InviteGroupMembersRequestSchema,
  InviteResultSchema,
  RemoveGroupMemberRequestSchema,
  RenameGroupRequestSchema,
  RespondGroupInviteRequestSchema,
} from '../collaboration.js';

/** Groups (spec 2 §7 "Groups", all POST). */
export const groupEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/product/group/insert/group',
    body: CreateGroupRequestSchema,
    response: GroupSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/product/group/query/groupInfo',
    body: GroupInfoRequestSchema,
    response: GroupListSchema,
  }),
  rename: endpoint({
    method: 'POST',
    path: '/product/group/update/groupName',
    body: RenameGroupRequestSchema,
    response: GroupSchema,
  }),
  disband: endpoint({
    method: 'POST',
    path: '/product/group/delete/group',
    body: GroupIdRequestSchema,
    response: DoneSchema,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/product/group/insert/groupMember',
    body: InviteGroupMembersRequestSchema,
    response: InviteResultSchema,
  }),
  respond: endpoint({
    method: 'POST',
    path: '/product/group/update/inviteMember',
    body: RespondGroupInviteRequestSchema,
    response: DoneSchema,
  }),
  removeMember: endpoint({
    method: 'POST',
    path: '/product/group/delete/groupMember',
    body: RemoveGroupMemberRequestSchema,
    response: DoneSchema,
  }),
  leave: endpoint({
    method: 'POST',
    path: '/product/group/dropOut/group',
    body: GroupIdRequestSchema,
    response: DoneSchema,
  }),
};
