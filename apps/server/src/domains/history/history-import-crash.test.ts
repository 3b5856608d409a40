import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SearchHistoryEntry } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { runCli, ServerProcess } from '../../../test/server-process.js';
import { ADMIN_EMAIL } from '../auth/index.js';
import { writeHistoryXlsx, type HistoryRecord } from './history-xlsx.js';

const TOTAL = 3000;
const IMPORT_URL = '/api/product/history/import';

/** An exported search history of TOTAL entries, one a minute back from now. */
async function historyFile(): Promise<Buffer> {
  const now = Date.now();
  const records = async function* (): AsyncGenerator<HistoryRecord> {
    for (let i = 0; i < TOTAL; i++) {
      const expression = `TI=(电池${i})`;
      const entry: SearchHistoryEntry = {
        operationName: 'search',
        searchExpression: expression,
        exp: expression,
        resultTotal: String(i),
      };
      yield { no: i + 1, createdAt: new Date(now - (TOTAL - i) * 60_000).toISOString(), entry };
    }
  };
  const chunks: Buffer[] = [];
  for await (const chunk of writeHistoryXlsx(records, 'zh')) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A multipart body of one file, for node:http (which lets the test act the moment it is sent). */
function multipartOf(name: string, content: Buffer) {
  const boundary = `----patlas${Math.random().toString(36).slice(2)}`;
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * Issue 16 §3 "Nothing lost", search history: the server killed (-9) while it imports an exported
 * history of a few thousand entries, started again, the file imported again (and once more): the
 * user holds each entry exactly once. The import is one transaction and adds no entry it holds.
 */
describe('a search history import cut short by kill -9', () => {
  let dataDir: string;
  let token: string;
  let server: ServerProcess | undefined;
  let file: Buffer;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-history-crash-'));
    const created = await runCli(dataDir, ['token', 'create', '--user', ADMIN_EMAIL, '--name', 'crash test']);
    expect(created.code, created.stderr).toBe(0);
    token = created.stdout.trimEnd().split('\n').pop()!;
    file = await historyFile();
  }, 60_000);
  afterAll(async () => {
    await server?.crash();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const importFile = async (s: ServerProcess): Promise<number> => {
    const res = await s.upload(IMPORT_URL, token, 'history.xlsx', file);
    const body = (await res.json()) as { data: { imported: number; errors: unknown[] } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data.errors).toEqual([]);
    return body.data.imported;
  };
  const total = async (s: ServerProcess): Promise<number> => {
    const res = await s.request('POST', '/api/product/history/list', token, { page: 1, pageSize: 10 });
    return ((await res.json()) as { data: { total: number } }).data.total;
  };

  it('holds every entry once after a restart and a second import', async () => {
    server = await ServerProcess.start(dataDir);
    const crashing = server;
    // The upload is sent whole; the server is killed while it reads and stores it.
    const { body, contentType } = multipartOf('history.xlsx', file);
    const url = new URL(IMPORT_URL, crashing.url);
    await new Promise<void>((resolve) => {
      const req = request(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': body.length },
      });
      // The answer never comes: the socket closes under it.
      req.on('error', () => resolve());
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve());
      });
      req.end(body, () => void crashing.crash());
    });
    await crashing.crash();

    server = await ServerProcess.start(dataDir);
    // All or nothing: the cut import left no part of the file behind.
    const before = await total(server);
    expect([0, TOTAL]).toContain(before);
    expect(await importFile(server)).toBe(TOTAL - before);
    expect(await total(server)).toBe(TOTAL);
    expect(await importFile(server)).toBe(0);
    expect(await total(server)).toBe(TOTAL);
    await server.stop();
    server = undefined;

    const database = openDatabase({ kind: 'sqlite', file: path.join(dataDir, 'patlas.db') });
    try {
      const rows = await database.db
        .selectFrom('search_history')
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.count<number>('no').distinct().as('numbers'),
          eb.fn.count<number>('search_expression').distinct().as('expressions'),
        ])
        .executeTakeFirstOrThrow();
      expect(rows).toEqual({ n: TOTAL, numbers: TOTAL, expressions: TOTAL });
    } finally {
      await database.close();
    }
  }, 180_000);
});
