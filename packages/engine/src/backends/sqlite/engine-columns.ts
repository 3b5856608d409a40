import type Database from 'better-sqlite3';
import { readColumnSnapshot, readColumnSnapshotTag, writeColumnSnapshot } from './column-snapshot.js';
import { DocColumns } from './doc-columns.js';
import type { ChangeReader } from './change-log.js';
import type { SqliteEngineState } from './engine-state.js';
import { INDEX_SCHEMA_VERSION, indexIdOf } from './index-schema.js';
import type { DocColumnValues } from './index-tokens.js';

/**
 * The in-memory columns (SqliteEngineState.loaded), loaded on first read: from the snapshot beside
 * the index when it is still current, else from doc_cols (and the snapshot written again).
 */
export function columnsOf(state: SqliteEngineState): DocColumns {
  if (state.loaded) return state.loaded;
  const { snapshotFile, indexId, changes } = state;
  const snapshot =
    snapshotFile && indexId
      ? readColumnSnapshot(snapshotFile, { indexId, indexSchema: INDEX_SCHEMA_VERSION })
      : undefined;
  if (snapshot && changes.resumeAt(snapshot.seq)) {
    state.snapshotSeq = snapshot.seq;
    state.loaded = snapshot.columns;
    // What was committed after the snapshot; too much of it (or a rebuild) drops it for a full load.
    applyChanges(state);
    if (state.loaded) return state.loaded;
  }
  const seq = changes.markLoaded();
  const columns = readAllColumns(state.db);
  state.loaded = columns;
  saveSnapshot(state, seq);
  return columns;
}

/** Every document's columns, parsed from doc_cols (~1 s per 100k documents on an idle core). */
function readAllColumns(db: Database.Database): DocColumns {
  const columns = new DocColumns();
  for (const row of db.prepare('SELECT id, cols FROM doc_cols').iterate() as Iterable<{
    id: number;
    cols: string;
  }>) {
    columns.set(row.id, JSON.parse(row.cols) as DocColumnValues);
  }
  return columns;
}

/** One document read back costs ~8 times its share of a full load: past this many changed documents, load everything. */
function reloadsAll(changedDocs: number, aliveCount: number): boolean {
  return changedDocs > reloadLimit(aliveCount);
}

function reloadLimit(aliveCount: number): number {
  return Math.floor(aliveCount / 8) + 1000;
}

/**
 * After a bulk load, on its writer thread: when the load changed so many documents that every
 * reader would reload all its columns from doc_cols (each search worker at once, inside its first
 * search's time budget: 10 s on two busy cores for the 123k demo corpus), the columns are loaded
 * here once and written as the snapshot, and readers load that instead. `loadBeganAt`: the log's
 * position when the load began (ChangeReader.latest). True when written.
 */
export function snapshotAfterBulkLoad(
  db: Database.Database,
  log: ChangeReader,
  indexFile: string,
  loadBeganAt: number,
): boolean {
  const indexId = indexIdOf(db);
  if (indexFile === ':memory:' || !indexId) return false;
  const snapshotFile = `${indexFile}.cols`;
  const tag = readColumnSnapshotTag(snapshotFile, { indexId, indexSchema: INDEX_SCHEMA_VERSION });
  if (tag) {
    // Readers can apply what the log holds after the snapshot one by one.
    if (log.holdsAfter(tag.seq) && !reloadsAll(log.docsChangedAfter(tag.seq), tag.aliveCount)) return false;
  } else {
    // No snapshot to bring forward: written only when the load itself is large enough that readers
    // holding columns would reload them all (a small import leaves them to apply it). Readers
    // compare with the documents they held before it (those it updated counted as new).
    const changed = log.docsChangedAfter(loadBeganAt);
    const alive = db.prepare('SELECT count(*) FROM doc_cols').pluck().get() as number;
    if (!reloadsAll(changed, Math.max(0, alive - changed))) return false;
  }
  // The position first: what is committed meanwhile is read again by readers from the log (harmless).
  const seq = log.latest();
  writeColumnSnapshot(snapshotFile, readAllColumns(db), { indexId, indexSchema: INDEX_SCHEMA_VERSION, seq });
  return true;
}

/** Writes the loaded columns beside the index; a reader that cannot write there (read-only folder) goes on without. */
export function saveSnapshot(state: SqliteEngineState, seq: number): void {
  const { snapshotFile, indexId, loaded } = state;
  if (!snapshotFile || !indexId || !loaded) return;
  try {
    writeColumnSnapshot(snapshotFile, loaded, { indexId, indexSchema: INDEX_SCHEMA_VERSION, seq });
    state.snapshotSeq = seq;
  } catch {
    // The snapshot only saves time at the next open.
  }
}

/** Applies to the loaded columns what the change log holds past them, or drops them for a full load. */
export function applyChanges(state: SqliteEngineState): void {
  const { loaded } = state;
  if (!loaded) return;
  const changed = state.changes.poll(reloadLimit(loaded.aliveCount));
  if (changed.kind === 'none') return;
  if (changed.kind === 'all') {
    state.loaded = undefined;
    return;
  }
  if (reloadsAll(changed.ids.length, loaded.aliveCount)) {
    state.loaded = undefined;
    return;
  }
  for (const id of changed.ids) {
    const cols = state.stmt.colsOf.get(id) as string | undefined;
    if (cols === undefined) loaded.delete(id);
    else loaded.set(id, JSON.parse(cols) as DocColumnValues);
  }
  for (const [id, score] of changed.scores) loaded.setValueScore(id, score);
}

/**
 * Brings the in-memory columns up to what other connections committed (a bulk load's writer
 * thread, the CLI's import in another process), before every read: without it, documents
 * written elsewhere are hits without columns (no dates, no score slot) until a restart.
 */
export function refresh(state: SqliteEngineState): void {
  // A ranked set's ids are kept for one read only (the next may follow a write).
  state.withinMemo = undefined;
  state.rankGeneration = state.changes.latest();
  state.clauseCache.useGeneration(state.rankGeneration);
  if (state.loaded) applyChanges(state);
}

/** Before closing: columns that moved past their snapshot are written again, so the next open starts from them. */
export function saveColumnsAtClose(state: SqliteEngineState): void {
  if (!state.loaded || !state.snapshotFile) return;
  const last = state.changes.latest();
  if (last !== state.snapshotSeq) {
    // `last` is read first: once applied, the columns reflect at least that far (own writes included).
    applyChanges(state);
    saveSnapshot(state, last);
  }
}
