import type { SearchNewResponse } from '../api';
import { resultSetOf } from '../../../search-state/analysis-url-state';
import type { ResultUrlState } from '../../../search-state/search-url-state';
import { HistoryDrawerButton } from '../../../history-recording/HistoryDrawer';
import { ShareButton } from '../../../components/ShareDialog/ShareButton';
import { SEARCH_RESULT_PATH } from '../../../app/paths';
import { SaveExpressionButton } from '../../../library-actions/SaveExpressionButton';
import { LibraryAlertButton, WatchSearchButton } from '../../../alert-actions/AlertButtons';
import { ReportButton } from '../../../report-actions/ReportButton';

interface ResultActionsProps {
  state: ResultUrlState;
  /** The answer shown; undefined while the first one loads. */
  data: SearchNewResponse | undefined;
  searchParams: URLSearchParams;
}

/** The toolbar's actions on what the page shows: save, watch, report, history and share. */
export function ResultActions({ state, data, searchParams }: ResultActionsProps) {
  const librarySet = state.set?.kind === 'library' ? state.set : undefined;
  return (
    <>
      <SaveExpressionButton state={state} setLabel={data?.set?.label} />
      {/* Watch the search (an expression's page) or the library (a folder's page). */}
      {!state.set && <WatchSearchButton state={state} />}
      {librarySet && data?.set && <LibraryAlertButton folderId={librarySet.key} folderName={data.set.label} />}
      {/* A smart report over the set the page shows (issue 20). */}
      <ReportButton
        disabled={!data || data.total === 0}
        preset={() => ({
          set: resultSetOf(state),
          origin: librarySet ? 'library' : 'search',
          label: data?.set?.label ?? state.expression,
        })}
      />
      <HistoryDrawerButton />
      <ShareButton
        labelKey="actionSearch"
        target={() => ({
          kind: 'search',
          title: state.expression,
          ...(state.expression ? { expression: state.expression } : {}),
          router: `${SEARCH_RESULT_PATH}?${searchParams.toString()}`,
          ...(data ? { total: data.total } : {}),
        })}
      />
    </>
  );
}
