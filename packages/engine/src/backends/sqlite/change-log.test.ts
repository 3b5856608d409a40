import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TermNode } from '@patlas/query';
import Database from 'better-sqlite3';
import { ChangeReader } from './change-log.js';
import { createSqliteEngine } from './sqlite-engine.js';
import type { IndexablePatent } from './index-tokens.js';

const span = { start: 0, end: 0 };
const term = (value: string): TermNode => ({ kind: 'Term', field: null, value, phrase: false, span });

function patent(n: number, title: string, year = 2020): IndexablePatent {
  return {
    publicationNumber: `CN${100000000 + n}A`,
    country: 'CN',
    patentType: 'invention_application',
    title: { text: title },
    abstract: { text: `本发明涉及${title}。` },
    applicants: [{ name: '清华大学' }],
    applicationDate: `${year}-03-01`,
    publicationDate: `${year + 1}-03-01`,
  };
}

describe('an index written by another connection (the CLI import into a running server)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'patlas-change-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('serves records another engine added, replaced and removed, ranked, without reopening', async () => {
    const file = path.join(dir, 'index.db');
    const server = createSqliteEngine({ file });
    await server.index([patent(1, '一种锂电池正极材料')]);
    expect((await server.search({ ast: term('锂电池') })).total).toBe(1);

    // The CLI's import: another engine (its own connection) on the same file.
    const cli = createSqliteEngine({ file, loadColumns: 'first-use' });
    await cli.index([patent(2, '一种锂电池负极材料', 2015), patent(3, '锂电池隔膜')]);
    await cli.index([patent(1, '一种锂电池正极材料及其制备方法', 2022)]);
    await cli.remove(['CN100000003A']);
    await cli.close();

    const ranked = await server.search({ ast: term('锂电池'), facets: ['year'] });
    expect(ranked.total).toBe(2);
    for (const item of ranked.items) expect(item.score).toBeGreaterThan(0);
    expect(ranked.items.map((i) => i.publicationNumber).sort()).toEqual(['CN100000001A', 'CN100000002A']);
    expect(ranked.facets.year?.map((b) => b.value).sort()).toEqual(['2015', '2022']);
    const byDate = await server.search({ ast: term('锂电池'), sort: { field: 'AD', order: 'asc' } });
    expect(byDate.items.map((i) => i.applicationDate)).toEqual(['2015-03-01', '2022-03-01']);
    expect(await server.size()).toBe(2);
    await server.close();
  });

  it('lets a read-only engine (a search worker) follow the writer', async () => {
    const file = path.join(dir, 'index.db');
    const writer = createSqliteEngine({ file });
    await writer.index([patent(1, '一种锂电池正极材料')]);
    const reader = createSqliteEngine({ file, readOnly: true });
    expect(await reader.count(term('锂电池'))).toBe(1);
    await writer.index([patent(2, '一种锂电池负极材料', 2015)]);
    const page = await reader.search({ ast: term('锂电池'), sort: { field: 'AD', order: 'asc' } });
    expect(page.items.map((i) => i.publicationNumber)).toEqual(['CN100000002A', 'CN100000001A']);
    await expect(reader.index([patent(3, '锂电池隔膜')])).rejects.toThrow();
    await reader.close();
    await writer.close();
  });
});

describe('score-only changes (a rescore of the value scores)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'patlas-change-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** An engine that wrote two documents, and a log reader on another connection that has seen them. */
  async function writerAndReader() {
    const file = path.join(dir, 'index.db');
    const writer = createSqliteEngine({ file });
    await writer.index([patent(1, '一种锂电池正极材料'), patent(2, '锂电池隔膜')]);
    const db = new Database(file, { readonly: true });
    const reader = new ChangeReader(db);
    reader.markLoaded();
    return { writer, db, reader };
  }

  it('logs a score change with its score, and any other change as a reload', async () => {
    const { writer, db, reader } = await writerAndReader();

    await writer.setValueScores([
      { publicationNumber: 'CN100000001A', valueScore: 71.5 },
      { publicationNumber: 'CN100000002A', valueScore: null },
    ]);
    expect(reader.poll()).toEqual({
      kind: 'some',
      ids: [],
      scores: new Map([
        [1, 71.5],
        [2, Number.NaN],
      ]),
    });

    // A score, then the document written again: it is reloaded (its latest score with it), not set.
    await writer.setValueScores([{ publicationNumber: 'CN100000001A', valueScore: 20 }]);
    await writer.index([patent(1, '一种锂电池正极材料及其制备方法')]);
    await writer.setValueScores([{ publicationNumber: 'CN100000002A', valueScore: 33 }]);
    expect(reader.poll()).toEqual({ kind: 'some', ids: [1], scores: new Map([[2, 33]]) });
    expect(reader.poll()).toEqual({ kind: 'none' });
    db.close();
    await writer.close();
  });

  it('answers `all` from a count, without reading the entries, past the documents a reader would reload one by one', async () => {
    const { writer, db, reader } = await writerAndReader();

    // Scores do not count: a reader sets them in place, however many.
    await writer.setValueScores([1, 2].map((n) => ({ publicationNumber: `CN10000000${n}A`, valueScore: 50 + n })));
    await writer.index([patent(3, '锂电池负极'), patent(4, '燃料电池')]);
    expect(reader.poll(2)).toEqual({
      kind: 'some',
      ids: [3, 4],
      scores: new Map([
        [1, 51],
        [2, 52],
      ]),
    });
    await writer.index([patent(5, '太阳能电池'), patent(6, '储能电池'), patent(7, '电池管理系统')]);
    expect(reader.poll(2)).toEqual({ kind: 'all' });
    db.close();
    await writer.close();
  });

  it('upgrades an index whose log predates score-only entries, and its readers follow the scores', async () => {
    const file = path.join(dir, 'index.db');
    const first = createSqliteEngine({ file });
    await first.index([patent(1, '一种锂电池正极材料'), patent(2, '锂电池隔膜')]);
    await first.close();
    // The log as it was: ids only, and every update logged as a reload.
    const old = new Database(file);
    old.exec(`
      DROP TRIGGER doc_cols_logged_update; DROP TRIGGER doc_cols_logged_score;
      DROP TABLE doc_changes;
      CREATE TABLE doc_changes (seq INTEGER PRIMARY KEY AUTOINCREMENT, id INTEGER NOT NULL);
      CREATE TRIGGER doc_cols_logged_update AFTER UPDATE ON doc_cols
        BEGIN INSERT INTO doc_changes (id) VALUES (new.id); END;
    `);
    old.close();

    const writer = createSqliteEngine({ file });
    const reader = createSqliteEngine({ file, readOnly: true });
    expect((await reader.search({ ast: term('锂电池') })).total).toBe(2);
    await writer.setValueScores([{ publicationNumber: 'CN100000002A', valueScore: 64 }]);
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT id, score_only, score FROM doc_changes ORDER BY seq DESC LIMIT 1').raw().get()).toEqual([
      2, 1, 64,
    ]);
    db.close();
    const sorted = await reader.search({ ast: term('锂电池'), sort: { field: 'value', order: 'desc' } });
    expect(sorted.items.map((i) => [i.publicationNumber, i.valueScore])).toEqual([
      ['CN100000002A', 64],
      ['CN100000001A', undefined],
    ]);
    await reader.close();
    await writer.close();
  });
});
