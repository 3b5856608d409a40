import type {
  CollectResult,
  LabelCancelRequest,
  LabelCancelResponse,
  LabelListResponse,
  LabelSetRequest,
  LabelSetResponse,
  LibraryCombineRequest,
  LibraryCombineResponse,
  LibraryDeleteRequest,
  LibraryDeleteResponse,
  LibraryFolder,
  LibraryFolderList,
  LibraryHolding,
  LibraryResultSet,
  LibrarySharedList,
  LibraryUpdateRequest,
  LibraryUpdateResponse,
  SavedExpression,
  SavedExpressionPage,
  SearchState,
} from '@patlas/contracts';
import { apiPost, type RequestOptions } from '../api/client';

// The library calls (packages/contracts/src/library.ts; spec 2 §7 /archive/v2/*, /labelmanage/*).
// The collect dialog, the save-expression button and the label bar (opened from other features)
// use them, and so does the library feature's own pages.

export type Options = Omit<RequestOptions, 'query'>;
export type FolderListState = 'current' | 'active' | 'archived' | 'deleted' | 'all';

/** `POST /archive/v2/list {type: folders}`: the caller's folders in tree order and the favourites quota. */
export function listFolders(state: FolderListState, options: Options): Promise<LibraryFolderList> {
  return apiPost<LibraryFolderList>('/product/archive/v2/list', { type: 'folders', state }, options);
}

/** `POST /archive/v2/list {type: shared}`: libraries the caller shares, then those shared with them. */
export function listSharedLibraries(options: Options): Promise<LibrarySharedList> {
  return apiPost<LibrarySharedList>('/product/archive/v2/list', { type: 'shared' }, options);
}

/** `POST /archive/v2/list {type: expressions}`: saved expressions, newest first. */
export function listExpressions(
  query: { keyword?: string; page: number; pageSize: number },
  options: Options,
): Promise<SavedExpressionPage> {
  return apiPost<SavedExpressionPage>('/product/archive/v2/list', { type: 'expressions', ...query }, options);
}

/** `POST /archive/v2/list {type: holding}`: which of the caller's folders hold each number. */
export function listHolding(publicationNumbers: readonly string[], options: Options): Promise<LibraryHolding> {
  return apiPost<LibraryHolding>(
    '/product/archive/v2/list',
    { type: 'holding', publicationNumbers: [...publicationNumbers] },
    options,
  );
}

/** `POST /archive/v2/save {action: createFolder}`. */
export async function createFolder(
  body: { name: string; remark?: string; parentId?: string | null },
  options: Options,
): Promise<LibraryFolder> {
  const answer = await apiPost<{ folder: LibraryFolder }>(
    '/product/archive/v2/save',
    { action: 'createFolder', ...body },
    options,
  );
  return answer.folder;
}

/** What a collect takes: chosen numbers, or a whole result set (its first 30,000 in the page's order). */
export type CollectSource = { publicationNumbers: string[] } | { resultSet: LibraryResultSet };

/** `POST /archive/v2/save {action: collect}`: duplicates are skipped and counted. */
export async function collectPatents(
  folderIds: readonly string[],
  source: CollectSource,
  options: Options,
): Promise<CollectResult> {
  const answer = await apiPost<{ result: CollectResult }>(
    '/product/archive/v2/save',
    { action: 'collect', folderIds: [...folderIds], ...source },
    options,
  );
  return answer.result;
}

/** `POST /archive/v2/save {action: saveExpression}`: the result page's state under a name. */
export async function saveExpression(name: string, state: SearchState, options: Options): Promise<SavedExpression> {
  const answer = await apiPost<{ expression: SavedExpression }>(
    '/product/archive/v2/save',
    { action: 'saveExpression', name, state },
    options,
  );
  return answer.expression;
}

/** `POST /archive/v2/update`: rename, remark, move, archive, unarchive, renameExpression. */
export function updateLibrary(body: LibraryUpdateRequest, options: Options): Promise<LibraryUpdateResponse> {
  return apiPost<LibraryUpdateResponse>('/product/archive/v2/update', body, options);
}

/** `POST /archive/v2/delete`: to the recycle bin, restore, purge, remove patents, delete expressions. */
export function deleteLibrary(body: LibraryDeleteRequest, options: Options): Promise<LibraryDeleteResponse> {
  return apiPost<LibraryDeleteResponse>('/product/archive/v2/delete', body, options);
}

/** `POST /archive/v2/combined`: saved expressions joined with AND/OR/NOT, and the count. */
export function combineExpressions(body: LibraryCombineRequest, options: Options): Promise<LibraryCombineResponse> {
  return apiPost<LibraryCombineResponse>('/product/archive/v2/combined', body, options);
}

/** `POST /labelmanage/list`: the caller's labels; with a folder, each label's count in it. */
export function listLabels(folderId: string | undefined, options: Options): Promise<LabelListResponse> {
  return apiPost<LabelListResponse>('/product/labelmanage/list', folderId ? { folderId } : {}, options);
}

/** `POST /labelmanage/set`: create or rename a label, or set labels on patents of a folder. */
export function setLabels(body: LabelSetRequest, options: Options): Promise<LabelSetResponse> {
  return apiPost<LabelSetResponse>('/product/labelmanage/set', body, options);
}

/** `POST /labelmanage/cancel`: take labels off patents, or delete a label without sub-labels. */
export function cancelLabels(body: LabelCancelRequest, options: Options): Promise<LabelCancelResponse> {
  return apiPost<LabelCancelResponse>('/product/labelmanage/cancel', body, options);
}
