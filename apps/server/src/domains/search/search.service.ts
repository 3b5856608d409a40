import {
  codeSearchOf,
  FACET_FIELD_IDS,
  formatErrorMessage,
  MAX_MERGE_TOTAL,
  MAX_PAGE,
  sourceFilterOf,
  type FilterFieldId,
  type ClauseTreeRequest,
  type ClauseTreeResponse,
  type CodeSearch,
  type CodeSearchNote,
  type CrossLanguageNote,
  type Language,
  type MissingFieldNote,
  type ResultPageAction,
  type SearchNeighboursResponse,
  type SearchQueryResponse,
  type SearchState,
  type RelevanceBand,
  type SetContent,
  type SetSource,
  type SetSummary,
} from '@patlas/contracts';
import { CONTENT_FIELDS, extractKeywords, segmentWords, type CountOptions, type SearchEngine } from '@patlas/engine';
import {
  applyLeadingNotRule,
  findProximityExcess,
  historyReferences,
  makeAnd,
  matchAllTerm,
  parseExpression,
  printExpression,
  replaceReferences,
  type HistoryRefNode,
  type QueryNode,
  type Span,
} from '@patlas/query';
import { AppError } from '../../errors.js';
import { scopeOf } from './source-scope.js';
import { expandApplicantGroups, type ApplicantGroupSource } from './applicant-groups.js';
import { expandListedCompanies, type ListedCompanySource } from './listed-companies.js';
import { resolveSemanticClauses, semanticOrder, type SemanticClauseSource } from './semantic-clauses.js';
import { crossLanguageSearch, type QueryTermTranslator } from './cross-language.js';
import { ExpressionSearch, grouped, referenceError, toAppError } from './expression-search.js';
import { MAX_APPLICANT_PAIRS, mergeApplicantFacet, mergedApplicantFacets } from './applicant-facet.js';
import {
  atLeast,
  lacksField,
  numberTermsNote,
  phraseTermsNote,
  printConditions,
  topRangeConditions,
  type TopRangeCondition,
} from './search-notes.js';
import type { SearchStateRepository } from './search-state.repository.js';
import { countClauseTree } from './clause-tree.js';
import {
  asOfScope,
  intersectNumbers,
  reviseAsOf,
  withinAsOf,
  MAX_AS_OF_REVISIONS,
  type AsOfMatcher,
  type AsOfScope,
  type DataVersionSource,
} from './as-of.js';

export { toAppError };

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
  /** Data sources (contracts sourceOffices: `cn`, `uncn`, `cnOther`, `CN,US` …). */
  source?: string | undefined;
  facets?: (typeof FACET_FIELD_IDS)[number][] | undefined;
  /** The applicant facet by standardised names, with their variants (default true; docs/companies.md). */
  mergeApplicants?: boolean | undefined;
  highlight: boolean;
  /** Search each text word's translation too (issue 43; needs a translation service). */
  crossLanguage?: boolean | undefined;
  /** Only the patents the searching user has not opened (reading marks). */
  unreadOnly?: boolean | undefined;
  /** The corpus as it stood at this data version (issue 48 item 5; docs/search-as-of.md). */
  asOf?: number | undefined;
}

/** A set source resolved: its patents best first, each with the score that ranks it (0–1). */
export interface ResolvedSet {
  label: string;
  /** Most patents a set of this kind ranks. */
  limit: number;
  ranking: {
    publicationNumber: string;
    relevance: number;
    /** A semantic set's calibrated band of the patent's similarity (contracts relevance-bands.ts), and that similarity. */
    band?: RelevanceBand;
    similarity?: number;
  }[];
}

/**
 * How each kind of set source is resolved, given by the domain that owns it (composition/search.ts): the
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
  /** Data sources (contracts sourceOffices: `cn`, `uncn`, `cnOther`, `CN,US` …). */
  source?: string | undefined;
  /** Each text word ORed with its translation (issue 43). */
  crossLanguage?: boolean | undefined;
  /** Without the patents the searching user has opened (reading marks; ignored without a user). */
  unreadOnly?: boolean | undefined;
  /** The corpus as it stood at this data version: records added later left out; 0 finds nothing. */
  asOf?: number | undefined;
}

