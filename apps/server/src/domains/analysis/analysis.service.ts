import type {
  AnalysisJumpRequestSchema,
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
import { toAppError, type SearchService } from '../search/index.js';

export type AnalysisResultSet = z.output<typeof AnalysisResultSetSchema>;
export type AnalysisRequestBody = z.output<typeof AnalysisRequestSchema>;
export type AnalysisJumpBody = z.output<typeof AnalysisJumpRequestSchema>;

/**
 * Analyses of a result set and the analysis jump (docs/analysis.md). The set is read exactly as
 * the result page reads it (SearchService.parse: positioned errors, the leading-NOT rule), so an
 * analysis total is the result page's total and a jump's total is what the result page shows.
 */
export class AnalysisService {
  constructor(
    private readonly engine: SearchEngine,
    private readonly search: SearchService,
  ) {}

  /** One analysis of a result set; more than MAX_ANALYSIS_TOTAL patents is refused (ANALYSIS_TOO_MANY). */
  async analyze(set: AnalysisResultSet, spec: AnalysisSpec, lang: Language): Promise<AnalysisResponse> {
    const started = performance.now();
    const { ast, options } = await this.search.scope(set, lang);
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
  async jump(body: AnalysisJumpBody, lang: Language): Promise<AnalysisJumpResponse> {
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
    };
    const { ast, options } = await this.search.scope(response, lang);
    try {
      const total = await this.engine.count(ast, options);
      return { ...response, total };
    } catch (err) {
      throw toAppError(err);
    }
  }
}
