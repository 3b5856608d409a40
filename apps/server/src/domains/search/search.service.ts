import {
  FACET_FIELD_IDS,
  formatErrorMessage,
  formatQueryError,
  MAX_MERGE_TOTAL,
  MAX_PAGE,
  MAX_SORT_TOTAL,
  type FilterFieldId,
  type Language,
  type SearchQueryResponse,
  type SearchState,
} from '@patlas/contracts';
import { EngineError, extractKeywords, type SearchEngine } from '@patlas/engine';
import {
  applyLeadingNotRule,
  beginsWithNot,
  historyReferences,
  makeAnd,
  parseExpression,
  printExpression,
  replaceReferences,
  type HistoryRefNode,
  type QueryErrorCode,
  type QueryNode,
  type Span,
} from '@patlas/query';
import { AppError } from '../../errors.js';
import type { SearchStateRepository } from './search-state.repository.js';

export interface SearchParams {
  searchExpre: string;
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
  ) {}

  /** Set once by the composition root: the history service, which itself searches through this service. */
  useHistoryReferences(source: HistoryReferenceSource): void {
    this.references = source;
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
    try {
      return await this.resolveWithin(ast, lang, context.userId, [], new Map());
    } catch (err) {
      if (err instanceof ReferenceCycle) throw referenceError('QUERY_REFERENCE_CYCLE', err.span, { no: err.no }, lang);
      throw err;
    }
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
    const ast = await this.combined(params, lang, context);
    const options = { filters: params.filters, scope: params.source };
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
      return {
        total: result.total,
        page: params.page,
        pageSize: params.pageSize,
        items: result.items,
        facets: result.facets,
        expression: printExpression(ast),
        tookMs: Math.round(performance.now() - started),
      };
    } catch (err) {
      throw toAppError(err);
    }
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
    this.parseWritten(state.searchExpre, lang);
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

  extractWords(text: string, topK: number): { word: string; weight: number }[] {
    return extractKeywords(text, topK).map((k) => ({ word: k.keyword, weight: Math.round(k.weight * 1000) / 1000 }));
  }
}