/** A result set as the engine runs it. */
export interface ScopedSet {
  ast: QueryNode;
  options: CountOptions;
  /** The set source's patents, when there is one. */
  resolved?: ResolvedSet;
  /** With cross-language search: the translations added. */
  crossLanguage?: CrossLanguageNote;
  /** With `asOf`: the version and what it leaves out. */
  asOf?: AsOfScope;
}

function setSummary(source: SetSource, resolved: ResolvedSet): SetSummary {
  return { kind: source.kind, label: resolved.label, size: resolved.ranking.length, limit: resolved.limit };
}

/** Each hit's rank in the set and the score that ranks it. */
function withSetRanks<T extends { publicationNumber: string }>(items: T[], resolved: ResolvedSet) {
  const ranks = new Map(resolved.ranking.map((r, i) => [r.publicationNumber, { rank: i + 1, entry: r }]));
  return items.map((item) => {
    const found = ranks.get(item.publicationNumber);
    if (!found) return item;
    const { band, similarity, relevance } = found.entry;
    return {
      ...item,
      setRank: found.rank,
      setScore: Math.round(relevance * 10000) / 10000,
      ...(band ? { setBand: band } : {}),
      ...(band && similarity !== undefined ? { setSimilarity: Math.round(similarity * 10000) / 10000 } : {}),
    };
  });
}

/** Who searches: `#n` in an expression is the n-th search-history entry of this user. */
export interface SearchContext {
  userId: string | null;
  /** The search's data sources: a `SEM=(…)` clause ranks its top N within them (issue 48). */
  source?: string | undefined;
}

/** A search without a user (IP visitors, internal counts): `#n` finds no history. */
export const NO_USER: SearchContext = { userId: null };

/**
 * What `#n` stands for, answered by the history domain (given at construction by composition/search.ts, so the search
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

/** A result-page search and the action that led to it, as its history entry records them (issue 42). */
export interface ResultPageSearch {
  /** The page's whole state as the request gave it. */
  state: SearchState;
  action: ResultPageAction;
  total: number;
  /** The expression that ran (`expression` of the answer). */
  expression: string;
  /** The data version it ran against (issue 48 item 5). */
  dataVersion?: number;
}

/**
 * Records a result page's action in its user's search history (the history domain; given to the
 * search routes by composition/search.ts), by the rules of a recording sent on its own (POST /history).
 */
export interface ResultPageRecorder {
  recordResultPage(userId: string, page: ResultPageSearch, lang: Language): Promise<unknown>;
}

/** The result page's search as its history entry records it: the page's state, its action and what it found. */
export function resultPageSearch(
  params: SearchParams & { viewMode?: SearchState['viewMode'] },
  action: ResultPageAction,
  result: Pick<SearchQueryResponse, 'total' | 'expression' | 'dataVersion'>,
): ResultPageSearch {
  const state: SearchState = {
    searchExpre: params.searchExpre,
    ...(params.set ? { set: params.set } : {}),
    ...(params.secondExpre ? { secondExpre: params.secondExpre } : {}),
    page: params.page,
    pageSize: params.pageSize,
    ...(params.sort ? { sort: params.sort } : {}),
    mergeType: params.mergeType,
    filters: params.filters,
    ...(params.source ? { source: params.source } : {}),
    ...(params.crossLanguage ? { crossLanguage: true } : {}),
    ...(params.asOf !== undefined ? { asOf: params.asOf } : {}),
    ...(params.viewMode ? { viewMode: params.viewMode } : {}),
  };
  return {
    state,
    action,
    total: result.total,
    expression: result.expression,
    ...(result.dataVersion !== undefined ? { dataVersion: result.dataVersion } : {}),
  };
}

/** One expression box parsed once per request: as written (the search notes read it) and as the engine runs it. */
interface ParsedBox {
  /** The text searched: the box's own, or (codes only) the expression searching those codes. */
  text: string;
  /** The codes the box was only made of (issue 43). */
  code?: CodeSearch;
  /** The parser's AST: before the leading-NOT rule, `#n` kept. */
  written: QueryNode;
  /** With the leading-NOT rule applied and (given a user) every `#n` replaced. */
  ast: QueryNode;
}

