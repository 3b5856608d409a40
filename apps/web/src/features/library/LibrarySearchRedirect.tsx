import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { decodeSetSource, defaultResultState, encodeResultState } from '../../search-state/search-url-state';
import { SEARCH_RESULT_PATH, LIBRARY_PATH } from '../../app/paths';

/**
 * /innovationSpace/collectSearch (spec 2 §2 "search library"): a folder searched within is the
 * ordinary result page over the folder's patents. `?id=<folder>` (optional `labelId`, and `q`: an
 * expression searched within the folder) opens that page; the result page's URL is the one to keep.
 */
export function LibrarySearchRedirect() {
  const { t } = useTranslation('library');
  const [params] = useSearchParams();
  const folderId = params.get('id') ?? params.get('folderId') ?? '';
  const labelId = params.get('labelId');
  const set = decodeSetSource(`library:${folderId}${labelId ? `:${labelId}` : ''}`);
  if (!set) {
    return (
      <Result
        status="warning"
        title={t('errors.noFolder')}
        extra={<Link to={LIBRARY_PATH}>{t('routes.library')}</Link>}
      />
    );
  }
  const within = params.get('q')?.trim();
  const state = { ...defaultResultState(''), set, ...(within ? { second: within } : {}) };
  return <Navigate to={`${SEARCH_RESULT_PATH}?${encodeResultState(state).toString()}`} replace />;
}
