import { DEFAULT_SEMANTIC_WEIGHTS, PRE_EVALUATION_PRIOR_ART } from '@patlas/contracts';
import { EngineError, type SearchEngine, type SemanticRanked } from '@patlas/engine';
import { parseExpression } from '@patlas/query';

/**
 * The nearest prior art of a text (issue 22 "Method" 2): the hybrid semantic search (BM25 of the
 * text's key terms fused with the vector ranking, the same engine call as /search/semantics),
 * restricted to publications before the priority date when one is given, without the input's own
 * publication and its simple family.
 */

export interface PriorArtOptions {
  /** YYYY-MM-DD: prior art must be published before this day. */
  priorityDate?: string | null | undefined;
  /** Publication numbers to leave out (the input's own and its family), any written form. */
  exclude?: readonly string[];
  limit?: number;
}

/** `PD<=` the day before `date` (prior art is published before the priority date, not on it). */
export function dateFilterOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return `PD<=${day.toISOString().slice(0, 10).replace(/-/g, '')}`;
}

const keyOf = (pn: string) => pn.replace(/[\s.-]/g, '').toUpperCase();

export async function findPriorArt(
  engine: SearchEngine,
  text: string,
  options: PriorArtOptions = {},
): Promise<{ ranking: SemanticRanked[]; searched: number; excluded: string[] }> {
  const limit = options.limit ?? PRE_EVALUATION_PRIOR_ART;
  const excludeKeys = new Set((options.exclude ?? []).map(keyOf));
  let filter;
  if (options.priorityDate) {
    const parsed = parseExpression(dateFilterOf(options.priorityDate));
    if (!parsed.ok) throw new Error(`date filter does not parse: ${options.priorityDate}`);
    filter = parsed.ast;
  }
  let ranking: SemanticRanked[];
  try {
    const result = await engine.semanticSearch({
      text,
      weights: DEFAULT_SEMANTIC_WEIGHTS.split(',').map(Number) as [number, number, number, number],
      mode: 'hybrid',
      ...(filter ? { filter } : {}),
      // Room for the excluded family members.
      limit: limit + excludeKeys.size,
      page: 1,
      pageSize: 1,
      withRanking: true,
    });
    ranking = result.ranking ?? [];
  } catch (err) {
    // A text without a single searchable term has no prior art.
    if (err instanceof EngineError && err.code === 'TEXT_NO_TERMS') return { ranking: [], searched: 0, excluded: [] };
    throw err;
  }
  const excluded = ranking.filter((r) => excludeKeys.has(keyOf(r.publicationNumber))).map((r) => r.publicationNumber);
  return {
    ranking: ranking.filter((r) => !excludeKeys.has(keyOf(r.publicationNumber))).slice(0, limit),
    searched: ranking.length,
    excluded,
  };
}
