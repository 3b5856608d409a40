import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { neutraliseFormula } from './cell-text.js';
import type { ExportWriter, OpenTableWriter, WriterInput } from './writer.js';

/** Excel reads a CSV as UTF-8 (and so shows Chinese) only when the file starts with a BOM. */
export const UTF8_BOM = '\ufeff';

/**
 * RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled; a text a
 * spreadsheet would run as a formula is neutralised first (cell-text.ts neutraliseFormula).
 */
export function csvField(value: string): string {
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: records end with CRLF. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * The csv format: UTF-8 with a BOM, a header line, one line per patent. A batch is written as one
 * chunk, and the writer waits for the file to drain before taking the next, so memory stays flat.
 */
export const openCsvWriter: OpenTableWriter = async <Row, Id extends string>(input: WriterInput<Row, Id>) => {
  const out = createWriteStream(input.path, { encoding: 'utf8' });
  await once(out, 'open');
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(UTF8_BOM + csvLine(input.columns.map((c) => c.label)));
  const close = () =>
    new Promise<void>((resolve, reject) => {
      out.once('error', reject);
      out.end(() => resolve());
    });
  const writer: ExportWriter<Row> = {
    async write(rows) {
      let chunk = '';
      for (const row of rows) chunk += csvLine(input.columns.map((c) => input.valueOf(row, c.id)));
      await write(chunk);
    },
    finish: close,
    async abort() {
      if (!out.closed) await close().catch(() => undefined);
      await rm(input.path, { force: true });
    },
  };
  return writer;
};
