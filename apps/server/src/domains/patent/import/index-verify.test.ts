import { sql } from 'kysely';
import type { Patent } from '@patlas/contracts';
import { parseExpression } from '@patlas/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, reachableDialects } from '../../../../test/helpers.js';
import { differencesOf, verifySearchIndex } from './index-verify.js';
import { runImport, syncSearchIndex } from './import.service.js';
import { markInStep } from './index-in-step.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dialects = await reachableDialects();

/** 300 records over three verify batches of 100. */
const RECORDS: Patent[] = Array.from({ length: 300 }, (_, i) => ({
  publicationNumber: `CN2${String(i).padStart(8, '0')}A`,
  country: 'CN',
  kind: 'A',
  title: { lang: 'zh', text: i % 2 === 0 ? '一种石墨烯散热片' : '一种钠离子电池' },
  applicationDate: '2020-05-01',
}));

describe.each(dialects)('search index verify on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let dir: string;
  const count = async (expression: string): Promise<number> => {
    const parsed = parseExpression(expression);
    if (!parsed.ok) throw new Error(expression);
    return t.context.engine.count(parsed.ast);
  };
  const verify = (repair = false) => verifySearchIndex(t.context, { repair, batchSize: 100 });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-verify-'));
    const file = path.join(dir, 'records.jsonl');
    writeFileSync(file, RECORDS.map((r) => JSON.stringify(r)).join('\n'));
    await runImport(t.context, [file]);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds an imported corpus identical in store and index', async () => {
    const report = await verify();
    expect(report).toMatchObject({ stored: 300, indexed: 300, missing: 0, stale: 0, extra: 0 });
  });

  it('lets the event loop turn between pages (the server answers during a start-up verify)', async () => {
    // A probe that runs once per turn of the event loop; SQLite reads alone never give it a turn.
    let turns = 0;
    let probing = true;
    const probe = () => {
      turns += 1;
      if (probing) setImmediate(probe);
    };
    setImmediate(probe);
    const report = await verifySearchIndex(t.context, { batchSize: 10 });
    probing = false;
    expect(report).toMatchObject({ stored: 300, missing: 0, stale: 0 });
    // 31 pages of the store (the last one empty): at least one turn for each.
    expect(turns).toBeGreaterThanOrEqual(30);
  });

  it('reports missing, stale and extra records, and repairs only those', async () => {
    const patents = t.context.repositories.patents;
    // What a crash between the store's commit and the index's leaves: the counts still agree.
    await patents.upsertMany([{ ...RECORDS[0]!, title: { lang: 'zh', text: '一种碳纳米管阵列' } }]);
    await patents.upsertMany([{ ...RECORDS[0]!, publicationNumber: 'CN299999999A' }]);
    await t.context.engine.index([{ ...RECORDS[1]!, publicationNumber: 'CN288888888A' }]);
    await t.context.engine.removeKeys(['CN200000002A']);
    expect(await count('TI=碳纳米管')).toBe(0);

    const found = await verify();
    expect(found).toMatchObject({ stored: 301, indexed: 300, missing: 2, stale: 1, extra: 1, repaired: false });
    // Without --repair nothing changes.
    expect(differencesOf(await verify())).toBe(4);

    const repaired = await verify(true);
    expect(repaired).toMatchObject({ stored: 301, indexed: 300, missing: 2, stale: 1, extra: 1, repaired: true });
    expect(await verify()).toMatchObject({ stored: 301, indexed: 301, missing: 0, stale: 0, extra: 0 });
    expect(await count('TI=碳纳米管')).toBe(1);
    expect(await count('PN=CN288888888A')).toBe(0);
    expect(await count('PN=CN299999999A')).toBe(1);
    expect(await count('PN=CN200000002A')).toBe(1);
    expect(await t.context.engine.size()).toBe(301);
  });

  it('computes the version of records stored before versions existed, once', async () => {
    await sql`update patents set version = null`.execute(t.context.database.db);
    expect(differencesOf(await verify())).toBe(0);
    const left = await t.context.database.db
      .selectFrom('patents')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('version', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it('does not take a record whose number the index keys otherwise for an extra one', async () => {
    await runImport(t.context, [
      (() => {
        const file = path.join(dir, 'odd.jsonl');
        writeFileSync(
          file,
          JSON.stringify({ publicationNumber: 'XX-ABC', country: 'XX', title: { lang: 'zh', text: '奇异编号' } }),
        );
        return file;
      })(),
    ]);
    expect(await verify(true)).toMatchObject({ missing: 0, stale: 0, extra: 0 });
  });

  it('repairs drift at start even when the counts agree and no import was marked unfinished', async () => {
    const patents = t.context.repositories.patents;
    await patents.upsertMany([{ ...RECORDS[4]!, title: { lang: 'zh', text: '一种柔性显示屏' } }]);
    expect(await patents.getMeta('search_index_pending')).toBeFalsy();
    expect(await count('TI=柔性显示屏')).toBe(0);
    expect(await syncSearchIndex(t.context)).toEqual({ verified: true, repaired: 1 });
    expect(await count('TI=柔性显示屏')).toBe(1);
    expect(await syncSearchIndex(t.context)).toEqual({ verified: true, repaired: 0 });
  });

  it('skips the start-up verify after a clean shutdown, until anything is written to the index or the store', async () => {
    const patents = t.context.repositories.patents;
    const sync = () => syncSearchIndex(t.context);
    // This process verified at its last sync: a clean shutdown now leaves the mark, which the next start takes once.
    expect(await markInStep(t.context)).toBe(true);
    expect(await sync()).toEqual({ verified: false, repaired: 0 });
    expect(await sync()).toEqual({ verified: true, repaired: 0 });

    // Written to the index after the shutdown (another process, a restored file): verified and repaired.
    expect(await markInStep(t.context)).toBe(true);
    await t.context.engine.removeKeys(['CN200000010A']);
    expect(await sync()).toEqual({ verified: true, repaired: 1 });

    // An import begun after the shutdown (each begins a data version), even one that wrote nothing to the index yet.
    expect(await markInStep(t.context)).toBe(true);
    await t.context.repositories.dataVersions.begin('cli', new Date().toISOString());
    expect(await sync()).toEqual({ verified: true, repaired: 0 });

    // A record stored directly, outside any import: the store's count moved.
    expect(await markInStep(t.context)).toBe(true);
    await patents.upsertMany([{ ...RECORDS[0]!, publicationNumber: 'CN277777777A' }]);
    expect(await sync()).toEqual({ verified: true, repaired: 1 });

    // An import left unfinished: no mark is left, and one left before it does not hold.
    expect(await markInStep(t.context)).toBe(true);
    await patents.setMeta('search_index_pending', new Date().toISOString());
    expect(await markInStep(t.context)).toBe(false);
    expect(await sync()).toEqual({ verified: true, repaired: 0 });
    expect(await patents.getMeta('search_index_pending')).toBeFalsy();
  });
});
