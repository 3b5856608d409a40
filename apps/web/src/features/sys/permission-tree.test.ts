import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@patlas/contracts';
import { PERMISSION_GROUPS, buildPermissionTree, permissionsOfCheckedKeys } from './permission-tree';

describe('permission tree', () => {
  it('puts every permission of the contract in exactly one group', () => {
    const grouped = PERMISSION_GROUPS.flatMap((group) => [...group.permissions]);
    expect([...grouped].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });

  it('has the permission strings as leaf keys under one branch per group', () => {
    const tree = buildPermissionTree(
      (key) => `group ${key}`,
      (permission) => `label ${permission}`,
    );
    expect(tree.map((node) => node.title)).toEqual(PERMISSION_GROUPS.map((group) => `group ${group.key}`));
    const personal = tree.find((node) => node.title === 'group personal');
    expect(personal?.children?.map((leaf) => leaf.key)).toEqual([
      'userInfo',
      'userSet',
      'modifyPassword',
      'mergeSettings',
    ]);
  });

  it('turns checked keys into permission strings, dropping branches and unknown keys', () => {
    expect(permissionsOfCheckedKeys(['group:personal', 'userSet', '/sys', 'userInfo', 'nonsense', 3])).toEqual([
      'userInfo',
      'userSet',
      '/sys',
    ]);
  });
});
