import type { LibraryFolder, LibraryState } from '@patlas/contracts';
import type { LibraryRow } from './library.repository.js';

/**
 * One owner's folders as a tree (a user holds tens to hundreds of folders: read whole, walked in
 * memory). A folder's state derives from its chain: deleted when it or an ancestor is in the
 * recycle bin, else archived when it or an ancestor is archived, else active.
 */
export class FolderTree {
  private readonly byId: Map<string, LibraryRow>;
  private readonly children = new Map<string | null, LibraryRow[]>();

  constructor(readonly rows: readonly LibraryRow[]) {
    this.byId = new Map(rows.map((r) => [r.id, r]));
    for (const row of rows) {
      // A parent that no longer exists (purged) leaves the folder at the top.
      const parent = row.parent_id !== null && this.byId.has(row.parent_id) ? row.parent_id : null;
      const list = this.children.get(parent) ?? [];
      list.push(row);
      this.children.set(parent, list);
    }
    for (const list of this.children.values()) list.sort((a, b) => a.name.localeCompare(b.name, 'zh'));
  }

  get(id: string): LibraryRow | undefined {
    return this.byId.get(id);
  }

  parentOf(row: LibraryRow): LibraryRow | undefined {
    return row.parent_id === null ? undefined : this.byId.get(row.parent_id);
  }

  /** The folder and its ancestors, the folder first. */
  chain(row: LibraryRow): LibraryRow[] {
    const out: LibraryRow[] = [];
    const seen = new Set<string>();
    for (let at: LibraryRow | undefined = row; at && !seen.has(at.id); at = this.parentOf(at)) {
      seen.add(at.id);
      out.push(at);
    }
    return out;
  }

  rootOf(row: LibraryRow): LibraryRow {
    const chain = this.chain(row);
    return chain[chain.length - 1]!;
  }

  /** 1 for a top-level folder. */
  levelOf(row: LibraryRow): number {
    return this.chain(row).length;
  }

  stateOf(row: LibraryRow): LibraryState {
    const chain = this.chain(row);
    if (chain.some((f) => f.deleted_at !== null)) return 'deleted';
    if (chain.some((f) => f.archived === 1)) return 'archived';
    return 'active';
  }

  childrenOf(id: string | null): LibraryRow[] {
    return this.children.get(id) ?? [];
  }

  /** The folder and every folder under it, parents first. */
  subtree(row: LibraryRow): LibraryRow[] {
    const out: LibraryRow[] = [];
    const walk = (at: LibraryRow) => {
      out.push(at);
      for (const child of this.childrenOf(at.id)) walk(child);
    };
    walk(row);
    return out;
  }

  /** Levels from the folder down to its deepest sub-folder (1: no sub-folders). */
  heightOf(row: LibraryRow): number {
    let height = 1;
    for (const child of this.childrenOf(row.id)) height = Math.max(height, 1 + this.heightOf(child));
    return height;
  }

  /** Every folder in tree order: parents before children, siblings by name. */
  ordered(): LibraryRow[] {
    const out: LibraryRow[] = [];
    for (const top of this.childrenOf(null)) out.push(...this.subtree(top));
    return out;
  }

  /** Path of names from the top, as "A / B / C". */
  pathOf(row: LibraryRow): string {
    return this.chain(row)
      .reverse()
      .map((f) => f.name)
      .join(' / ');
  }
}

/** A folder as the library calls answer it: `counts` holds the patents of the folder and its sub-folders. */
export function folderDto(tree: FolderTree, row: LibraryRow, counts: ReadonlyMap<string, number>): LibraryFolder {
  const total = tree.subtree(row).reduce((sum, f) => sum + (counts.get(f.id) ?? 0), 0);
  return {
    id: row.id,
    parentId: tree.parentOf(row) ? row.parent_id : null,
    rootId: tree.rootOf(row).id,
    name: row.name,
    remark: row.remark,
    state: tree.stateOf(row),
    level: tree.levelOf(row),
    count: counts.get(row.id) ?? 0,
    totalCount: total,
    ownerId: row.owner_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
  };
}
