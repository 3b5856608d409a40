import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, reachableDialects } from '../../../test/helpers.js';
import { buildCnPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

describe.each(dialects)('patent store on %s', (dialect) => {
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

  it('pages the records with drawings for the image index, and only those', async () => {
    const drawing = (file: string) => ({ file, caption: '图1' });
    await t.context.repositories.patents.upsertMany([
      { publicationNumber: 'CN300000001A', country: 'CN', drawings: [drawing('a.png'), drawing('b.png')] },
      { publicationNumber: 'CN300000002A', country: 'CN', title: { text: '关于"drawings"的标题', lang: 'zh' } },
      { publicationNumber: 'CN300000003A', country: 'CN', drawings: [drawing('c.png')] },
      { publicationNumber: 'CN300000004A', country: 'CN' },
    ]);
    const seen: string[] = [];
    for await (const batch of t.context.repositories.patents.iterateWithDrawings(1)) {
      for (const patent of batch) seen.push(patent.publicationNumber);
    }
    // Keyset paging one record a time still reaches both, past the records in between.
    expect(seen).toEqual(['CN300000001A', 'CN300000003A']);
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

describe('citations written during an import', () => {
  const record = (pn: string, cites: string[]) => ({
    publicationNumber: pn,
    country: 'US',
    kind: 'B2',
    citations: cites.map((number) => ({ number })),
  });
  const citing = async (t: Awaited<ReturnType<typeof buildTestApp>>, pn: string) => {
    const cited = await t.context.repositories.patents.findByAnyNumber(pn);
    return t.context.repositories.patents.findCitingNumbers(cited ?? { publicationNumber: pn, country: 'US' });
  };

  it('are staged and merged at its end: each record with the citations of its last version', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const patents = t.context.repositories.patents;
      await patents.upsertMany([record('US5000001B2', []), record('US5000002B2', []), record('US5000003B2', [])]);
      // Merged before this import: rewritten below, so its old row must go.
      await patents.upsertMany([record('US6000000B2', ['US5000003B2'])]);
      expect(await citing(t, 'US5000003B2')).toEqual(['US6000000B2']);

      patents.beginImport();
      await patents.upsertMany([record('US6000001B2', ['US5000001B2', 'US5000002B2'])]);
      await patents.upsertMany([record('US6000002B2', ['US5000001B2'])]);
      // Not visible until the import ends.
      expect(await citing(t, 'US5000002B2')).toEqual([]);
      // A later version of US6000000B2 in the same import cites something else.
      await patents.upsertMany([{ ...record('US6000000B2', ['US5000002B2']), title: { lang: 'en', text: 'Again' } }]);
      await patents.endImport();

      expect(await citing(t, 'US5000001B2')).toEqual(['US6000001B2', 'US6000002B2']);
      // The new version's citation list replaced the old one (mergePatent): its old row is gone.
      expect(await citing(t, 'US5000002B2')).toEqual(['US6000000B2', 'US6000001B2']);
      expect(await citing(t, 'US5000003B2')).toEqual([]);
      const staged = await t.context.database.db
        .selectFrom('patent_citations_staged')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(staged.n)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('of a large batch are stored a transaction of 200 at a time, the event loop turning between, each publication once', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const patents = t.context.repositories.patents;
      const batch = Array.from({ length: 600 }, (_, i) => record(`US64${String(i).padStart(5, '0')}B2`, []));
      // The same publication twice, far apart in the batch (another source's version): merged into one.
      batch.push({ ...record('US6400001B2', []), title: { text: 'A later version' } } as never);
      let turns = 0;
      let turning = true;
      const turn = () => {
        turns += 1;
        if (turning) setImmediate(turn);
      };
      setImmediate(turn);
      const result = await patents.upsertMany(batch);
      turning = false;
      // Before: one transaction, no turn of the event loop while it ran.
      expect(turns).toBeGreaterThanOrEqual(2);
      expect(result.inserted).toBe(600);
      expect(result.stored.filter((p) => p.publicationNumber === 'US6400001B2')).toHaveLength(1);
      expect(await patents.count()).toBe(600);
    } finally {
      await t.close();
    }
  });

  it('are merged a slice at a time at the end of a large import, the event loop turning between', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const patents = t.context.repositories.patents;
      await patents.upsertMany([record('US5300001B2', [])]);
      patents.beginImport();
      // 1,200 records citing 10 patents each: 12,000 staged rows.
      const cited = Array.from({ length: 10 }, (_, j) => `US53${String(j).padStart(5, '0')}B2`);
      cited[0] = 'US5300001B2';
      for (let start = 0; start < 1200; start += 400) {
        await patents.upsertMany(
          Array.from({ length: 400 }, (_, i) => record(`US63${String(start + i).padStart(5, '0')}B2`, cited)),
        );
      }
      let turns = 0;
      let turning = true;
      const turn = () => {
        turns += 1;
        if (turning) setImmediate(turn);
      };
      setImmediate(turn);
      await patents.endImport();
      turning = false;
      // Before: one statement, no turn of the event loop while it ran.
      expect(turns).toBeGreaterThanOrEqual(2);
      expect(await citing(t, 'US5300001B2')).toHaveLength(1200);
      expect(await patents.mergeStagedCitations()).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('left staged by an import cut short are merged by the next merge (server start)', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const patents = t.context.repositories.patents;
      await patents.upsertMany([record('US5100001B2', [])]);
      patents.beginImport();
      await patents.upsertMany([record('US6100001B2', ['US5100001B2'])]);
      // The process dies here: no endImport. A new start merges what is staged.
      expect(await citing(t, 'US5100001B2')).toEqual([]);
      expect(await patents.mergeStagedCitations()).toBe(1);
      expect(await citing(t, 'US5100001B2')).toEqual(['US6100001B2']);
      expect(await patents.mergeStagedCitations()).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('of a record removed later in the same import are not merged', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const patents = t.context.repositories.patents;
      await patents.upsertMany([record('US5200001B2', [])]);
      patents.beginImport();
      // Kind-less first, then the same publication with its kind: the kind-less row is folded in and removed.
      await patents.upsertMany([
        { publicationNumber: 'US6200001', country: 'US', citations: [{ number: 'US5200001B2' }] },
      ]);
      await patents.upsertMany([{ publicationNumber: 'US6200001B2', country: 'US', kind: 'B2' }]);
      await patents.endImport();
      expect(await citing(t, 'US5200001B2')).toEqual(['US6200001B2']);
    } finally {
      await t.close();
    }
  });
});
