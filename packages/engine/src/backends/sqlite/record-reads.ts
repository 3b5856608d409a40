import type { IndexedVersion, SearchHit } from '../../search-engine.js';
import { loadRows } from './doc-rows.js';
import { columnsOf, refresh } from './engine-columns.js';
import type { SqliteEngineState } from './engine-state.js';
import type { DocRow } from './index-tokens.js';

// Reads of records by publication number, and of the index as a whole.

export async function getRecords(
  state: SqliteEngineState,
  publicationNumbers: readonly string[],
): Promise<SearchHit[]> {
  refresh(state);
  const ids = state.writer.idsOf(publicationNumbers);
  const rows = loadRows(
    state,
    ids.filter((x): x is number => x !== undefined),
  );
  return ids.flatMap((id) => {
    const row = id === undefined ? undefined : rows.get(id);
    return row ? [{ ...row, score: 0 }] : [];
  });
}

/** The records and every member of their families the index holds, ascending ids. */
export async function expandFamily(state: SqliteEngineState, publicationNumbers: readonly string[]): Promise<string[]> {
  refresh(state);
  const ids = state.writer.idsOf(publicationNumbers).filter((x): x is number => x !== undefined);
  const columns = columnsOf(state);
  const groups = new Set(ids.map((id) => columns.famGroup[id] as number).filter((g) => g !== 0));
  const found = new Set<number>(ids);
  const memberNumbers: string[] = [];
  for (const g of groups) memberNumbers.push(...(columns.familyMembers.get(g) ?? []));
  for (let id = 0; id < columns.capacity; id++) {
    if (columns.alive[id] && groups.has(columns.famGroup[id] as number)) found.add(id);
  }
  for (const id of state.writer.idsOf(memberNumbers)) if (id !== undefined) found.add(id);
  const rows = loadRows(state, [...found], false);
  return [...found]
    .sort((a, b) => a - b)
    .flatMap((id) => (rows.get(id) ? [(rows.get(id) as DocRow).publicationNumber] : []));
}

export async function indexSize(state: SqliteEngineState): Promise<number> {
  refresh(state);
  // A process that never read the columns (the CLI, the HTTP thread beside search workers) counts the rows instead of loading them.
  return state.loaded ? state.loaded.aliveCount : (state.stmt.countDocs.get() as number);
}

export async function indexedVersions(
  state: SqliteEngineState,
  request: { keys: readonly string[] } | { after: string; limit: number },
): Promise<IndexedVersion[]> {
  const rows =
    'keys' in request
      ? (state.stmt.versionsOf.all(JSON.stringify(request.keys)) as [string, string | null][])
      : (state.stmt.versionsAfter.all(request.after, request.limit) as [string, string | null][]);
  return rows.map(([key, version]) => ({ key, version }));
}
