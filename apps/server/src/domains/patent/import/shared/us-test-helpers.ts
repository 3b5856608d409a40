import { fileURLToPath } from 'node:url';
import type { ImportItem, PatentFormat } from '../format.js';

/** Absolute path of a file under apps/server/test/fixtures/import/us. */
export function usFixture(name: string): string {
  return fileURLToPath(new URL(`../../../../../test/fixtures/import/us/${name}`, import.meta.url));
}

/** Every item a format reads from the files, in order. */
export async function readAll(format: PatentFormat, ...files: string[]): Promise<ImportItem[]> {
  const items: ImportItem[] = [];
  for (const file of files) for await (const item of format.read(file)) items.push(item);
  return items;
}

/** The records of the good items; fails when an item is bad. */
export function recordsOf(items: ImportItem[]): Extract<ImportItem, { ok: true }>['record'][] {
  return items.map((item) => {
    if (!item.ok) throw new Error(`bad record at ${item.file}:${item.line}: ${item.error}`);
    return item.record;
  });
}
