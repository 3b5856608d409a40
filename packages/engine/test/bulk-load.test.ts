import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Patent } from '@patlas/contracts';
import type { TermNode } from '@patlas/query';
import { createSqliteEngine, type IndexablePatent, type SearchEngine, type TextSource } from '../src/index.js';
import { FIXTURE_CORPUS } from './conformance/fixture-corpus.js';

const span = { start: 0, end: 0 };
const term = (field: string | null, value: string): TermNode => ({ kind: 'Term', field, value, phrase: false, span });

const dirs: string[] = [];
function indexFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-bulk-'));
  dirs.push(dir);
  return path.join(dir, 'index.db');
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function storeOf(docs: readonly Patent[]): TextSource {
  const byPn = new Map(docs.map((d) => [d.publicationNumber, d]));
  return (pns) => new Map(pns.flatMap((pn) => (byPn.has(pn) ? [[pn, byPn.get(pn) as Patent]] : [])));
}

/** Everything the index holds of its documents: every token occurrence (fts5vocab), rows, columns, words. */
function contents(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    db.exec("CREATE VIRTUAL TABLE temp.v USING fts5vocab('main', 'fts', 'instance')");
    const pnOf = new Map(
      (db.prepare('SELECT id, pn FROM docs').raw().all() as [number, string][]).map(([id, pn]) => [id, pn]),
    );
    return {
      tokens: (db.prepare('SELECT term, doc, col, offset FROM v').raw().all() as [string, number, string, number][])
        .map(([t, doc, col, offset]) => `${pnOf.get(doc)} ${col} ${offset} ${t}`)
        .sort(),
      docs: db
        .prepare('SELECT pn, row, cols FROM docs JOIN doc_cols USING (id) ORDER BY pn')
        .raw()
        .all() as unknown[][],
      words: db.prepare('SELECT word, stem FROM vocab ORDER BY word').raw().all(),
      texts: db.prepare('SELECT pn, texts FROM docs ORDER BY pn').raw().all() as [string, string][],
    };
  } finally {
    db.close();
  }
}

/** A semantic search by vectors alone, to compare two engines' spaces. */
const VECTOR_REQUEST = {
  text: '参考信号的符号与用户设备',
  weights: [3, 3, 3, 3] as const,
  mode: 'vector' as const,
  pageSize: 10,
};

