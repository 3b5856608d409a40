import type {
  AnalysisJumpRequestSchema,
  ApplicantGroupAnalysisResponse,
  ApplicantGroupJumpRequestSchema,
  AnalysisJumpResponse,
  AnalysisRequestSchema,
  AnalysisResponse,
  AnalysisResultSetSchema,
  AnalysisSpec,
  Language,
} from '@patlas/contracts';
import { withStandardApplicants } from '@patlas/contracts';
import { drillDown, type SearchEngine } from '@patlas/engine';
import { makeAnd, printExpression } from '@patlas/query';
import type { z } from 'zod';
import { toAppError, type SearchContext, type SearchService } from '../search/index.js';

export type AnalysisResultSet = z.output<typeof AnalysisResultSetSchema>;
export type AnalysisRequestBody = z.output<typeof AnalysisRequestSchema>;
export type AnalysisJumpBody = z.output<typeof AnalysisJumpRequestSchema>;
export type ApplicantGroupJumpBody = z.output<typeof ApplicantGroupJumpRequestSchema>;

/**
 * The applicant groups a user can write as `PA=@组名` (issue 46): the applicant-group domain's,
 * given by the composition root, so this domain imports nothing of it.
 */
export interface ApplicantGroupLister {
  groupsOf(userId: string): Promise<string[]>;
}

/** Most groups one applicant-group chart counts (each is one count of the set). */
export const MAX_ANALYSED_APPLICANT_GROUPS = 100;

/**
 * Analyses of a result set and the analysis jump (docs/analysis.md). The set is read exactly as
 * the result page reads it (SearchService.parse: positioned errors, the leading-NOT rule), so an
 * analysis total is the result page's total and a jump's total is what the result page shows.
 */
export class AnalysisService {
  constructor(
    private readonly engine: SearchEngine,
    private readonly search: SearchService,
    private readonly applicantGroups?: ApplicantGroupLister,
  ) {}

  /**
   * The set counted per applicant group of the caller (issue 46 item 1): each group's count is the
   * total of its jump (the set's expression AND `PA=@组名`), so a bar and the result page it opens
   * agree. No user (an IP visitor) or no groups: no bars, the set's total alone. The set is read for
   * the caller (their `#n` and `PA=@组名` written out), as the result page reads it.
   */
  async applicantGroupCounts(
    set: AnalysisResultSet,
    lang: Language,
    userId: string | null,
  ): Promise<ApplicantGroupAnalysisResponse> {
    const started = performance.now();
    const context = { userId };
    const { ast, options } = await this.search.scope(set, lang, context);
    const names =
      userId === null || !this.applicantGroups
        ? []
        : (await this.applicantGroups.groupsOf(userId)).slice(0, MAX_ANALYSED_APPLICANT_GROUPS);
    try {
      const total = await this.engine.count(ast, options);
      const groups: ApplicantGroupAnalysisResponse['groups'] = [];
      for (const name of names) {
        const jump = await this.applicantGroupJump({ ...set, group: name }, lang, context);
        groups.push({ name, count: jump.total });
      }
      groups.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return { total, groups, tookMs: Math.round(performance.now() - started) };
    } catch (err) {
      throw toAppError(err);
    }
  }

  /**
   * A group's bar as a result page: the set's expression AND `PA=@组名` (the group written out by the
   * search service for the caller; an unknown group is refused with its positioned message).
   */
  async applicantGroupJump(
    body: ApplicantGroupJumpBody,
    lang: Language,
    context: SearchContext,
  ): Promise<AnalysisJumpResponse> {
    const { group, ...set } = body;
    const clause = `PA=@${group}`;
    const searchExpre = set.searchExpre.trim() ? `(${set.searchExpre}) AND ${clause}` : clause;
    const response = {
      searchExpre,
      ...(set.set ? { set: set.set } : {}),
      ...(set.secondExpre?.trim() ? { secondExpre: set.secondExpre } : {}),
      filters: set.filters,
      mergeType: set.mergeType,
      ...(set.source ? { source: set.source } : {}),
      ...(set.crossLanguage ? { crossLanguage: true } : {}),
      ...(set.asOf !== undefined ? { asOf: set.asOf } : {}),
    };
    const { ast, options } = await this.search.scope(response, lang, context);
    try {
      return { ...response, total: await this.engine.count(ast, options) };
    } catch (err) {
      throw toAppError(err);
    }
  }

  /** One analysis of a result set; more than MAX_ANALYSIS_TOTAL patents is refused (ANALYSIS_TOO_MANY). */
  async analyze(
    set: AnalysisResultSet,
    spec: AnalysisSpec,
    lang: Language,
    context?: SearchContext,
  ): Promise<AnalysisResponse> {
    const started = performance.now();
    const { ast, options } = await this.search.scope(set, lang, context);
    try {
      const counted = set.mergeApplicants ? withStandardApplicants(spec) : spec;
      const { total, result } = await this.engine.aggregate(ast, counted, options);
      return { total, result, tookMs: Math.round(performance.now() - started) };
    } catch (err) {
      throw toAppError(err);
    }
  }

  /**
   * The result page of one chart element: the set's expression, the element's range condition (if
   * any) ANDed into secondExpre, its filters appended, its merge mode. The total is counted from
   * the returned texts, parsed again, so it is what /data/search/query answers for them.
   */
  async jump(body: AnalysisJumpBody, lang: Language, context?: SearchContext): Promise<AnalysisJumpResponse> {
    const drill = drillDown(body.target);
    let secondExpre = body.secondExpre?.trim() ? body.secondExpre : undefined;
    if (drill.clause) {
      // The element's condition is printed into "search within results", beside the user's own.
      const clause = drill.clause;
      secondExpre = printExpression(secondExpre ? makeAnd([this.search.parse(secondExpre, lang), clause]) : clause);
    }
    const response = {
      searchExpre: body.searchExpre,
      ...(body.set ? { set: body.set } : {}),
      ...(secondExpre ? { secondExpre } : {}),
      filters: [...body.filters, ...drill.filters.map((f) => ({ field: f.field, values: [...f.values] }))],
      mergeType: drill.merge ?? body.mergeType,
      ...(body.source ? { source: body.source } : {}),
      ...(body.crossLanguage ? { crossLanguage: true } : {}),
      ...(body.asOf !== undefined ? { asOf: body.asOf } : {}),
    };
    const { ast, options } = await this.search.scope(response, lang, context);
    try {
      const total = await this.engine.count(ast, options);
      return { ...response, total };
    } catch (err) {
      throw toAppError(err);
    }
  }
}
