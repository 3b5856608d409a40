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
import { libraryEndpoints } from '@patlas/contracts';
import type { RequestOptions } from '../api/client';
import { call } from '../api/endpoint-call';

// The library calls (packages/contracts/src/library.ts; spec 2 §7 /archive/v2/*, /labelmanage/*).
// The collect dialog, the save-expression button and the label bar (opened from other features)
// use them, and so does the library feature's own pages. /archive/v2/list and /save answer a union
// over their type or action; each call below names the member its request asks for.

export type Options = Omit<RequestOptions, 'query'>;
export type FolderListState = 'current' | 'active' | 'archived' | 'deleted' | 'all';

/** `POST /archive/v2/list {type: folders}`: the caller's folders in tree order and the favourites quota. */
export function listFolders(state: FolderListState, options: Options): Promise<LibraryFolderList> {
  return call(libraryEndpoints.list, { body: { type: 'folders', state } }, options) as Promise<LibraryFolderList>;
}

/** `POST /archive/v2/list {type: shared}`: libraries the caller shares, then those shared with them. */
export function listSharedLibraries(options: Options): Promise<LibrarySharedList> {
  return call(libraryEndpoints.list, { body: { type: 'shared' } }, options) as Promise<LibrarySharedList>;
}

/** `POST /archive/v2/list {type: expressions}`: saved expressions, newest first. */
export function listExpressions(
  query: { keyword?: string; page: number; pageSize: number },
  options: Options,
): Promise<SavedExpressionPage> {
  return call(
    libraryEndpoints.list,
    { body: { type: 'expressions', ...query } },
    options,
  ) as Promise<SavedExpressionPage>;
}

/** `POST /archive/v2/list {type: holding}`: which of the caller's folders hold each number. */
export function listHolding(publicationNumbers: readonly string[], options: Options): Promise<LibraryHolding> {
  return call(
    libraryEndpoints.list,
    { body: { type: 'holding', publicationNumbers: [...publicationNumbers] } },
    options,
  ) as Promise<LibraryHolding>;
}

/** `POST /archive/v2/save {action: createFolder}`. */
export async function createFolder(
  body: { name: string; remark?: string; parentId?: string | null },
  options: Options,
): Promise<LibraryFolder> {
  const answer = (await call(
    libraryEndpoints.save,
    { query: {}, body: { action: 'createFolder', ...body } },
    options,
  )) as {
    folder: LibraryFolder;
  };
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
  const answer = (await call(
    libraryEndpoints.save,
    { query: {}, body: { action: 'collect', folderIds: [...folderIds], ...source } },
    options,
  )) as { result: CollectResult };
  return answer.result;
}

/** `POST /archive/v2/save {action: saveExpression}`: the result page's state under a name. */
export async function saveExpression(name: string, state: SearchState, options: Options): Promise<SavedExpression> {
  const answer = (await call(
    libraryEndpoints.save,
    { query: {}, body: { action: 'saveExpression', name, state } },
    options,
  )) as { expression: SavedExpression };
  return answer.expression;
}

/** `POST /archive/v2/update`: rename, remark, move, archive, unarchive, renameExpression. */
export function updateLibrary(body: LibraryUpdateRequest, options: Options): Promise<LibraryUpdateResponse> {
  return call(libraryEndpoints.update, { body }, options);
}

/** `POST /archive/v2/delete`: to the recycle bin, restore, purge, remove patents, delete expressions. */
export function deleteLibrary(body: LibraryDeleteRequest, options: Options): Promise<LibraryDeleteResponse> {
  return call(libraryEndpoints.remove, { body }, options);
}

/** `POST /archive/v2/combined`: saved expressions joined with AND/OR/NOT, and the count. */
export function combineExpressions(body: LibraryCombineRequest, options: Options): Promise<LibraryCombineResponse> {
  return call(libraryEndpoints.combine, { body }, options);
}

/** `POST /labelmanage/list`: the caller's labels; with a folder, each label's count in it. */
export function listLabels(folderId: string | undefined, options: Options): Promise<LabelListResponse> {
  return call(libraryEndpoints.labels, { body: folderId ? { folderId } : {} }, options);
}

/** `POST /labelmanage/set`: create or rename a label, or set labels on patents of a folder. */
export function setLabels(body: LabelSetRequest, options: Options): Promise<LabelSetResponse> {
  return call(libraryEndpoints.setLabel, { body }, options);
}

/** `POST /labelmanage/cancel`: take labels off patents, or delete a label without sub-labels. */
export function cancelLabels(body: LabelCancelRequest, options: Options): Promise<LabelCancelResponse> {
  return call(libraryEndpoints.cancelLabel, { body }, options);
}
