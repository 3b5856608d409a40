import { normaliseSource } from '@patlas/contracts';
import { PATENT_DETAIL_PATH, SEARCH_RESULT_PATH } from '../app/paths';
import { ANALYSIS_PATH } from './analysis-url-state';

/**
 * Spec 1 §2: "/search/result takes query expre, pageType, jumpAnalysisName, redirectParams,
 * redirectQuery, source, sourcetype". Links written that way (bookmarks, mails, other systems)
 * are translated once into the result page's own URL (`q`, …) so the page, its tab and its
 * history read one form.
 */
const SPEC_ONLY_PARAMS = ['expre', 'pageType', 'jumpAnalysisName', 'redirectParams', 'redirectQuery', 'sourcetype'];

/** The page a spec-form link asks for, or null when the URL is already in the product's form. */
export function translateSpecResultLink(search: string): string | null {
  const params = new URLSearchParams(search);
  if (!SPEC_ONLY_PARAMS.some((name) => params.has(name))) return null;

  // redirectParams / redirectQuery carry further parameters of the page asked for (a JSON object
  // or a query string); the link's own parameters win over them.
  const target = new URLSearchParams();
  for (const carried of [params.get('redirectParams'), params.get('redirectQuery')]) {
    for (const [name, value] of carriedParams(carried)) target.set(name, value);
  }
  for (const [name, value] of params) if (!SPEC_ONLY_PARAMS.includes(name)) target.set(name, value);

  const expression = params.get('expre')?.trim();
  if (expression && !target.get('q')?.trim()) target.set('q', expression);
  const source = target.get('source');
  if (source !== null && !normaliseSource(source)) target.delete('source');
  // sourcetype names the search mode that wrote the link; the result page is the same for all.

  const pageType = params.get('pageType') ?? target.get('pageType');
  target.delete('pageType');
  const chart = params.get('jumpAnalysisName');
  if (pageType === 'searchDetail') {
    const pn = target.get('pn') ?? target.get('detail');
    if (pn) {
      const detail = new URLSearchParams({ pn });
      const tab = target.get('tab') ?? target.get('detailTab');
      if (tab) detail.set('tab', tab);
      if (target.get('source')) detail.set('source', target.get('source') as string);
      return `${PATENT_DETAIL_PATH}?${detail.toString()}`;
    }
  }
  if (pageType === 'searchAnalysis' || chart) {
    if (chart) target.set('chart', chart);
    return `${ANALYSIS_PATH}?${expressionFirst(target).toString()}`;
  }
  return `${SEARCH_RESULT_PATH}?${expressionFirst(target).toString()}`;
}

/** The expression leads, as in the product's own links. */
function expressionFirst(params: URLSearchParams): URLSearchParams {
  const ordered = new URLSearchParams();
  const expression = params.get('q');
  if (expression !== null) ordered.set('q', expression);
  for (const [name, value] of params) if (name !== 'q') ordered.append(name, value);
  return ordered;
}

function carriedParams(text: string | null): [string, string][] {
  const trimmed = text?.trim();
  if (!trimmed) return [];
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
      return Object.entries(parsed)
        .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
        .map(([name, value]) => [name, String(value)]);
    } catch {
      // A damaged carried object loses only itself: the expression and the rest still open.
      return [];
    }
  }
  return [...new URLSearchParams(trimmed.replace(/^\?/, ''))];
}
