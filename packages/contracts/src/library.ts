import { z } from 'zod';
import { CombineOperatorSchema, PagedSchema } from './history.js';
import {
  MAX_COLLECT_PATENTS,
  MAX_COLLECT_FOLDERS,
  MAX_LIBRARY_LABEL_NAME_LENGTH,
  MAX_LIBRARY_NAME_LENGTH,
  MAX_LIBRARY_REMARK_LENGTH,
  MAX_LIBRARY_REMOVE,
  MAX_SHARE_RECIPIENTS,
} from './limits.js';
import { ResultSetQuerySchema, SearchStateSchema } from './search.js';
import { KeywordSchema } from './keyword.js';

/**
 * Patent libraries (spec 2 §3 "Patent library", §4 states, §6, §7 /archive/v2/* and
 * /labelmanage/*, §9 favourites; issue 17). Shared by apps/server/src/domains/library and
 * apps/web/src/features/library. Every path is POST under /api/product.
 *
 * A library is a tree of folders (a top-level folder and its sub-folders, at most
 * MAX_LIBRARY_DEPTH levels); each folder holds patents in list order (the order they were
 * collected). The recycle bin is the folders in state `deleted`. A folder opens as a result set:
 * `/api/platform/data/search/query` with `set: { kind: 'library', key: folderId }`.
 */

// ---------------------------------------------------------------------------------------------
// Shared pieces

const IdSchema = z.string().min(1).max(64);
/** Numbers one request may carry; the service refuses above MAX_COLLECT_PATENTS with the spec's message. */
const MAX_COLLECT_REQUEST_NUMBERS = 100_000;
const PublicationNumberSchema = z.string().trim().min(3).max(64);

/** Spec 2 §4 "Libraries: active, archived, deleted" (deleted = in the recycle bin). */
export const LIBRARY_STATES = ['active', 'archived', 'deleted'] as const;
export const LibraryStateSchema = z.enum(LIBRARY_STATES);
export type LibraryState = z.infer<typeof LibraryStateSchema>;

/** Spec 2 §5 "names at most 100" (folders, saved expressions). */
export const LibraryNameSchema = z.string().trim().min(1).max(MAX_LIBRARY_NAME_LENGTH);
/** Spec 2 §5 "remark at most 100". */
export const LibraryRemarkSchema = z.string().trim().max(MAX_LIBRARY_REMARK_LENGTH);

/** One folder. The tree is the flat list in tree order (parents before children, siblings by name). */
export const LibraryFolderSchema = z.object({
  id: z.string(),
  /** null: a top-level folder (a library). */
  parentId: z.string().nullable(),
  /** The top-level folder of its tree (the library whose owner, log and state apply). */
  rootId: z.string(),
  name: z.string(),
  remark: z.string(),
  state: LibraryStateSchema,
  /** 1 for a top-level folder, at most MAX_LIBRARY_DEPTH. */
  level: z.number().int(),
  /** Patents in this folder itself. */
  count: z.number().int(),
  /** Patents in this folder and its sub-folders (a patent in two of them counts twice). */
  totalCount: z.number().int(),
  ownerId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When it went to the recycle bin (state deleted). */
  deletedAt: z.string().nullable(),
});
export type LibraryFolder = z.infer<typeof LibraryFolderSchema>;

/** The favourites quota (spec 2 §6: archived libraries do not count). limit null: unlimited. */
export const LibraryQuotaSchema = z.object({ used: z.number().int(), limit: z.number().int().nullable() });
export type LibraryQuota = z.infer<typeof LibraryQuotaSchema>;

/** A label as it is set on a patent. */
export const LibraryLabelRefSchema = z.object({ id: z.string(), name: z.string() });

/** One patent of a folder, in list order (`position` 1-based). */
export const LibraryPatentSchema = z.object({
  publicationNumber: z.string(),
  position: z.number().int(),
  addedAt: z.string(),
  title: z.string().optional(),
  applicants: z.array(z.string()),
  applicationNumber: z.string().optional(),
  applicationDate: z.string().optional(),
  publicationDate: z.string().optional(),
  labels: z.array(LibraryLabelRefSchema),
});
export type LibraryPatent = z.infer<typeof LibraryPatentSchema>;

