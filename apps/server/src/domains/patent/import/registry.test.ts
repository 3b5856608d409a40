import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFormat, probeFile } from './registry.js';

const fixture = (folder: string, name: string) =>
  fileURLToPath(new URL(`../../../../test/fixtures/import/${folder}/${name}`, import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'patlas-detect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The same bytes under another name. */
function renamed(folder: string, name: string, as: string): string {
  const file = path.join(dir, as);
  copyFileSync(fixture(folder, name), file);
  return file;
}

describe('format detection', () => {
  it("opens a workbook's first sheet to read its name and header", async () => {
    const { probe } = await probeFile(fixture('vendor', 'incopat.xlsx'));
    expect(probe.container).toBe('zip');
    expect(probe.workbook?.sheetName).toBe('下载的著录项1');
    expect(probe.workbook?.rows[0]?.slice(0, 3)).toEqual(['序号', '标题 (中文)', '标题 (英文)']);
  });

  it('tells vendor exports apart by their content, not their names', async () => {
    expect((await detectFormat(renamed('vendor', 'patsnap-agency.xlsx', 'incopat-export.xlsx')))?.id).toBe(
      'patsnap-xlsx',
    );
    expect((await detectFormat(renamed('vendor', 'incopat.xlsx', 'patsnap.xlsx')))?.id).toBe('incopat-xlsx');
    expect((await detectFormat(renamed('vendor', 'patentics.csv', 'export.txt')))?.id).toBe('patentics-csv');
  });

  it('still takes a workbook or CSV of canonical columns as canonical', async () => {
    expect((await detectFormat(fixture('canonical', 'patents-zh.xlsx')))?.id).toBe('canonical-xlsx');
    expect((await detectFormat(fixture('canonical', 'patents-en.xlsx')))?.id).toBe('canonical-xlsx');
    expect((await detectFormat(fixture('canonical', 'incopat-zh.csv')))?.id).toBe('canonical-csv');
  });
});

describe('research-set workbooks', () => {
  it('recognises the CNKI scrape by its columns under any name', async () => {
    expect((await detectFormat(renamed('cn', 'cnki-material-chemistry-sample.xlsx', 'export.xlsx')))?.id).toBe(
      'cn-cnki-material-chemistry',
    );
  });
});
