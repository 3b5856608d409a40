/**
 * The user's library folders as a tree (spec 2 §3 "sub-libraries up to 5 levels"). The server
 * lists folders flat with their parent; the screens (the library page's tree, the collect
 * dialog's picker, the move dialog) need the tree, each folder's path and which moves are legal.
 */
export interface FolderRow {
  id: string;
  parentId: string | null;
  name: string;
}

export interface FolderNode<T extends FolderRow = FolderRow> {
  folder: T;
  /** 1 for a top-level library. */
  depth: number;
  children: FolderNode<T>[];
}

/**
 * The forest of folders, children in the order listed. A folder whose parent is not in the list
 * (an archived parent filtered out) is shown at the top, so nothing listed is lost.
 */
export function buildFolderTree<T extends FolderRow>(rows: readonly T[]): FolderNode<T>[] {
  const byId = new Map<string, FolderNode<T>>();
  for (const folder of rows) byId.set(folder.id, { folder, depth: 1, children: [] });
  const roots: FolderNode<T>[] = [];
  for (const folder of rows) {
    const node = byId.get(folder.id) as FolderNode<T>;
    const parent = folder.parentId ? byId.get(folder.parentId) : undefined;
    if (parent && !isAncestorNode(node, parent)) parent.children.push(node);
    else roots.push(node);
  }
  const setDepth = (nodes: FolderNode<T>[], depth: number) => {
    for (const node of nodes) {
      node.depth = depth;
      setDepth(node.children, depth + 1);
    }
  };
  setDepth(roots, 1);
  return roots;
}

/** Guards against a cycle in bad data: is `candidate` inside `node`'s subtree? */
function isAncestorNode<T extends FolderRow>(node: FolderNode<T>, candidate: FolderNode<T>): boolean {
  if (node === candidate) return true;
  return node.children.some((child) => isAncestorNode(child, candidate));
}

/** Every node, depth first. */
export function flattenTree<T extends FolderRow>(nodes: readonly FolderNode<T>[]): FolderNode<T>[] {
  return nodes.flatMap((node) => [node, ...flattenTree(node.children)]);
}

/** The node of a folder id. */
export function findNode<T extends FolderRow>(nodes: readonly FolderNode<T>[], id: string): FolderNode<T> | undefined {
  for (const node of nodes) {
    if (node.folder.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The folders from the top-level library down to the folder itself. */
export function folderChain<T extends FolderRow>(rows: readonly T[], id: string): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chain: T[] = [];
  const seen = new Set<string>();
  let current = byId.get(id);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    chain.unshift(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return chain;
}

/** The names from the top-level library down to the folder: "电池 / 正极 / 硅碳". */
export function folderPath<T extends FolderRow>(rows: readonly T[], id: string, separator = ' / '): string {
  return folderChain(rows, id)
    .map((row) => row.name)
    .join(separator);
}

/** Levels of a subtree: 1 for a folder without sub-folders. */
export function subtreeHeight<T extends FolderRow>(node: FolderNode<T>): number {
  return 1 + Math.max(0, ...node.children.map(subtreeHeight));
}

/**
 * Where a folder may go: the top level (null) or any folder outside its own subtree that keeps
 * the deepest moved folder within `maxDepth` levels; its current parent is left out.
 */
export function moveTargets<T extends FolderRow>(
  roots: readonly FolderNode<T>[],
  id: string,
  maxDepth: number,
): { top: boolean; folders: FolderNode<T>[] } {
  const node = findNode(roots, id);
  if (!node) return { top: false, folders: [] };
  const inside = new Set(flattenTree([node]).map((n) => n.folder.id));
  const height = subtreeHeight(node);
  return {
    top: node.folder.parentId !== null,
    folders: flattenTree(roots).filter(
      (n) => !inside.has(n.folder.id) && n.folder.id !== node.folder.parentId && n.depth + height <= maxDepth,
    ),
  };
}
