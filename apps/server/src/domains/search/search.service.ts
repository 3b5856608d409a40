import {
  FACET_FIELD_IDS,
  formatErrorMessage,
  formatQueryError,
  MAX_MERGE_TOTAL,
  MAX_PAGE,
  MAX_SORT_TOTAL,
  type FilterFieldId,
  type Language,
  type MissingFieldNote,
  type SearchNeighboursResponse,
  type SearchQueryResponse,
  type SearchState,
  type SetSource,
  type SetSummary,
} from '@patlas/contracts';
import { EngineError, extractKeywords, type CountOptions, type SearchEngine } from '@patlas/engine';
import {
  applyLeadingNotRule,
  beginsWithNot,
  findProximityExcess,
  historyReferences,
  makeAnd,
  matchAllTerm,
  parseExpression,
  printExpression,
  replaceReferences,
  type HistoryRefNode,
  type QueryErrorCode,
  type QueryNode,
  type Span,
} from '@patlas/query';
import { AppError, QueryAppError } from '../../errors.js';
import { lacksField, numberTermsNote, printConditions, topRangeConditions } from './search-notes.js';
import type { SearchStateRepository } from './search-state.repository.js';

export interface SearchParams {
  searchExpre: string;
  set?: SetSource | undefined;
  secondExpre?: string | undefined;
  page: number;
  pageSize: number;
  sort?:
    | { field: 'relevance' | 'AD' | 'PD' | 'GD' | 'PRD' | 'citedBy' | 'familySize' | 'value'; order: 'asc' | 'desc' }
    | undefined;
  mergeType: 0 | 1 | 2;
  filters: { field: FilterFieldId; values: string[] }[];
  source?: 'cn' | 'uncn' | undefined;
  facets?: (typeof FACET_FIELD_IDS)[number][] | undefined;
  highlight: boolean;
}

/** A limit as the messages write it: 10,000,000. */
const grouped = (limit: number) => limit.toLocaleString('en-US');

/** Engine refusals → catalogue codes with the spec's limits in the message. */
export function toAppError(err: unknown): unknown {
  if (!(err instanceof EngineError)) return err;
  switch (err.code) {
    case 'SORT_TOO_MANY_HITS':
      return new AppError('SORT_TOO_MANY_HITS', { max: grouped(MAX_SORT_TOTAL), ...err.params });
    case 'PAGE_TOO_DEEP':
      return new AppError('PAGE_TOO_DEEP', { max: MAX_PAGE, ...err.params });
    case 'TEXT_NO_TERMS':
      return new AppError('SEMANTIC_NO_VALID_TEXT');
    case 'QUERY_TOO_MANY_EXPANSIONS':
      // The engine's cost guard: a positioned expression error like the parser's.
      return new QueryAppError({ code: err.code, span: err.span ?? { start: 0, end: 0 }, params: err.params });
    default:
      return new AppError(err.code, { field: '', term: '', ...err.params });
  }
}

/** A set source resolved: its patents best first, each with the score that ranks it (0–1). */
export interface ResolvedSet {
  label: string;
  /** Most patents a set of this kind ranks. */
  limit: number;
  ranking: { publicationNumber: string; relevance: number }[];
}

/**
 * How each kind of set source is resolved, given by the domain that owns it (composition.ts): the
 * search domain knows no other domain, and a new kind is one more entry.
 */
export type SetResolvers = {
  /** `context`: who searches (a library checks that they may open it). */
  [K in SetSource['kind']]: (source: Extract<SetSource, { kind: K }>, context: SearchContext) => Promise<ResolvedSet>;
};

/** The fields that say which patents a result set holds. */
export interface ResultSetParams {
  searchExpre: string;
  secondExpre?: string | undefined;
  set?: SetSource | undefined;
  filters?: { field: FilterFieldId; values: string[] }[] | undefined;
  mergeType?: 0 | 1 | 2 | undefined;
  source?: 'cn' | 'uncn' | undefined;
}

/** A result set as the engine runs it. */
export interface ScopedSet {
  ast: QueryNode;
  options: CountOptions;
  /** The set source's patents, when there is one. */
  resolved?: ResolvedSet;
}

