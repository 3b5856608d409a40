import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { unicode61Tokens } from '../../src/backends/sqlite/postings/posting-source.js';
import { SegmentPostings } from '../../src/backends/sqlite/postings/segment-store.js';
import { MERGE_FACTOR, PostingsWriter } from '../../src/backends/sqlite/postings/segment-writer.js';
import { crashDocuments } from './merge-crash-docs.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the child until it is inside a merge's transaction, then kills it (-9). */
async function killDuringMerge(file: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', tsx, path.join(here, 'merge-crash-child.ts'), file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('in-merge')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the child ended (${code}) before its merge: ${stderr}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('the engine postings after kill -9 during a merge', () => {
  it('keep the segments the merge read, answer as before, and merge again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-merge-crash-'));
    dirs.push(dir);
    const file = path.join(dir, 'postings.db');
    await killDuringMerge(file);

    const db = new Database(file);
    // The merge's transaction never committed: its members are all there, and nothing of it.
    const levels = db.prepare('SELECT level, count(*) AS n FROM post_segs GROUP BY level').all();
    expect(levels).toEqual([{ level: 0, n: MERGE_FACTOR }]);
    const docs = crashDocuments();
    const clm = (id: number): string[] => unicode61Tokens(docs[id - 1]?.fts[0] ?? '');
    const check = (): void => {
      const reader = new SegmentPostings(db);
      reader.read(() => {
        for (const token of ['电池', 'cell', '处理']) {
          const want = docs.filter((d) => clm(d.id).includes(token)).map((d) => d.id);
          expect([...reader.docs('clm', token)]).toEqual(want);
          expect(reader.liveDocs().live).toBe(docs.length);
        }
      });
    };
    check();
    // The next write's merge completes, and the answers stay.
    new PostingsWriter(db).mergeFull();
    expect(db.prepare('SELECT level, count(*) AS n FROM post_segs GROUP BY level').all()).toEqual([{ level: 1, n: 1 }]);
    check();
    db.close();
  }, 60_000);
});
