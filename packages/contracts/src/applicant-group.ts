import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './auth.js';
import { PagedSchema } from './history.js';

/**
 * Applicant groups (申请人组, spec 2 §3, §5, §7; issue 46): a named set of applicant names, each
 * with its variants, shared with up to 5 users by e-mail and usable in any expression as
 * `PA=@组名` (the server writes it out as the names ORed). Shared by
 * apps/server/src/domains/applicant-group and apps/web/src/features/applicant-group. Paths are
 * under /api/product.
 */

/** Ours: the longest group name (spec 2 §5 "titles at most 20 characters"). */
export const MAX_APPLICANT_GROUP_NAME_LENGTH = 20;
/** Spec 2 §5 "applicants up to 100 per submission". */
export const MAX_APPLICANT_GROUP_MEMBERS = 100;
/** Ours: variants one applicant name may carry. */
export const MAX_APPLICANT_VARIANTS = 50;
/** Spec 2 §5 "names at most 100". */
export const MAX_APPLICANT_NAME_LENGTH = 100;
/** Issue 46: a group is shared with up to 5 users (and spec 2 §5: at most 5 e-mails at a time). */
export const MAX_APPLICANT_GROUP_SHARES = 5;
/** What marks a group in an expression: `PA=@组名`. */
export const APPLICANT_GROUP_MARK = '@';

/**
 * Spec 2 §5: Chinese and uppercase letters only, digits not allowed, lowercase converted to
 * uppercase. Returns the name as stored, or the error code of the first rule it breaks.
 */
export function normaliseApplicantGroupName(raw: string):
  | { ok: true; name: string }
  | {
      ok: false;
      code:
        | 'APPLICANT_GROUP_NAME_REQUIRED'
        | 'APPLICANT_GROUP_NAME_DIGITS'
        | 'APPLICANT_GROUP_NAME_CHARACTERS'
        | 'APPLICANT_GROUP_NAME_TOO_LONG';
    } {
  const name = raw.trim().toUpperCase();
  if (name === '') return { ok: false, code: 'APPLICANT_GROUP_NAME_REQUIRED' };
  if (/[0-9０-９]/.test(name)) return { ok: false, code: 'APPLICANT_GROUP_NAME_DIGITS' };
  if (!/^[\p{Script=Han}A-Z]+$/u.test(name)) return { ok: false, code: 'APPLICANT_GROUP_NAME_CHARACTERS' };
  if ([...name].length > MAX_APPLICANT_GROUP_NAME_LENGTH) return { ok: false, code: 'APPLICANT_GROUP_NAME_TOO_LONG' };
  return { ok: true, name };
}

const Id = z.string().min(1).max(64);
const ApplicantName = z.string().trim().min(1).max(MAX_APPLICANT_NAME_LENGTH);

export const ApplicantGroupMemberSchema = z.object({
  /** the applicant's name as searched */
  name: ApplicantName,
  /** other spellings of the same applicant (searched with it) */
  variants: z.array(ApplicantName).max(MAX_APPLICANT_VARIANTS).default([]),
});
export type ApplicantGroupMember = z.infer<typeof ApplicantGroupMemberSchema>;

export const ApplicantGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(z.object({ name: z.string(), variants: z.array(z.string()) })),
  /** 'owner': the caller's own group; 'shared': shared with the caller */
  role: z.enum(['owner', 'shared']),
  ownerName: z.string(),
  /** a group shared with the caller: waiting for the caller's confirmation, or accepted */
  shareStatus: z.enum(['pending', 'accepted']).optional(),
  /** the owner's view: how many users it is shared with (pending included) */
  sharedWith: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApplicantGroup = z.infer<typeof ApplicantGroupSchema>;

/** The name is checked by the service, with the spec's messages (normaliseApplicantGroupName). */
const GroupName = z.string().max(200);
const Members = z.array(ApplicantGroupMemberSchema).max(MAX_APPLICANT_GROUP_MEMBERS);

/** POST /applicantgroup/insert */
export const CreateApplicantGroupRequestSchema = z.object({ name: GroupName, members: Members });
/** PUT /applicantgroup/update */
export const UpdateApplicantGroupRequestSchema = z.object({ id: Id, name: GroupName, members: Members });
/** DELETE /applicantgroup/delete/{id} */
export const ApplicantGroupIdParamsSchema = z.object({ id: Id });
/** POST /applicantgroup/getShareInfoList */
export const ApplicantGroupIdRequestSchema = z.object({ id: Id });
export const ApplicantGroupListSchema = z.object({ items: z.array(ApplicantGroupSchema) });
/** POST /applicantgroup/page/list */
export const ApplicantGroupPageRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().max(100).optional(),
});
export const ApplicantGroupPageSchema = PagedSchema(ApplicantGroupSchema);

/** POST /applicantgroup/searchApplicant — names to add, from the standardised applicants (PA-STD). */
export const SearchApplicantRequestSchema = z.object({ keyword: z.string().trim().min(1).max(100) });
export const ApplicantSuggestionSchema = z.object({
  /** the standardised name */
  name: z.string(),
  /** patents under it */
  count: z.number().int(),
  /** the written names it merges */
  variants: z.array(z.string()),
});
export const ApplicantSuggestionListSchema = z.object({ items: z.array(ApplicantSuggestionSchema) });
export type ApplicantSuggestion = z.infer<typeof ApplicantSuggestionSchema>;

/** POST /applicantgroup/searchEmail — whether an address is a registered user the group can be shared with. */
export const SearchEmailRequestSchema = z.object({ email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH) });
export const SearchEmailResponseSchema = z.object({
  items: z.array(z.object({ email: z.string(), fullname: z.string() })),
});

/** POST /applicantgroup/share */
export const ShareApplicantGroupRequestSchema = z.object({
  id: Id,
  emails: z.array(z.string().trim().min(1).max(EMAIL_MAX_LENGTH)).min(1).max(50),
});
export const ShareApplicantGroupResponseSchema = z.object({ shared: z.number().int() });

export const ApplicantGroupShareSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullname: z.string(),
  status: z.enum(['pending', 'accepted']),
  since: z.string(),
});
export type ApplicantGroupShare = z.infer<typeof ApplicantGroupShareSchema>;
export const ApplicantGroupShareListSchema = z.object({ items: z.array(ApplicantGroupShareSchema) });

/** POST /applicantgroup/shareConfirm — the recipient accepts or declines a group shared with them. */
export const ConfirmApplicantGroupShareRequestSchema = z.object({ id: Id, accept: z.boolean() });
export const ApplicantGroupDoneSchema = z.object({ done: z.literal(true) });
