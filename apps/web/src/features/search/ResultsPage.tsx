import { useEffect, useState } from 'react';
import { Alert, Card, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { MAX_PAGE, type FilterFieldId, type Language } from '@patlas/contracts';
import { isServiceStarting } from '../../api/client';
import { useServerFeature } from '../../api/server-features';
import { problemOf } from './expression-problem';
import { ANALYSIS_PATH } from '../../search-state/analysis-url-state';
import {
  historyActionState,
  isRecordingClaimed,
  readHistoryNavState,
  type HistoryNavState,
} from '../../history-recording/history-actions';
import {
  HistoryOriginContext,
  useAnalysisClickRecording,
  useResultHistoryRecording,
  useResultHistoryRequest,
} from '../../history-recording/useHistoryRecording';
import { ExpressionEditor } from '../../components/ExpressionEditor/ExpressionEditor';
import { ActiveFilterTags } from './components/ActiveFilterTags';
import { EmptyResult } from './components/EmptyResult';
import { FilterPanel, type FilterChange } from './components/FilterPanel';
import { KeyResolver } from './components/KeyResolver';
import { ResultActions } from './components/ResultActions';
import { ResultItems } from './components/ResultItems';
import { ResultToolbar } from './components/ResultToolbar';
import { AsOfPicker } from './components/AsOfPicker';
import { ResultPagination } from './components/ResultPagination';
import { SelectionActions } from './components/SelectionActions';
import { setHasNoDrawings, shownView } from './components/ViewSwitch';
import { SearchNotes } from './components/SearchNotes';
import { ResultQueryCard } from './components/ResultQueryCard';
import { useSearchResults } from './queries';
import {
  decodeResultState,
  encodeFilters,
  encodeResultState,
  encodeSort,
  hasResultSet,
  withFilterValues,
  type ResultUrlState,
} from '../../search-state/search-url-state';
import { resultSetKey } from './selection-storage';
import { useResultSelection } from './useResultSelection';
import { LibraryLabelBar } from '../../library-actions/LibraryLabelBar';
import { useHolding } from '../../library-actions/queries';
import { usePersonalSession } from '../../session/useSession';
import { ReadMarksProvider } from '../../read-marks/ReadMark';
import './ResultsPage.css';
import { PageBreadcrumb } from '../../components/ui/PageBreadcrumb';
import { HOME_PATH } from '../../app/paths';

/**
 * The result page (/innovationSpace/searchResult). Everything it shows follows from the URL
 * (search-url-state.ts), so reload, back/forward and shared links give the same page; `?key=`
 * links are resolved to the full URL first.
 */
export function ResultsPage() {
  const [searchParams] = useSearchParams();
  const key = searchParams.get('key');
  // Spec 1 §2: `pageType=analysis` (with `jumpAnalysisName`) opens the analysis of the set.
  if (searchParams.get('pageType') === 'analysis')
    return <Navigate to={`${ANALYSIS_PATH}?${searchParams.toString()}`} replace />;
  if (key && !searchParams.get('q') && !searchParams.get('set')) return <KeyResolver stateKey={key} />;
  return <ResultsView />;
}

function ResultsView() {
  const { t, i18n } = useTranslation('search');
  const { t: tc } = useTranslation('common');
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  const [searchParams, setSearchParams] = useSearchParams();
  // Cross-language search needs the translation service: a link asking for it waits for /api/health,
  // and without the service the page is searched as written (issue 43).
  const translation = useServerFeature('translation');
  const urlState = decodeResultState(searchParams);
  const state = urlState.crossLanguage && translation === 'off' ? { ...urlState, crossLanguage: false } : urlState;
  const location = useLocation();
  // The page's action rides on its search (issue 42).
  const takeHistory = useResultHistoryRequest(state);
  const results = useSearchResults(state, takeHistory, !(state.crossLanguage && translation === 'loading'));
  const selection = useResultSelection(resultSetKey(state));
  const [draft, setDraft] = useState(state.expression);
  const [shownExpression, setShownExpression] = useState(state.expression);
  if (shownExpression !== state.expression) {
    setShownExpression(state.expression);
    setDraft(state.expression);
  }

  /**
   * Every user action goes through here, tagged with its history action (spec 1 §4); the tag
   * rides on the navigation and is recorded once the new state's results arrive. The new URL
   * drops `hid`: after the first action a reopened history entry is an ordinary page again.
   */
  const update = (patch: Partial<ResultUrlState>, options: { keepPage?: boolean; history?: HistoryNavState } = {}) => {
    const next: ResultUrlState = { ...state, ...patch, page: options.keepPage ? (patch.page ?? state.page) : 1 };
    if (next.second === undefined) delete next.second;
    if (next.source === undefined) delete next.source;
    if (!next.crossLanguage) delete next.crossLanguage;
    if (next.applicantNames === undefined) delete next.applicantNames;
    if (!next.unreadOnly) delete next.unreadOnly;
    if (next.asOf === undefined) delete next.asOf;
    setSearchParams(encodeResultState(next), options.history ? { state: options.history } : undefined);
  };
  const setFilter = (field: FilterFieldId, values: string[], change: FilterChange) => {
    const removed = (state.filters.find((f) => f.field === field)?.values ?? []).filter((v) => !values.includes(v));
    const history =
      change === 'remove'
        ? historyActionState('delFilter', `${field}:${removed.join('|')}`, {
            filterKind: 'facet',
            removedFilter: { field, values: removed },
          })
        : historyActionState(change === 'single' ? 'filterSingle' : 'filterMultiple', `${field}:${values.join('|')}`, {
            filterKind: 'facet',
          });
    update({ filters: withFilterValues(state.filters, field, values) }, { history });
  };
  // The toolbar's changes; sorting has no action of its own in spec 1 §4, so it is a refreshPage (isOrder set).
  const handleToolbarChange = (patch: Partial<ResultUrlState>) => {
    let history: HistoryNavState;
    if ('second' in patch) {
      history = patch.second
        ? historyActionState('second', patch.second)
        : historyActionState('clearSecondExp', state.second ?? '');
    } else if (patch.mergeType !== undefined) {
      history = historyActionState('merge', String(patch.mergeType));
    } else if ('crossLanguage' in patch) {
      history = historyActionState('refreshPage', `crossLanguage:${patch.crossLanguage ? 'on' : 'off'}`);
    } else if (patch.sort) {
      history = historyActionState('refreshPage', `sort:${encodeSort(patch.sort)}`);
    } else {
      history = historyActionState('refreshPage', state.expression);
    }
    update(patch, { history });
  };
  const handleSearch = (expression: string) => {
    if (expression !== state.expression) {
      update({ expression, filters: [], second: undefined }, { history: historyActionState('search', expression) });
      return;
    }
    // The same expression again: a refresh, searched again once the navigation is in place (below).
    setSearchParams(encodeResultState(state), {
      replace: true,
      state: historyActionState('refreshPage', expression, { requiresFresh: true }),
    });
  };
  // A refresh's search runs on its own navigation, so the request carries its action (issue 42);
  // a reload or back/forward to it finds it claimed and searches no more than any page does.
  const refreshTag = readHistoryNavState(location.state).historyAction;
  const refetch = results.refetch;
  useEffect(() => {
    if (refreshTag?.requiresFresh && !isRecordingClaimed(location.key)) void refetch();
  }, [refreshTag, location.key, refetch]);

  const data = results.data;
  const isStale = results.isPlaceholderData;
  const origin = useResultHistoryRecording({
    state,
    current: results.isSuccess && !isStale ? data : undefined,
    isFetching: results.isFetching,
    dataUpdatedAt: results.dataUpdatedAt,
  });
  const recordAnalysisClick = useAnalysisClickRecording(origin);
  const lastPage = data ? Math.min(MAX_PAGE, Math.max(1, Math.ceil(data.total / state.pageSize))) : undefined;
  // A page beyond the last one (an old link, a narrower filter) shows the last page instead.
  useEffect(() => {
    if (!isStale && lastPage !== undefined && data && data.total > 0 && state.page > lastPage) {
      const next = new URLSearchParams(searchParams);
      next.set('page', String(lastPage));
      setSearchParams(next, { replace: true });
    }
  }, [isStale, lastPage, data, state.page, searchParams, setSearchParams]);

  const problem = problemOf(results.error);
  const otherError = results.isError && !problem ? results.error : undefined;
  // The server is still opening its index: not an error; the query asks again by itself (query-client.ts).
  const isStarting = results.isFetching && isServiceStarting(results.failureReason);
  const items = data?.items ?? [];
  const pageNumbers = items.map((hit) => hit.publicationNumber);
  const offset = (state.page - 1) * state.pageSize;
  const librarySet = state.set?.kind === 'library' ? state.set : undefined;
  // Issue 43: what the whole set holds; a drawing view of a set without drawings shows the list.
  const content = isStale ? undefined : data?.content;
  const view = shownView(state.view, content);
  // Which of the user's folders hold the results shown (a star beside each collected one).
  const isPersonal = usePersonalSession();
  const holding = useHolding(pageNumbers, isPersonal && !isStale);

  if (!hasResultSet(state)) {
    return (
      <Card className="results-page">
        <ExpressionEditor
          value={draft}
          onChange={setDraft}
          onSubmit={(expression) => update({ expression }, { history: historyActionState('search', expression) })}
          autoFocus
        />
      </Card>
    );
  }

  return (
    <div className="results-page">
      <PageBreadcrumb steps={[{ title: tc('routes.home'), to: HOME_PATH }, { title: tc('routes.searchResult') }]} />
      <ResultQueryCard
        state={state}
        data={data}
        lang={lang}
        draft={draft}
        onDraft={setDraft}
        onSearch={handleSearch}
        onClearSecond={() =>
          update({ second: undefined }, { history: historyActionState('clearSecondExp', state.second ?? '') })
        }
        problem={problem}
        isSearching={results.isFetching}
      />

      {isStarting && (
        <Alert
          type="info"
          showIcon
          title={t('results.serviceStarting')}
          className="results-alert"
          data-testid="service-starting"
        />
      )}
      {problem && <Alert type="error" showIcon title={problem.message} className="results-alert" />}
      {otherError && <Alert type="error" showIcon title={otherError.message} className="results-alert" />}

      {!problem && (
        <HistoryOriginContext.Provider value={origin}>
          <div className="results-body">
            <FilterPanel
              facets={data?.facets}
              filters={state.filters}
              onChange={setFilter}
              applicantsMerged={data?.applicantsMerged ?? false}
              onApplicantsMergedChange={(merged) =>
                update(
                  { applicantNames: merged ? undefined : 'written' },
                  { keepPage: true, history: historyActionState('refreshPage', state.expression) },
                )
              }
              onClearAll={() =>
                update(
                  { filters: [] },
                  { history: historyActionState('clearFilter', encodeFilters(state.filters), { filterKind: 'facet' }) },
                )
              }
            />
            <main className="results-main" onClickCapture={recordAnalysisClick}>
              <ResultToolbar
                state={state}
                lang={lang}
                onChange={handleToolbarChange}
                crossLanguage={translation === 'on'}
                extra={<ResultActions state={state} data={data} searchParams={searchParams} />}
                // Reading marks: IP visitors keep none. A mark filter records no history entry (spec 1 §4).
                onUnreadOnly={isPersonal ? (unreadOnly) => update({ unreadOnly }) : undefined}
              />
              {/* Issue 48 item 5: the corpus as of a data version (docs/search-as-of.md). */}
              <AsOfPicker
                value={state.asOf}
                changed={data && !isStale ? data.changedSinceAsOf : undefined}
                revised={data && !isStale ? data.revisedSinceAsOf : undefined}
                tooMany={data && !isStale ? data.changedTooManyAsOf : undefined}
                onChange={(asOf) =>
                  update({ asOf }, { history: historyActionState('refreshPage', `asOf:${asOf ?? 'current'}`) })
                }
              />
              {/* A library folder's page: its indexing labels (filter, set and cancel on the selection). */}
              {librarySet && (
                <LibraryLabelBar
                  folderId={librarySet.key}
                  labelId={librarySet.labelId}
                  selected={selection.selected}
                  onRemoved={selection.clear}
                  onFilter={(labelId) =>
                    update({ set: { kind: 'library', key: librarySet.key, ...(labelId ? { labelId } : {}) } })
                  }
                />
              )}
              {state.filters.length > 0 && (
                <ActiveFilterTags
                  filters={state.filters}
                  onRemove={(field, values) => setFilter(field, values, 'remove')}
                />
              )}
              <SelectionActions
                state={state}
                selection={selection}
                pageNumbers={pageNumbers}
                total={data?.total}
                origin={origin}
                title={state.expression || data?.set?.label || ''}
                onView={(next) => update({ view: next }, { keepPage: true, history: historyActionState('view', next) })}
                content={content}
              />
              {data && !isStale && <SearchNotes data={data} state={state} lang={lang} />}
              {results.isPending && <Spin className="results-loading" />}
              {data && data.total === 0 && (
                <EmptyResult
                  hasFilters={state.filters.length > 0 || Boolean(state.second) || state.unreadOnly === true}
                  notHeld={(data.codeSearch?.notHeld.length ?? 0) > 0}
                />
              )}
              {data && data.total > 0 && (
                <Spin spinning={isStale}>
                  <ReadMarksProvider publicationNumbers={pageNumbers} isEnabled={!isStale}>
                    <ResultItems
                      state={view === state.view ? state : { ...state, view }}
                      items={items}
                      selection={selection}
                      offset={offset}
                      holding={holding.data?.holding}
                      setHasNoDrawings={setHasNoDrawings(content)}
                      labels={holding.data?.labels}
                    />
                  </ReadMarksProvider>
                </Spin>
              )}
              {data && data.total > 0 && (
                <ResultPagination
                  page={state.page}
                  pageSize={state.pageSize}
                  total={data.total}
                  onPage={(page) => {
                    update({ page }, { keepPage: true, history: historyActionState('jumpPage', String(page)) });
                    // The next page starts at its first result, not where the pager was.
                    window.scrollTo({ top: 0 });
                  }}
                />
              )}
            </main>
          </div>
        </HistoryOriginContext.Provider>
      )}
    </div>
  );
}
