import {
  ANALYSIS_DIMENSIONS,
  FACET_FIELD_IDS,
  MAX_PAGE,
  DEFAULT_RESULT_PAGE_SIZE,
  RESULT_PAGE_SIZES,
  SORT_FIELDS,
  VIEW_MODES,
  type FacetFilterInput,
  type ResultSetQuery,
  type SearchQueryRequest,
  type SearchState,
  type SetSource,
  type Sort,
  normaliseSource,
} from '@patlas/contracts';
import { SEARCH_RESULT_PATH } from '../app/paths';

/**
 * The whole state of the result page, kept in the URL so every result page is a deep link that
 * survives a reload (issue: "the whole state in the URL"). Selection is not part of it.
 *
 * Parameters: q (expression), set (a set source the page lists instead of a whole expression's
 * hits: `semantic:<key>`, `library:<folder id>[:<label id>]`, `alertRun:<run id>`), second (search within results), page, size, sort (`PD.desc`,
 * `relevance`: with a set, its rank), merge (0/1/2), source (data sources: cn/uncn as before, or groups and offices, docs/data-sources.md), f (filters), view (spec 1
 * §3 view mode names), xl=1 (cross-language search, issue 43), names (`written`: applicants by their
 * names as written, not merged), unread=1 (only the patents the user has not opened: reading marks),
 * asOf (the corpus as of a data version, issue 48 item 5; docs/search-as-of.md).
 * Defaults are left out of the URL so links stay short.
 */
export type ViewMode = (typeof VIEW_MODES)[number];
export type MergeType = 0 | 1 | 2;
/** Data sources as stored (contracts sourceOffices: `cn`, `uncn`, `cnOther`, `CN,abroad` …). */
export type SourceScope = string;

export interface ResultUrlState {
  /** May be empty with `set`: the whole set. */
  expression: string;
  set?: SetSource;
  second?: string;
  page: number;
  pageSize: number;
  sort: Sort;
  mergeType: MergeType;
  source?: SourceScope;
  filters: FacetFilterInput[];
  view: ViewMode;
  /** Cross-language search (issue 43): each word searched with its translation too. */
  crossLanguage?: boolean;
  /**
   * `written`: applicants counted by their names as written (the "merge names" switch off); absent:
   * merged under standardised names (the default, docs/companies.md).
   */
  applicantNames?: 'written';
  /**
   * Only the patents the user has not opened (reading marks, spec 2 §3/§9): searched without them
   * on the server. A mark filter: not part of the stored state nor of history entries (spec 1 §4).
   */
  unreadOnly?: boolean;
  /** The corpus as it stood at this data version (issue 48 item 5); absent: as it is. */
  asOf?: number;
}

export const DEFAULT_PAGE_SIZE: number = DEFAULT_RESULT_PAGE_SIZE;
export const DEFAULT_VIEW: ViewMode = 'liebiaoshitu';
export const RELEVANCE_SORT: Sort = { field: 'relevance', order: 'desc' };

export function defaultResultState(expression: string): ResultUrlState {
  return {
    expression,
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: RELEVANCE_SORT,
    mergeType: 0,
    filters: [],
    view: DEFAULT_VIEW,
  };
}

// Filters: `field:value|value;field:value`. The separators (and the escape character itself) are
// escaped with a backslash inside values, so any applicant name survives; URLSearchParams then
// percent-encodes the whole parameter.
const SPECIAL = /[\\|:;]/g;

function escapeFilterValue(value: string): string {
  return value.replace(SPECIAL, (c) => `\\${c}`);
}

export function encodeFilters(filters: readonly FacetFilterInput[]): string {
  return filters
    .filter((f) => f.values.length > 0)
    .map((f) => `${f.field}:${f.values.map(escapeFilterValue).join('|')}`)
    .join(';');
}

type FilterField = FacetFilterInput['field'];

// Facets and, since analysis jumps, every analysis dimension (e.g. `ipcGroup:H01M4`).
const FILTER_FIELDS: readonly string[] = [...FACET_FIELD_IDS, ...ANALYSIS_DIMENSIONS];

function isFilterField(value: string): value is FilterField {
  return FILTER_FIELDS.includes(value);
}

/**
 * Reads the `f` parameter. Robust against hand-edited links: unknown fields, empty values and
 * dangling escapes are dropped, repeated values merged, order kept. A repeated field stays a
 * separate entry: entries are ANDed, so an analysis jump's `applicant:B` on a set already
 * filtered to `applicant:A|B` keeps counting only B.
 */