function setSummary(source: SetSource, resolved: ResolvedSet): SetSummary {
  return { kind: source.kind, label: resolved.label, size: resolved.ranking.length, limit: resolved.limit };
}

/** Each hit's rank in the set and the score that ranks it. */
function withSetRanks<T extends { publicationNumber: string }>(items: T[], resolved: ResolvedSet) {
  const ranks = new Map(resolved.ranking.map((r, i) => [r.publicationNumber, { rank: i + 1, score: r.relevance }]));
  return items.map((item) => {
    const found = ranks.get(item.publicationNumber);
    return found ? { ...item, setRank: found.rank, setScore: Math.round(found.score * 10000) / 10000 } : item;
  });
}

/** Who searches: `#n` in an expression is the n-th search-history entry of this user. */
export interface SearchContext {
  userId: string | null;
}

/** A search without a user (IP visitors, internal counts): `#n` finds no history. */
export const NO_USER: SearchContext = { userId: null };

/**
 * What `#n` stands for, answered by the history domain (wired in composition.ts, so the search
 * domain imports nothing of it). `resolve` replaces the references inside the entry's own search.
 */
export interface HistoryReferenceSource {
  /**
   * The user's entry `no` as an expression: its canonical text (its own #n kept) and its AST with
   * every reference resolved; undefined when the user has no such entry. Throws an AppError when
   * the entry's search cannot be written as an expression.
   */
  searchOf(
    userId: string,
    no: number,
    lang: Language,
    resolve: (ast: QueryNode) => Promise<QueryNode>,
  ): Promise<{ expression: string; ast: QueryNode } | undefined>;
}

/** A reference that leads back to an entry on its own path: `no` repeats, `span` is where the outer #n is. */
class ReferenceCycle extends Error {
  constructor(
    readonly no: number,
    readonly span: Span,
  ) {
    super(`history reference cycle at #${no}`);
  }
}

/** A positioned expression error (as the parser's), found while resolving a reference. */
function referenceError(code: QueryErrorCode, span: Span, params: Record<string, string | number>, lang: Language) {
  return new AppError('QUERY_INVALID', { message: formatQueryError({ code, span, params }, lang) }, { code, span });
}

export class SearchService {
  private references: HistoryReferenceSource | undefined;

  constructor(
    private readonly engine: SearchEngine,
    private readonly states: SearchStateRepository,
    private readonly sets?: SetResolvers,
  ) {}

  /** Who makes the request being served (plugins/request-signal.ts), set by the composition root. */
  private caller: () => SearchContext | undefined = () => undefined;

  /**
   * Set once by the composition root: a set source read without an explicit context (analyses,
   * text mining) is resolved for the caller of the request being served.
   */
  useCaller(caller: () => SearchContext | undefined): void {
    this.caller = caller;
  }

  /** Set once by the composition root: the history service, which itself searches through this service. */
  useHistoryReferences(source: HistoryReferenceSource): void {
    this.references = source;
  }

  /** The patents of a set source, best first. */
  async resolveSet(source: SetSource, context: SearchContext = NO_USER): Promise<ResolvedSet> {
    const resolve = this.sets?.[source.kind] as
      ((source: SetSource, context: SearchContext) => Promise<ResolvedSet>) | undefined;
    if (!resolve) throw new AppError('SEARCH_STATE_NOT_FOUND');
    return resolve(source, context);
  }

