import {
  FACET_FIELD_IDS,
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
  makeAnd,
  matchAllTerm,
  parseExpression,
  printExpression,
  type QueryNode,
} from '@patlas/query';
import { AppError } from '../../errors.js';
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
  [K in SetSource['kind']]: (source: Extract<SetSource, { kind: K }>) => Promise<ResolvedSet>;
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

export class SearchService {
  constructor(
    private readonly engine: SearchEngine,
    private readonly states: SearchStateRepository,
    private readonly sets?: SetResolvers,
  ) {}

  /** The patents of a set source, best first. */
  async resolveSet(source: SetSource): Promise<ResolvedSet> {
    const resolve = this.sets?.[source.kind];
    if (!resolve) throw new AppError('SEARCH_STATE_NOT_FOUND');
    return resolve(source);
  }

  /**
   * A result set (the result page's, an analysis's) as the engine runs it: the expression (empty
   * with a set source: the whole set) and search within, parsed as `parse` does; the set source
   * resolved to its patents; the filters, merge and scope.
   */
  async scope(params: ResultSetParams, lang: Language): Promise<ScopedSet> {
    let resolved: ResolvedSet | undefined;
    try {
      resolved = params.set ? await this.resolveSet(params.set) : undefined;
    } catch (err) {
      throw toAppError(err);
    }
    const main = resolved && !params.searchExpre.trim() ? matchAllTerm() : this.parse(params.searchExpre, lang);
    const ast = params.secondExpre?.trim() ? makeAnd([main, this.parse(params.secondExpre, lang)]) : main;
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

  async search(params: SearchParams, lang: Language): Promise<SearchQueryResponse> {
    const started = performance.now();
    const { ast, resolved, options: scoped } = await this.scope({ ...params, mergeType: 0 }, lang);
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
      const missingFields = await this.missingFieldNotes(params, { ...options, merge: params.mergeType }, lang);
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
      const rest = this.combined({ searchExpre, secondExpre }, lang);
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

  async totalHits(searchExpre: string, source: 'cn' | 'uncn' | undefined, mergeType: 0 | 1 | 2, lang: Language) {
    const ast = this.parse(searchExpre, lang);
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
    if (!state.set || state.searchExpre.trim()) this.parse(state.searchExpre, lang);
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
  ): Promise<SearchNeighboursResponse> {
    const { rank, pageSize } = params;
    const wanted = [rank - 1, rank, rank + 1].filter((r) => r >= 1);
    const pages = [...new Set(wanted.map((r) => Math.ceil(r / pageSize)))].filter((p) => p <= MAX_PAGE);
    const atRank = new Map<number, string>();
    let total = 0;
    for (const page of pages) {
      const result = await this.search({ ...params, page, facets: [], highlight: false }, lang);
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