export function decodeFilters(text: string | null | undefined): FacetFilterInput[] {
  if (!text) return [];
  // Split into groups of [field, value, value…] honouring escapes.
  const groups: string[][] = [];
  let group: string[] = [];
  let current = '';
  let hasField = false;
  const endPart = () => {
    group.push(current);
    current = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (c === '\\') {
      const next = text[i + 1];
      if (next !== undefined) current += next;
      i += 1;
    } else if (c === ':' && !hasField) {
      endPart();
      hasField = true;
    } else if (c === '|' && hasField) {
      endPart();
    } else if (c === ';') {
      endPart();
      if (hasField) groups.push(group);
      group = [];
      hasField = false;
    } else {
      current += c;
    }
  }
  endPart();
  if (hasField) groups.push(group);

  const entries: FacetFilterInput[] = [];
  for (const [field, ...values] of groups) {
    const id = field?.trim() ?? '';
    if (!isFilterField(id)) continue;
    const kept: string[] = [];
    for (const value of values) {
      const v = value.trim();
      if (v && v.length <= 200 && !kept.includes(v)) kept.push(v);
    }
    if (kept.length > 0) entries.push({ field: id, values: kept });
  }
  return entries;
}

/**
 * `semantic:<key>`, `library:<folder id>`, `library:<folder id>:<label id>` (a folder's patents
 * carrying an indexing label), `alertRun:<run id>` (the patents an alert run reported),
 * `citation:<key>` (a citation search), `preEvaluation:<id>` (a pre-evaluation's prior art) or
 * `importRun:<id>` (the records an import added or changed, issue 43); keys are stored ids, so the link stays short whatever the text.
 */
export function encodeSetSource(set: SetSource): string {
  if (set.kind === 'library' && set.labelId) return `${set.kind}:${set.key}:${set.labelId}`;
  return `${set.kind}:${set.key}`;
}

const SET_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const LIBRARY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A set source from the URL; anything malformed is ignored. */
export function decodeSetSource(text: string | null | undefined): SetSource | undefined {
  if (!text) return undefined;
  const at = text.indexOf(':');
  const kind = text.slice(0, at);
  const key = text.slice(at + 1);
  if (
    (kind === 'semantic' ||
      kind === 'duplicate' ||
      kind === 'citation' ||
      kind === 'preEvaluation' ||
      kind === 'importRun') &&
    SET_KEY.test(key)
  )
    return { kind, key };
  if (kind === 'alertRun' && LIBRARY_ID.test(key)) return { kind, key };
  if (kind === 'library') {
    const [folderId = '', labelId, ...rest] = key.split(':');
    if (!LIBRARY_ID.test(folderId) || rest.length > 0) return undefined;
    if (labelId === undefined) return { kind, key: folderId };
    return LIBRARY_ID.test(labelId) ? { kind, key: folderId, labelId } : { kind, key: folderId };
  }
  return undefined;
}

/** The result page of a set source, in its rank order. */
export function setResultPath(set: SetSource): string {
  return `${SEARCH_RESULT_PATH}?${encodeResultState({ ...defaultResultState(''), set }).toString()}`;
}

/** Issue 48 item 5: the result page of an expression on the corpus as of a data version. */
export function asOfResultPath(expression: string, asOf: number, source?: SourceScope): string {
  const state: ResultUrlState = { ...defaultResultState(expression), ...(source ? { source } : {}), asOf };
  return `${SEARCH_RESULT_PATH}?${encodeResultState(state).toString()}`;
}

/** A state with something to list: an expression, or a set source. */
export function hasResultSet(state: Pick<ResultUrlState, 'expression' | 'set'>): boolean {
  return state.expression.trim() !== '' || state.set !== undefined;
}

export function encodeSort(sort: Sort): string {
  return sort.field === 'relevance' ? 'relevance' : `${sort.field}.${sort.order}`;
}

export function decodeSort(text: string | null): Sort {
  if (!text) return RELEVANCE_SORT;
  const [field, order] = text.split('.');
  if (!field || !(SORT_FIELDS as readonly string[]).includes(field) || field === 'relevance') return RELEVANCE_SORT;
  return { field: field as Sort['field'], order: order === 'asc' ? 'asc' : 'desc' };
}

function intIn(text: string | null, min: number, max: number, fallback: number): number {
  if (text === null || !/^\s*\d+\s*$/.test(text)) return fallback;
  const n = Number(text);
  return Math.min(max, Math.max(min, n));
}

/** The URL parameters of a state; defaults are omitted. */
export function encodeResultState(state: ResultUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.set) params.set('set', encodeSetSource(state.set));
  if (state.expression || !state.set) params.set('q', state.expression);
  if (state.second) params.set('second', state.second);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(state.pageSize));
  if (state.sort.field !== 'relevance') params.set('sort', encodeSort(state.sort));
  if (state.mergeType !== 0) params.set('merge', String(state.mergeType));
  if (state.source) params.set('source', state.source);
  if (state.crossLanguage) params.set('xl', '1');
  const filters = encodeFilters(state.filters);
  if (filters) params.set('f', filters);
  if (state.view !== DEFAULT_VIEW) params.set('view', state.view);
  if (state.applicantNames) params.set('names', state.applicantNames);
  if (state.unreadOnly) params.set('unread', '1');
  if (state.asOf !== undefined) params.set('asOf', String(state.asOf));
  return params;
}

