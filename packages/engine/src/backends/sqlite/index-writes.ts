import type { Patent } from '@patlas/contracts';
import type { BulkLoad, IndexOptions } from '../../search-engine.js';
import { startBulkLoad } from './bulk-load.js';
import { trimChangeLog } from './change-log.js';
import { semanticIndexOf, type SqliteEngineState } from './engine-state.js';
import { prepareDocs, storedTextsOf } from './index-writer.js';
import type { DocColumnValues, IndexablePatent } from './index-tokens.js';

// Records written and removed: the index tables, then the loaded columns and the semantic vectors.

/** Only an engine with a text source leaves texts out of the index. */
function textsInStore(state: SqliteEngineState, o: IndexOptions | undefined): boolean {
  return Boolean(o?.textsInStore && state.options.textSource);
}

export async function indexDocs(
  state: SqliteEngineState,
  docs: readonly Patent[],
  indexOptions: IndexOptions | undefined,
): Promise<void> {
  const { batch, analysed } = prepareDocs(docs as readonly IndexablePatent[], {
    textsInStore: textsInStore(state, indexOptions),
  });
  const ids = state.writer.write(batch);
  trimChangeLog(state.db);
  ids.forEach((id, i) => state.loaded?.set(id, (analysed[i] as (typeof analysed)[number]).cols));
  await semanticIndexOf(state).add(
    ids.map((id, i) => ({ id, texts: (analysed[i] as (typeof analysed)[number]).texts })),
  );
}

/** A bulk load by a writer thread (bulk-load.ts); an in-memory index loads in the caller's thread. */
export function bulkLoadDocs(state: SqliteEngineState, indexOptions: IndexOptions | undefined): BulkLoad {
  const { options } = state;
  if (options.file === ':memory:') return inThreadBulkLoad(state, indexOptions);
  const load = startBulkLoad({
    file: options.file,
    ...(options.analysisThreads ? { analysisThreads: options.analysisThreads } : {}),
    textsInStore: textsInStore(state, indexOptions),
    async written(docs, cols, ids, removed) {
      for (const id of removed) state.loaded?.delete(id);
      semanticIndexOf(state).remove(removed);
      if (state.loaded) ids.forEach((id, i) => state.loaded?.set(id, JSON.parse(cols[i] as string) as DocColumnValues));
      if (indexOptions?.embedLater) semanticIndexOf(state).defer(ids);
      else if (semanticIndexOf(state).ready)
        await semanticIndexOf(state).add(ids.map((id, i) => ({ id, texts: storedTextsOf(docs[i] ?? {}) })));
    },
  });
  return {
    index: (docs, loadOptions) => load.index(docs, loadOptions),
    finish: () => load.finish().finally(() => trimChangeLog(state.db)),
  };
}

/** A bulk load in the caller's thread: an in-memory index has no file a writer thread could open. */
function inThreadBulkLoad(state: SqliteEngineState, options: IndexOptions | undefined): BulkLoad {
  return {
    async index(docs, { remove = [] } = {}) {
      if (remove.length > 0) await removeDocs(state, remove);
      await indexDocs(state, docs, options);
    },
    async finish() {},
  };
}

export async function removeDocs(state: SqliteEngineState, publicationNumbers: readonly string[]): Promise<number> {
  const ids = state.writer.remove(publicationNumbers);
  return forgetRemoved(state, ids);
}

export async function removeKeys(state: SqliteEngineState, keys: readonly string[]): Promise<number> {
  const ids = state.writer.removeKeys(keys);
  return forgetRemoved(state, ids);
}

/** After removed rows: the change log trimmed, the columns and vectors of the ids dropped. */
function forgetRemoved(state: SqliteEngineState, ids: readonly number[]): number {
  trimChangeLog(state.db);
  for (const id of ids) state.loaded?.delete(id);
  semanticIndexOf(state).remove(ids);
  return ids.length;
}
