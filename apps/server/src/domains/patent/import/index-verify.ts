import { publicationKey, type BulkLoad } from '@patlas/engine';
import type { PatentImportContext } from './import-context.js';

export interface IndexVerifyOptions {
  /** Re-index the missing and stale records from the store and remove the extra ones. */
  repair?: boolean;
  /** Records compared per step (one store page, one index lookup). */
  batchSize?: number;
  /** Stops between batches (graceful shutdown); what was repaired so far stays. */
  signal?: AbortSignal;
  /** Called once, when the first difference is found and is about to be repaired. */
  onRepairStart?: () => void;
}

export interface IndexVerifyReport {
  /** Records in the store. */
  stored: number;
  /** Records in the index, before any repair. */
  indexed: number;
  /** Stored records the index does not hold. */
  missing: number;
  /** Stored records the index holds in another version (older, or cut short). */
  stale: number;
  /** Indexed records the store does not hold (removed, or folded into another record). */
  extra: number;
  /** Whether the differences were repaired (missing and stale re-indexed, extra removed). */
  repaired: boolean;
  elapsedMs: number;
}

/** How many records differ between the store and the index. */
export function differencesOf(report: IndexVerifyReport): number {
  return report.missing + report.stale + report.extra;
}

/**
 * Compares the search index with the store record by record (publication number and version, a
 * hash of the stored JSON that both keep) and, with `repair`, brings the index in line: missing
 * and stale records are indexed again from the store, records the store no longer holds are
 * removed. Both sides are read in keyset-paged batches (constant memory; at 1M records a pass is
 * two sequential scans and a million key lookups on each side), and only the differences are
 * written. Run at start (syncSearchIndex) and by `patlas index verify [--repair]`.
 */
export async function verifySearchIndex(
  context: PatentImportContext,
  options: IndexVerifyOptions = {},
): Promise<IndexVerifyReport> {
  const started = Date.now();
  const { engine } = context;
  const patents = context.repositories.patents;
  const batchSize = options.batchSize ?? 1000;
  const report: IndexVerifyReport = {
    stored: 0,
    indexed: 0,
    missing: 0,
    stale: 0,
    extra: 0,
    repaired: false,
    elapsedMs: 0,
  };
  let isRepairing = false;
  const startRepair = () => {
    if (!isRepairing) options.onRepairStart?.();
    isRepairing = true;
  };
  let bulk: BulkLoad | undefined;
  // Stored numbers the index keys differently (numbers no format parses): the index side's pass
  // must not take them for extra records. Almost always empty.
  const keyedOtherwise = new Set<string>();
  // Index keys that stored records were found under: when they are all the index holds, it holds no extra record.
  let keysFound = 0;
  const oddKeysFound = new Set<string>();

  try {
    // 1. Every stored record: indexed, in the same version?
    for (let after = ''; !options.signal?.aborted;) {
      // Each page's reads are synchronous on SQLite: requests get through between pages.
      await nextTurn();
      const page = await patents.versionPage(after, batchSize);
      if (page.length === 0) break;
      after = page[page.length - 1]!.publicationNumber;
      report.stored += page.length;
      const keys = page.map((r) => publicationKey(r.publicationNumber));
      const indexed = new Map((await engine.versions({ keys })).map((v) => [v.key, v.version]));
      const differing: string[] = [];
      page.forEach((row, i) => {
        const key = keys[i]!;
        if (key !== row.publicationNumber) keyedOtherwise.add(key);
        const version = indexed.get(key);
        if (version !== undefined) {
          if (key === row.publicationNumber) keysFound += 1;
          else oddKeysFound.add(key);
        }
        if (version === undefined) report.missing += 1;
        else if (version !== row.version) report.stale += 1;
        else return;
        differing.push(row.publicationNumber);
      });
      if (differing.length === 0 || !options.repair) continue;
      startRepair();
      // Vectors later, in the semantic fill's slices (main.ts refreshes the space after the start-up verify):
      // embedded here, each repaired batch held the HTTP thread 2–3 s.
      bulk ??= engine.bulkLoad({ textsInStore: true, embedLater: true });
      // Read now, as stored now: a record rewritten since its version was read goes in its new form.
      const docs = await patents.getByPublicationNumbers(differing);
      await bulk.index(await context.services.patentValue.withStoredScores([...docs.values()]));
    }
    if (bulk) await bulk.finish();

    // 2. Every indexed record: still in the store? (Not when the index holds only the keys found above.)
    const indexSize = await engine.size();
    const isIndexCovered = indexSize === keysFound + oddKeysFound.size + (options.repair ? report.missing : 0);
    if (isIndexCovered) report.indexed = indexSize;
    for (let after = ''; !isIndexCovered && !options.signal?.aborted;) {
      await nextTurn();
      const page = await engine.versions({ after, limit: batchSize });
      if (page.length === 0) break;
      after = page[page.length - 1]!.key;
      report.indexed += page.length;
      const held = await patents.heldPublicationNumbers(page.map((v) => v.key));
      const extra = page.map((v) => v.key).filter((key) => !held.has(key) && !keyedOtherwise.has(key));
      report.extra += extra.length;
      if (extra.length > 0 && options.repair) {
        startRepair();
        await engine.removeKeys(extra);
        // Removed rows leave the key order as it was: the next page starts after the last key read.
      }
    }
  } finally {
    await bulk?.finish();
  }
  report.repaired = Boolean(options.repair) && !options.signal?.aborted;
  // The index side was read after the missing records were indexed.
  if (options.repair && !options.signal?.aborted) report.indexed -= report.missing;
  report.elapsedMs = Date.now() - started;
  return report;
}

/**
 * Lets the event loop serve what waits (requests, timers) before the next page. Without it, a
 * verify at start-up (123k records: ~3 s, a million: tens of seconds) ran page after page on
 * already-resolved promises and the server answered nothing meanwhile.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
