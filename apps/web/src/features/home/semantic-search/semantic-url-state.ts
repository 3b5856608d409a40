import { MAX_SEMANTIC_RESULTS } from '@patlas/contracts';
import { HOME_PATH } from '../../../app/paths';
import { SEMANTIC_PAGE_SIZE } from './semantic-form';

/**
 * What of the semantic tab lives in the URL (STYLE.md "every screen state a user could share"):
 * the key of the stored search and the page, so `/home?tabName=semantics&key=…&page=2` reopens the
 * same result. The text itself stays on the server under the key (it may be 50000 characters).
 */
export const SEMANTIC_TAB = 'semantics';

export interface SemanticUrlState {
  key: string | undefined;
  page: number;
}

/** The last page a result can have: MAX_SEMANTIC_RESULTS in pages of SEMANTIC_PAGE_SIZE. */
export const MAX_SEMANTIC_PAGE = Math.ceil(MAX_SEMANTIC_RESULTS / SEMANTIC_PAGE_SIZE);

// The contract's key: 8–64 characters; anything else is ignored rather than sent.
const KEY_PATTERN = /^\S{8,64}$/;

export function readSemanticUrl(params: URLSearchParams): SemanticUrlState {
  const rawKey = params.get('key');
  const key = rawKey && KEY_PATTERN.test(rawKey) ? rawKey : undefined;
  const page = Number(params.get('page'));
  return { key, page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_SEMANTIC_PAGE) : 1 };
}

/** The parameters with the tab and this state; other parameters are kept. */
export function writeSemanticUrl(params: URLSearchParams, state: SemanticUrlState): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('tabName', SEMANTIC_TAB);
  if (state.key) {
    next.set('key', state.key);
    next.set('page', String(state.page));
  } else {
    next.delete('key');
    next.delete('page');
  }
  return next;
}

/** The in-app link of a stored semantic search, at a page. */
export function semanticResultPath(key: string, page = 1): string {
  return `${HOME_PATH}?${writeSemanticUrl(new URLSearchParams(), { key, page }).toString()}`;
}
