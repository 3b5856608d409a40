import type { LibraryLogItem, LibraryLogListRequest } from '@patlas/contracts';
import { apiPost } from '../../api/client';
import type { Paged } from '../../history-recording/api';
import type { Options } from '../../library-actions/api';

// The library page's own call; the shared library calls are in library-actions/api.ts.

export type LibraryLogPage = Paged<LibraryLogItem>;

/** `POST /archive/v2/oper/log/list`: who did what, when, in the library holding the folder. */
export function listLibraryLog(body: LibraryLogListRequest, options: Options): Promise<LibraryLogPage> {
  return apiPost<LibraryLogPage>('/product/archive/v2/oper/log/list', body, options);
}
