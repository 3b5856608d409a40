import { useEffect, useState } from 'react';
import { Alert, Card, Flex, Pagination, Result, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { MAX_PAGE, type FilterFieldId, type Language } from '@patlas/contracts';
import { ApiError, isServiceStarting } from '../../api/client';
import { ANALYSIS_PATH, resultSetOf } from '../../search-state/analysis-url-state';
import { useFilterFieldLabel } from '../../search-state/useFilterFieldLabel';
import { HistoryDrawerButton } from '../../history-recording/HistoryDrawer';
import { ShareButton } from '../../components/ShareDialog/ShareButton';
import { SEARCH_RESULT_PATH } from '../../app/paths';
import { historyActionState, type HistoryNavState } from '../../history-recording/history-actions';
import {
  HistoryOriginContext,
  useAnalysisClickRecording,
  useResultHistoryRecording,
} from '../../history-recording/useHistoryRecording';
import { ExpressionEditor } from '../../components/ExpressionEditor/ExpressionEditor';
import type { ExpressionProblem } from '../../components/ExpressionEditor/useExpressionValidation';
import { AllDrawingsView } from './components/AllDrawingsView';
import { EmptyResult } from './components/EmptyResult';
import { FilterPanel, type FilterChange } from './components/FilterPanel';
import { FirstDrawingView } from './components/FirstDrawingView';
import { ImageTextView } from './components/ImageTextView';
import { ResultListView } from './components/ResultListView';
import { ResultToolbar } from './components/ResultToolbar';
import { ViewSwitch } from './components/ViewSwitch';
import { SelectionBar } from './components/SelectionBar';
import { SearchNotes } from './components/SearchNotes';
import { SetSourceSummary } from './components/SetSourceSummary';
import { SetKindContext } from './components/SetRank';
import { useHitLabels } from '../../search-state/useHitLabels';
import { formatTotal } from '../../search-state/format-total';
import { useSearchResults, useStateByKey } from './queries';
import {
  decodeResultState,
  encodeFilters,
  encodeResultState,
  encodeSort,
  fromSearchState,
  hasResultSet,
  withFilterValues,
  type ResultUrlState,
} from '../../search-state/search-url-state';
import { resultSetKey } from './selection-storage';
import { useResultSelection } from './useResultSelection';
import { CollectResultsButton } from '../../library-actions/CollectButton';
import { ExportResultsButton } from '../../export-actions/ExportButton';
import { LibraryLabelBar } from '../../library-actions/LibraryLabelBar';
import { SaveExpressionButton } from '../../library-actions/SaveExpressionButton';
import { LibraryAlertButton, WatchSearchButton } from '../../alert-actions/AlertButtons';
import { ReportButton } from '../../report-actions/ReportButton';
import { HoldingContext } from '../../library-actions/HoldingMark';
import { useHolding } from '../../library-actions/queries';
import { usePersonalSession } from '../../session/useSession';
import './ResultsPage.css';

/** A server answer about the expression itself (HTTP 400 with a QUERY_* code and span). */
function problemOf(error: unknown): ExpressionProblem | undefined {
  if (!(error instanceof ApiError) || !error.code.startsWith('QUERY_')) return undefined;
  const span = (error.data as { span?: { start?: unknown; end?: unknown } } | undefined)?.span;
  const start = typeof span?.start === 'number' ? span.start : 0;
  const end = typeof span?.end === 'number' ? span.end : start;
  return { message: error.message, span: { start, end }, code: error.code };
}

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

function KeyResolver({ stateKey }: { stateKey: string }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const stored = useStateByKey(stateKey);
  useEffect(() => {
    if (stored.data)
      navigate(`?${encodeResultState(fromSearchState(stored.data.state)).toString()}`, { replace: true });
  }, [stored.data, navigate]);
  if (stored.isError) {
    return <Result status="warning" title={t('results.keyNotFound')} subTitle={stored.error.message} />;
  }
  return <Spin className="results-key-loading" description={t('results.loading')} />;
}

function ResultsView() {
  const { t, i18n } = useTranslation('search');
  const lang: Language = i18n.language === 'en' ? 'en' : 'zh';
  const labels = useHitLabels();
  const filterFieldLabel = useFilterFieldLabel();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = decodeResultState(searchParams);
  const results = useSearchResults(state);
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
    // The same expression again: a refresh, recorded once the new answer is in.
    setSearchParams(encodeResultState(state), {
      replace: true,
      state: historyActionState('refreshPage', expression, { requiresFresh: true }),
    });
    void results.refetch();
  };

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
      <Card size="small" className="results-query">
        {/* A ranked set (a semantic search) says what it is; an expression can be edited. */}
        {state.set ? (
          <SetSourceSummary source={state.set} summary={data?.set} total={data?.total} lang={lang} />
        ) : (
          <ExpressionEditor
            value={draft}
            onChange={setDraft}
            onSubmit={handleSearch}
            serverProblem={draft === state.expression ? problem : undefined}
            isSearching={results.isFetching}
            rows={2}
          />
        )}
        <Flex gap={16} align="baseline" wrap className="results-summary" aria-live="polite">
          {data && !problem && (
            <>
              {!state.set && (
                <Typography.Text data-testid="result-total">
                  {t('results.total', { total: formatTotal(data.total, lang), count: data.total })}
                </Typography.Text>
              )}
              <Typography.Text type="secondary">{t('results.took', { ms: Math.round(data.tookMs) })}</Typography.Text>
            </>
          )}
          {state.second && (
            <Tag
              closable
              onClose={() =>
                update({ second: undefined }, { history: historyActionState('clearSecondExp', state.second ?? '') })
              }
              color="blue"
            >
              {t('results.within', { expression: state.second })}
            </Tag>
          )}
        </Flex>
      </Card>

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
                extra={
                  <>
                    <SaveExpressionButton state={state} setLabel={data?.set?.label} />
                    {/* Watch the search (an expression's page) or the library (a folder's page). */}
                    {!state.set && <WatchSearchButton state={state} />}
                    {librarySet && data?.set && (
                      <LibraryAlertButton folderId={librarySet.key} folderName={data.set.label} />
                    )}
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
                <Flex wrap gap={4} className="results-active-filters" aria-label={t('filters.active')}>
                  {state.filters.flatMap((filter) =>
                    filter.values.map((value) => (
                      <Tag
                        key={`${filter.field}:${value}`}
                        closable
                        onClose={(event) => {
                          event.preventDefault();
                          setFilter(
                            filter.field,
                            filter.values.filter((v) => v !== value),
                            'remove',
                          );
                        }}
                      >
                        {filterFieldLabel(filter.field)}: {labels.facetValue(filter.field, value)}
                      </Tag>
                    )),
                  )}
                </Flex>
              )}
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Flex gap={8} align="center" wrap>
                  <SelectionBar selection={selection} pageNumbers={pageNumbers} />
                  <CollectResultsButton
                    state={state}
                    selected={selection.selected}
                    total={data?.total}
                    origin={origin}
                  />
                  <ExportResultsButton
                    state={state}
                    selected={selection.selected}
                    total={data?.total}
                    title={state.expression || data?.set?.label || ''}
                  />
                </Flex>
                {/* Another view of the same page: the page number stays. */}
                <ViewSwitch
                  value={state.view}
                  onChange={(view) => update({ view }, { keepPage: true, history: historyActionState('view', view) })}
                />
              </Flex>
              {data && !isStale && <SearchNotes data={data} state={state} lang={lang} />}
              {results.isPending && <Spin className="results-loading" />}
              {data && data.total === 0 && (
                <EmptyResult hasFilters={state.filters.length > 0 || Boolean(state.second)} />
              )}
              {data && data.total > 0 && (
                <Spin spinning={isStale}>
                  <HoldingContext.Provider value={holding.data?.holding}>
                    <SetKindContext.Provider value={state.set?.kind}>
                      {state.view === 'liebiaoshitu' && (
                        <ResultListView items={items} selection={selection} offset={offset} isLoading={false} />
                      )}
                      {state.view === 'tuwenshitu' && (
                        <ImageTextView items={items} selection={selection} offset={offset} />
                      )}
                      {state.view === 'quanfutushitu' && (
                        <AllDrawingsView items={items} selection={selection} offset={offset} />
                      )}
                      {state.view === 'shoutushitu' && (
                        <FirstDrawingView items={items} selection={selection} offset={offset} />
                      )}
                    </SetKindContext.Provider>
                  </HoldingContext.Provider>
                </Spin>
              )}
              {data && data.total > 0 && (
                <Pagination
                  className="results-pagination"
                  current={state.page}
                  pageSize={state.pageSize}
                  total={Math.min(data.total, MAX_PAGE * state.pageSize)}
                  showSizeChanger={false}
                  showQuickJumper
                  showTotal={(total) =>
                    t('results.pages', {
                      pages: Math.ceil(total / state.pageSize).toLocaleString(),
                      count: Math.ceil(total / state.pageSize),
                    })
                  }
                  onChange={(page) => {
                    const target = Math.min(MAX_PAGE, Math.max(1, page));
                    update(
                      { page: target },
                      { keepPage: true, history: historyActionState('jumpPage', String(target)) },
                    );
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