/** A saved search expression (the archive, `/innovationSpace/collect?tab=searchExp`). */
export const SavedExpressionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The result page state it reopens as (expression, search within, filters, sort, view…). */
  state: SearchStateSchema,
  /** The state written as one expression (what combining uses). */
  expression: z.string(),
  /** Hits when it was saved. */
  total: z.number().int(),
  /**
   * Issue 48 item 5: the data version those hits were counted against (the state's `asOf`, else the
   * newest version then); reopened as of it, the search finds the same records. Absent on
   * expressions saved before it was kept.
   */
  dataVersion: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedExpression = z.infer<typeof SavedExpressionSchema>;

/**
 * A result set to collect whole (the result page's search: expression, search within, set source,
 * filters, merge, scope, sort). A set of more than MAX_COLLECT_PATENTS patents is refused (COLLECT_TOO_MANY).
 */
export const LibraryResultSetSchema = ResultSetQuerySchema;
export type LibraryResultSet = z.input<typeof LibraryResultSetSchema>;

// ---------------------------------------------------------------------------------------------
// POST /archive/v2/save

export const CreateFolderRequestSchema = z.object({
  action: z.literal('createFolder'),
  name: LibraryNameSchema,
  remark: LibraryRemarkSchema.default(''),
  /** Absent or null: a new top-level library. */
  parentId: IdSchema.nullish(),
});

/**
 * Collect patents into one or more folders: the chosen numbers (selected results, the detail page,
 * an analysis drill-down) or a whole result set. Spec 2 §9: at most MAX_COLLECT_PATENTS per
 * collect, and patents × folders at most MAX_COLLECT_PATENTS ("The total number of collections in
 * multiple folders cannot exceed 30,000 entries"). Patents a folder holds already are skipped.
 */
export const CollectRequestSchema = z
  .object({
    action: z.literal('collect'),
    folderIds: z.array(IdSchema).min(1).max(MAX_COLLECT_FOLDERS),
    /** More than MAX_COLLECT_PATENTS is refused with the spec's message (COLLECT_TOO_MANY), not here. */
    publicationNumbers: z.array(PublicationNumberSchema).min(1).max(MAX_COLLECT_REQUEST_NUMBERS).optional(),
    resultSet: LibraryResultSetSchema.optional(),
  })
  .refine((body) => (body.publicationNumbers === undefined) !== (body.resultSet === undefined), {
    message: 'publicationNumbers or resultSet (exactly one)',
    path: ['publicationNumbers'],
  });

export const SaveExpressionRequestSchema = z.object({
  action: z.literal('saveExpression'),
  name: LibraryNameSchema,
  state: SearchStateSchema,
});

/** JSON body of /archive/v2/save. (A file import is the same path as multipart, see LibraryImportQuerySchema.) */
export const LibrarySaveRequestSchema = z.discriminatedUnion('action', [
  CreateFolderRequestSchema,
  CollectRequestSchema,
  SaveExpressionRequestSchema,
]);
export type LibrarySaveRequest = z.input<typeof LibrarySaveRequestSchema>;

export const CollectFolderResultSchema = z.object({
  folderId: z.string(),
  added: z.number().int(),
  skipped: z.number().int(),
});

export const CollectResultSchema = z.object({
  /** Patents added, over all folders. */
  added: z.number().int(),
  /** Patents a folder held already, over all folders. */
  skipped: z.number().int(),
  folders: z.array(CollectFolderResultSchema),
  /** Chosen numbers that are not in the database (not collected). */
  notFound: z.array(z.string()),
});
export type CollectResult = z.infer<typeof CollectResultSchema>;

export const LibrarySaveResponseSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('createFolder'), folder: LibraryFolderSchema }),
  z.object({ action: z.literal('collect'), result: CollectResultSchema }),
  z.object({ action: z.literal('saveExpression'), expression: SavedExpressionSchema }),
]);
export type LibrarySaveResponse = z.infer<typeof LibrarySaveResponseSchema>;

/**
 * POST /archive/v2/save?action=import&folderId=… as multipart/form-data with one file (.txt, or
 * .xlsx with the numbers in the first column and, optionally, labels in the second, separated by
 * semicolons). Numbers are separated by commas, spaces, semicolons and line breaks (spec 2 §5) and
 * read in every written form (batch search's normaliser).
 */
export const LibraryImportQuerySchema = z.object({
  action: z.literal('import'),
  folderId: IdSchema,
});

