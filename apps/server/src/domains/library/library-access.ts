import type { LibraryRow } from './library.repository.js';

/**
 * What a user may do in a library. Today only owners reach their libraries; collaborative
 * libraries (issue 17, second half) add members here, and every call already asks through
 * `accessOf`, so a member role needs no change at the call sites.
 */
export type LibraryRole = 'owner';

/**
 * The caller's role in the library holding `folder` (the tree's top-level folder decides), or
 * undefined when they may not open it. Sub-folders carry their library owner's id.
 */
export function accessOf(root: LibraryRow, userId: string): LibraryRole | undefined {
  return root.owner_id === userId ? 'owner' : undefined;
}
