import type { Language } from '@patlas/contracts';
import { readSheet, SheetRefusedError, type SheetReading, type SheetRefusal, type SheetRequest } from './sheet-read.js';

/** One spreadsheet to read (the upload's bytes are copied to the worker). */
export interface SheetTask {
  file: Uint8Array;
  request: SheetRequest;
  lang: Language;
}

export type SheetTaskResult = { ok: true; reading: SheetReading } | { ok: false; refusal: SheetRefusal };

/** The sheet reader's worker thread (Piscina; sheet-reader.ts): reads one spreadsheet per task. */
export default async function readSheetTask(task: SheetTask): Promise<SheetTaskResult> {
  const file = Buffer.from(task.file.buffer, task.file.byteOffset, task.file.byteLength);
  try {
    return { ok: true, reading: await readSheet(file, task.request, task.lang) };
  } catch (err) {
    if (err instanceof SheetRefusedError) return { ok: false, refusal: err.refusal };
    throw err;
  }
}
