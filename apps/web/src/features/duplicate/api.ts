import {
  duplicateEndpoints,
  type DuplicateCheck,
  type DuplicateDetails,
  type DuplicateListResponse,
  type DuplicateQuickCheckResponse,
  type DuplicateSnippetInfo,
  type DuplicateSubmitResponse,
  type DuplicateSummary,
} from '@patlas/contracts';
import { apiPost, apiUpload, type RequestOptions, type UploadOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';
import { downloadTaskFile, type DownloadedFile, type FileOptions } from '../../export-actions/api';

// The duplicate check's calls (spec 2 §7 "Duplicates and checks"; packages/contracts/src/duplicate.ts).

type Options = Omit<RequestOptions, 'query'>;

/** `POST /patent/repeat { text }`: queues a check of a pasted text (the endpoint declares no body: it also takes files). */
export function submitText(text: string, options: Options): Promise<DuplicateSubmitResponse> {
  return apiPost<DuplicateSubmitResponse>(duplicateEndpoints.submit.path, { text }, options);
}

/** `POST /patent/repeat` (multipart): queues a check of a .docx or .txt file. */
export function submitFile(file: File, options: UploadOptions): Promise<DuplicateSubmitResponse> {
  return apiUpload<DuplicateSubmitResponse>(duplicateEndpoints.submit.path, file, options);
}

/** `POST /patent/getRepeatList`: the user's checks, newest first. */
export function listChecks(page: number, pageSize: number, options: Options): Promise<DuplicateListResponse> {
  return call(duplicateEndpoints.list, { body: { page, pageSize } }, options);
}

/** `POST /patent/deleteRepeat`. */
export function deleteChecks(ids: string[], options: Options): Promise<unknown> {
  return call(duplicateEndpoints.remove, { body: { ids } }, options);
}

/** `POST /patent/again/{id}`: runs a check again on the current index. */
export function runAgain(id: string, options: Options): Promise<{ check: DuplicateCheck }> {
  return call(duplicateEndpoints.againPost, { params: { id } }, options);
}

/** `POST /patent/report/details`: the summary, the text and its sentences. */
export function getDetails(id: string, options: Options): Promise<DuplicateDetails> {
  return call(duplicateEndpoints.detailsPost, { query: {}, body: { reportId: id } }, options);
}

/** `POST /patent/similarity/snippet/info`: the evidence of one similar patent. */
export function getSnippet(id: string, publicationNumber: string, options: Options): Promise<DuplicateSnippetInfo> {
  return call(duplicateEndpoints.snippetPost, { body: { reportId: id, publicationNumber } }, options);
}

/** `GET /patent/export?repeatId=&format=`: the report as a Word or PDF file. */
export function exportReport(id: string, format: 'docx' | 'pdf', options: FileOptions): Promise<DownloadedFile> {
  const query = new URLSearchParams({ repeatId: id, format }).toString();
  return downloadTaskFile(`${duplicateEndpoints.exportGet.path}?${query}`, `duplicate-check.${format}`, options);
}

/** `POST /patent/check`: the text against one or a few given patents, answered at once. */
export function quickCheck(
  text: string,
  publicationNumbers: string[],
  options: Options,
): Promise<DuplicateQuickCheckResponse> {
  return call(duplicateEndpoints.quickCheck, { body: { text, publicationNumbers } }, options);
}

/** `GET /patent/similarity/summary?reportId=`: a finished check's similarity by patent and section. */
export function getSummary(id: string, options: Options): Promise<DuplicateSummary> {
  return call(duplicateEndpoints.summaryGet, { query: { reportId: id } }, options);
}
