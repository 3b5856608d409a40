import { fileURLToPath } from 'node:url';
import type { Patent } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';

/** A fixture cut from a real vendor export (test/fixtures/import/vendor/README.md). */
export const vendorFixture = (name: string) =>
  fileURLToPath(new URL(`../../../../../test/fixtures/import/vendor/${name}`, import.meta.url));

export interface ReadResult {
  records: Patent[];
  bad: { line: number; error: string }[];
  /** Line of each record, in order. */
  lines: number[];
}

export async function readAll(format: PatentFormat, file: string): Promise<ReadResult> {
  const result: ReadResult = { records: [], bad: [], lines: [] };
  for await (const item of format.read(file) as AsyncIterable<ImportItem>) {
    if (item.ok) {
      result.records.push(item.record);
      result.lines.push(item.line);
    } else result.bad.push({ line: item.line, error: item.error });
  }
  return result;
}

/** The record with this publication number, or a failure naming it. */
export function byNumber(records: readonly Patent[], publicationNumber: string): Patent {
  const record = records.find((r) => r.publicationNumber === publicationNumber);
  if (!record) throw new Error(`${publicationNumber} not read`);
  return record;
}
