import type { LibraryFolder, LibraryLabel, SavedExpression } from '@patlas/contracts';

/** A folder as the server lists it; every field has a default. */
export function folder(
  id: string,
  parentId: string | null,
  name: string,
  extra: Partial<LibraryFolder> = {},
): LibraryFolder {
  return {
    id,
    parentId,
    rootId: parentId ? 'f1' : id,
    name,
    remark: '',
    state: 'active',
    level: 1,
    count: 0,
    totalCount: 0,
    ownerId: 'u-test',
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-21T08:00:00.000Z',
    deletedAt: null,
    ...extra,
  };
}

/** 电池 (3 patents, 2 more in 正极) ─ 正极; 电机 archived. */
export const FOLDERS: LibraryFolder[] = [
  folder('f1', null, '电池', { count: 3, totalCount: 5, remark: '动力电池' }),
  folder('f2', 'f1', '正极', { level: 2, count: 2, totalCount: 2 }),
  folder('f3', null, '电机', { state: 'archived', count: 1, totalCount: 1 }),
];

export function label(id: string, parentId: string | null, name: string, count?: number): LibraryLabel {
  return { id, parentId, name, createdAt: '2026-11-20T08:00:00.000Z', ...(count !== undefined ? { count } : {}) };
}

export function savedExpression(id: string, name: string, expression: string, total: number): SavedExpression {
  return {
    id,
    name,
    expression,
    total,
    state: { searchExpre: expression, sort: { field: 'PD', order: 'desc' }, viewMode: 'tuwenshitu' },
    createdAt: '2026-11-22T08:00:00.000Z',
    updatedAt: '2026-11-22T08:00:00.000Z',
  };
}
