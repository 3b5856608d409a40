import type { Patent } from '@patlas/contracts';
import { createSqliteEngine, type DataScope, type FacetFilter, type SearchEngine } from '@patlas/engine';
import type { QueryNode } from '@patlas/query';

/**
 * Issue 48 item 5 (docs/search-as-of.md): which records, as they were at a data version, a search
 * matches. The records a later import changed are indexed as they were (their `patent_revisions`
 * JSON) in a scratch in-memory engine of their own, and the search's expression, scope and filters
 * run over it: the same analysers, fields and matching as the real index, so a record's earlier
 * content is matched exactly as the index matched it then. A CPU task (cpu-tasks.ts `asOfMatch`):
 * indexing costs about 2.5 ms a record (segmentation), never on the HTTP thread.
 */
export interface AsOfMatchInput {
  /** Names the revisions (version, newest version, count): the same key is the same records, indexed once. */
  key: string;
  /** The records as they were, JSON (`patent_revisions.doc`). */
  records: string[];
  ast: QueryNode;
  filters?: readonly FacetFilter[] | undefined;
  scope?: DataScope | undefined;
}

/** Scratch engines kept per key (a result page's next page or facet click reuses its own). */
const KEPT = 4;
const engines = new Map<string, Promise<SearchEngine>>();

async function engineOf(key: string, records: readonly string[]): Promise<SearchEngine> {
  const kept = engines.get(key);
  if (kept) {
    // Most recently used last.
    engines.delete(key);
    engines.set(key, kept);
    return kept;
  }
  const opening = (async () => {
    const engine = createSqliteEngine({ file: ':memory:', loadColumns: 'first-use' });
    await engine.index(records.map((doc) => JSON.parse(doc) as Patent));
    return engine;
  })();
  engines.set(key, opening);
  opening.catch(() => engines.delete(key));
  while (engines.size > KEPT) {
    const [oldest, engine] = engines.entries().next().value as [string, Promise<SearchEngine>];
    engines.delete(oldest);
    void engine.then((e) => e.close()).catch(() => undefined);
  }
  return opening;
}

/** The publication numbers of `records` that the search matches as they were. */
export async function matchAsOf(input: AsOfMatchInput): Promise<string[]> {
  if (input.records.length === 0) return [];
  const engine = await engineOf(input.key, input.records);
  const { publicationNumbers } = await engine.rankedNumbers({
    ast: input.ast,
    offset: 0,
    limit: input.records.length,
    ...(input.filters ? { filters: input.filters } : {}),
    ...(input.scope ? { scope: input.scope } : {}),
    sort: { field: 'PD', order: 'desc' },
  });
  return publicationNumbers;
}
