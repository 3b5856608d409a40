import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ERROR_CODES } from '@patlas/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFormat } from '../registry.js';
import { readAll } from '../shared/vendor-test-helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'patlas-xls-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The first sector of an OLE2 compound file, as every Excel 97–2003 workbook opens. */
function compoundFile(name: string): string {
  const bytes = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(bytes);
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

describe('legacy-xls format', () => {
  it('refuses an Excel 97–2003 workbook with one report, in Chinese and English, saying to save it as .xlsx', async () => {
    // Named .xlsx on purpose: the bytes decide, not the name.
    const file = compoundFile('derwent-export.xlsx');
    const format = await detectFormat(file);
    expect(format?.id).toBe('legacy-xls');
    const { records, bad } = await readAll(format!, file);
    expect(records).toEqual([]);
    expect(bad).toEqual([
      { line: 0, error: `${ERROR_CODES.IMPORT_XLS_LEGACY.zh} / ${ERROR_CODES.IMPORT_XLS_LEGACY.en}` },
    ]);
    expect(bad[0]?.error).toContain('.xlsx');
  });
});
