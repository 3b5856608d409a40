import type { Key } from 'react';
import type { TreeDataNode } from 'antd';
import { ALL_PERMISSIONS, type Permission } from '@patlas/contracts';

/** Groups of the role editor's tree; every permission of the contract is in exactly one. */
export const PERMISSION_GROUPS = [
  {
    key: 'search',
    permissions: [
      '/search/quick',
      '/search/advance',
      '/search/img',
      '/search/ipc',
      '/search/result',
      '/search/detail',
      '/search/lawSearch',
      '/search/pre',
      '/search/pre/detail',
      'semantics',
      'retrieval',
      'defenseSearch',
      '/searchHistory',
      '/user/searchFile',
    ],
  },
  { key: 'analysis', permissions: ['/patentMap', '/nationalUniversityDatabase', '/enterpriseDatabase'] },
  {
    key: 'collect',
    permissions: [
      '/user/collect',
      '/collectSearch',
      '/userPaeGroup',
      '/warning',
      '/messageCenter',
      'patentShare',
      '/user/share',
    ],
  },
  {
    key: 'writing',
    permissions: [
      '/assistedWriting',
      '/disclosurePaperWriting',
      '/disclosureNoveltySearch',
      '/preAssessment',
      '/patentReexaminationReport',
      '/reportCenter',
      '/repeat',
      '/user/download',
      '/myFiles',
    ],
  },
  { key: 'personal', permissions: ['userInfo', 'userSet', 'modifyPassword', 'mergeSettings'] },
  { key: 'operations', permissions: ['/sys'] },
] as const satisfies readonly { key: string; permissions: readonly Permission[] }[];

export type PermissionGroupKey = (typeof PERMISSION_GROUPS)[number]['key'];

const GROUP_KEY_PREFIX = 'group:';

/** The tree: one branch per group, one leaf per permission string (the leaf's key). */
export function buildPermissionTree(
  groupLabel: (key: PermissionGroupKey) => string,
  permissionLabel: (permission: Permission) => string,
): TreeDataNode[] {
  return PERMISSION_GROUPS.map((group) => ({
    key: `${GROUP_KEY_PREFIX}${group.key}`,
    title: groupLabel(group.key),
    children: group.permissions.map((permission) => ({ key: permission, title: permissionLabel(permission) })),
  }));
}

/** The permission strings among a tree's checked keys (group keys dropped), in contract order. */
export function permissionsOfCheckedKeys(keys: readonly Key[]): Permission[] {
  const checked = new Set(keys.map(String));
  return ALL_PERMISSIONS.filter((permission) => checked.has(permission));
}
