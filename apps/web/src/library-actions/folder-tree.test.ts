import { describe, expect, it } from 'vitest';
import { buildFolderTree, findNode, flattenTree, folderPath, moveTargets, subtreeHeight } from './folder-tree';

const row = (id: string, parentId: string | null, name = id) => ({ id, parentId, name });

// a ─ b ─ c ─ d        e (top level)        x (parent gone: shown at the top)
const ROWS = [row('a', null), row('b', 'a'), row('c', 'b'), row('d', 'c'), row('e', null), row('x', 'missing')];

describe('library folder tree', () => {
  it('builds the forest with depths, keeping folders whose parent is not listed at the top', () => {
    const roots = buildFolderTree(ROWS);
    expect(roots.map((n) => n.folder.id)).toEqual(['a', 'e', 'x']);
    expect(flattenTree(roots).map((n) => `${n.folder.id}${n.depth}`)).toEqual(['a1', 'b2', 'c3', 'd4', 'e1', 'x1']);
    expect(subtreeHeight(findNode(roots, 'b')!)).toBe(3);
  });

  it('does not loop on a cycle in bad data', () => {
    const roots = buildFolderTree([row('p', 'q'), row('q', 'p')]);
    expect(
      flattenTree(roots)
        .map((n) => n.folder.id)
        .sort(),
    ).toEqual(['p', 'q']);
    expect(folderPath([row('p', 'q'), row('q', 'p')], 'p')).toBe('q / p');
  });

  it('writes a folder path from the top-level library down', () => {
    expect(folderPath(ROWS, 'd')).toBe('a / b / c / d');
    expect(folderPath(ROWS, 'c', '/')).toBe('a/b/c');
  });

  it('offers only moves that stay within 5 levels and outside the moved subtree', () => {
    const roots = buildFolderTree(ROWS);
    // b (3 levels high) can go under a level-1 or level-2 folder but not into itself or its children.
    const forB = moveTargets(roots, 'b', 5);
    expect(forB.top).toBe(true);
    expect(forB.folders.map((n) => n.folder.id)).toEqual(['e', 'x']);
    // d (1 level) can go anywhere above level 5 except its current parent c.
    expect(moveTargets(roots, 'd', 5).folders.map((n) => n.folder.id)).toEqual(['a', 'b', 'e', 'x']);
    // a top-level library is already at the top.
    expect(moveTargets(roots, 'e', 5).top).toBe(false);
    expect(moveTargets(roots, 'e', 5).folders.map((n) => n.folder.id)).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(moveTargets(roots, 'nope', 5)).toEqual({ top: false, folders: [] });
  });
});
