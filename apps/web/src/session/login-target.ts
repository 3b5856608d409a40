import { isInAppPath } from '@patlas/contracts';
import {
  LOGIN_PATH,
  PATENT_DETAIL_PATH,
  QUICK_SEARCH_PATH,
  SEARCH_RESULT_PATH,
  patentDetailPath,
  searchResultPath,
} from '../app/paths';

/** Why the login page was opened other than by choice; it shows the matching message. */
export type LoginReason = 'noQuickSearch' | 'noRole' | 'IP_NO_ROLE' | 'IP_ONLINE_LIMIT' | 'IP_NOT_ALLOWED';

/**
 * A path inside the app (never another origin, never the login page itself): the one in-app check
 * of contracts (issue 41), so `/\t/evil.example` (a browser drops the tab) or `/%2F%2Fevil` are refused too.
 */
export function isSafeRedirect(value: string | null | undefined): value is string {
  return isInAppPath(value) && !value.startsWith(LOGIN_PATH);
}

/**
 * The login page for a visitor who was on `from` (spec 1 §8 "Token gone at route: redirect to
 * /login with redirect query"). The result page's expression travels as `expre` and the detail
 * page's number as `pn`, as the spec's own links carry them.
 */
export function loginPathFor(from: URL | undefined, reason?: LoginReason): string {
  const params = new URLSearchParams();
  if (from) {
    const target = `${from.pathname}${from.search}`;
    if (isSafeRedirect(target) && target !== '/') params.set('redirect', target);
    const q = from.searchParams.get('q') ?? from.searchParams.get('expre');
    if (from.pathname === SEARCH_RESULT_PATH && q) params.set('expre', q);
    const pn = from.searchParams.get('pn');
    if (from.pathname === PATENT_DETAIL_PATH && pn) params.set('pn', pn);
    const source = from.searchParams.get('source');
    if (source && params.has('expre')) params.set('source', source);
  }
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

/**
 * Where a successful login goes (spec 1 §2): the page the visitor was sent away from, else the
 * result page of `expre`, else the detail page of `pn` (or `patentDetailId`), else the quick search.
 */
export function targetAfterLogin(params: URLSearchParams): string {
  const redirect = params.get('redirect');
  if (isSafeRedirect(redirect)) return redirect;
  const expre = params.get('expre')?.trim();
  if (expre) return searchResultPath(expre, params.get('source'));
  const pn = (params.get('pn') ?? params.get('patentDetailId'))?.trim();
  if (pn) return patentDetailPath(pn);
  return QUICK_SEARCH_PATH;
}
