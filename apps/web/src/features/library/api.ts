import type {
  Group,
  LibraryImportResponse,
  LibraryLogItem,
  LibraryLogListRequest,
  LibraryShareRequest,
  LibraryShareResponse,
} from '@patlas/contracts';
import { ApiError, apiPost, urlOf } from '../../api/client';
import type { Paged } from '../../history-recording/api';
import type { Options } from '../../library-actions/api';

// The library page's own calls; the shared library calls are in library-actions/api.ts.

export type LibraryLogPage = Paged<LibraryLogItem>;

/** `POST /archive/v2/oper/log/list`: who did what, when, in the library holding the folder. */
export function listLibraryLog(body: LibraryLogListRequest, options: Options): Promise<LibraryLogPage> {
  return apiPost<LibraryLogPage>('/product/archive/v2/oper/log/list', body, options);
}

/** `POST /archive/v2/share`: invite (e-mails or a group), members, remove a member, disband. */
export function shareLibrary(body: LibraryShareRequest, options: Options): Promise<LibraryShareResponse> {
  return apiPost<LibraryShareResponse>('/product/archive/v2/share', body, options);
}

/** `POST /archive/v2/share/quit`: a member leaves a library shared with them. */
export function quitLibrary(folderId: string, options: Options): Promise<{ done: true }> {
  return apiPost<{ done: true }>('/product/archive/v2/share/quit', { folderId }, options);
}

/** `POST /group/query/groupInfo`: the caller's groups, to share a library with one (the group domain's call). */
export function listMyGroups(options: Options): Promise<{ items: Group[] }> {
  return apiPost<{ items: Group[] }>('/product/group/query/groupInfo', {}, options);
}

export interface UploadOptions extends Options {
  /** The bearer token (renewed first by the caller when it has expired). */
  token: string | undefined;
}

/**
 * `POST /archive/v2/save?action=import&folderId=…` with the file as multipart/form-data (.txt, or
 * .xlsx with the numbers in the first column and optional labels in the second): numbers in
 * every written form, lines not found reported. The JSON client cannot carry files, so this call
 * sends the token itself.
 */
export async function importIntoFolder(
  folderId: string,
  file: File,
  options: UploadOptions,
): Promise<LibraryImportResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch(urlOf('/product/archive/v2/save', { action: 'import', folderId }), {
      method: 'POST',
      headers: {
        'Accept-Language': options.lang,
        ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      },
      body: form,
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError('NETWORK_ERROR', options.messages.network, 0);
  }
  let envelope: { status?: number; message?: string; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError('BAD_RESPONSE', options.messages.badResponse(response.status), response.status);
  }
  if (!response.ok || envelope.status !== 1) {
    const data = envelope.data as { code?: string } | undefined;
    throw new ApiError(
      data?.code ?? `HTTP_${response.status}`,
      envelope.message || options.messages.badResponse(response.status),
      response.status,
      envelope.data,
      envelope.status,
    );
  }
  return envelope.data as LibraryImportResponse;
}
