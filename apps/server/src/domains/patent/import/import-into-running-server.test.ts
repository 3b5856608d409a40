import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { authHeader, buildTestApp, testConfig, type AuthHeader } from '../../../../test/helpers.js';
import { runImport } from './import.service.js';

const record = (i: number, title: string): Patent => ({
  publicationNumber: `CN2${String(i).padStart(8, '0')}A`,
  country: 'CN',
  kind: 'A',
  title: { lang: 'zh', text: title },
  abstract: { lang: 'zh', text: `本发明公开了第${i}号方案。` },
  applicationDate: `20${10 + (i % 10)}-03-01`,
});

describe('the CLI import into a running server', () => {
  let server: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const search = async (searchExpre: string) =>
    (
      await server.app.inject({
        method: 'POST',
        url: '/api/platform/data/search/query',
        payload: { searchExpre },
        headers: { authorization: auth.authorization },
      })
    ).json();

  beforeAll(async () => {
    // The server searches in its worker pool; the CLI (another app, as `patlas import` builds it) writes the same files.
    server = await buildTestApp('sqlite', { search: { workers: 1, timeoutMs: 30_000, analysisTimeoutMs: 30_000 } });
    auth = await authHeader(server);
    await runImport(server.context, [writeRecords('first.jsonl', [record(1, '一种锂电池正极材料')])]);
    expect(await search('TI=锂电池')).toMatchObject({ status: 1, data: { total: 1 } });
  }, 120_000);
  afterAll(async () => server.close());

  function writeRecords(name: string, records: Patent[]): string {
    const file = path.join(server.context.config.dataDir, name);
    writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n'));
    return file;
  }

  it('serves the imported records, relevance-ranked, without a restart', async () => {
    const { config } = server.context;
    const cli = await buildApp(
      testConfig({ db: config.db, dataDir: config.dataDir, search: { ...config.search, workers: 0 } }),
      { engineColumns: 'first-use', announce: () => undefined },
    );
    const records = Array.from({ length: 30 }, (_, i) => record(100 + i, `一种锂电池${i % 2 ? '负极' : '隔膜'}结构`));
    const report = await runImport(cli.context, [writeRecords('second.jsonl', records)]);
    expect(report.totals.inserted).toBe(30);
    await cli.app.close();

    const ranked = await search('TI=锂电池');
    expect(ranked.status).toBe(1);
    expect(ranked.data.total).toBe(31);
    for (const item of ranked.data.items) expect(item.score).toBeGreaterThan(0);
    const byDate = await search('TI=锂电池 AND AD>=2019');
    expect(byDate.data.total).toBe(records.filter((r) => r.applicationDate! >= '2019').length);
  }, 120_000);
});
