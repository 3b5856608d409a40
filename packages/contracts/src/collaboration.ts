import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './auth.js';
import { PagedSchema } from './history.js';
import { isInAppPath } from './in-app-path.js';
import { MAX_EXPRESSION_LENGTH } from './limits.js';

/**
 * Collaboration (spec 2 §7 "Groups", "Sharing" and "Messages"; issue 17): groups of registered
 * users, the message centre (invitations, shares, system notices) and sharing patents and saved
 * searches. Shared by apps/server/src/domains/{group,message,share} and the web features of the
 * same names. Paths are under /api/product.
 */

/** Ours: a group name, a share's message and a shared search's title. */
export const MAX_GROUP_NAME_LENGTH = 50;
export const MAX_SHARE_NOTE_LENGTH = 500;
export const MAX_SHARE_TITLE_LENGTH = 200;
/** Ours: patents one share may carry (the result page's selection of one page). */
export const MAX_SHARED_PATENTS = 100;

const Id = z.string().min(1).max(64);
const Email = z.string().trim().min(1).max(EMAIL_MAX_LENGTH);
/**
 * Recipients' e-mails. The count and duplicates are checked by the service (their own error codes,
 * with the spec's wording), so the schema only bounds the request's size.
 */
const Emails = z.array(Email).min(1).max(50);

// ---------------------------------------------------------------------------------------------
// Groups

export const GroupMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullname: z.string(),
  /** 'invited': the invitation waits in the user's message centre */
  status: z.enum(['active', 'invited']),
  isOwner: z.boolean(),
  since: z.string(),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

export const GroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  /** the caller's place in the group */
  role: z.enum(['owner', 'member']),
  /** active members, the owner included; invited users appear only in the owner's list */
  members: z.array(GroupMemberSchema),
  createdAt: z.string(),
});
export type Group = z.infer<typeof GroupSchema>;

const GroupName = z.string().trim().min(1).max(MAX_GROUP_NAME_LENGTH);

/** POST /group/insert/group */
export const CreateGroupRequestSchema = z.object({ name: GroupName });
/** POST /group/query/groupInfo — the caller's groups (owned or joined), or one of them. */
export const GroupInfoRequestSchema = z.object({ groupId: Id.optional() });
export const GroupListSchema = z.object({ items: z.array(GroupSchema) });
/** POST /group/update/groupName (owner) */
export const RenameGroupRequestSchema = z.object({ groupId: Id, name: GroupName });
/** POST /group/delete/group (owner: disbands it) and POST /group/dropOut/group (a member leaves). */
export const GroupIdRequestSchema = z.object({ groupId: Id });
/** POST /group/insert/groupMember (owner): invites registered users by e-mail. */
export const InviteGroupMembersRequestSchema = z.object({ groupId: Id, emails: Emails });
export const InviteResultSchema = z.object({ invited: z.number().int() });
/** POST /group/update/inviteMember (the invited user): accepts or declines. */
export const RespondGroupInviteRequestSchema = z.object({ groupId: Id, accept: z.boolean() });
/** POST /group/delete/groupMember (owner) */
export const RemoveGroupMemberRequestSchema = z.object({ groupId: Id, userId: Id });
export const DoneSchema = z.object({ done: z.literal(true) });

export type CreateGroupRequest = z.infer<typeof CreateGroupRequestSchema>;
export type InviteGroupMembersRequest = z.infer<typeof InviteGroupMembersRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Messages

/**
 * What a message is about. Invitations can be accepted or declined (their sender's domain is
 * called back); shares and notices are read only. The library domain adds its invitation here.
 */
export const MESSAGE_KINDS = [
  'groupInvite',
  'libraryInvite',
  'sharePatent',
  'shareSearch',
  'groupRemoved',
  'groupDisbanded',
  'groupJoined',
  'groupDeclined',
  'libraryJoined',
  'libraryDeclined',
  'libraryRemoved',
  'libraryDisbanded',
  'system',
] as const;
export const MessageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKindSchema>;

