import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pruneOldAssets } from './keep-recent-assets';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('keeping earlier builds’ assets', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'patlas-assets-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps this build’s files and recent earlier ones, and removes what is older than the window', () => {
    const assets = path.join(dir, 'assets');
    mkdirSync(assets, { recursive: true });
    const now = Date.now();
    const write = (name: string, ageDays: number) => {
      const file = path.join(assets, name);
      writeFileSync(file, name);
      const time = new Date(now - ageDays * DAY_MS);
      utimesSync(file, time, time);
    };
    write('index-new.js', 0);
    write('index-yesterday.js', 1);
    write('index-lastmonth.js', 30);
    write('index-current-but-old-mtime.js', 30);

    const removed = pruneOldAssets(assets, new Set(['index-new.js', 'index-current-but-old-mtime.js']), now, 7);
    expect(removed).toEqual(['index-lastmonth.js']);
    expect(existsSync(path.join(assets, 'index-yesterday.js'))).toBe(true);
    expect(existsSync(path.join(assets, 'index-current-but-old-mtime.js'))).toBe(true);
    expect(existsSync(path.join(assets, 'index-lastmonth.js'))).toBe(false);
  });

  it('does nothing when there is no assets folder yet', () => {
    expect(pruneOldAssets(path.join(dir, 'none'), new Set(), Date.now(), 7)).toEqual([]);
  });
});
