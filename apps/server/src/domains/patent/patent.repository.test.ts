import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DIALECTS, isPostgresReachable } from '../../../test/helpers.js';
import { buildCnPatent } from '../../../test/factories.js';

const runs = await Promise.all(
  DIALECTS.map(async (d) => [d, d === 'sqlite' || (await isPostgresReachable())] as const),
);

describe.each(runs.filter(([, ok]) => ok).map(([d]) => d))('patent store on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('upserts by publication number: the second run changes nothing', async () => {
    const first = await t.context.repositories.patents.upsertMany([buildCnPatent()]);
    expect(first).toMatchObject({ inserted: 1, updated: 0, unchanged: 0 });
    const second = await t.context.repositories.patents.upsertMany([buildCnPatent()]);
    expect(second).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    expect(await t.context.repositories.patents.count()).toBe(1);
  });

  it('merges what another source knows into the stored record', async () => {
    const result = await t.context.repositories.patents.upsertMany([
      {
        publicationNumber: 'CN117151122A',
        country: 'CN',
        classifications: { ipc: ['G06F21/62'] },
        applicants: [{ name: '浙江大学', type: 'university', province: '浙江省', city: '杭州市' }],
      },
    ]);
    expect(result.updated).toBe(1);
    const stored = await t.context.repositories.patents.findByAnyNumber('CN117151122A');
    expect(stored?.title?.text).toBe('一种基于区块链的数据共享方法');
    expect(stored?.classifications).toEqual({ cpc: ['G06F21/62', 'G06F16/27'], ipc: ['G06F21/62'] });
    expect(stored?.applicants?.[0]?.name).toBe('浙江大学');
  });

  it('resolves a cited number to the publication with the same kind before a kind-less match', async () => {
    await t.context.repositories.patents.upsertMany([
      { publicationNumber: 'EP1000000A1', country: 'EP', kind: 'A1', publicationDate: '2000-05-17' },
      { publicationNumber: 'EP1000000B1', country: 'EP', kind: 'B1', publicationDate: '2003-01-08' },
    ]);
    const held = await t.context.repositories.patents.resolveHeldNumbers([
      'EP1000000B1',
      'EP 1000000 A1',
      'EP1000000',
      'EP9999999B1',
    ]);
    expect(held['EP1000000B1']).toBe('EP1000000B1');
    expect(held['EP 1000000 A1']).toBe('EP1000000A1');
    expect(held['EP1000000']).toMatch(/^EP1000000[AB]1$/);
    expect(held['EP9999999B1']).toBeUndefined();
  });

  it('runs migrations down and up again', async () => {
    const { migrateDownAll, migrateToLatest } = await import('../../db/migrate.js');
    await migrateDownAll(t.context.database.db);
    const up = await migrateToLatest(t.context.database.db);
    expect(up.results?.every((r) => r.status === 'Success')).toBe(true);
    expect(await t.context.repositories.patents.count()).toBe(0);
  });
});

describe('numbers written without kind', () => {
  it('join the record that has the kind, whichever arrives first', async () => {
    const t = await buildTestApp('sqlite');
    try {
      // The research set has only the abstract under US7130913; the grant XML has the full record.
      await t.context.repositories.patents.upsertMany([
        { publicationNumber: 'US7130913', country: 'US', abstract: { lang: 'en', text: 'A system for data.' } },
      ]);
      await t.context.repositories.patents.upsertMany([
        { publicationNumber: 'US7130913B2', country: 'US', kind: 'B2', title: { lang: 'en', text: 'Data system' } },
      ]);
      expect(await t.context.repositories.patents.count()).toBe(1);
      const joined = await t.context.repositories.patents.findByAnyNumber('US7130913');
      expect(joined).toMatchObject({
        publicationNumber: 'US7130913B2',
        title: { text: 'Data system' },
        abstract: { text: 'A system for data.' },
      });

      // And the other way round: a kind-less record arriving later merges into the stored one.
      await t.context.repositories.patents.upsertMany([
        { publicationNumber: 'US7200000B1', country: 'US', kind: 'B1', title: { lang: 'en', text: 'Widget' } },
      ]);
      const result = await t.context.repositories.patents.upsertMany([
        { publicationNumber: 'US7200000', country: 'US', classifications: { cpc: ['A01B1/00'] } },
      ]);
      expect(result.updated).toBe(1);
      expect(await t.context.repositories.patents.count()).toBe(2);
      expect((await t.context.repositories.patents.findByAnyNumber('US7200000B1'))?.classifications?.cpc).toEqual([
        'A01B1/00',
      ]);

      // And within one batch (one export lists WO2017112648 and WO2017112648A2, A3): one record each kind.
      await t.context.repositories.patents.upsertMany([
        { publicationNumber: 'WO2017112648', country: 'WO', title: { lang: 'en', text: 'Thermal reduction system' } },
        { publicationNumber: 'WO2017112648A3', country: 'WO', kind: 'A3' },
        { publicationNumber: 'WO2017112648A2', country: 'WO', kind: 'A2', applicationDate: '2016-12-20' },
      ]);
      expect(await t.context.repositories.patents.count()).toBe(4);
      expect(await t.context.repositories.patents.findByAnyNumber('WO2017112648A2')).toMatchObject({
        title: { text: 'Thermal reduction system' },
        applicationDate: '2016-12-20',
      });
    } finally {
      await t.close();
    }
  });
});
