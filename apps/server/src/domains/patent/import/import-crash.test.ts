import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportRun, ImportUpload, Patent } from '@patlas/contracts';
import { parseExpression } from '@patlas/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.js';
import { testConfig } from '../../../../test/helpers.js';
import { runCli, ServerProcess, waitFor } from '../../../../test/server-process.js';
import { ADMIN_EMAIL } from '../../auth/index.js';

/** Characters found nowhere else in the titles: each record's title holds its own pair. */
const CHARS = [
  ...'甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥金木水火土风雷云雨雪霜露山川河海江湖松柏桃李梅兰竹菊琴棋书画诗酒茶鹤鹿龟龙凤麟虎豹狮象',
];
const TOTAL = 4000;

/** The word of record i's title that only it holds (two CJK characters: a substring search). */
const titleWord = (i: number) => `${CHARS[Math.floor(i / CHARS.length)]}${CHARS[i % CHARS.length]}`;
const RECORDS: Patent[] = Array.from({ length: TOTAL }, (_, i) => ({
  publicationNumber: `CN3${String(i).padStart(8, '0')}A`,
  country: 'CN',
  kind: 'A',
  title: { lang: 'zh', text: `一种${titleWord(i)}型结构` },
  abstract: { lang: 'zh', text: `本发明公开了第${i}号结构，涉及机械技术领域。` },
  applicationDate: `20${10 + (i % 10)}-06-01`,
}));
const FILE = Buffer.from(RECORDS.map((r) => JSON.stringify(r)).join('\n'));

/**
 * Issue 16 §3 "Nothing lost": the server killed (-9) in the middle of an operator's import of a few
 * thousand records, started again, the same file imported again. The store then holds every record
 * once, each is found by its number and by a word of its title, and the index matches the store.
 */
describe('an import cut short by kill -9', () => {
  let dataDir: string;
  let token: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-crash-'));
    const created = await runCli(dataDir, ['token', 'create', '--user', ADMIN_EMAIL, '--name', 'crash test']);
    expect(created.code, created.stderr).toBe(0);
    token = created.stdout.trimEnd().split('\n').pop()!;
  }, 60_000);
  afterAll(async () => {
    await server?.crash();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const storedCount = async (s: ServerProcess): Promise<number> => {
    const res = await fetch(`${s.url}/api/health`);
    return ((await res.json()) as { data: { patents: number } }).data.patents;
  };
  const startImport = async (s: ServerProcess): Promise<string> => {
    const uploaded = await s.upload('/api/platform/data/patents/import/files', token, 'patents.jsonl', FILE);
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const [file] = ((await uploaded.json()) as { data: { files: ImportUpload[] } }).data.files;
    const started = await s.request('POST', '/api/platform/data/patents/import/runs', token, { fileIds: [file!.id] });
    expect(started.status, await started.clone().text()).toBe(200);
    return ((await started.json()) as { data: ImportRun }).data.id;
  };
  const runOf = async (s: ServerProcess, id: string): Promise<ImportRun> => {
    const res = await s.request('GET', `/api/platform/data/patents/import/runs/${id}`, token);
    return ((await res.json()) as { data: ImportRun }).data;
  };

  it('holds every record once, findable, with the index matching the store', async () => {
    server = await ServerProcess.start(dataDir);
    const firstRun = await startImport(server);
    // Killed once the first batches are stored, while the run goes on.
    const storedAtCrash = await waitFor('a part of the import to be stored', async () => {
      const n = await storedCount(server!);
      return n >= 1000 ? n : undefined;
    });
    expect((await runOf(server, firstRun)).status).toBe('running');
    await server.crash();
    expect(storedAtCrash).toBeLessThan(TOTAL);

    server = await ServerProcess.start(dataDir);
    expect((await runOf(server, firstRun)).status).toBe('interrupted');
    const secondRun = await startImport(server);
    const done = await waitFor('the second import to end', async () => {
      const run = await runOf(server!, secondRun);
      return run.status === 'queued' || run.status === 'running' ? undefined : run;
    });
    expect(done.status, server.log).toBe('done');
    expect(done.report?.totals.read).toBe(TOTAL);
    expect(await storedCount(server)).toBe(TOTAL);
    await server.stop();
    server = undefined;

    // The index holds exactly the store's records, each in the stored version.
    const verified = await runCli(dataDir, ['index', 'verify']);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`${TOTAL} stored, ${TOTAL} indexed, 0 missing, 0 stale, 0 extra`);

    const { app, context } = await buildApp(
      testConfig({ dataDir, db: { kind: 'sqlite', file: path.join(dataDir, 'patlas.db') } }),
    );
    try {
      const count = (expression: string) => context.engine.count(parse(expression));
      expect(await context.repositories.patents.count()).toBe(TOTAL);
      expect(await context.engine.size()).toBe(TOTAL);
      expect(await count('CC=CN')).toBe(TOTAL);
      const notFound: string[] = [];
      for (const [i, record] of RECORDS.entries()) {
        if ((await count(`PN=${record.publicationNumber}`)) !== 1)
          notFound.push(`${record.publicationNumber} by number`);
        const hits = await context.engine.search({ ast: parse(`TI=${titleWord(i)}`), pageSize: 2 });
        if (hits.total !== 1 || hits.items[0]?.publicationNumber !== record.publicationNumber) {
          notFound.push(`${record.publicationNumber} by TI=${titleWord(i)}`);
        }
      }
      expect(notFound).toEqual([]);

      // Drift the CLI finds and repairs: a record the index lost, one it holds in an older version.
      await context.engine.removeKeys([RECORDS[5]!.publicationNumber]);
      await context.repositories.patents.upsertMany([{ ...RECORDS[6]!, title: { lang: 'zh', text: '一种新型结构' } }]);
    } finally {
      await app.close();
    }
    const drifted = await runCli(dataDir, ['index', 'verify']);
    expect(drifted.code, drifted.stderr).toBe(2);
    expect(drifted.stdout).toContain('1 missing, 1 stale, 0 extra: 2 to repair');
    const repaired = await runCli(dataDir, ['index', 'verify', '--repair']);
    expect(repaired.code, repaired.stderr).toBe(0);
    expect(repaired.stdout).toContain(`${TOTAL} stored, ${TOTAL - 1} indexed, 1 missing, 1 stale, 0 extra: 2 repaired`);
    // Two server starts, an import and three CLI runs from sources: 192 s once on a loaded 2-core machine.
  }, 420_000);
});

function parse(expression: string) {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(expression);
  return parsed.ast;
}
