import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Patent } from '@patlas/contracts';
import { parseExpression } from '@patlas/query';
import { buildTestApp, reachableDialects } from '../../../../test/helpers.js';
import { runImport, syncSearchIndex } from './import.service.js';

const dialects = await reachableDialects();

/** 1,200 records (three import batches): every third about graphene film, the others about lithium batteries. */
const RECORDS: Patent[] = Array.from({ length: 1200 }, (_, i) => ({
  publicationNumber: `CN1${String(i).padStart(8, '0')}A`,
  country: 'CN',
  kind: 'A',
  title: { lang: 'zh', text: i % 3 === 0 ? '一种石墨烯导热膜及其制备方法' : '一种锂电池正极材料' },
  abstract: { lang: 'zh', text: `本发明公开了第${i}号方案，涉及材料技术领域。` },
  claims: { lang: 'zh', text: '1.一种导热膜，其特征在于，包括石墨烯层和基底层。' },
  applicationDate: `20${10 + (i % 10)}-03-01`,
}));

describe.each(dialects)('import into the store and the index on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let dir: string;
  const file = (name: string, records: readonly Patent[]): string => {
    const out = path.join(dir, name);
    writeFileSync(out, records.map((r) => JSON.stringify(r)).join('\n'));
    return out;
  };
  const count = async (expression: string): Promise<number> => {
    const parsed = parseExpression(expression);
    if (!parsed.ok) throw new Error(expression);
    return t.context.engine.count(parsed.ast);
  };
  const pending = () => t.context.repositories.patents.getMeta('search_index_pending');

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-import-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a file into store and index, and a second run changes nothing', async () => {
    const records = file('records.jsonl', RECORDS);
    const first = await runImport(t.context, [records]);
    expect(first.totals).toMatchObject({ read: 1200, inserted: 1200, updated: 0, rejected: 0 });
    expect(await t.context.engine.size()).toBe(1200);
    expect(await count('TI=石墨烯')).toBe(400);
    // Proximity is checked on the claims text (read back from the store on SQLite).
    expect(await count('CLM=(导热膜 W/8 石墨烯)')).toBe(1200);
    expect(await pending()).toBeFalsy();

    const second = await runImport(t.context, [records]);
    expect(second.totals).toMatchObject({ read: 1200, inserted: 0, updated: 0, unchanged: 1200 });
    expect(await t.context.engine.size()).toBe(1200);
    expect(await t.context.repositories.patents.count()).toBe(1200);
    expect(await count('TI=石墨烯')).toBe(400);
  });

  it('reports how far it has read each file, in raw bytes (progress and ETA)', async () => {
    const plain = file('progress.jsonl', RECORDS);
    const gz = path.join(dir, 'progress.jsonl.gz');
    writeFileSync(gz, gzipSync(readFileSync(plain)));
    for (const f of [plain, gz]) {
      const seen: number[] = [];
      await runImport(t.context, [f], { onProgress: (p) => seen.push(p.bytesRead) });
      const size = statSync(f).size;
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.some((b) => b > 0)).toBe(true);
      expect(seen.every((b, i) => b <= size && (i === 0 || b >= (seen[i - 1] as number)))).toBe(true);
    }
  });

  it('merges what two files say about one publication', async () => {
    const applicants = file('applicants.jsonl', [
      { publicationNumber: 'CN100000003A', country: 'CN', applicants: [{ name: '清华大学', type: 'university' }] },
    ]);
    const report = await runImport(t.context, [applicants]);
    expect(report.totals).toMatchObject({ read: 1, updated: 1 });
    const stored = await t.context.repositories.patents.findByAnyNumber('CN100000003A');
    expect(stored?.title?.text).toBe('一种石墨烯导热膜及其制备方法');
    expect(stored?.applicants?.[0]?.name).toBe('清华大学');
    expect(await count('PA=清华大学 AND TI=石墨烯')).toBe(1);
    expect(await t.context.engine.size()).toBe(1200);
  });

  it('repairs the index from the store when an import stopped between the two', async () => {
    // What a crash after a store commit and before the index caught up leaves behind: the mark,
    // and a stored record the index has in an older form (the counts agree).
    await t.context.repositories.patents.setMeta('search_index_pending', new Date().toISOString());
    await t.context.repositories.patents.upsertMany([
      { publicationNumber: 'CN100000006A', country: 'CN', title: { lang: 'zh', text: '一种碳纳米管阵列' } },
    ]);
    expect(await count('TI=碳纳米管')).toBe(0);

    // Only the record that differs is indexed again.
    expect(await syncSearchIndex(t.context)).toEqual({ verified: true, repaired: 1 });
    expect(await count('TI=碳纳米管')).toBe(1);
    expect(await count('TI=石墨烯')).toBe(399);
    expect(await t.context.engine.size()).toBe(1200);
    expect(await pending()).toBeFalsy();
    // Nothing left to repair.
    expect(await syncSearchIndex(t.context)).toEqual({ verified: true, repaired: 0 });
  });
});
