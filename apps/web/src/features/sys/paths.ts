/** The operators' area (spec 1 §2 "/sys goes to /sys/user"). */
export const SYS_PATH = '/sys';
export const SYS_SECTIONS = ['user', 'role', 'tenant', 'copy', 'audit', 'tryout'] as const;
export type SysSection = (typeof SYS_SECTIONS)[number];

export function sysPath(section: SysSection): string {
  return `${SYS_PATH}/${section}`;
}
