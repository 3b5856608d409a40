import type {
  BusinessTreeImportResponse,
  BusinessTreeSummary,
  CompanyInfoImportResponse,
  CompanyInfoSummary,
  ImportRun,
  ImportRunList,
  ImportUploadResponse,
} from '@patlas/contracts';
import { businessEndpoints, dataImportEndpoints } from '@patlas/contracts';
import { apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

/** `POST …/files`: one file up; answers it with the import format its header matched (null: none). */
export function uploadImportFile(file: File, options: Omit<UploadOptions, 'query'>): Promise<ImportUploadResponse> {
  return apiUpload(dataImportEndpoints.upload.path, file, options);
}

/** `DELETE …/files/:id`: an upload taken off the list before the import. */
export function discardImportUpload(id: string, options: Options): Promise<null> {
  return call(dataImportEndpoints.discard, { params: { id } }, options);
}

/** `POST …/runs`: imports the uploads in the background; answers the run (queued behind a running one). */
export function startImport(fileIds: readonly string[], options: Options): Promise<ImportRun> {
  return call(dataImportEndpoints.start, { body: { fileIds: [...fileIds] } }, options);
}

/** `GET …/runs`: the recent runs, newest first, and the upload limits. */
export function fetchImportRuns(options: Options): Promise<ImportRunList> {
  return call(dataImportEndpoints.runs, {}, options);
}

/** `GET …/runs/:id`: status, progress, report and refused lines of one run. */
export function fetchImportRun(id: string, options: Options): Promise<ImportRun> {
  return call(dataImportEndpoints.run, { params: { id } }, options);
}

/** `GET /platform/business/tree`: how many company relations are imported, from which file. */
export function fetchCompanyTreeSummary(options: Options): Promise<BusinessTreeSummary> {
  return call(businessEndpoints.treeSummary, {}, options);
}

/** `POST /platform/business/tree/import`: replaces the company tree with a CSV (parent, child, share, relationship). */
export function uploadCompanyTree(
  file: File,
  options: Omit<UploadOptions, 'query'>,
): Promise<BusinessTreeImportResponse> {
  return apiUpload(businessEndpoints.importTree.path, file, options);
}

/** `GET /platform/business/companyInfo`: how many companies the company information file holds, how many listed. */
export function fetchCompanyInfoSummary(options: Options): Promise<CompanyInfoSummary> {
  return call(businessEndpoints.companyInfoSummary, {}, options);
}

/** `POST /platform/business/companyInfo/import`: replaces the company information with a CSV or XLSX; malformed lines come back listed. */
export function uploadCompanyInfo(
  file: File,
  options: Omit<UploadOptions, 'query'>,
): Promise<CompanyInfoImportResponse> {
  return apiUpload(businessEndpoints.importCompanyInfo.path, file, options);
}
