import { MAX_CITATION_SET, type CitationSearchDirection, type Patent } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import { citationNumber } from '../export/index.js';
import type { ResolvedSet } from '../search/index.js';
import { SharedResults } from '../../plugins/shared-results.js';
import type { CitationPatents } from './citation.service.js';
import type { CitationQuery, CitationQueryRepository } from './citation.repository.js';

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
 * Citation searches as result sets (SetResolvers.citation): computed from the patent store alone,
 * so the search service is built from it before the citation search service, which takes its
 * seeds from a result set through the search service.
 */
export class CitationSets {
  private readonly cache = new SharedResults<ResolvedSet>({
    size: CACHE_SIZE,
    ttlMs: CACHE_TTL_MS,
    now: () => this.now(),
  });

  constructor(
    private readonly deps: {
      patents: CitationPatents;
      repository: CitationQueryRepository;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
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
  async compute(query: CitationQuery): Promise<{ ranking: ResolvedSet['ranking']; unheld: number }> {
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
