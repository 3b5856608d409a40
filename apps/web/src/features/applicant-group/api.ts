import {
  applicantGroupEndpoints as endpoints,
  type ApplicantGroup,
  type ApplicantGroupMember,
  type ApplicantGroupShare,
  type ApplicantSuggestion,
} from '@patlas/contracts';
import { call } from '../../api/endpoint-call';
import type { Options } from '../../history-recording/api';

// The applicant-group calls (spec 2 §7 "Applicant groups").

export function listApplicantGroups(options: Options): Promise<{ items: ApplicantGroup[] }> {
  return call(endpoints.list, {}, options);
}

export function createApplicantGroup(
  input: { name: string; members: ApplicantGroupMember[] },
  options: Options,
): Promise<ApplicantGroup> {
  return call(endpoints.insert, { body: input }, options);
}

export function updateApplicantGroup(
  input: { id: string; name: string; members: ApplicantGroupMember[] },
  options: Options,
): Promise<ApplicantGroup> {
  return call(endpoints.update, { body: input }, options);
}

export function deleteApplicantGroup(id: string, options: Options): Promise<{ done: true }> {
  return call(endpoints.delete, { params: { id } }, options);
}

export function searchApplicants(keyword: string, options: Options): Promise<{ items: ApplicantSuggestion[] }> {
  return call(endpoints.searchApplicant, { body: { keyword } }, options);
}

export function shareApplicantGroup(id: string, emails: string[], options: Options): Promise<{ shared: number }> {
  return call(endpoints.share, { body: { id, emails } }, options);
}

export function applicantGroupShares(id: string, options: Options): Promise<{ items: ApplicantGroupShare[] }> {
  return call(endpoints.getShareInfoList, { body: { id } }, options);
}

export function confirmApplicantGroupShare(id: string, accept: boolean, options: Options): Promise<{ done: true }> {
  return call(endpoints.shareConfirm, { body: { id, accept } }, options);
}
