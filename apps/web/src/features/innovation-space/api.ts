import {
  accountEndpoints,
  disclosureEndpoints,
  duplicateEndpoints,
  rewriteEndpoints,
  type DisclosureKind,
  type DisclosureListResponse,
  type DuplicateListResponse,
  type MyFileListResponse,
  type PreEvaluationListResponse,
  type QuotaKind,
  type RewriteDayLimit,
  type RewriteListResponse,
} from '@patlas/contracts';
import { fileEndpoints, preEvaluationEndpoints } from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

// What the innovation space reads: each tool's own list call (spec 2 §7 where it names one), asked
// for the newest items only. The tools' pages own these calls; this feature only reads them.

type Options = Omit<RequestOptions, 'query'>;

/** `POST /user/limit`: per quota kind, the limit (null = unlimited) and what is used. */
export type UserLimit = Partial<Record<QuotaKind, { limit: number | null; used: number }>>;

/** `POST /disclosurePaper/list`: disclosures or application drafts, newest first. */
export function listDocuments(
  kind: DisclosureKind,
  pageSize: number,
  options: Options,
): Promise<DisclosureListResponse> {
  return call(disclosureEndpoints.list, { body: { page: 1, pageSize, kind } }, options);
}

/** `POST /apply/pre/result/list`: pre-evaluations and novelty searches. */
export function listPreEvaluations(pageSize: number, options: Options): Promise<PreEvaluationListResponse> {
  return call(preEvaluationEndpoints.list, { body: { page: 1, pageSize } }, options);
}

/** `POST /patent/getRepeatList`: duplicate checks. */
export function listDuplicateChecks(pageSize: number, options: Options): Promise<DuplicateListResponse> {
  return call(duplicateEndpoints.list, { body: { page: 1, pageSize } }, options);
}

/** `POST /patent/rewrite/list`: assisted-writing rewrites. */
export function listRewrites(pageSize: number, options: Options): Promise<RewriteListResponse> {
  return call(rewriteEndpoints.list, { body: { page: 1, pageSize } }, options);
}

/** `GET /file/my/file/list`: the user's files. */
export function listFiles(pageSize: number, options: Options): Promise<MyFileListResponse> {
  return call(fileEndpoints.list, { query: { page: 1, pageSize } }, options);
}

/** `POST /user/limit`: the account's quotas. */
export function getUserLimit(options: Options): Promise<UserLimit> {
  return call(accountEndpoints.userLimit, {}, options);
}

/** `GET /patent/rewrite/limit/day`: characters left today for assisted writing. */
export function getRewriteDayLimit(options: Options): Promise<RewriteDayLimit> {
  return call(rewriteEndpoints.dayLimit, {}, options);
}
