import { IMAGE_SEARCH_PATH } from '../../app/paths';

/** Spec 1 §2: /search/img is a gated route with the permission '/search/img'. */
export const IMAGE_SEARCH_PERMISSION = '/search/img';

/** The page opened on a stored result (deep link). */
export function imageSearchPath(key?: string): string {
  return key ? `${IMAGE_SEARCH_PATH}?key=${encodeURIComponent(key)}` : IMAGE_SEARCH_PATH;
}
