import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  DisclosureDeleteRequestSchema,
  DisclosureDetailSchema,
  DisclosureExportQuerySchema,
  DisclosureIdQuerySchema,
  DisclosureImageSchema,
  DisclosureListRequestSchema,
  DisclosureListResponseSchema,
  DisclosureRestoreRequestSchema,
  DisclosureSaveRequestSchema,
  DisclosureVersionDetailSchema,
  DisclosureVersionListSchema,
  DisclosureVersionQuerySchema,
} from '../disclosure.js';

/** Disclosure writing and application drafts (ours: spec 2 names no calls). The export answers a Word file (GET or POST), the image upload is multipart and the image route answers the file. */
export const disclosureEndpoints = {
  save: endpoint({
    method: 'POST',
    path: '/product/disclosurePaper/save',
    body: DisclosureSaveRequestSchema,
    response: DisclosureDetailSchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/product/disclosurePaper/detail',
    query: DisclosureIdQuerySchema,
    response: DisclosureDetailSchema,
  }),
  list: endpoint({
    method: 'POST',
    path: '/product/disclosurePaper/list',
    body: DisclosureListRequestSchema.nullish(),
    response: DisclosureListResponseSchema,
  }),
  listGet: endpoint({
    method: 'GET',
    path: '/product/disclosurePaper/list',
    query: DisclosureListRequestSchema,
    response: DisclosureListResponseSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: '/product/disclosurePaper/delete',
    body: DisclosureDeleteRequestSchema,
    response: z.object({ ids: z.array(z.string()) }),
  }),
  versions: endpoint({
    method: 'GET',
    path: '/product/disclosurePaper/versions',
    query: DisclosureIdQuerySchema,
    response: DisclosureVersionListSchema,
  }),
  version: endpoint({
    method: 'GET',
    path: '/product/disclosurePaper/version',
    query: DisclosureVersionQuerySchema,
    response: DisclosureVersionDetailSchema,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/product/disclosurePaper/versions/restore',
    body: DisclosureRestoreRequestSchema,
    response: DisclosureDetailSchema,
  }),
  exportGet: endpoint({ method: 'GET', path: '/product/disclosurePaper/export', query: DisclosureExportQuerySchema }),
  exportPost: endpoint({ method: 'POST', path: '/product/disclosurePaper/export', query: DisclosureExportQuerySchema }),
  uploadImage: endpoint({
    method: 'POST',
    path: '/product/disclosurePaper/uploadImage',
    query: DisclosureIdQuerySchema,
    response: DisclosureImageSchema,
  }),
  image: endpoint({
    method: 'GET',
    path: '/product/disclosurePaper/image/:id',
    params: z.object({ id: z.string().min(1).max(64) }),
  }),
};
