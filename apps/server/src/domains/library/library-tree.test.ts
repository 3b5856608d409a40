import { describe, expect, it } from 'vitest';
import { FolderTree } from './library-tree.js';
import type { LibraryRow } from './library.repository.js';

function folder(id: string, parentId: string | null, extra: Partial<LibraryRow> = {}): LibraryRow {
  return {
    id,
    owner_id: 'u1',
    parent_id: parentId,
    name: id,
    remark: '',
    archived: 0,
    deleted_at: null,
    next_position: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('FolderTree', () => {
  const tree = new FolderTree([
    folder('b', null),
    folder('a', null, { archived: 1 }),
    folder('a1', 'a'),
    folder('a11', 'a1', { deleted_at: '2026-02-01T00:00:00.000Z' }),
    folder('a111', 'a11'),
    folder('orphan', 'purged'),
  ]);

  it('orders parents before children, siblings by name, and puts orphans at the top', () => {
    expect(tree.ordered().map((f) => f.id)).toEqual(['a', 'a1', 'a11', 'a111', 'b', 'orphan']);
  });

  it('derives levels, roots, heights and paths', () => {
    const a111 = tree.get('a111')!;
    expect(tree.levelOf(a111)).toBe(4);
    expect(tree.rootOf(a111).id).toBe('a');
    expect(tree.heightOf(tree.get('a')!)).toBe(4);
    expect(tree.pathOf(a111)).toBe('a / a1 / a11 / a111');
    expect(tree.levelOf(tree.get('orphan')!)).toBe(1);
  });

  it('derives states from the chain: deleted over archived over active', () => {
    expect(tree.stateOf(tree.get('a1')!)).toBe('archived');
    expect(tree.stateOf(tree.get('a11')!)).toBe('deleted');
    expect(tree.stateOf(tree.get('a111')!)).toBe('deleted');
    expect(tree.stateOf(tree.get('b')!)).toBe('active');
  });

  it('lists a subtree, the folder first', () => {
    expect(tree.subtree(tree.get('a1')!).map((f) => f.id)).toEqual(['a1', 'a11', 'a111']);
  });
});