/** A result set's expression boxes parsed once, and what each `#n` stood for (the notes' counts reuse them). */
interface ParsedSet {
  main?: ParsedBox;
  second?: ParsedBox;
  references: Map<number, QueryNode>;
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

/** What the search service is built from besides the engine and its stored states. */
export interface SearchServiceDeps {
  /** How each kind of set source is resolved (absent: no set source resolves). */
  sets?: SetResolvers | undefined;
  /**
   * Who makes the request being served (plugins/request-signal.ts): a set source read without an
   * explicit context (analyses, text mining) is resolved for them.
   */
  caller?: (() => SearchContext | undefined) | undefined;
  /** What `#n` stands for (the history domain's entries; absent: every `#n` is not found). */
  references?: HistoryReferenceSource | undefined;
  /** Translates words for cross-language search (absent or not configured: the option is refused). */
  translator?: QueryTermTranslator | undefined;
  /** What `PA=@组名` stands for (the applicant-group domain's groups; absent: every group is not found). */
  applicantGroups?: ApplicantGroupSource | undefined;
  /** What `PA-LISTED=是` stands for (the business domain's company information; absent: refused as not imported). */
  listedCompanies?: ListedCompanySource | undefined;
  /** The patents a user has opened (the patent domain's reading marks; absent: "unread only" leaves none out). */
  readMarks?: ReadMarkSource | undefined;
  /** What `SEM=(…)` stands for (the semantic-search domain's rankings; absent: every clause is refused). */
  semanticClauses?: SemanticClauseSource | undefined;
  /** The data versions (the patent domain's imports; absent: every `asOf` but 0 is unknown). */
  dataVersions?: DataVersionSource | undefined;
  /** Matches records as they were at a version (the CPU pool; absent: changed records match on their current content). */
  asOfMatcher?: AsOfMatcher | undefined;
}

/** Reading marks as the search reads them (spec 2 §3/§9): the patents a user has opened. */
export interface ReadMarkSource {
  readNumbers(userId: string): Promise<string[]>;
}

/**
 * The result page's search: the expression search, plus `#n` history references and set sources
 * (each kind resolved by the domain that owns it), and the stored search states.
 */
export class SearchService extends ExpressionSearch {
  private readonly sets: SetResolvers | undefined;
  private readonly caller: () => SearchContext | undefined;
  private readonly references: HistoryReferenceSource | undefined;
  private readonly translator: QueryTermTranslator | undefined;
  private readonly applicantGroups: ApplicantGroupSource | undefined;
  private readonly listedCompanies: ListedCompanySource | undefined;
  private readonly readMarks: ReadMarkSource | undefined;
  private readonly semanticClauses: SemanticClauseSource | undefined;
  private readonly dataVersions: DataVersionSource | undefined;
  private readonly asOfMatcher: AsOfMatcher | undefined;

  constructor(
    engine: SearchEngine,
    private readonly states: SearchStateRepository,
    deps: SearchServiceDeps = {},
  ) {
    super(engine);
    this.sets = deps.sets;
    this.caller = deps.caller ?? (() => undefined);
    this.references = deps.references;
    this.translator = deps.translator;
    this.applicantGroups = deps.applicantGroups;
    this.listedCompanies = deps.listedCompanies;
    this.readMarks = deps.readMarks;
    this.semanticClauses = deps.semanticClauses;
    this.dataVersions = deps.dataVersions;
    this.asOfMatcher = deps.asOfMatcher;
  }

  /** The data versions, newest first (the result page's "as of" picker). */
  async dataVersionList(
    limit: number,
  ): Promise<{ latest: number; versions: Awaited<ReturnType<DataVersionSource['list']>> }> {
    if (!this.dataVersions) return { latest: 0, versions: [] };
    const [latest, versions] = await Promise.all([this.dataVersions.latest(), this.dataVersions.list(limit)]);
    return { latest, versions };
  }

  /**
   * Issue 48 item 5: the data version a search with this `asOf` runs against (the newest without
   * one); undefined without data versions. What a saved search records.
   */
  async dataVersionOf(asOf: number | undefined): Promise<number | undefined> {
    return asOf ?? (await this.dataVersions?.latest());
  }

  /** Whether cross-language search can run (a translation service is set). */
  get crossLanguageAvailable(): boolean {
    return this.translator?.configured ?? false;
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
    return (await this.scopeParsed(params, lang, context)).scoped;
  }