export const MESSAGE_CATEGORIES = ['invitation', 'share', 'system'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** Which tab of the message centre a kind is listed under. */
export function categoryOfMessageKind(kind: MessageKind): MessageCategory {
  if (kind === 'groupInvite' || kind === 'libraryInvite') return 'invitation';
  if (kind === 'sharePatent' || kind === 'shareSearch') return 'share';
  return 'system';
}

export const MessageSchema = z.object({
  id: z.string(),
  kind: MessageKindSchema,
  category: z.enum(MESSAGE_CATEGORIES),
  /** null: a system notice */
  sender: z.object({ userId: z.string(), fullname: z.string(), email: z.string() }).nullable(),
  /** what the kind's text is filled with (group name, patent numbers, search title…) */
  payload: z.record(z.string(), z.unknown()),
  isRead: z.boolean(),
  /** invitations only: null for other kinds */
  response: z.enum(['pending', 'accepted', 'declined', 'expired']).nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

/** POST /message/query/message */
export const ListMessagesRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  category: z.enum(MESSAGE_CATEGORIES).optional(),
  unreadOnly: z.boolean().optional(),
});
export type ListMessagesRequest = z.input<typeof ListMessagesRequestSchema>;
export type ListMessagesQuery = z.output<typeof ListMessagesRequestSchema>;
export const MessagePageSchema = PagedSchema(MessageSchema);
export type MessagePage = z.infer<typeof MessagePageSchema>;

/**
 * POST /message/update/status — marks one message read; with `response` on a pending invitation,
 * accepts or declines it (the inviting domain is called back).
 */
export const UpdateMessageStatusRequestSchema = z.object({
  id: Id,
  response: z.enum(['accept', 'decline']).optional(),
});
/** POST /message/batchUpdate/status — marks the chosen messages, or all, read. */
export const BatchUpdateMessageStatusRequestSchema = z.union([
  z.object({ ids: z.array(Id).min(1).max(1000) }),
  z.object({ all: z.literal(true) }),
]);
export const BatchUpdateResultSchema = z.object({ updated: z.number().int() });
/** GET /message/unreadMessage/count */
export const UnreadCountSchema = z.object({ count: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Sharing

const Note = z.string().trim().max(MAX_SHARE_NOTE_LENGTH).optional();

/** POST /share/insert/sharePatent */
export const SharePatentRequestSchema = z.object({
  emails: Emails,
  pns: z.array(z.string().trim().min(3).max(64)).min(1).max(MAX_SHARED_PATENTS),
  note: Note,
});
export type SharePatentRequest = z.infer<typeof SharePatentRequestSchema>;

/**
 * POST /share/insert/shareRetrievable — a result page state: `router` is the in-app URL (path and
 * query) that reopens it, as search history keeps it.
 */
export const ShareSearchRequestSchema = z.object({
  emails: Emails,
  title: z.string().trim().min(1).max(MAX_SHARE_TITLE_LENGTH),
  expression: z.string().max(MAX_EXPRESSION_LENGTH).optional(),
  router: z.string().max(20_000).refine(isInAppPath, 'an in-app path'),
  total: z.number().int().min(0).optional(),
  note: Note,
});
export type ShareSearchRequest = z.infer<typeof ShareSearchRequestSchema>;
export const ShareResultSchema = z.object({ shared: z.number().int() });

/** POST /share/query/sharePatent and /share/query/ShareRetrievable */
export const ListSharesRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** 'received': shared with me (default); 'sent': what I shared */
  direction: z.enum(['received', 'sent']).default('received'),
});
export type ListSharesRequest = z.input<typeof ListSharesRequestSchema>;
export type ListSharesQuery = z.output<typeof ListSharesRequestSchema>;

const Person = z.object({ userId: z.string(), fullname: z.string(), email: z.string() });

export const SharedPatentSchema = z.object({ pn: z.string(), title: z.string().optional() });
export const SharedSearchSchema = z.object({
  title: z.string(),
  expression: z.string().optional(),
  router: z.string(),
  total: z.number().int().optional(),
});

export const ShareItemSchema = z.object({
  id: z.string(),
  kind: z.enum(['patent', 'search']),
  sender: Person,
  recipient: Person,
  note: z.string().optional(),
  patents: z.array(SharedPatentSchema).optional(),
  search: SharedSearchSchema.optional(),
  createdAt: z.string(),
});
export type ShareItem = z.infer<typeof ShareItemSchema>;
export const SharePageSchema = PagedSchema(ShareItemSchema);
export type SharePage = z.infer<typeof SharePageSchema>;
