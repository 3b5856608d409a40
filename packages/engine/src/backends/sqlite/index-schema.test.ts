import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { TermNode } from '@patlas/query';
import { INDEX_SCHEMA_VERSION } from './index-schema.js';
import type { IndexablePatent } from './index-tokens.js';
import { createSqliteEngine } from './sqlite-engine.js';

const span = { start: 0, end: 0 };
const def: TermNode = { kind: 'Term', field: 'DEF', value: '1', phrase: false, span };
const DOCS: IndexablePatent[] = [
  { publicationNumber: 'CN1001234A', country: 'CN', title: { text: '消声瓦' }, declassified: { date: '2020-06-30' } },
  { publicationNumber: 'CN1001236A', country: 'CN', title: { text: '水泵' } },
];

describe('index schema versions', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('drops an index written by another version, so the server rebuilds it from the store', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-index-'));
    const file = path.join(dir, 'index.db');
    const first = createSqliteEngine({ file });
    await first.index(DOCS);
    expect(await first.count(def)).toBe(1);
    await first.close();

    // An index file from the previous version (no legal-search columns).
    const raw = new Database(file);
    expect(raw.pragma('user_version', { simple: true })).toBe(INDEX_SCHEMA_VERSION);
    raw.pragma(`user_version = ${INDEX_SCHEMA_VERSION - 1}`);
    raw.close();

    const reopened = createSqliteEngine({ file });
    // Empty: syncSearchIndex (apps/server) sees store ≠ index and indexes every stored record again.
    expect(await reopened.size()).toBe(0);
    await reopened.index(DOCS);
    expect(await reopened.size()).toBe(2);
    expect(await reopened.count(def)).toBe(1);
    await reopened.close();
    const after = new Database(file);
    expect(after.pragma('user_version', { simple: true })).toBe(INDEX_SCHEMA_VERSION);
    after.close();
  });
});