  /**
   * A result set (the result page's, an analysis's) as the engine runs it: the expression (empty
   * with a set source: the whole set) and search within, parsed as `parse` does (or, given the
   * searching user, with their `#n` resolved); the set source resolved to its patents; the
   * filters, merge and scope.
   */
  async scope(params: ResultSetParams, lang: Language, context?: SearchContext): Promise<ScopedSet> {
    let resolved: ResolvedSet | undefined;
    try {
      resolved = params.set ? await this.resolveSet(params.set, context ?? this.caller() ?? NO_USER) : undefined;
    } catch (err) {
      throw toAppError(err);
    }
    const parse = async (expression: string) =>
      context ? this.parseFor(expression, lang, context) : this.parse(expression, lang);
    const main = resolved && !params.searchExpre.trim() ? matchAllTerm() : await parse(params.searchExpre);
    const ast = params.secondExpre?.trim() ? makeAnd([main, await parse(params.secondExpre)]) : main;
    const options: CountOptions = {
      filters: params.filters ?? [],
      ...(params.mergeType ? { merge: params.mergeType } : {}),
      ...(params.source ? { scope: params.source } : {}),
      ...(resolved ? { within: resolved.ranking.map((r) => r.publicationNumber) } : {}),
    };
    return { ast, options, ...(resolved ? { resolved } : {}) };
  }

  /**
   * Parses an expression into the AST the engine runs. A bad expression is refused with the
   * query package's positioned message in the user's language. Spec 1 §5: an expression that
   * begins with NOT gets the data-source condition prefixed.
   */
  parse(expression: string, lang: Language): QueryNode {
    const ast = this.parseWritten(expression, lang);
    // Callers that take a plain expression (analysis, dashboards…) cannot resolve #n.
    const [ref] = historyReferences(ast);
    if (ref) throw referenceError('QUERY_REFERENCE_UNSUPPORTED', ref.span, { no: ref.no }, lang);
    return ast;
  }

  /** As `parse`, keeping `#n` (for the search calls, which resolve them, and history entries). */
  parseWritten(expression: string, lang: Language): QueryNode {
    const parsed = parseExpression(expression);
    if (!parsed.ok) {
      const first = parsed.errors[0]!;
      throw new AppError(
        'QUERY_INVALID',
        { message: formatQueryError(first, lang) },
        {
          code: first.code,
          span: first.span,
        },
      );
    }
    return beginsWithNot(parsed.ast) ? applyLeadingNotRule(parsed.ast) : parsed.ast;
  }

  /**
   * Parses an expression of `context`'s user and replaces each `#n` by the search of their entry n
   * (spec: incoPat/CNIPA "#3 AND #5"). Every expression box reaches the engine through here. A
   * missing entry, a reference cycle or an entry without an expression form is refused with a
   * positioned message, like a parse error.
   */
  async parseFor(expression: string, lang: Language, context: SearchContext): Promise<QueryNode> {
    return this.resolveReferences(this.parseWritten(expression, lang), lang, context);
  }

  /** The AST with its `#n` replaced (unchanged when it has none). */
  async resolveReferences(ast: QueryNode, lang: Language, context: SearchContext): Promise<QueryNode> {
    const memo = new Map<number, QueryNode>();
    let resolved: QueryNode;
    try {
      resolved = await this.resolveWithin(ast, lang, context.userId, [], memo);
    } catch (err) {
      if (err instanceof ReferenceCycle) throw referenceError('QUERY_REFERENCE_CYCLE', err.span, { no: err.no }, lang);
      throw err;
    }
    // The cost guard again, now that each #n counts its search's proximity operators (`#3 OR #5`).
    const excess = memo.size > 0 ? findProximityExcess(ast, (ref) => memo.get(ref.no)) : undefined;
    if (excess) throw referenceError(excess.code, excess.span, excess.params, lang);
    return resolved;
  }

  /** `trail`: the entries being resolved around this AST (a repeat is a cycle); `memo`: entries resolved so far. */
  private async resolveWithin(
    ast: QueryNode,
    lang: Language,
    userId: string | null,
    trail: readonly number[],
    memo: Map<number, QueryNode>,
  ): Promise<QueryNode> {
    const refs = historyReferences(ast);
    if (refs.length === 0) return ast;
    const searches = new Map<number, QueryNode>();
    for (const ref of refs) {
      if (searches.has(ref.no)) continue;
      if (trail.includes(ref.no)) throw new ReferenceCycle(ref.no, ref.span);
      const resolved = memo.get(ref.no) ?? (await this.resolveOne(ref, lang, userId, trail, memo));
      memo.set(ref.no, resolved);
      searches.set(ref.no, resolved);
    }
    return replaceReferences(ast, (ref) => searches.get(ref.no)!);
  }

