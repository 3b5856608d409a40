import { setResultPath } from '../search-state/search-url-state';

/** The result page of a library folder (its patents in list order), optionally only those carrying a label. */
export function librarySetPath(folderId: string, labelId?: string): string {
  return setResultPath({ kind: 'library', key: folderId, ...(labelId ? { labelId } : {}) });
}
