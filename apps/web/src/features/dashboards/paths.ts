/** Spec 1 §2 / spec 2 §2 dashboard routes. */
export const REGION_PATH = '/analysis/region';
export const UNIVERSITY_PATH = '/analysis/cu';
export const COMPANY_PATH = '/analysis/co';
export const PATENT_MAP_PATH = '/patentMap';

/** Spec 2 §6 permissions of the dashboards' data (the /analysis/* pages themselves are in every menu). */
export const PATENT_MAP_PERMISSION = '/patentMap';
export const UNIVERSITY_PERMISSION = '/nationalUniversityDatabase';
export const COMPANY_PERMISSION = '/enterpriseDatabase';

/** The university dashboard of a name (the map's drill-down lands here). */
export function universityPath(name: string): string {
  return `${UNIVERSITY_PATH}?${new URLSearchParams({ name }).toString()}`;
}