  private async resolveOne(
    ref: HistoryRefNode,
    lang: Language,
    userId: string | null,
    trail: readonly number[],
    memo: Map<number, QueryNode>,
  ): Promise<QueryNode> {
    const source = this.references;
    let found: { ast: QueryNode } | undefined;
    try {
      found =
        userId === null || !source
          ? undefined
          : await source.searchOf(userId, ref.no, lang, (inner) =>
              this.resolveWithin(inner, lang, userId, [...trail, ref.no], memo),
            );
    } catch (err) {
      // A cycle is reported where it starts in the text the user typed.
      if (err instanceof ReferenceCycle) throw new ReferenceCycle(err.no, ref.span);
      if (err instanceof AppError) {
        const reason = formatErrorMessage(err.code, lang, err.params);
        throw referenceError('QUERY_REFERENCE_UNUSABLE', ref.span, { no: ref.no, reason }, lang);
      }
      throw err;
    }
    if (!found) throw referenceError('QUERY_REFERENCE_NOT_FOUND', ref.span, { no: ref.no }, lang);
    return found.ast;
  }

  private async combined(
    params: Pick<SearchParams, 'searchExpre' | 'secondExpre'>,
    lang: Language,
    context: SearchContext,
  ): Promise<QueryNode> {
    const main = await this.parseFor(params.searchExpre, lang, context);
    if (!params.secondExpre?.trim()) return main;
    const second = await this.parseFor(params.secondExpre, lang, context);
    return makeAnd([main, second]);
  }

  async search(params: SearchParams, lang: Language, context: SearchContext = NO_USER): Promise<SearchQueryResponse> {
    const started = performance.now();
    const { ast, resolved, options: scoped } = await this.scope({ ...params, mergeType: 0 }, lang, context);
    const options = { ...scoped, scope: params.source };
    try {
      if (params.mergeType !== 0) {
        // Spec 1 §5: "Analysis or merge over 1 million patents is refused".
        const unmerged = await this.engine.count(ast, options);
        if (unmerged > MAX_MERGE_TOTAL) throw new AppError('MERGE_TOO_MANY', { max: grouped(MAX_MERGE_TOTAL) });
      }
      const result = await this.engine.search({
        ast,
        ...options,
        merge: params.mergeType,
        page: params.page,
        pageSize: params.pageSize,
        ...(params.sort ? { sort: params.sort } : {}),
        facets: params.facets ?? FACET_FIELD_IDS,
        highlight: params.highlight,
      });
      const missingFields = await this.missingFieldNotes(
        params,
        { ...options, merge: params.mergeType },
        lang,
        context,
      );
      const numberTerms = numberTermsNote(params.searchExpre);
      return {
        total: result.total,
        page: params.page,
        pageSize: params.pageSize,
        items: resolved ? withSetRanks(result.items, resolved) : result.items,
        facets: result.facets,
        expression: params.set && !params.searchExpre.trim() && !params.secondExpre?.trim() ? '' : printExpression(ast),
        ...(resolved && params.set ? { set: setSummary(params.set, resolved) } : {}),
        tookMs: Math.round(performance.now() - started),
        ...(missingFields.length > 0 ? { missingFields } : {}),
        ...(numberTerms ? { numberTerms } : {}),
      };
    } catch (err) {
      throw toAppError(err);
    }
  }

