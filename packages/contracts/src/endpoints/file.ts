import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  MyFileActionResponseSchema,
  MyFileActionSchema,
  MyFileListQuerySchema,
  MyFileListResponseSchema,
  UploadStateQuerySchema,
  UploadStateSchema,
} from '../file.js';

const FileIdParams = z.object({ id: z.string().min(1).max(64) });

/**
 * My files (spec 2 §7 "Files" and "Chunked upload"). The upload is multipart and answers status 0 on
 * success, outside the envelope (UploadResultSchema); the download answers the file's bytes.
 */
export const fileEndpoints = {
  upload: endpoint({ method: 'POST', path: '/product/file/my/file/upload' }),
  uploadState: endpoint({
    method: 'GET',
    path: '/product/file/my/file/upload',
    query: UploadStateQuerySchema,
    response: UploadStateSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/product/file/my/file/list',
    query: MyFileListQuerySchema,
    response: MyFileListResponseSchema,
  }),
  change: endpoint({
    method: 'POST',
    path: '/product/file/my/file',
    body: MyFileActionSchema,
    response: MyFileActionResponseSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/product/file/my/file/:id',
    params: FileIdParams,
    response: MyFileActionResponseSchema,
  }),
  download: endpoint({ method: 'GET', path: '/product/file/my/file/download/:id', params: FileIdParams }),
};
