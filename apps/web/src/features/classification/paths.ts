/** Spec 1 §2: "/search/ipc goes to /innovationSpace/ipc" (classification search). */
export const CLASSIFICATION_PATH = '/innovationSpace/ipc';
export const CLASSIFICATION_LEGACY_PATH = '/search/ipc';
/** Spec 1 §6 permission of the classification search page. */
export const CLASSIFICATION_PERMISSION = '/search/ipc';

export type Scheme = 'ipc' | 'cpc';

/** The page opened on a scheme, at a symbol (deep link: ?scheme=ipc&code=H01M4). */
export function classificationPath(scheme: Scheme, code?: string): string {
  const params = new URLSearchParams({ scheme });
  if (code) params.set('code', code);
  return `${CLASSIFICATION_PATH}?${params.toString()}`;
}

/** The result-page expression of a node: every patent classified at or under it. */
export function symbolExpression(scheme: Scheme, code: string): string {
  return `${scheme.toUpperCase()}=${code}`;
}
