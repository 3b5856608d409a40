import {
  MAX_CITATION_SEEDS,
  MAX_CITATION_SET,
  splitBatchNumbers,
  type AnalysisResultSet,
  type CitationSearchDirection,
  type CitationSearchRequestSchema,
  type CitationSearchResponse,
  type Language,
  type Patent,
} from '@patlas/contracts';
import type { SearchEngine } from '@patlas/engine';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { citationNumber } from '../export/index.js';
import type { PatentService } from '../patent/index.js';
import { toAppError, type ResolvedSet, type SearchContext, type SearchService } from '../search/index.js';
import { SharedResults } from '../../plugins/shared-results.js';
import type { CitationQuery, CitationQueryRepository } from './citation.repository.js';

export type CitationSearchBody = z.output<typeof CitationSearchRequestSchema>;

/** The patent store's lookups a citation search needs (domains/patent). */
export type CitationPatents = Pick<PatentService, 'resolveHeldNumbers' | 'getByPublicationNumbers' | 'citingOf'>;

/** Seeds shown in a set's label before "…". */
const LABEL_SEEDS = 5;
/** Computed citation sets kept a while: the result page, its facets and analyses read the same set. */
const CACHE_SIZE = 32;
const CACHE_TTL_MS = 5 * 60_000;

/** The numbers a record cites or is cited by (as written: country + number + kind). */
function writtenNumbers(record: Patent, direction: CitationSearchDirection): string[] {
  const list = direction === 'cited' ? record.citations : record.citedBy;
  return (list ?? []).filter((c) => c.number?.trim()).map((c) => citationNumber(c));
}

/**
 * Citation search (docs/citation-search.md): the patents citing, or cited by, a set of seed
 * patents, as a set source of the result page. Backward (`cited`): the numbers the seeds' records
 * cite, resolved across number forms as batch search resolves them. Forward (`citing`): the
 * store's records whose citations name a seed (any of its number forms), plus the citing numbers
 * a seed's own record lists. The most linked patents (to the most seeds) rank first.
 */
export class CitationSearchService {
  private readonly cache = new SharedResults<ResolvedSet>({
    size: CACHE_SIZE,
    ttlMs: CACHE_TTL_MS,
    now: () => this.now(),
  });

  constructor(
    private readonly deps: {
      patents: CitationPatents;
      search: SearchService;
      engine: SearchEngine;
      repository: CitationQueryRepository;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

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
    const { ranking, unheld } = await this.compute(query);
    return {
      set: { kind: 'citation', key },
      direction: body.direction,
      seeds,
      notFound,
      total: ranking.length,
      unheld,
    };
  }

  /** The set source `{ kind: 'citation', key }`: the citing or cited patents, the most linked first. */
  async resolveSet(source: { key: string }): Promise<ResolvedSet> {
    return this.cache.get(source.key, async () => {
      const query = await this.deps.repository.find(source.key);
      if (!query) throw new AppError('CITATION_SEARCH_NOT_FOUND');
      const { ranking } = await this.compute(query);
      const shown = query.seeds.slice(0, LABEL_SEEDS).join(', ');
      return {
        label: query.seeds.length > LABEL_SEEDS ? `${shown} … (${query.seeds.length})` : shown,
        limit: MAX_CITATION_SET,
        ranking,
      };
    });
  }

  /** The held patents linked to the seeds, by how many seeds each links to, and the unheld numbers named. */
  private async compute(query: CitationQuery): Promise<{ ranking: ResolvedSet['ranking']; unheld: number }> {
    const records = [...(await this.deps.patents.getByPublicationNumbers(query.seeds)).values()];
    const links = new Map<string, Set<string>>();
    const link = (pn: string, seed: string) => {
      if (pn === seed) return;
      const set = links.get(pn) ?? new Set<string>();
      set.add(seed);
      links.set(pn, set);
    };
    // The numbers the records write, resolved across forms (CN1234567A, CN 1234567, 2020101234567.8…).
    const written = new Map<string, string[]>();
    for (const record of records) {
      for (const number of writtenNumbers(record, query.direction)) {
        written.set(number, [...(written.get(number) ?? []), record.publicationNumber]);
      }
    }
    const held = await this.deps.patents.resolveHeldNumbers([...written.keys()]);
    let unheld = 0;
    for (const [number, seeds] of written) {
      const pn = held[number];
      if (pn === undefined) unheld++;
      else for (const seed of seeds) link(pn, seed);
    }
    if (query.direction === 'citing') {
      // Forward citations the store knows: records whose citations name a seed.
      for (const [citing, cited] of await this.deps.patents.citingOf(records)) {
        for (const seed of cited) link(citing, seed);
      }
    }
    const seedCount = Math.max(1, records.length);
    const ranking = [...links]
      .sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1))
      .slice(0, MAX_CITATION_SET)
      .map(([publicationNumber, seeds]) => ({ publicationNumber, relevance: seeds.size / seedCount }));
    return { ranking, unheld };
  }
}
