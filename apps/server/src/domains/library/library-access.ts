import type { LibraryRole } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { LibraryMemberRow, LibraryMembersRepository } from './library-members.repository.js';
import type { LibraryRepository, LibraryRow } from './library.repository.js';
import { FolderTree } from './library-tree.js';

export type { LibraryRole };

/**
 * What a user may do in a library: its owner everything; an active member of a collaborative
 * library (an accepted invitation) may open, search, collect, import and label, but not change
 * folders (spec 2 §3). Anyone else may not reach it.
 */
export function accessOf(
  root: LibraryRow,
  userId: string,
  membership: LibraryMemberRow | undefined,
): LibraryRole | undefined {
  if (root.owner_id === userId) return 'owner';
  return membership?.status === 'active' && membership.library_id === root.id ? 'member' : undefined;
}

/** A folder located in its owner's tree, with the caller's role in its library. */
export interface LocatedFolder {
  tree: FolderTree;
  folder: LibraryRow;
  root: LibraryRow;
  role: LibraryRole;
}

/**
 * The folder if the user may reach it: another user's folder answers LIBRARY_NOT_FOUND, as a
 * missing one does (its existence is not told). The one access check of the library domain.
 */
export async function locateFolder(
  libraries: LibraryRepository,
  members: LibraryMembersRepository,
  folderId: string,
  userId: string,
): Promise<LocatedFolder> {
  const { tree, folder, root } = await folderInTree(libraries, folderId);
  const membership = root.owner_id === userId ? undefined : await members.find(root.id, userId);
  const role = accessOf(root, userId, membership);
  if (!role) throw new AppError('LIBRARY_NOT_FOUND');
  return { tree, folder, root, role };
}

/** A folder in its owner's tree, with its library (top-level folder); no access check. */
export async function folderInTree(
  libraries: LibraryRepository,
  folderId: string,
): Promise<{ tree: FolderTree; folder: LibraryRow; root: LibraryRow }> {
  const found = await libraries.findFolder(folderId);
  if (!found) throw new AppError('LIBRARY_NOT_FOUND');
  const tree = new FolderTree(await libraries.foldersOf(found.owner_id));
  const folder = tree.get(found.id)!;
  return { tree, folder, root: tree.rootOf(folder) };
}
