import { readdir, readFile, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { DemoSource } from './format.js';

export interface DemoManifest {
  sources: DemoSource[];
  files: string[];
  formatsByFile: Record<string, string>;
  sourcesByFile: Record<string, { id: string; licence: string; url: string }>;
  /** Changes whenever a shipped file changes, so an updated demo corpus is loaded again. */
  fingerprint: string;
}

/** Reads data/demo/<source>/source.json of every shipped source. */
export async function readDemoManifest(dir: string): Promise<DemoManifest> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const sources: DemoSource[] = [];
  const files: string[] = [];
  const formatsByFile: Record<string, string> = {};
  const sourcesByFile: DemoManifest['sourcesByFile'] = {};
  const parts: string[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const manifestFile = path.join(dir, entry.name, 'source.json');
    const text = await readFile(manifestFile, 'utf8').catch(() => undefined);
    if (!text) continue;
    const source = JSON.parse(text) as DemoSource;
    sources.push(source);
    for (const f of source.files) {
      const file = path.join(dir, entry.name, f.path);
      const info = await stat(file);
      files.push(file);
      formatsByFile[file] = f.format;
      sourcesByFile[file] = { id: source.id, licence: source.licence, url: source.origin };
      parts.push(`${entry.name}/${f.path}:${info.size}:${f.format}`);
    }
  }
  return {
    sources,
    files,
    formatsByFile,
    sourcesByFile,
    fingerprint: createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 16),
  };
}
