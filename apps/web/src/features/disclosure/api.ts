import type {
  DisclosureDetail,
  DisclosureImage,
  DisclosureListRequest,
  DisclosureListResponse,
  DisclosureRestoreRequest,
  DisclosureSaveRequest,
  DisclosureVersionDetail,
  DisclosureVersionList,
} from '@patlas/contracts';
import { apiGet, apiPost, apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';
import { downloadTaskFile, type DownloadedFile, type FileOptions } from '../../export-actions/api';

// The disclosure writing calls (packages/contracts/src/disclosure.ts; /api/product/disclosurePaper/*).

type Options = Omit<RequestOptions, 'query'>;

/** `POST /disclosurePaper/save`: creates (no id) or updates (id + the version it was based on). */
export function saveDocument(body: DisclosureSaveRequest, options: Options): Promise<DisclosureDetail> {
  return apiPost<DisclosureDetail>('/product/disclosurePaper/save', body, options);
}

export function getDocument(id: string, options: Options): Promise<DisclosureDetail> {
  return apiGet<DisclosureDetail>('/product/disclosurePaper/detail', { ...options, query: { id } });
}

export function listDocuments(body: DisclosureListRequest, options: Options): Promise<DisclosureListResponse> {
  return apiPost<DisclosureListResponse>('/product/disclosurePaper/list', body, options);
}

export function deleteDocuments(ids: string[], options: Options): Promise<{ ids: string[] }> {
  return apiPost<{ ids: string[] }>('/product/disclosurePaper/delete', { ids }, options);
}

export function listVersions(id: string, options: Options): Promise<DisclosureVersionList> {
  return apiGet<DisclosureVersionList>('/product/disclosurePaper/versions', { ...options, query: { id } });
}

export function getVersion(id: string, versionId: string, options: Options): Promise<DisclosureVersionDetail> {
  return apiGet<DisclosureVersionDetail>('/product/disclosurePaper/version', { ...options, query: { id, versionId } });
}

export function restoreVersion(body: DisclosureRestoreRequest, options: Options): Promise<DisclosureDetail> {
  return apiPost<DisclosureDetail>('/product/disclosurePaper/versions/restore', body, options);
}

/** `POST /disclosurePaper/uploadImage?id=` (multipart): the image's address in `ossHttpPath` (spec 2 §7). */
export function uploadImage(id: string, file: File, options: UploadOptions): Promise<DisclosureImage> {
  return apiUpload<DisclosureImage>('/product/disclosurePaper/uploadImage', file, { ...options, query: { id } });
}

/** An editor image, fetched with the bearer token (the address needs it). */
export function fetchImage(ossHttpPath: string, options: FileOptions): Promise<DownloadedFile> {
  return downloadTaskFile(ossHttpPath, 'image', options);
}

/** `GET /disclosurePaper/export?id=`: the document as a Word file. */
export function exportDocument(id: string, options: FileOptions): Promise<DownloadedFile> {
  return downloadTaskFile(
    `/product/disclosurePaper/export?${new URLSearchParams({ id }).toString()}`,
    'disclosure.docx',
    options,
  );
}
