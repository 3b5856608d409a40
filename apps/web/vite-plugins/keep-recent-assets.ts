/// <reference types="node" />
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a build's chunks outlive it: a page opened before a rebuild still loads its lazy pages. */
export const KEEP_ASSETS_DAYS = 7;

/**
 * Removes the hashed files in `assetsDir` that the current build did not write and that are older
 * than `keepDays`. The build itself runs with emptyOutDir off, so a rebuild under a running server
 * leaves the chunks that pages opened earlier will still ask for.
 */
export function pruneOldAssets(
  assetsDir: string,
  current: ReadonlySet<string>,
  now: number,
  keepDays: number,
): string[] {
  let names: string[];
  try {
    names = readdirSync(assetsDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (current.has(name)) continue;
    const file = path.join(assetsDir, name);
    if (statSync(file).mtimeMs < now - keepDays * DAY_MS) {
      rmSync(file, { force: true });
      removed.push(name);
    }
  }
  return removed;
}

/** The vite side: after writing a build, prune assets older than KEEP_ASSETS_DAYS it did not write. */
export function keepRecentAssets(keepDays = KEEP_ASSETS_DAYS): Plugin {
  return {
    name: 'patlas-keep-recent-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      if (!options.dir) return;
      const current = new Set(
        Object.keys(bundle)
          .filter((file) => file.startsWith('assets/'))
          .map((file) => file.slice('assets/'.length)),
      );
      pruneOldAssets(path.join(options.dir, 'assets'), current, Date.now(), keepDays);
    },
  };
}
