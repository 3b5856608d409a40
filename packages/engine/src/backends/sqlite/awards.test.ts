import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseExpression, type QueryNode } from '@patlas/query';
import { compileQuery, printPlan } from './compile-query.js';
import { createSqliteEngine } from './sqlite-engine.js';
import type { IndexablePatent } from './index-tokens.js';

function parse(expression: string): QueryNode {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(expression);
  return parsed.ast;
}

function patent(n: number, title = `一种电池${n}`): IndexablePatent {
  return {
    publicationNumber: `CN1100${String(n).padStart(5, '0')}A`,
    country: 'CN',
    title: { text: title },
    applicationDate: '2020-01-01',
  };
}

const ctx = { expandWord: () => [] };

describe('the AWARD field in the sqlite engine', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'patlas-awards-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles a term, a year and a pattern to award plans', () => {
    expect(printPlan(compileQuery(parse('AWARD=金奖'), ctx))).toBe('AWARD(AWARD 金奖)');
    expect(printPlan(compileQuery(parse('获奖=*'), ctx))).toBe('AWARD(AWARD *)');
    expect(printPlan(compileQuery(parse('AWARD=中国专利* AND TI=电池'), ctx))).toMatch(
      /^AND\[FTS\(.*\), AWARD\(AWARD ~中国专利\.\*\)\]$/,
    );
  });

  it('finds awarded records by part of the name or the year, combined with text, and not after a clear', async () => {
    const file = path.join(dir, 'index.db');
    const engine = createSqliteEngine({ file });
    await engine.index([patent(1), patent(2), patent(3, '一种电动汽车')]);
    const set = await engine.setAwards([
      { publicationNumber: 'CN 110000001 A', awards: [{ award: '中国专利金奖', year: 2021 }] },
      { publicationNumber: 'CN110000003A', awards: [{ award: '中国专利优秀奖', year: 2019 }] },
      { publicationNumber: 'CN999999999A', awards: [{ award: '中国专利银奖', year: 2020 }] },
    ]);
    expect(set).toBe(2);
    const numbers = async (q: string) =>
      (await engine.search({ ast: parse(q) })).items.map((h) => h.publicationNumber).sort();
    expect(await numbers('AWARD=金奖')).toEqual(['CN110000001A']);
    expect(await numbers('AWARD=中国专利')).toEqual(['CN110000001A', 'CN110000003A']);
    expect(await numbers('AWARD=2019')).toEqual(['CN110000003A']);
    expect(await numbers('AWARD=*')).toEqual(['CN110000001A', 'CN110000003A']);
    expect(await numbers('AWARD=中国专利*奖 AND TI=电池')).toEqual(['CN110000001A']);
    expect(await numbers('TI=电池 NOT AWARD=*')).toEqual(['CN110000002A']);
    expect(await engine.count(parse('AWARD=银奖'))).toBe(0);

    // Another connection (a search worker) learns of the change from the change log.
    const reader = createSqliteEngine({ file, readOnly: true });
    expect(await reader.count(parse('AWARD=金奖'))).toBe(1);
    await engine.setAwards([{ publicationNumber: 'CN110000002A', awards: [{ award: '中国专利银奖', year: 2020 }] }], {
      replaceAll: true,
    });
    expect(await numbers('AWARD=*')).toEqual(['CN110000002A']);
    expect(await reader.count(parse('AWARD=*'))).toBe(1);
    expect(await reader.count(parse('AWARD=银奖'))).toBe(1);
    await reader.close();
    await engine.close();

    // Kept in the file: a new engine on it still finds them.
    const reopened = createSqliteEngine({ file });
    expect(await reopened.count(parse('AWARD=银奖'))).toBe(1);
    // An import-only engine (no columns in memory, the CLI) replaces the list from the file.
    const importer = createSqliteEngine({ file, loadColumns: 'first-use' });
    await importer.setAwards([{ publicationNumber: 'CN110000003A', awards: [{ award: '中国专利金奖' }] }], {
      replaceAll: true,
    });
    await importer.close();
    expect(await reopened.count(parse('AWARD=银奖'))).toBe(0);
    expect(await reopened.count(parse('AWARD=金奖'))).toBe(1);
    await reopened.close();
  });

  it('rewrites only the records whose awards change, a batch a transaction', async () => {
    const file = path.join(dir, 'index.db');
    const engine = createSqliteEngine({ file });
    const held = Array.from({ length: 1200 }, (_, i) => patent(1000 + i));
    await engine.index(held);
    const list = held.map((p, i) => ({
      publicationNumber: p.publicationNumber,
      awards: [{ award: i % 2 ? '中国专利优秀奖' : '中国专利金奖', year: 2010 + (i % 10) }],
    }));
    const watcher = new Database(file, { readonly: true });
    const lastChange = () => watcher.prepare('SELECT coalesce(max(seq), 0) FROM doc_changes').pluck().get() as number;

    expect(await engine.setAwards(list, { replaceAll: true })).toBe(1200);
    const afterFirst = lastChange();
    // The same list again (every start and import syncs it): nothing to write.
    expect(await engine.setAwards(list, { replaceAll: true })).toBe(1200);
    expect(lastChange()).toBe(afterFirst);
    // One record loses its award, one changes year: two rows written, the rest left alone.
    const changed = list.slice(1);
    changed[0] = {
      publicationNumber: changed[0]!.publicationNumber,
      awards: [{ award: '中国专利优秀奖', year: 2030 }],
    };
    expect(await engine.setAwards(changed, { replaceAll: true })).toBe(1199);
    expect(lastChange() - afterFirst).toBe(2);
    expect(await engine.count(parse('AWARD=2030'))).toBe(1);
    expect(await engine.count(parse('AWARD=*'))).toBe(1199);
    watcher.close();
    await engine.close();
  });
});