export const LibraryImportLineSchema = z.object({ line: z.number().int(), value: z.string(), message: z.string() });

export const LibraryImportResponseSchema = z.object({
  action: z.literal('import'),
  /** Distinct numbers read from the file. */
  read: z.number().int(),
  added: z.number().int(),
  skipped: z.number().int(),
  /** Values that are not numbers, or numbers not in the database, with their line. */
  notFound: z.array(LibraryImportLineSchema),
  /** Problems beyond MAX_IMPORT_REPORTED_ERRORS, counted but not listed. */
  notFoundOmitted: z.number().int().optional(),
  /** Labels the import created (second column of a spreadsheet). */
  labelsCreated: z.number().int(),
});
export type LibraryImportResponse = z.infer<typeof LibraryImportResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /archive/v2/update

export const LibraryUpdateRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('rename'), folderId: IdSchema, name: LibraryNameSchema }),
  z.object({ action: z.literal('remark'), folderId: IdSchema, remark: LibraryRemarkSchema }),
  /** parentId null: becomes a top-level library. No cycles; the result stays within MAX_LIBRARY_DEPTH. */
  z.object({ action: z.literal('move'), folderId: IdSchema, parentId: IdSchema.nullable() }),
  /** Archives a top-level library and its sub-folders (spec 2 §6: archived libraries do not count). */
  z.object({ action: z.literal('archive'), folderId: IdSchema }),
  z.object({ action: z.literal('unarchive'), folderId: IdSchema }),
  z.object({ action: z.literal('renameExpression'), expressionId: IdSchema, name: LibraryNameSchema }),
]);
export type LibraryUpdateRequest = z.input<typeof LibraryUpdateRequestSchema>;

export const LibraryUpdateResponseSchema = z.object({
  folder: LibraryFolderSchema.optional(),
  expression: SavedExpressionSchema.optional(),
});
export type LibraryUpdateResponse = z.infer<typeof LibraryUpdateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /archive/v2/delete

export const LibraryDeleteRequestSchema = z.discriminatedUnion('action', [
  /** To the recycle bin (state deleted), with their sub-folders. */
  z.object({ action: z.literal('delete'), folderIds: z.array(IdSchema).min(1).max(100) }),
  /** Out of the recycle bin, back to the state they had (with the sub-folders deleted along with them). */
  z.object({ action: z.literal('restore'), folderIds: z.array(IdSchema).min(1).max(100) }),
  /** For good: only folders in the recycle bin. */
  z.object({ action: z.literal('purge'), folderIds: z.array(IdSchema).min(1).max(100) }),
  /**
   * Removes patents from a folder: the chosen numbers, or (all: true) the folder's patents. Spec 2
   * §9: at most MAX_LIBRARY_REMOVE at once, the first in list order; `remaining` says what is left.
   */
  z
    .object({
      action: z.literal('removePatents'),
      folderId: IdSchema,
      publicationNumbers: z.array(PublicationNumberSchema).min(1).max(MAX_LIBRARY_REMOVE).optional(),
      all: z.literal(true).optional(),
    })
    .refine((body) => (body.publicationNumbers === undefined) !== (body.all === undefined), {
      message: 'publicationNumbers or all (exactly one)',
      path: ['publicationNumbers'],
    }),
  z.object({ action: z.literal('deleteExpressions'), expressionIds: z.array(IdSchema).min(1).max(1000) }),
]);
export type LibraryDeleteRequest = z.input<typeof LibraryDeleteRequestSchema>;

export const LibraryDeleteResponseSchema = z.object({
  /** Folders, patents or expressions affected. */
  affected: z.number().int(),
  /** removePatents: patents the folder still holds. */
  remaining: z.number().int().optional(),
});
export type LibraryDeleteResponse = z.infer<typeof LibraryDeleteResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /archive/v2/list

