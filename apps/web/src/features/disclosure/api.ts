import {
  disclosureEndpoints,
  type DisclosureDetail,
  type DisclosureImage,
  type DisclosureListRequest,
  type DisclosureListResponse,
  type DisclosureRestoreRequest,
  type DisclosureSaveRequest,
  type DisclosureVersionDetail,
  type DisclosureVersionList,
} from '@patlas/contracts';
import { apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';
import { downloadTaskFile, type DownloadedFile, type FileOptions } from '../../export-actions/api';

// The disclosure writing calls (packages/contracts/src/disclosure.ts; /api/product/disclosurePaper/*).

type Options = Omit<RequestOptions, 'query'>;

/** `POST /disclosurePaper/save`: creates (no id) or updates (id + the version it was based on). */
export function saveDocument(body: DisclosureSaveRequest, options: Options): Promise<DisclosureDetail> {
  return call(disclosureEndpoints.save, { body }, options);
}

export function getDocument(id: string, options: Options): Promise<DisclosureDetail> {
  return call(disclosureEndpoints.detail, { query: { id } }, options);
}

export function listDocuments(body: DisclosureListRequest, options: Options): Promise<DisclosureListResponse> {
  return call(disclosureEndpoints.list, { body }, options);
}

export function deleteDocuments(ids: string[], options: Options): Promise<{ ids: string[] }> {
  return call(disclosureEndpoints.remove, { body: { ids } }, options);
}

export function listVersions(id: string, options: Options): Promise<DisclosureVersionList> {
  return call(disclosureEndpoints.versions, { query: { id } }, options);
}

export function getVersion(id: string, versionId: string, options: Options): Promise<DisclosureVersionDetail> {
  return call(disclosureEndpoints.version, { query: { id, versionId } }, options);
}

export function restoreVersion(body: DisclosureRestoreRequest, options: Options): Promise<DisclosureDetail> {
  return call(disclosureEndpoints.restore, { body }, options);
}

/** `POST /disclosurePaper/uploadImage?id=` (multipart): the image's address in `ossHttpPath` (spec 2 §7). */
export function uploadImage(id: string, file: File, options: UploadOptions): Promise<DisclosureImage> {
  return apiUpload<DisclosureImage>(disclosureEndpoints.uploadImage.path, file, { ...options, query: { id } });
}

/** An editor image, fetched with the bearer token (the address needs it). */
export function fetchImage(ossHttpPath: string, options: FileOptions): Promise<DownloadedFile> {
  return downloadTaskFile(ossHttpPath, 'image', options);
}

/** `GET /disclosurePaper/export?id=`: the document as a Word file. */
export function exportDocument(id: string, options: FileOptions): Promise<DownloadedFile> {
  return downloadTaskFile(
    `${disclosureEndpoints.exportGet.path}?${new URLSearchParams({ id }).toString()}`,
    'disclosure.docx',
    options,
  );
}
