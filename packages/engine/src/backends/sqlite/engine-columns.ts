import { readColumnSnapshot, writeColumnSnapshot } from './column-snapshot.js';
import { DocColumns } from './doc-columns.js';
import type { SqliteEngineState } from './engine-state.js';
import { INDEX_SCHEMA_VERSION } from './index-schema.js';
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
  const columns = new DocColumns();
  const seq = changes.markLoaded();
  for (const row of state.db.prepare('SELECT id, cols FROM doc_cols').iterate() as Iterable<{
    id: number;
    cols: string;
  }>) {
    columns.set(row.id, JSON.parse(row.cols) as DocColumnValues);
  }
  state.loaded = columns;
  saveSnapshot(state, seq);
  return columns;
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
  const changed = state.changes.poll();
  if (changed.kind === 'none') return;
  if (changed.kind === 'all') {
    state.loaded = undefined;
    return;
  }
  // One document read back costs ~8 times its share of a full load: past that, load everything.
  if (changed.ids.length > loaded.aliveCount / 8 + 1000) {
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
