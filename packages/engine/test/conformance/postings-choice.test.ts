import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { parseExpression } from '@patlas/query';
import { FIXTURE_CORPUS } from './fixture-corpus.js';
import { createSqliteEngine } from '../../src/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-postings-'));
  dirs.push(dir);
  return path.join(dir, 'index.db');
}

const ast = (expression: string) => {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(expression);
  return parsed.ast;
};

const segments = (file: string): number =>
  new Database(file, { readonly: true }).prepare('SELECT count(*) FROM post_segs').pluck().get() as number;

describe('which files keep the engine own postings', () => {
  it('a file created under FTS5 postings keeps none, and an engine asking for its own is answered by FTS5', async () => {
    const file = tempFile();
    const fts5 = createSqliteEngine({ file, postings: 'fts5' });
    await fts5.index(FIXTURE_CORPUS);
    const want = (await fts5.search({ ast: ast('电池'), pageSize: 100 })).total;
    await fts5.close();
    expect(segments(file)).toBe(0);
    const own = createSqliteEngine({ file, postings: 'own' });
    expect((await own.search({ ast: ast('电池'), pageSize: 100 })).total).toBe(want);
    expect(want).toBeGreaterThan(0);
    await own.close();
  });

  it('a file created under its own postings keeps them through later writes, whatever reads it', async () => {
    const file = tempFile();
    const own = createSqliteEngine({ file, postings: 'own' });
    await own.index(FIXTURE_CORPUS.slice(0, 10));
    await own.close();
    const fts5 = createSqliteEngine({ file, postings: 'fts5' });
    await fts5.index(FIXTURE_CORPUS.slice(10));
    await fts5.close();
    expect(segments(file)).toBeGreaterThan(1);
    const both = createSqliteEngine({ file, postings: 'both' });
    // Every MATCH compared: a document written by the FTS5 reader's engine is in both postings.
    expect((await both.search({ ast: ast('电池 OR 锂 OR battery'), pageSize: 100 })).total).toBeGreaterThan(0);
    await both.close();
  });

  it('a file created with only its own postings writes no FTS5 row, and any engine reads it by its own postings', async () => {
    const file = tempFile();
    const only = createSqliteEngine({ file, postings: 'only' });
    await only.index(FIXTURE_CORPUS.slice(0, 10));
    await only.close();
    const later = createSqliteEngine({ file, postings: 'fts5' });
    await later.index(FIXTURE_CORPUS.slice(10));
    // A rewrite and a removal, found by publication number through the own postings.
    await later.index(FIXTURE_CORPUS.slice(0, 1));
    await later.remove([(FIXTURE_CORPUS[1] as { publicationNumber: string }).publicationNumber]);
    const page = await later.search({ ast: ast('电池 OR 锂 OR battery'), pageSize: 100 });
    await later.close();
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT count(*) FROM fts_data').pluck().get()).toBeLessThanOrEqual(2);
    expect(db.prepare('SELECT count(*) FROM fts_docsize').pluck().get()).toBe(0);
    db.close();
    // The same answers as a file keeping FTS5's postings, for the same writes.
    const reference = createSqliteEngine({ file: ':memory:', postings: 'fts5' });
    await reference.index(FIXTURE_CORPUS);
    await reference.index(FIXTURE_CORPUS.slice(0, 1));
    await reference.remove([(FIXTURE_CORPUS[1] as { publicationNumber: string }).publicationNumber]);
    const want = await reference.search({ ast: ast('电池 OR 锂 OR battery'), pageSize: 100 });
    await reference.close();
    expect(want.total).toBeGreaterThan(0);
    expect(page.total).toBe(want.total);
    expect(new Set(page.items.map((h) => h.publicationNumber))).toEqual(
      new Set(want.items.map((h) => h.publicationNumber)),
    );
  });
});
