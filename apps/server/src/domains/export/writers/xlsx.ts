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
        // Building rows is synchronous: other requests, and the zip's compression, get their turn.
        if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
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
