import { titleFromAbstract } from '@patlas/contracts';
import type { StoredTexts } from './compile-query.js';
import { checkStop, type SqliteEngineState } from './engine-state.js';
import { storedTextsOf } from './index-writer.js';
import type { DocRow } from './index-tokens.js';

/**
 * Result rows of documents. A record whose texts the store holds has its abstract there too
 * (prepareDocs): read back unless `withAbstract` is false (callers that show no abstract). A row
 * with no title and an abstract gets `abstractTitle`, the abstract's first sentence.
 */
export function loadRows(state: SqliteEngineState, ids: readonly number[], withAbstract = true): Map<number, DocRow> {
  const out = new Map<number, DocRow>();
  const fromStore = new Map<string, number>();
  for (const [id, json, inStore] of state.stmt.rows.all(JSON.stringify(ids)) as [number, string, number][]) {
    const row = JSON.parse(json) as DocRow;
    out.set(id, row);
    if (inStore && withAbstract) fromStore.set(row.publicationNumber, id);
  }
  if (fromStore.size > 0 && state.options.textSource) {
    for (const [pn, record] of state.options.textSource([...fromStore.keys()])) {
      const id = fromStore.get(pn);
      const row = id === undefined ? undefined : out.get(id);
      if (id !== undefined && row && record.abstract) out.set(id, { ...row, abstract: record.abstract.text });
    }
  }
  if (withAbstract) {
    for (const [id, row] of out) {
      const abstractTitle = row.title?.trim() ? undefined : titleFromAbstract(row.abstract);
      if (abstractTitle) out.set(id, { ...row, abstractTitle });
    }
  }
  return out;
}

/** Stored texts of documents: the index's copy, or the app store's record (textSource). */
export function loadTexts(state: SqliteEngineState, ids: Int32Array): Map<number, StoredTexts> {
  const out = new Map<number, StoredTexts>();
  for (let i = 0; i < ids.length; i += 500) {
    checkStop(state);
    const chunk = JSON.stringify(Array.from(ids.subarray(i, i + 500)));
    const fromStore = new Map<string, number>();
    for (const [id, texts, pn] of state.stmt.texts.all(chunk) as [number, string, string | null][]) {
      if (texts) out.set(id, JSON.parse(texts) as StoredTexts);
      else if (pn !== null) fromStore.set(pn, id);
    }
    if (fromStore.size === 0) continue;
    const records = state.options.textSource?.([...fromStore.keys()]) ?? new Map();
    for (const [pn, id] of fromStore) out.set(id, storedTextsOf(records.get(pn) ?? {}));
  }
  return out;
}