/** The state a URL describes; anything out of range falls back to its default or is clamped. */
export function decodeResultState(params: URLSearchParams): ResultUrlState {
  const size = Number(params.get('size'));
  const merge = intIn(params.get('merge'), 0, 2, 0) as MergeType;
  const source = normaliseSource(params.get('source'));
  const view = params.get('view');
  const second = params.get('second')?.trim();
  const set = decodeSetSource(params.get('set'));
  // A version the server does not know is refused there, with its message; not a number: ignored.
  const asOf = /^\d{1,9}$/.test(params.get('asOf') ?? '') ? Number(params.get('asOf')) : undefined;
  return {
    expression: params.get('q') ?? '',
    ...(set ? { set } : {}),
    ...(second ? { second } : {}),
    page: intIn(params.get('page'), 1, MAX_PAGE, 1),
    pageSize: (RESULT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: decodeSort(params.get('sort')),
    mergeType: merge,
    ...(source ? { source } : {}),
    filters: decodeFilters(params.get('f')),
    view: (VIEW_MODES as readonly string[]).includes(view ?? '') ? (view as ViewMode) : DEFAULT_VIEW,
    ...(params.get('xl') === '1' ? { crossLanguage: true } : {}),
    ...(params.get('names') === 'written' ? { applicantNames: 'written' as const } : {}),
    ...(params.get('unread') === '1' ? { unreadOnly: true } : {}),
    ...(asOf !== undefined ? { asOf } : {}),
  };
}

/** A result page's state in the contract's shape (what history entries and `getCacheUrlParam` store). */
export function toSearchState(state: ResultUrlState): SearchState {
  return {
    searchExpre: state.expression,
    ...(state.set ? { set: state.set } : {}),
    ...(state.second ? { secondExpre: state.second } : {}),
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    mergeType: state.mergeType,
    filters: state.filters,
    ...(state.source ? { source: state.source } : {}),
    ...(state.crossLanguage ? { crossLanguage: true } : {}),
    ...(state.asOf !== undefined ? { asOf: state.asOf } : {}),
    viewMode: state.view,
  };
}

/** The body of `POST /search/searchNew` for a state: the stored state's fields. */
/** The result set of a result page as collect and export take it (its order is the page's sort). */
export function resultSetQueryOf(state: ResultUrlState): ResultSetQuery {
  const request = toSearchRequest(state);
  return {
    searchExpre: request.searchExpre,
    ...(request.secondExpre ? { secondExpre: request.secondExpre } : {}),
    ...(request.set ? { set: request.set } : {}),
    filters: request.filters ?? [],
    mergeType: request.mergeType ?? 0,
    ...(request.source ? { source: request.source } : {}),
    ...(request.sort ? { sort: request.sort } : {}),
    ...(request.crossLanguage ? { crossLanguage: true } : {}),
    ...(request.asOf !== undefined ? { asOf: request.asOf } : {}),
  };
}

export function toSearchRequest(state: ResultUrlState): SearchQueryRequest & { viewMode: ViewMode } {
  return {
    ...toSearchState(state),
    viewMode: state.view,
    ...(state.applicantNames === 'written' ? { mergeApplicants: false } : {}),
    ...(state.unreadOnly ? { unreadOnly: true } : {}),
  };
}

/** A state stored on the server under a key (getCacheUrlParam), as URL state. */
export function fromSearchState(stored: SearchState): ResultUrlState {
  const base = defaultResultState(stored.searchExpre);
  const size = stored.pageSize ?? DEFAULT_PAGE_SIZE;
  return {
    ...base,
    ...(stored.set ? { set: stored.set } : {}),
    ...(stored.secondExpre ? { second: stored.secondExpre } : {}),
    page: Math.min(MAX_PAGE, Math.max(1, stored.page ?? 1)),
    pageSize: (RESULT_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: stored.sort ?? RELEVANCE_SORT,
    mergeType: Math.min(2, Math.max(0, stored.mergeType ?? 0)) as MergeType,
    ...(stored.source ? { source: stored.source } : {}),
    filters: stored.filters ?? [],
    view: stored.viewMode ?? DEFAULT_VIEW,
    ...(stored.crossLanguage ? { crossLanguage: true } : {}),
    ...(stored.asOf !== undefined ? { asOf: stored.asOf } : {}),
  };
}

/** Adds a value to a facet's filter (multi-select) or replaces it (single-select). */
export function withFilterValues(
  filters: readonly FacetFilterInput[],
  field: FilterField,
  values: readonly string[],
): FacetFilterInput[] {
  const others = filters.filter((f) => f.field !== field);
  if (values.length === 0) return others;
  const index = filters.findIndex((f) => f.field === field);
  const next = { field, values: [...values] };
  if (index < 0) return [...others, next];
  const result = [...filters];
  result[index] = next;
  return result;
}
