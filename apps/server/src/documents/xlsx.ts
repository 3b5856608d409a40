import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { xlsxCellText } from './cell-text.js';
import type { ExportWriter, OpenTableWriter, WriterInput } from './writer.js';

/** Column widths by how long a field's text usually is. */
const WIDTHS: Partial<Record<string, number>> = {
  title: 40,
  abstract: 60,
  firstClaim: 60,
  claims: 60,
  description: 60,
  applicants: 30,
  currentAssignees: 30,
  inventors: 24,
  applicantAddress: 30,
  legalEvents: 40,
};

/** Rows written between two turns of the event loop (a row of 20 fields takes about 0.2 ms). */
const ROWS_PER_TURN = 200;

/**
 * The stream a worksheet's XML is compressed through. exceljs's sheet stream writes to it without
 * waiting (StreamBuf ignores backpressure), so rows made faster than zlib compresses them pile up in
 * memory (~900 MB for 300,000 rows of 20 fields): the writer waits for it to drain instead. Read
 * from exceljs 4.4's internals; writers.test.ts fails if an upgrade moves them.
 */
export function sheetSink(sheet: ExcelJS.Worksheet): { sink: NodeJS.EventEmitter; pending: () => number } | undefined {
  type Sink = NodeJS.EventEmitter & { _writableState?: { length: number; highWaterMark: number } };
  const stream = (sheet as unknown as { stream?: { pipes?: Sink[] } }).stream;
  const sink = stream?.pipes?.[0];
  const state = sink?._writableState;
  if (!sink || typeof state?.length !== 'number' || typeof state.highWaterMark !== 'number') return undefined;
  // Bytes waiting beyond the stream's own mark (it emits 'drain' once they are taken).
  return { sink, pending: () => state.length - state.highWaterMark };
}

/**
 * The xlsx format: one sheet, a bold header row, one row per patent, every value as text (so a
 * number such as an application number is never turned into a float, nor a text into a formula).
 * exceljs's streaming writer writes each committed row to the file, so memory stays flat however
 * many rows there are. Cells longer than Excel holds are cut with EXPORT_TRUNCATION_MARK.
 */
export const openXlsxWriter: OpenTableWriter = async <Row, Id extends string>(input: WriterInput<Row, Id>) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: input.path,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Patlas';
  const sheet = workbook.addWorksheet(input.sheetName ?? (input.lang === 'zh' ? '专利' : 'Patents'));
  sheet.columns = input.columns.map((c) => ({ header: c.label, key: c.id, width: WIDTHS[c.id] ?? 18 }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  let isClosed = false;
  const writer: ExportWriter<Row> = {
    async write(rows) {
      for (const [i, row] of rows.entries()) {
        sheet.addRow(input.columns.map((c) => xlsxCellText(input.valueOf(row, c.id)))).commit();
        if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) {
          // Building rows is synchronous: other requests get their turn, and the compression catches up.
          const sink = sheetSink(sheet);
          if (sink && sink.pending() >= 0) await once(sink.sink, 'drain');
          else await new Promise((resolve) => setImmediate(resolve));
        }
      }
    },
    async finish() {
      isClosed = true;
      sheet.commit();
      await workbook.commit();
    },
    async abort() {
      if (!isClosed) {
        isClosed = true;
        // Closes the file handle; what was written is removed below.
        await workbook.commit().catch(() => undefined);
      }
      await rm(input.path, { force: true });
    },
  };
  return writer;
};
