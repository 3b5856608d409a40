import { open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { FileProbe, PatentFormat } from './format.js';
import { canonicalCsvFormat } from './formats/canonical-csv.js';
import { canonicalJsonlFormat } from './formats/canonical-jsonl.js';
import { canonicalXlsxFormat } from './formats/canonical-xlsx.js';
import { cnChemnerFormat } from './formats/cn-chemner.js';
import { cnCnkiMaterialChemistryFormat } from './formats/cn-cnki-material-chemistry.js';
import { cnG06fCpcFormat } from './formats/cn-g06f-cpc.js';
import { cnIpcTitlesFormat } from './formats/cn-ipc-titles.js';
import { cnipaXlsxFormat } from './formats/cnipa.js';
import { incopatCsvFormat, incopatXlsxFormat } from './formats/incopat.js';
import { legacyXlsFormat } from './formats/legacy-xls.js';
import { patenticsCsvFormat, patenticsXlsxFormat } from './formats/patentics.js';
import { patsnapCsvFormat, patsnapXlsxFormat } from './formats/patsnap.js';
import { epOpsXmlFormat } from './formats/ep-ops-xml.js';
import { usAssignmentXmlFormat } from './formats/us-assignment-xml.js';
import { usGrantXmlFormat } from './formats/us-grant-xml.js';
import { usPpubsJsonFormat } from './formats/us-ppubs-json.js';
import { usPtabJsonFormat } from './formats/us-ptab-json.js';
import { usPygramsCsvFormat } from './formats/us-pygrams-csv.js';
import { usPygramsJsonlFormat } from './formats/us-pygrams-jsonl.js';
import { readXlsxHead } from './shared/csv-table.js';

/**
 * Every format `patlas import` knows, most specific first: detection takes the first that
 * accepts a file, so the research-set and vendor-export formats (recognised by their exact
 * columns, a workbook's by its first sheet's header) come before the canonical CSV/XLSX/JSONL
 * ones that accept any file with a publication-number column.
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
  incopatXlsxFormat,
  incopatCsvFormat,
  patsnapXlsxFormat,
  patsnapCsvFormat,
  patenticsXlsxFormat,
  patenticsCsvFormat,
  cnipaXlsxFormat,
  legacyXlsFormat,
  canonicalJsonlFormat,
  canonicalCsvFormat,
  canonicalXlsxFormat,
];

const HEAD_BYTES = 64 * 1024;

/** The first bytes of a file, decompressed when it is gzip. */
async function readHeadBytes(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    const raw = buffer.subarray(0, bytesRead);
    if (raw[0] === 0x1f && raw[1] === 0x8b) {
      // A truncated gzip member cannot be fully inflated; take what inflates.
      try {
        return gunzipSync(raw, { finishFlush: 2 /* Z_SYNC_FLUSH */ });
      } catch {
        return Buffer.alloc(0);
      }
    }
    return raw;
  } finally {
    await handle.close();
  }
}

/** The first bytes of a file as text, decompressed when it is gzip. */
export async function readHead(file: string): Promise<string> {
  return (await readHeadBytes(file)).toString('utf8');
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * What a file is made of, from its bytes, never its name: a zip that opens as a workbook comes
 * with its first sheet's name and first rows, so the vendor formats can tell their exports apart.
 */
export async function probeFile(file: string): Promise<{ head: string; probe: FileProbe }> {
  const bytes = await readHeadBytes(file);
  const head = bytes.toString('utf8');
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) {
    const workbook = await readXlsxHead(file);
    return { head, probe: workbook ? { container: 'zip', workbook } : { container: 'zip' } };
  }
  if (bytes.subarray(0, 8).equals(CFB_MAGIC)) return { head, probe: { container: 'cfb' } };
  return { head, probe: { container: 'other' } };
}

export async function detectFormat(
  file: string,
  formats: readonly PatentFormat[] = FORMATS,
): Promise<PatentFormat | undefined> {
  const { head, probe } = await probeFile(file);
  const name = file.replace(/\.gz$/i, '');
  return formats.find((format) => format.detect(name, head, probe));
}
