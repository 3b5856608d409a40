import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../../', import.meta.url);
const architectureDoc = readFileSync(new URL('docs/ARCHITECTURE.md', repo), 'utf8');

function foldersOf(dir: string): string[] {
  return readdirSync(new URL(dir, repo), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * The first cell of every row of the doc's tables whose header's first cell is `header`, without
 * backticks, a trailing slash or `prefix`. A header row repeated inside a table counts as a row.
 */
function namesInTables(doc: string, header: string, prefix = ''): string[] {
  const names: string[] = [];
  let tableHeader: string | undefined;
  for (const line of doc.split('\n')) {
    if (!line.startsWith('|')) {
      tableHeader = undefined;
      continue;
    }
    const firstCell = (line.split('|')[1] ?? '').trim().replaceAll('`', '');
    if (tableHeader === undefined) {
      tableHeader = firstCell;
      continue;
    }
    if (tableHeader !== header || /^-+$/.test(firstCell)) continue;
    names.push(firstCell.replace(/\/$/, '').replace(prefix, ''));
  }
  return names;
}

/** What the doc and the folders disagree on; all three lists are empty when the doc is right. */
function compare(documented: string[], folders: string[]) {
  return {
    missingFromDoc: folders.filter((folder) => !documented.includes(folder)),
    noSuchFolder: [...new Set(documented.filter((name) => !folders.includes(name)))],
    listedTwice: [...new Set(documented.filter((name, i) => documented.indexOf(name) !== i))],
  };
}

describe('docs/ARCHITECTURE.md lists the folders that exist, once each', () => {
  it.each([
    { table: 'domain', dir: 'apps/server/src/domains/', prefix: '' },
    { table: 'feature', dir: 'apps/web/src/features/', prefix: '' },
    { table: 'package', dir: 'packages/', prefix: 'packages/' },
  ])('the $table table against $dir', ({ table, dir, prefix }) => {
    const documented = namesInTables(architectureDoc, table, prefix);
    expect(compare(documented, foldersOf(dir))).toEqual({ missingFromDoc: [], noSuchFolder: [], listedTwice: [] });
  });

  it('reads a table the way the doc writes it', () => {
    const doc = [
      '| domain | what |',
      '| --- | --- |',
      '| `auth` | x |',
      '| `gone` | y |',
      '',
      '| feature | what |',
      '| `auth` | z |',
    ].join('\n');
    expect(compare(namesInTables(doc, 'domain'), ['auth', 'search'])).toEqual({
      missingFromDoc: ['search'],
      noSuchFolder: ['gone'],
      listedTwice: [],
    });
  });
});
