import {
  MAX_CITATION_SEEDS,
  splitBatchNumbers,
  type AnalysisResultSet,
  type CitationSearchRequestSchema,
  type CitationSearchResponse,
  type Language,
} from '@patlas/contracts';
import type { SearchEngine } from '@patlas/engine';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import type { PatentService } from '../patent/index.js';
import { toAppError, type SearchContext, type SearchService } from '../search/index.js';
import type { CitationSets } from './citation-sets.js';
import type { CitationQuery, CitationQueryRepository } from './citation.repository.js';

export type CitationSearchBody = z.output<typeof CitationSearchRequestSchema>;

/** The patent store's lookups a citation search needs (domains/patent). */
export type CitationPatents = Pick<PatentService, 'resolveHeldNumbers' | 'getByPublicationNumbers' | 'citingOf'>;

/**
 * Citation search (docs/citation-search.md): the patents citing, or cited by, a set of seed
 * patents, as a set source of the result page. Backward (`cited`): the numbers the seeds' records
 * cite, resolved across number forms as batch search resolves them. Forward (`citing`): the
 * store's records whose citations name a seed (any of its number forms), plus the citing numbers
 * a seed's own record lists. The most linked patents (to the most seeds) rank first.
 */
export class CitationSearchService {
  constructor(
    private readonly deps: {
      /** The citation sets (computed, cached); the search service resolves them through the same object. */
      sets: CitationSets;
      patents: CitationPatents;
      search: SearchService;
      engine: SearchEngine;
      repository: CitationQueryRepository;
    },
  ) {}

  /** The seeds' stored publication numbers: numbers in any form, or the first patents of a result set. */
  private async seedsOf(
    body: CitationSearchBody,
    lang: Language,
    context: SearchContext,
  ): Promise<{ seeds: string[]; notFound: string[] }> {
    if (body.numbers !== undefined) {
      const inputs =
        typeof body.numbers === 'string' ? splitBatchNumbers(body.numbers) : splitBatchNumbers(body.numbers.join('\n'));
      if (inputs.length === 0) throw new AppError('CITATION_SEEDS_EMPTY');
      if (inputs.length > MAX_CITATION_SEEDS) {
        throw new AppError('CITATION_TOO_MANY_SEEDS', { max: MAX_CITATION_SEEDS, count: inputs.length });
      }
      const held = await this.deps.patents.resolveHeldNumbers(inputs);
      const notFound = inputs.filter((n) => held[n] === undefined);
      const seeds = [...new Set(inputs.map((n) => held[n]).filter((n): n is string => n !== undefined))];
      if (seeds.length === 0)
        throw new AppError('CITATION_SEEDS_NOT_FOUND', { numbers: notFound.slice(0, 10).join(', ') });
      return { seeds, notFound };
    }
    const set = body.resultSet as AnalysisResultSet;
    const { ast, options } = await this.deps.search.scope(set, lang, context);
    let ranked;
    try {
      ranked = await this.deps.engine.rankedNumbers({ ast, ...options, offset: 0, limit: MAX_CITATION_SEEDS });
    } catch (err) {
      throw toAppError(err);
    }
    if (ranked.publicationNumbers.length === 0) throw new AppError('CITATION_SEEDS_EMPTY');
    return { seeds: ranked.publicationNumbers, notFound: [] };
  }

  /** POST /search/quote: stores the search and answers the set to open, with its size. */
  async quote(body: CitationSearchBody, lang: Language, context: SearchContext): Promise<CitationSearchResponse> {
    const { seeds, notFound } = await this.seedsOf(body, lang, context);
    const query: CitationQuery = { direction: body.direction, seeds };
    const key = await this.deps.repository.save(query);
    const { ranking, unheld } = await this.deps.sets.compute(query);
    return {
      set: { kind: 'citation', key },
      direction: body.direction,
      seeds,
      notFound,
      total: ranking.length,
      unheld,
    };
  }
}
