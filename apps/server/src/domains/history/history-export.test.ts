import ExcelJS from 'exceljs';
import { MAX_EXPORT_ROWS } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { CELL_MAX } from '../../files/spreadsheet.js';

const dialects = await reachableDialects();

const ROWS = 2500;
/** One entry whose expression needs two data cells, in the third batch: the header must still name its column. */
const LONG_AT = 2100;

describe.each(dialects)('search history export on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: AuthHeader & { userId: string };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    // Recent entries (a day back), so an import keeps them all.
    const base = Date.now() - 86_400_000;
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const expression = i === LONG_AT ? `TI=(${'电'.repeat(CELL_MAX + 100)})` : `TI=(电池${i})`;
      const entry = { operationName: 'search', searchExpression: expression, resultTotal: String(i) };
      // Three entries share each second: the batches must page through equal times by number.
      const createdAt = new Date(base + Math.floor(i / 3) * 1000).toISOString();
      return { ...entry, content: JSON.stringify(entry), createdAt };
    });
    await t.context.repositories.searchHistory.insertNumbered(user.userId, rows);
  });
  afterAll(async () => t.close());

  it(`streams the file from batches of 1,000 rows (never all ${MAX_EXPORT_ROWS.toLocaleString('en')} at once), every row once, newest first`, async () => {
    const batches = vi.spyOn(t.context.repositories.searchHistory, 'batches');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/history/exportAll',
      payload: {},
      headers: { authorization: user.authorization, 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="search-history-\d{8}\.xlsx"/);
    // Read twice (columns, then rows), each time in batches of at most 1,000 up to the export limit.
    expect(batches).toHaveBeenCalledTimes(2);
    for (const call of batches.mock.calls) expect(call.slice(1)).toEqual([MAX_EXPORT_ROWS, 1000]);
    batches.mockRestore();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(ROWS + 1);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'No.',
      'Time',
      'Expression',
      'Hits',
      'Operation',
      'Operation value',
      'Data (for import, do not edit)',
      'Data (continued)',
    ]);
    // Newest first: numbers ROWS … 1, each once.
    const nos = Array.from({ length: ROWS }, (_, i) => Number(sheet.getRow(i + 2).getCell(1).value));
    expect(nos).toEqual(Array.from({ length: ROWS }, (_, i) => ROWS - i));
    const long = sheet.getRow(ROWS - LONG_AT + 1);
    const data = JSON.parse(`${String(long.getCell(7).value)}${String(long.getCell(8).value)}`);
    expect(data.entry.searchExpression).toHaveLength(CELL_MAX + 105);
  });

  it('the streamed file imports back whole', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/history/exportAll',
      payload: {},
      headers: { authorization: user.authorization },
    });
    const other = await authHeader(t);
    const boundary = '----patlasexport';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="h.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      res.rawPayload,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/product/history/import',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: other.authorization },
    });
    expect(imported.json().data).toEqual({ imported: ROWS, errors: [] });
  });
});
