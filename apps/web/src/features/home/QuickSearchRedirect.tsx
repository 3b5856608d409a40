import { Navigate, useLocation } from 'react-router';
import { HOME_PATH, IMAGE_SEARCH_PATH } from '../../app/paths';

/**
 * /search/quick. Spec 1 §2, version style 2 (the default): "/search/quick with query tab cbir
 * goes to /search/img; otherwise /search/quick goes to /", and / goes to /home. We go straight to
 * the quick-search tab of /home and keep the query (an `expre`/`q` to prefill), which is where
 * "/" would end up minus the lost query.
 */
export function QuickSearchRedirect() {
  const { search, hash } = useLocation();
  const params = new URLSearchParams(search);
  if (params.get('tab') === 'cbir') return <Navigate to={IMAGE_SEARCH_PATH} replace />;
  params.delete('tab');
  params.set('tabName', 'quick');
  return <Navigate to={`${HOME_PATH}?${params.toString()}${hash}`} replace />;
}
