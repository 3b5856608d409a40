import {
  ApplicantGroupDoneSchema,
  ApplicantGroupIdParamsSchema,
  ApplicantGroupIdRequestSchema,
  ApplicantGroupListSchema,
  ApplicantGroupPageRequestSchema,
  ApplicantGroupPageSchema,
  ApplicantGroupSchema,
  ApplicantGroupShareListSchema,
  ApplicantSuggestionListSchema,
  ConfirmApplicantGroupShareRequestSchema,
  CreateApplicantGroupRequestSchema,
  SearchApplicantRequestSchema,
  SearchEmailRequestSchema,
  SearchEmailResponseSchema,
  ShareApplicantGroupRequestSchema,
  ShareApplicantGroupResponseSchema,
  UpdateApplicantGroupRequestSchema,
} from '../applicant-group.js';
import { endpoint } from '../endpoint.js';

/** Applicant groups (spec 2 §7 "Applicant groups"). */
export const applicantGroupEndpoints = {
  insert: endpoint({
    method: 'POST',
    path: '/product/applicantgroup/insert',
    body: CreateApplicantGroupRequestSchema,
    response: ApplicantGroupSchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/product/applicantgroup/delete/:id',
    params: ApplicantGroupIdParamsSchema,
    response: ApplicantGroupDoneSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/product/applicantgroup/update',
    body: UpdateApplicantGroupRequestSchema,
    response: ApplicantGroupSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/product/applicantgroup/list',
    response: ApplicantGroupListSchema,
  }),
  pageList: endpoint({
    method: 'POST',
    path: '/product/applicantgroup/page/list',
    body: ApplicantGroupPageRequestSchema,
    response: ApplicantGroupPageSchema,
  }),
  searchApplicant: endpoint({
    method: 'POST',
    path: '/product/applicantgroup/searchApplicant',
    body: SearchApplicantRequestSchema,
    response: ApplicantSuggestionListSchema,
  }),
  searchEmail: endpoint({
    method: 'POST',
    path: '/product/applicantgroup/searchEmail',
    body: SearchEmailRequestSchema,
    response: SearchEmailResponseSchema,
  }),
  share: endpoint({
    method: 'POST',
    path: '/product/applicantgroup/share',
    body: ShareApplicantGroupRequestSchema,
    response: ShareApplicantGroupResponseSchema,
  }),
  getShareInfoList: endpoint({
    method: 'POST',
    path: '/product/applicantgroup/getShareInfoList',
    body: ApplicantGroupIdRequestSchema,
    response: ApplicantGroupShareListSchema,
  }),
  shareConfirm: endpoint({
    method: 'POST',
    path: '/product/applicantgroup/shareConfirm',
    body: ConfirmApplicantGroupShareRequestSchema,
    response: ApplicantGroupDoneSchema,
  }),
};
