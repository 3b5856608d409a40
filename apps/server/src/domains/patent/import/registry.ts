import { open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { PatentFormat } from './format.js';
import { canonicalCsvFormat } from './formats/canonical-csv.js';
import { canonicalJsonlFormat } from './formats/canonical-jsonl.js';
import { canonicalXlsxFormat } from './formats/canonical-xlsx.js';
import { cnChemnerFormat } from './formats/cn-chemner.js';
import { cnCnkiMaterialChemistryFormat } from './formats/cn-cnki-material-chemistry.js';
import { cnG06fCpcFormat } from './formats/cn-g06f-cpc.js';
import { cnIpcTitlesFormat } from './formats/cn-ipc-titles.js';
import { epOpsXmlFormat } from './formats/ep-ops-xml.js';
import { usAssignmentXmlFormat } from './formats/us-assignment-xml.js';
import { usGrantXmlFormat } from './formats/us-grant-xml.js';
import { usPpubsJsonFormat } from './formats/us-ppubs-json.js';
import { usPtabJsonFormat } from './formats/us-ptab-json.js';
import { usPygramsCsvFormat } from './formats/us-pygrams-csv.js';
import { usPygramsJsonlFormat } from './formats/us-pygrams-jsonl.js';

/**
 * Every format `patlas import` knows, most specific first: detection takes the first that
 * accepts a file, so the research-set formats (recognised by their exact columns) come before
 * the canonical CSV/XLSX/JSONL ones that accept any file with a publication-number column.
 */
export const FORMATS: readonly PatentFormat[] = [
  usGrantXmlFormat,
  usAssignmentXmlFormat,
  epOpsXmlFormat,
  usPpubsJsonFormat,
  usPtabJsonFormat,
  usPygramsJsonlFormat,
  usPygramsCsvFormat,
  cnG06fCpcFormat,
  cnIpcTitlesFormat,
  cnChemnerFormat,
  cnCnkiMaterialChemistryFormat,
  canonicalJsonlFormat,
  canonicalCsvFormat,
  canonicalXlsxFormat,
];

const HEAD_BYTES = 64 * 1024;

/** The first bytes of a file as text, decompressed when it is gzip. */
export async function readHead(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const raw = buffer.subarray(0, bytesRead);
    if (raw[0] === 0x1f && raw[1] === 0x8b) {
      // A truncated gzip member cannot be fully inflated; take what inflates.
      try {
        return gunzipSync(raw, { finishFlush: 2 /* Z_SYNC_FLUSH */ }).toString('utf8');
      } catch {
        return '';
      }
    }
    return raw.toString('utf8');
  } finally {
    await handle.close();
  }
}

export async function detectFormat(
  file: string,
  formats: readonly PatentFormat[] = FORMATS,
): Promise<PatentFormat | undefined> {
  const head = await readHead(file);
  const name = file.replace(/\.gz$/i, '');
  return formats.find((format) => format.detect(name, head));
}