export const LibraryListRequestSchema = z.discriminatedUnion('type', [
  /**
   * The caller's folder tree. `state`: active (default, with archived ones: the library page),
   * archived, deleted (the recycle bin: the deleted folders whose parent is not deleted) or all.
   */
  z.object({
    type: z.literal('folders'),
    state: z.enum(['current', 'active', 'archived', 'deleted', 'all']).default('current'),
  }),
  /** A folder's patents in list order, optionally those carrying a label. */
  z.object({
    type: z.literal('patents'),
    folderId: IdSchema,
    labelId: IdSchema.optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  /** Saved expressions, newest first, by name or expression keyword. */
  z.object({
    type: z.literal('expressions'),
    keyword: KeywordSchema.optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  /** Which of the caller's (non-deleted) folders hold each patent (result pages show it). */
  z.object({ type: z.literal('holding'), publicationNumbers: z.array(PublicationNumberSchema).min(1).max(200) }),
  /** Collaborative libraries: those the caller shares, and those shared with them (/collectCooperate). */
  z.object({ type: z.literal('shared') }),
]);
export type LibraryListRequest = z.input<typeof LibraryListRequestSchema>;

export const LibraryRoleSchema = z.enum(['owner', 'member']);
export const SharedLibrarySchema = z.object({
  /** The library (its top-level folder). */
  library: LibraryFolderSchema,
  /** Its folders in tree order (the top-level one first), without those in the recycle bin. */
  folders: z.array(LibraryFolderSchema),
  role: LibraryRoleSchema,
  owner: z.object({ userId: z.string(), email: z.string(), fullname: z.string() }),
  /** Active members besides the owner. */
  memberCount: z.number().int(),
  /** Invitations not answered yet. */
  invitedCount: z.number().int(),
  /** A member: when they joined. */
  joinedAt: z.string().nullable(),
});
export type SharedLibrary = z.infer<typeof SharedLibrarySchema>;

export const LibraryFolderListSchema = z.object({
  type: z.literal('folders'),
  folders: z.array(LibraryFolderSchema),
  quota: LibraryQuotaSchema,
  /**
   * The tree's "shared with me" node (current and active trees): the active libraries the caller
   * is a member of, each with its folders (issue 43).
   */
  sharedWithMe: z.array(SharedLibrarySchema).optional(),
});
export const LibraryPatentPageSchema = PagedSchema(LibraryPatentSchema).extend({
  type: z.literal('patents'),
  folder: LibraryFolderSchema,
});
export const SavedExpressionPageSchema = PagedSchema(SavedExpressionSchema).extend({ type: z.literal('expressions') });
export const LibraryHoldingSchema = z.object({
  type: z.literal('holding'),
  /** Publication number → the folders holding it (only numbers some folder holds). */
  holding: z.record(z.string(), z.array(z.object({ folderId: z.string(), name: z.string() }))),
  /** Publication number → the caller's labels set on it in any of their folders (only labelled numbers). */
  labels: z.record(z.string(), z.array(z.object({ id: z.string(), name: z.string() }))).optional(),
});

export type LibraryFolderList = z.infer<typeof LibraryFolderListSchema>;
export type LibraryPatentPage = z.infer<typeof LibraryPatentPageSchema>;
export type SavedExpressionPage = z.infer<typeof SavedExpressionPageSchema>;
export type LibraryHolding = z.infer<typeof LibraryHoldingSchema>;

// ---------------------------------------------------------------------------------------------
// POST /archive/v2/combined

/**
 * Saved expressions joined left to right with AND / OR / NOT (the first item's operator is
 * ignored), as search history combines entries. With `name`, the result is saved as a new
 * expression too.
 */
export const LibraryCombineRequestSchema = z.object({
  items: z
    .array(z.object({ id: IdSchema, operator: CombineOperatorSchema.default('AND') }))
    .min(2)
    .max(20),
  name: LibraryNameSchema.optional(),
});
export type LibraryCombineRequest = z.input<typeof LibraryCombineRequestSchema>;
export const LibraryCombineResponseSchema = z.object({
  expression: z.string(),
  total: z.number().int(),
  saved: SavedExpressionSchema.optional(),
});
export type LibraryCombineResponse = z.infer<typeof LibraryCombineResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /archive/v2/oper/log/list

export const LIBRARY_LOG_ACTIONS = [
  'create',
  'rename',
  'remark',
  'move',
  'archive',
  'unarchive',
  'delete',
  'restore',
  'collect',
  'import',
  'remove',
  'label',
  'unlabel',
  'share',
  'join',
  'leave',
  'removeMember',
  'disband',
] as const;
export const LibraryLogActionSchema = z.enum(LIBRARY_LOG_ACTIONS);
export type LibraryLogAction = z.infer<typeof LibraryLogActionSchema>;

/** The log of the library (the tree) holding `folderId`, newest first. */
export const LibraryLogListRequestSchema = z.object({
  folderId: IdSchema,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type LibraryLogListRequest = z.input<typeof LibraryLogListRequestSchema>;

export const LibraryLogItemSchema = z.object({
  id: z.string(),
  folderId: z.string(),
  /** The folder's name when the action was done. */
  folderName: z.string(),
  userId: z.string(),
  userName: z.string(),
  action: LibraryLogActionSchema,
  /** How many patents (collect, import, remove, label, unlabel); the new name (rename) … */
  count: z.number().int().optional(),
  detail: z.string().optional(),
  createdAt: z.string(),
});
export type LibraryLogItem = z.infer<typeof LibraryLogItemSchema>;
export const LibraryLogPageSchema = PagedSchema(LibraryLogItemSchema);

// ---------------------------------------------------------------------------------------------
// Indexing labels: POST /labelmanage/list, /labelmanage/set, /labelmanage/cancel

/** Labels are the owner's, shared by all their libraries: a label and its sub-labels (two levels). */
export const LibraryLabelSchema = z.object({
  id: z.string(),
  /** null: a top-level label. */
  parentId: z.string().nullable(),
  name: z.string(),
  /** With a folderId in the list request: the folder's patents carrying this label. */
  count: z.number().int().optional(),
  createdAt: z.string(),
});
export type LibraryLabel = z.infer<typeof LibraryLabelSchema>;

export const LabelNameSchema = z.string().trim().min(1).max(MAX_LIBRARY_LABEL_NAME_LENGTH);

export const LabelListRequestSchema = z.object({ folderId: IdSchema.optional() });
/** Top-level labels first, each followed by its sub-labels, by name. */
export const LabelListResponseSchema = z.object({ labels: z.array(LibraryLabelSchema) });
export type LabelListResponse = z.infer<typeof LabelListResponseSchema>;

export const LabelSetRequestSchema = z.discriminatedUnion('action', [
  /** A new label, or a sub-label under a top-level label. Names are unique among siblings. */
  z.object({ action: z.literal('create'), name: LabelNameSchema, parentId: IdSchema.nullish() }),
  z.object({ action: z.literal('rename'), labelId: IdSchema, name: LabelNameSchema }),
  /** Sets labels on patents of a folder (patents the folder does not hold are ignored). */
  z.object({
    action: z.literal('apply'),
    folderId: IdSchema,
    labelIds: z.array(IdSchema).min(1).max(50),
    publicationNumbers: z.array(PublicationNumberSchema).min(1).max(MAX_COLLECT_PATENTS),
  }),
]);
export type LabelSetRequest = z.input<typeof LabelSetRequestSchema>;
export const LabelSetResponseSchema = z.object({
  label: LibraryLabelSchema.optional(),
  /** apply: label-patent pairs added. */
  affected: z.number().int().optional(),
});
export type LabelSetResponse = z.infer<typeof LabelSetResponseSchema>;

export const LabelCancelRequestSchema = z.discriminatedUnion('action', [
  /** Takes labels off patents of a folder. */
  z.object({
    action: z.literal('remove'),
    folderId: IdSchema,
    labelIds: z.array(IdSchema).min(1).max(50),
    publicationNumbers: z.array(PublicationNumberSchema).min(1).max(MAX_COLLECT_PATENTS),
  }),
  /** Deletes a label (spec 2 §5: only when it has no sub-labels); it leaves every patent. */
  z.object({ action: z.literal('delete'), labelId: IdSchema }),
]);
export type LabelCancelRequest = z.input<typeof LabelCancelRequestSchema>;
export const LabelCancelResponseSchema = z.object({ affected: z.number().int() });
export type LabelCancelResponse = z.infer<typeof LabelCancelResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Collaborative libraries: POST /archive/v2/share, /archive/v2/share/quit, /archive/v2/share/status/update

/**
 * The caller's role in a library: its owner, or a member it was shared with. Members open, search,
 * analyse, collect into, import into and label its folders; only the owner creates, renames,
 * moves, archives or deletes folders, and shares (spec 2 §3: "regular members cannot create
 * sub-folders; the owner can remove members, disband or archive").
 */
export type LibraryRole = z.infer<typeof LibraryRoleSchema>;

export const LibraryMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullname: z.string(),
  /** 'invited': the invitation waits in the user's message centre. The owner is listed first, active. */
  status: z.enum(['active', 'invited']),
  isOwner: z.boolean(),
  /** The group the invitation went through. */
  groupName: z.string().optional(),
  /** Invited (or, for the owner, created). */
  since: z.string(),
  joinedAt: z.string().nullable(),
});
export type LibraryMember = z.infer<typeof LibraryMemberSchema>;

/** One collaborative library as the caller sees it (/innovationSpace/collectCooperate). */

export const LibrarySharedListSchema = z.object({
  type: z.literal('shared'),
  /** Libraries the caller shares (with members or invitations), then those shared with them. */
  libraries: z.array(SharedLibrarySchema),
});
export type LibrarySharedList = z.infer<typeof LibrarySharedListSchema>;

const EmailSchema = z.string().trim().email().max(254);

export const LibraryShareRequestSchema = z.discriminatedUnion('action', [
  /**
   * The owner invites registered users (at most MAX_SHARE_RECIPIENTS e-mails per action) or the
   * members of a group they belong to; each accepts or declines from the message centre. An active
   * library only (not archived, not in the recycle bin).
   */
  z
    .object({
      action: z.literal('invite'),
      folderId: IdSchema,
      emails: z.array(EmailSchema).min(1).max(100).optional(),
      groupId: IdSchema.optional(),
    })
    .refine((body) => (body.emails === undefined) !== (body.groupId === undefined), {
      message: 'emails or groupId (exactly one)',
      path: ['emails'],
    }),
  /** The owner and the members of the library (owner and members; invitations for the owner only). */
  z.object({ action: z.literal('members'), folderId: IdSchema }),
  /** The owner removes a member or withdraws an invitation. */
  z.object({ action: z.literal('remove'), folderId: IdSchema, userId: IdSchema }),
  /** The owner stops sharing: every member and invitation goes; the library stays the owner's. */
  z.object({ action: z.literal('disband'), folderId: IdSchema }),
]);
export type LibraryShareRequest = z.input<typeof LibraryShareRequestSchema>;

export const LibraryShareResponseSchema = z.object({
  action: z.enum(['invite', 'members', 'remove', 'disband']),
  /** invite: invitations sent; group members already in the library (or the owner) are skipped. */
  invited: z.number().int().optional(),
  skipped: z.number().int().optional(),
  members: z.array(LibraryMemberSchema).optional(),
});
export type LibraryShareResponse = z.infer<typeof LibraryShareResponseSchema>;

/** A member leaves a library shared with them. */
export const LibraryQuitRequestSchema = z.object({ folderId: IdSchema });
/** The invited caller accepts or declines (the same as answering the message-centre invitation). */
export const LibraryShareStatusRequestSchema = z.object({ folderId: IdSchema, accept: z.boolean() });
export const LibraryShareDoneSchema = z.object({ done: z.literal(true) });

/** Spec 2 §5 "at most 5 e-mails at a time", for one invite action. */
export const MAX_LIBRARY_INVITE_EMAILS = MAX_SHARE_RECIPIENTS;

/** The answer of /archive/v2/list, by request type. */
export const LibraryListResponseSchema = z.discriminatedUnion('type', [
  LibraryFolderListSchema,
  LibraryPatentPageSchema,
  SavedExpressionPageSchema,
  LibraryHoldingSchema,
  LibrarySharedListSchema,
]);
export type LibraryListResponse = z.infer<typeof LibraryListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /archive/v2/export

export const LIBRARY_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const LibraryExportFormatSchema = z.enum(LIBRARY_EXPORT_FORMATS);
export type LibraryExportFormat = z.infer<typeof LibraryExportFormatSchema>;

/**
 * POST /archive/v2/export: a folder with its sub-folders (those in the recycle bin left out) as a
 * spreadsheet, one row per patent of each folder: the folder's path, the patent's number, title,
 * applicants, dates, its labels and when it was collected. Answers the file itself.
 */
export const LibraryExportRequestSchema = z.object({
  folderId: z.string().min(1).max(64),
  format: LibraryExportFormatSchema.default('xlsx'),
});
export type LibraryExportRequest = z.input<typeof LibraryExportRequestSchema>;