describe('bulk load', () => {
  it('writes the same tokens, rows and columns as the engine thread, whichever worker analysed a batch', async () => {
    const docs = FIXTURE_CORPUS;
    const inThread = indexFile();
    const direct = createSqliteEngine({ file: inThread });
    await direct.index(docs);
    await direct.close();

    const bulkFile = indexFile();
    // Three analysers finish batches out of order; the writer still commits them in order.
    const engine = createSqliteEngine({ file: bulkFile, analysisThreads: 3 });
    const bulk = engine.bulkLoad();
    for (let i = 0; i < docs.length; i += 5) await bulk.index(docs.slice(i, i + 5));
    await bulk.finish();
    expect(await engine.size()).toBe(docs.length);
    await engine.close();

    const expected = contents(inThread);
    const actual = contents(bulkFile);
    expect(actual.tokens.length).toBeGreaterThan(10_000);
    expect(actual.tokens).toEqual(expected.tokens);
    expect(actual.docs).toEqual(expected.docs);
    expect(actual.words).toEqual(expected.words);
    expect(actual.texts).toEqual(expected.texts);
  });

  it('keeps no copy of texts and abstracts the store holds, and finds, shows and highlights them from the store', async () => {
    const docs = FIXTURE_CORPUS;
    const file = indexFile();
    const engine = createSqliteEngine({ file, textSource: storeOf(docs) });
    const bulk = engine.bulkLoad({ textsInStore: true });
    await bulk.index(docs);
    await bulk.finish();
    // Proximity is verified on the stored text (compile-query.ts): it must come from the store.
    const near = await engine.search({
      ast: {
        kind: 'Near',
        field: null,
        left: term(null, '参考信号'),
        right: term(null, '符号'),
        ordered: true,
        unit: 'word',
        distance: 3,
        span,
      },
      pageSize: 100,
    });
    expect(near.items.map((i) => i.publicationNumber)).toContain('CN110001371B');
    const highlighted = await engine.search({ ast: term(null, '参考信号'), highlight: true });
    expect(highlighted.items[0]?.highlights?.abstract).toContain('<em>参考信号</em>');
    const [row] = await engine.get(['CN110001371B']);
    expect(row?.abstract).toMatch(/^一种信号的发送方法/);
    await engine.close();
    const held = contents(file);
    expect(held.texts.every(([, texts]) => texts === '')).toBe(true);
    expect(held.docs.some(([, row]) => String(row).includes('"abstract"'))).toBe(false);
  });

  it('learns the same semantic space from texts read back from the store as from its own copy', async () => {
    const docs = FIXTURE_CORPUS;
    const fromStore = createSqliteEngine({ file: indexFile(), textSource: storeOf(docs) });
    const bulk = fromStore.bulkLoad({ textsInStore: true });
    await bulk.index(docs);
    await bulk.finish();
    const withCopy = createSqliteEngine({ file: indexFile() });
    await withCopy.index(docs);
    for (const engine of [fromStore, withCopy]) await engine.buildSemanticModel({ dims: 8 });
    expect(fromStore.semanticStatus()).toEqual(withCopy.semanticStatus());
    const [a, b] = await Promise.all([
      fromStore.semanticSearch(VECTOR_REQUEST),
      withCopy.semanticSearch(VECTOR_REQUEST),
    ]);
    expect(a.items.map((i) => i.publicationNumber)).toEqual(b.items.map((i) => i.publicationNumber));
    expect(a.items.length).toBeGreaterThan(0);
    await Promise.all([fromStore.close(), withCopy.close()]);
  });

  it('leaves the semantic vectors of a bulk load to fillSemantic when asked, and then holds those an inline load computes', async () => {
    const docs = FIXTURE_CORPUS;
    const first = docs.slice(0, 10);
    const rest = docs.slice(10);
    // A record of the first part, rewritten by the bulk load: its old vector must not stay.
    const rewritten = { ...first[0]!, title: { lang: 'zh', text: '一种用于用户设备的参考信号配置方法' } } as Patent;
    const load = async (embedLater: boolean) => {
      const engine = createSqliteEngine({ file: indexFile(), textSource: storeOf([...first, ...rest, rewritten]) });
      await engine.index(first);
      await engine.buildSemanticModel({ dims: 8 });
      const before = engine.semanticStatus().vectors;
      const bulk = engine.bulkLoad({ textsInStore: true, embedLater });
      await bulk.index([...rest, rewritten]);
      await bulk.finish();
      return { engine, before };
    };
    const { engine: inline } = await load(false);
    const { engine: later, before } = await load(true);
    const vectorsOf = (engine: SearchEngine) => engine.semanticStatus().vectors;
    // Some records have no word the 8-dimension space knows: no vector, either way.
    expect(vectorsOf(inline)).toBeGreaterThan(before + 20);
    // Only the first part, less the rewritten record, has vectors until the fill.
    expect(vectorsOf(later)).toBe(before - 1);
    expect(await later.fillSemantic()).toBe(rest.length + 1);
    expect(vectorsOf(later)).toBe(vectorsOf(inline));
    expect(await later.fillSemantic()).toBe(0);

    const [a, b] = await Promise.all([inline.semanticSearch(VECTOR_REQUEST), later.semanticSearch(VECTOR_REQUEST)]);
    expect(b.items.map((i) => [i.publicationNumber, i.similarity])).toEqual(
      a.items.map((i) => [i.publicationNumber, i.similarity]),
    );
    expect(a.items.length).toBeGreaterThan(0);
    await Promise.all([inline.close(), later.close()]);
  });

  it('loads no columns in an import-only engine until a search reads them, then sees every record', async () => {
    const file = indexFile();
    const importer = createSqliteEngine({ file, loadColumns: 'first-use' });
    const bulk = importer.bulkLoad();
    await bulk.index(FIXTURE_CORPUS.slice(0, 30));
    await bulk.finish();
    await importer.index(FIXTURE_CORPUS.slice(30));
    expect(await importer.size()).toBe(FIXTURE_CORPUS.length);
    const eager = createSqliteEngine({ file: indexFile() });
    await eager.index(FIXTURE_CORPUS);
    const request = { ast: term(null, '信号'), facets: ['year', 'applicant'] as const, pageSize: 50 };
    const [a, b] = await Promise.all([importer.search(request), eager.search(request)]);
    expect(a.total).toBeGreaterThan(0);
    expect(a).toEqual(b);
    await Promise.all([importer.close(), eager.close()]);
  });

  it('removes records in order with the batches around them', async () => {
    const docs = FIXTURE_CORPUS.slice(0, 20);
    const engine = createSqliteEngine({ file: indexFile() });
    const bulk = engine.bulkLoad();
    await bulk.index(docs.slice(0, 10));
    await bulk.index(docs.slice(10), { remove: [docs[0]!.publicationNumber.toLowerCase(), 'CN999999999A'] });
    await bulk.finish();
    expect(await engine.size()).toBe(19);
    expect(await engine.get([docs[0]!.publicationNumber])).toEqual([]);
    await engine.close();
  });

  it('reports the first failed batch from finish and writes none after it', async () => {
    const docs = FIXTURE_CORPUS.slice(0, 10);
    const engine = createSqliteEngine({ file: indexFile() });
    const bulk = engine.bulkLoad();
    await bulk.index(docs.slice(0, 5));
    // No country: analysis throws on this record.
    await bulk.index([{ publicationNumber: 'CN100000000A' } as IndexablePatent]);
    await bulk.index(docs.slice(5));
    await expect(bulk.finish()).rejects.toThrow();
    expect(await engine.size()).toBe(5);
    await expect(bulk.index(docs)).rejects.toThrow('finished');
    await engine.close();
  });
});