  /**
   * Issue 14: for each field compared at the top of the search (`… AND PD>=2020`), how many records
   * match the rest of it (same filters, scope and merge) but have no value in that field, with the
   * search without those conditions. One count per such field; none without a date or number condition.
   */
  private async missingFieldNotes(
    params: Pick<SearchParams, 'searchExpre' | 'secondExpre'>,
    options: CountOptions,
    lang: Language,
    context: SearchContext,
  ): Promise<MissingFieldNote[]> {
    const second = params.secondExpre?.trim() ? params.secondExpre : undefined;
    const inMain = topRangeConditions(params.searchExpre);
    const inSecond = second ? topRangeConditions(second) : [];
    const fields = [...new Set([...inMain, ...inSecond].map((c) => c.field))];
    const notes: MissingFieldNote[] = [];
    for (const field of fields) {
      // The field's conditions leave both the search and the search within.
      const main = inMain.find((c) => c.field === field);
      const within = inSecond.find((c) => c.field === field);
      const mainRest = main ? main.rest : params.searchExpre;
      const secondRest = within ? within.rest : second;
      // Nothing left once the conditions go (the search is only `PD>=2020`): no rest to count in.
      const searchExpre = mainRest || secondRest;
      if (!searchExpre) continue;
      const secondExpre = mainRest ? secondRest || undefined : undefined;
      const rest = await this.combined({ searchExpre, secondExpre }, lang, context);
      const count = await this.engine.count(makeAnd([rest, lacksField(field)]), options);
      if (count > 0) {
        notes.push({
          field,
          condition: printConditions([...(main?.nodes ?? []), ...(within?.nodes ?? [])]),
          count,
          searchExpre,
          ...(secondExpre ? { secondExpre } : {}),
        });
      }
    }
    return notes;
  }

  async totalHits(
    searchExpre: string,
    source: 'cn' | 'uncn' | undefined,
    mergeType: 0 | 1 | 2,
    lang: Language,
    context: SearchContext = NO_USER,
  ) {
    const ast = await this.parseFor(searchExpre, lang, context);
    try {
      return { total: await this.engine.count(ast, { merge: mergeType, ...(source ? { scope: source } : {}) }) };
    } catch (err) {
      throw toAppError(err);
    }
  }

  /**
   * Unmerged hits of an already parsed expression, after facet filters and data-source scope
   * (history combination checks that a filter written as a condition selects the same patents).
   */
  async countParsed(ast: QueryNode, options: Pick<SearchParams, 'filters' | 'source'>): Promise<number> {
    try {
      return await this.engine.count(ast, {
        filters: options.filters,
        ...(options.source ? { scope: options.source } : {}),
      });
    } catch (err) {
      throw toAppError(err);
    }
  }

  async saveState(state: SearchState, lang: Language): Promise<string> {
    // Refuse to store a state whose expression would fail when the link is opened.
    if (!state.set || state.searchExpre.trim()) this.parseWritten(state.searchExpre, lang);
    return this.states.save(state);
  }

  async findState(key: string): Promise<SearchState> {
    const state = await this.states.find(key);
    if (!state) throw new AppError('SEARCH_STATE_NOT_FOUND');
    return state;
  }

  async expandFamily(publicationNumbers: string[]): Promise<string[]> {
    return this.engine.expandFamily(publicationNumbers);
  }

  /**
   * The records at rank - 1, rank and rank + 1 of a result list (1-based over the whole list, across
   * result pages): one or two pages of the list's own size, without facets or highlights.
   */
  async neighbours(
    params: Omit<SearchParams, 'page' | 'facets' | 'highlight'> & { rank: number },
    lang: Language,
    context: SearchContext = NO_USER,
  ): Promise<SearchNeighboursResponse> {
    const { rank, pageSize } = params;
    const wanted = [rank - 1, rank, rank + 1].filter((r) => r >= 1);
    const pages = [...new Set(wanted.map((r) => Math.ceil(r / pageSize)))].filter((p) => p <= MAX_PAGE);
    const atRank = new Map<number, string>();
    let total = 0;
    for (const page of pages) {
      const result = await this.search({ ...params, page, facets: [], highlight: false }, lang, context);
      total = result.total;
      result.items.forEach((hit, i) => atRank.set((page - 1) * pageSize + i + 1, hit.publicationNumber));
    }
    const at = (r: number) => {
      const publicationNumber = atRank.get(r);
      return publicationNumber ? { rank: r, publicationNumber } : undefined;
    };
    const [previous, current, next] = [at(rank - 1), at(rank), at(rank + 1)];
    return { total, ...(current ? { current } : {}), ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
  }

  extractWords(text: string, topK: number): { word: string; weight: number }[] {
    return extractKeywords(text, topK).map((k) => ({ word: k.keyword, weight: Math.round(k.weight * 1000) / 1000 }));
  }
}
