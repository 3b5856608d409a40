/** Paths of the built pages, shared by the route table and the links that lead to them. */
export const HOME_PATH = '/home';
export const PATENT_DETAIL_PATH = '/innovationSpace/searchDetail';
/** Spec 1 §2: "/search/result goes to /innovationSpace/searchResult". */
export const SEARCH_RESULT_PATH = '/innovationSpace/searchResult';
/** Spec 1 §2 help area; search rules live under Detection. */
export const HELP_DETECTION_PATH = '/innovationSpace/help/Detection';

/** The detail page of a patent, optionally on one of its tabs (each tab is a URL). */
export function patentDetailPath(pn: string, tab?: string): string {
  const params = new URLSearchParams({ pn });
  if (tab) params.set('tab', tab);
  return `${PATENT_DETAIL_PATH}?${params.toString()}`;
}
