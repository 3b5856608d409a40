import {
  groupEndpoints,
  type Group,
  type LibraryExportFormat,
  type LibraryImportResponse,
  type LibraryLogItem,
  type LibraryLogListRequest,
  type LibraryShareRequest,
  type LibraryShareResponse,
} from '@patlas/contracts';
import { libraryEndpoints } from '@patlas/contracts';
import { apiUpload, type UploadOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';
import { postForFile, type DownloadedFile, type FileOptions } from '../../export-actions/api';
import type { Paged } from '../../history-recording/api';
import type { Options } from '../../library-actions/api';

// The library page's own calls; the shared library calls are in library-actions/api.ts.

export type LibraryLogPage = Paged<LibraryLogItem>;

/** `POST /archive/v2/oper/log/list`: who did what, when, in the library holding the folder. */
export function listLibraryLog(body: LibraryLogListRequest, options: Options): Promise<LibraryLogPage> {
  return call(libraryEndpoints.logs, { body }, options);
}

/** `POST /archive/v2/share`: invite (e-mails or a group), members, remove a member, disband. */
export function shareLibrary(body: LibraryShareRequest, options: Options): Promise<LibraryShareResponse> {
  return call(libraryEndpoints.share, { body }, options);
}

/** `POST /archive/v2/share/quit`: a member leaves a library shared with them. */
export function quitLibrary(folderId: string, options: Options): Promise<{ done: true }> {
  return call(libraryEndpoints.quit, { body: { folderId } }, options);
}

/** `POST /group/query/groupInfo`: the caller's groups, to share a library with one (the group domain's call). */
export function listMyGroups(options: Options): Promise<{ items: Group[] }> {
  return call(groupEndpoints.list, { body: {} }, options);
}

/** What an import needs: the bearer token travels explicitly (renewed first by the caller when it has expired). */
export type ImportOptions = Omit<UploadOptions, 'query'>;

/**
 * `POST /archive/v2/save?action=import&folderId=…` with the file as multipart/form-data (.txt, or
 * .xlsx with the numbers in the first column and optional labels in the second): numbers in
 * every written form, lines not found reported.
 */
export function importIntoFolder(folderId: string, file: File, options: ImportOptions): Promise<LibraryImportResponse> {
  return apiUpload<LibraryImportResponse>(libraryEndpoints.save.path, file, {
    ...options,
    query: { action: 'import', folderId },
  });
}

/** `POST /archive/v2/export`: the folder with its sub-folders as a spreadsheet file. */
export function exportLibrary(
  folderId: string,
  format: LibraryExportFormat,
  options: FileOptions,
): Promise<DownloadedFile> {
  return postForFile(libraryEndpoints.exportFile.path, { folderId, format }, `library.${format}`, options);
}