  /** As `scope`, with the expression boxes as parsed (each once) for what else the request reads of them. */
  private async scopeParsed(
    params: ResultSetParams,
    lang: Language,
    context?: SearchContext,
  ): Promise<{ scoped: ScopedSet; parsed: ParsedSet }> {
    let resolved: ResolvedSet | undefined;
    try {
      resolved = params.set ? await this.resolveSet(params.set, context ?? this.caller() ?? NO_USER) : undefined;
    } catch (err) {
      throw toAppError(err);
    }
    const references = new Map<number, QueryNode>();
    const main =
      resolved && !params.searchExpre.trim()
        ? undefined
        : await this.parseBox(params.searchExpre, lang, context, references, params.source);
    const second = params.secondExpre?.trim()
      ? await this.parseBox(params.secondExpre, lang, context, references, params.source)
      : undefined;
    const mainAst = main ? main.ast : matchAllTerm();
    const written = second ? makeAnd([mainAst, second.ast]) : mainAst;
    const translated = params.crossLanguage ? await this.translated(written) : undefined;
    const ast = translated?.ast ?? written;
    // "Unread only": the searching user's opened patents left out, so totals and pages count the unread.
    const reader = params.unreadOnly ? (context ?? this.caller() ?? NO_USER).userId : null;
    const unread = reader !== null && this.readMarks ? await this.readMarks.readNumbers(reader) : [];
    // A `SEM=(…)` the whole search is within (issue 48): relevance is its similarity order.
    const similar = resolved ? undefined : semanticOrder(ast);
    // Issue 48 item 5: as of a data version, the records later imports added are left out (0: all).
    const asOf = params.asOf !== undefined ? await asOfScope(params.asOf, this.dataVersions) : undefined;
    const without = asOf?.kind === 'before' && asOf.addedAfter.length > 0 ? [...unread, ...asOf.addedAfter] : unread;
    const within = withinAsOf(resolved?.ranking.map((r) => r.publicationNumber) ?? similar, asOf);
    const unrevised: CountOptions = {
      filters: params.filters ?? [],
      ...(params.mergeType ? { merge: params.mergeType } : {}),
      ...scopeOf(params.source),
      ...(within ? { within } : {}),
      ...(without.length > 0 ? { without } : {}),
    };
    // Records changed later are matched as they were at the version where their content was kept.
    const revised = await reviseAsOf(asOf, this.dataVersions, this.asOfMatcher, ast, unrevised);
    const options: CountOptions = revised
      ? {
          ...unrevised,
          ...(without.length + revised.without.length > 0 ? { without: [...without, ...revised.without] } : {}),
          ...(revised.plus.length > 0 ? { plus: revised.plus } : {}),
        }
      : unrevised;
    return {
      scoped: {
        ast,
        options,
        ...(resolved ? { resolved } : {}),
        ...(translated ? { crossLanguage: translated.note } : {}),
        ...(asOf ? { asOf: revised && asOf.kind === 'before' ? { ...asOf, changes: revised.changes } : asOf } : {}),
      },
      parsed: { ...(main ? { main } : {}), ...(second ? { second } : {}), references },
    };
  }

  /** Issue 43: the search with its text words' translations ORed in; refused without a translation service. */
  private async translated(ast: QueryNode): Promise<{ ast: QueryNode; note: CrossLanguageNote }> {
    const translator = this.translator;
    if (!translator?.configured) throw new AppError('TRANSLATION_NOT_CONFIGURED');
    return crossLanguageSearch(ast, translator);
  }

  /**
   * One expression box, parsed once: as `parse` does without a user, or with the user's `#n`
   * resolved (`references` collects what each stood for).
   */
  private async parseBox(
    text: string,
    lang: Language,
    context: SearchContext | undefined,
    references: Map<number, QueryNode>,
    source: string | undefined,
  ): Promise<ParsedBox> {
    const code = codeSearchOf(text);
    const searched = code ? { text: code.expression, code } : { text };
    const written = this.parseSearched(searched.text, lang);
    const ruled = applyLeadingNotRule(written);
    if (!context) {
      const ast = await this.resolveSemantic(this.refuseReferences(ruled, lang), lang, source);
      return { ...searched, written, ast };
    }
    return {
      ...searched,
      written,
      ast: await this.resolveReferences(ruled, lang, { ...context, source }, references),
    };
  }

  /** Each `SEM=(…)` resolved to its top N (issue 48), ranked within `source`; unchanged without one. */
  resolveSemantic(ast: QueryNode, lang: Language, source: string | undefined): Promise<QueryNode> {
    return resolveSemanticClauses(ast, lang, source, this.semanticClauses);
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

  /**
   * The AST with its `#n` replaced (unchanged when it has none). `memo`: what each entry stood for
   * so far in this request (filled here), so an entry is looked up once per request.
   */
  async resolveReferences(
    ast: QueryNode,
    lang: Language,
    context: SearchContext,
    memo = new Map<number, QueryNode>(),
  ): Promise<QueryNode> {
    let resolved: QueryNode;
    try {
      resolved = await this.resolveWithin(ast, lang, context, [], memo);
    } catch (err) {
      if (err instanceof ReferenceCycle) throw referenceError('QUERY_REFERENCE_CYCLE', err.span, { no: err.no }, lang);
      throw err;
    }
    // The cost guard again, now that each #n counts its search's proximity operators (`#3 OR #5`).
    const excess = historyReferences(ast).length > 0 ? findProximityExcess(ast, (ref) => memo.get(ref.no)) : undefined;
    if (excess) throw referenceError(excess.code, excess.span, excess.params, lang);
    return resolved;
  }

  /** `trail`: the entries being resolved around this AST (a repeat is a cycle); `memo`: entries resolved so far. */
  private async resolveWithin(
    written: QueryNode,
    lang: Language,
    context: SearchContext,
    trail: readonly number[],
    memo: Map<number, QueryNode>,
  ): Promise<QueryNode> {
    const { userId } = context;
    // `PA=@组名` (issue 46): the user's applicant group written out, here and in each entry's own search.
    const grouped = await expandApplicantGroups(written, lang, userId, this.applicantGroups);
    // `PA-LISTED=是` (issue 46 item 4): the names the operators' company information file marks listed.
    const listed = await expandListedCompanies(grouped, lang, this.listedCompanies);
    // `SEM=(…)` (issue 48): its top N within the search's data sources, here and in each entry's own search.
    const expanded = await this.resolveSemantic(listed, lang, context.source);
    const refs = historyReferences(expanded);
    if (refs.length === 0) return expanded;
    const searches = new Map<number, QueryNode>();
    for (const ref of refs) {
      if (searches.has(ref.no)) continue;
      if (trail.includes(ref.no)) throw new ReferenceCycle(ref.no, ref.span);
      const resolved = memo.get(ref.no) ?? (await this.resolveOne(ref, lang, context, trail, memo));
      memo.set(ref.no, resolved);
      searches.set(ref.no, resolved);
    }
    return replaceReferences(expanded, (ref) => searches.get(ref.no)!);
  }

  private async resolveOne(
    ref: HistoryRefNode,
    lang: Language,
    context: SearchContext,
    trail: readonly number[],
    memo: Map<number, QueryNode>,
  ): Promise<QueryNode> {
    const { userId } = context;
    const source = this.references;
    let found: { ast: QueryNode } | undefined;
    try {
      found =
        userId === null || !source
          ? undefined
          : await source.searchOf(userId, ref.no, lang, (inner) =>
              this.resolveWithin(inner, lang, context, [...trail, ref.no], memo),
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

  async search(params: SearchParams, lang: Language, context: SearchContext = NO_USER): Promise<SearchQueryResponse> {
    const started = performance.now();
    // The expression and the search within are parsed here, once; everything below reads their ASTs.
    const { scoped: scopedSet, parsed } = await this.scopeParsed({ ...params, mergeType: 0 }, lang, context);
    const { ast, resolved, options: scoped, crossLanguage, asOf } = scopedSet;
    const options = { ...scoped, scope: sourceFilterOf(params.source) };
    try {
      if (params.mergeType !== 0) {
        // Spec 1 §5: "Analysis or merge over 1 million patents is refused".
        const unmerged = await this.engine.count(ast, options);
        if (unmerged > MAX_MERGE_TOTAL) throw new AppError('MERGE_TOO_MANY', { max: grouped(MAX_MERGE_TOTAL) });
      }
      const facetFields = params.facets ?? FACET_FIELD_IDS;
      const mergeApplicants = params.mergeApplicants !== false && facetFields.includes('applicant');
      const result = await this.engine.search({
        ast,
        ...options,
        merge: params.mergeType,
        page: params.page,
        pageSize: params.pageSize,
        ...(params.sort ? { sort: params.sort } : {}),
        // Merged, the applicant facet is the standardised names, and their pairs with the written
        // names give each its variants; both counted in the search worker with the other facets.
        facets: mergeApplicants ? mergedApplicantFacets(facetFields) : facetFields,
        ...(mergeApplicants ? { facetLimits: { applicantPair: MAX_APPLICANT_PAIRS } } : {}),
        highlight: params.highlight,
      });
      const facets = mergeApplicants ? mergeApplicantFacet(result.facets) : result.facets;
      const missingFields = await this.missingFieldNotes(parsed, { ...options, merge: params.mergeType }, lang, {
        ...context,
        source: params.source,
      });
      const numberTerms = parsed.main ? numberTermsNote(parsed.main.text, parsed.main.written) : undefined;
      const codeSearch = parsed.main?.code ? await this.codeSearchNote(parsed.main.code, parsed.main.ast) : undefined;
      const phraseTerms = parsed.main
        ? phraseTermsNote(parsed.main.text, parsed.main.written, segmentWords)
        : undefined;
      const content = result.total > 0 ? await this.setContent(ast, options) : undefined;
      const dataVersion = asOf ? asOf.version : await this.dataVersions?.latest();
      const changedSinceAsOf =
        asOf?.kind === 'before' && result.total > 0 ? await this.changedSince(asOf, ast, options) : undefined;
      const changes = asOf?.kind === 'before' ? asOf.changes : undefined;
      return {
        total: result.total,
        page: params.page,
        pageSize: params.pageSize,
        items: resolved ? withSetRanks(result.items, resolved) : result.items,
        facets,
        ...(mergeApplicants ? { applicantsMerged: true } : {}),
        expression: params.set && !params.searchExpre.trim() && !params.secondExpre?.trim() ? '' : printExpression(ast),
        ...(resolved && params.set ? { set: setSummary(params.set, resolved) } : {}),
        ...(dataVersion !== undefined ? { dataVersion } : {}),
        ...(changedSinceAsOf !== undefined ? { changedSinceAsOf } : {}),
        ...(changes ? { revisedSinceAsOf: changes.revised } : {}),
        ...(changes?.current === 'all' ? { changedTooManyAsOf: { max: MAX_AS_OF_REVISIONS } } : {}),
        tookMs: Math.round(performance.now() - started),
        ...(missingFields.length > 0 ? { missingFields } : {}),
        ...(numberTerms ? { numberTerms } : {}),
        ...(codeSearch ? { codeSearch } : {}),
        ...(phraseTerms ? { phraseTerms } : {}),
        ...(crossLanguage ? { crossLanguage } : {}),
        ...(content ? { content } : {}),
      };
    } catch (err) {
      throw toAppError(err);
    }
  }

  /**
   * Issue 48 item 5: how many hits of a search as of a version a later import changed and no
   * revision kept as they were (matched on their current text: the part of the search not
   * reproduced exactly). One count, in the pool.
   */
  private async changedSince(
    asOf: Extract<AsOfScope, { kind: 'before' }>,
    ast: QueryNode,
    options: CountOptions,
  ): Promise<number> {
    const current = asOf.changes?.current;
    const changed =
      current === undefined || current === 'all'
        ? ((await this.dataVersions?.recordsAfter(asOf.version, false)) ?? [])
        : current;
    if (changed.length === 0) return 0;
    return this.engine.count(ast, { ...options, merge: 0, within: intersectNumbers(options.within, changed) });
  }

  /**
   * Issue 43: how many records of the set have drawings and full text, so the result page can
   * hide views that would show only placeholders. One engine call (in the search pool, not on
   * the HTTP thread): three column conditions intersected with the set's hits.
   */
  private async setContent(ast: QueryNode, options: CountOptions): Promise<SetContent> {
    const { drawings, fullText } = CONTENT_FIELDS;
    const span = { start: 0, end: 0 };
    // A record indexed before these columns has neither value (-1): `NOT ftx>=0` finds it.
    const [withDrawings, withFullText, unknown] = await this.engine.countEach(
      ast,
      [atLeast(drawings, 1), atLeast(fullText, 1), { kind: 'Not', child: atLeast(fullText, 0), span }],
      { ...options, merge: 0 },
    );
    return {
      withDrawings: withDrawings?.set ?? 0,
      withFullText: withFullText?.set ?? 0,
      unknown: unknown?.set ?? 0,
    };
  }

  /**
   * Issue 43: what a codes-only box was searched as, and which of its numbers the corpus does not
   * hold (each number's own condition counted over the whole index: one engine call).
   */
  private async codeSearchNote(code: CodeSearch, searched: QueryNode): Promise<CodeSearchNote> {
    const note = { numbers: code.numbers, classes: code.classes, searchExpre: code.expression };
    const conditions = code.numbers.flatMap((number) => {
      const parsed = parseExpression(codeSearchOf(number)?.expression ?? '');
      return parsed.ok ? [{ number, ast: parsed.ast }] : [];
    });
    if (conditions.length === 0) return { ...note, notHeld: [] };
    // Counted within the box's own hits (few), each condition's corpus count read on the way.
    const counts = await this.engine.countEach(
      searched,
      conditions.map((c) => c.ast),
    );
    return { ...note, notHeld: conditions.filter((_, i) => (counts[i]?.corpus ?? 0) === 0).map((c) => c.number) };
  }

  /**
   * Issue 14: for each field compared at the top of the search (`… AND PD>=2020`), how many records
   * match the rest of it (same filters, scope and merge) but have no value in that field, with the
   * search without those conditions. One count per such field; none without a date or number condition.
   */
  private async missingFieldNotes(
    parsed: ParsedSet,
    options: CountOptions,
    lang: Language,
    context: SearchContext,
  ): Promise<MissingFieldNote[]> {
    const { main: mainBox, second: secondBox } = parsed;
    const inMain = mainBox ? topRangeConditions(mainBox.text, mainBox.written) : [];
    const inSecond = secondBox ? topRangeConditions(secondBox.text, secondBox.written) : [];
    const fields = [...new Set([...inMain, ...inSecond].map((c) => c.field))];
    // A box without the field's conditions, as the engine runs it: its text and AST (undefined when nothing is left).
    const restOf = async (box: ParsedBox | undefined, condition: TopRangeCondition | undefined) => {
      if (!box) return undefined;
      if (!condition) return { text: box.text, ast: box.ast };
      if (!condition.remaining) return undefined;
      // The rest of an AST already parsed: its #n are among those resolved for the whole box.
      const ast = await this.resolveReferences(
        applyLeadingNotRule(condition.remaining),
        lang,
        context,
        parsed.references,
      );
      return { text: condition.rest, ast };
    };
    const notes: MissingFieldNote[] = [];
    for (const field of fields) {
      // The field's conditions leave both the search and the search within.
      const main = inMain.find((c) => c.field === field);
      const within = inSecond.find((c) => c.field === field);
      const mainRest = await restOf(mainBox, main);
      const secondRest = await restOf(secondBox, within);
      // Nothing left once the conditions go (the search is only `PD>=2020`): no rest to count in.
      const first = mainRest ?? secondRest;
      if (!first) continue;
      const second = mainRest ? secondRest : undefined;
      const rest = second ? makeAnd([first.ast, second.ast]) : first.ast;
      const count = await this.engine.count(makeAnd([rest, lacksField(field)]), options);
      if (count > 0) {
        notes.push({
          field,
          condition: printConditions([...(main?.nodes ?? []), ...(within?.nodes ?? [])]),
          count,
          searchExpre: first.text,
          ...(second ? { secondExpre: second.text } : {}),
        });
      }
    }
    return notes;
  }

  async totalHits(
    searchExpre: string,
    source: string | undefined,
    mergeType: 0 | 1 | 2,
    lang: Language,
    context: SearchContext = NO_USER,
  ) {
    const ast = await this.parseFor(searchExpre, lang, { ...context, source });
    try {
      return { total: await this.engine.count(ast, { merge: mergeType, ...scopeOf(source) }) };
    } catch (err) {
      throw toAppError(err);
    }
  }

  /** Issue 48: the expression's clauses, each with its hits and what the whole does without it (clause-tree.ts). */
  async clauseTree(
    params: ClauseTreeRequest,
    lang: Language,
    context: SearchContext = NO_USER,
  ): Promise<ClauseTreeResponse> {
    const expression = this.asSearched(params.searchExpre);
    try {
      return await countClauseTree({
        expression,
        written: this.parseSearched(expression, lang),
        resolve: (ast, memo) => this.resolveReferences(ast, lang, context, memo),
        count: (clauses) => this.engine.clauseCounts(clauses, scopeOf(params.source)),
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
