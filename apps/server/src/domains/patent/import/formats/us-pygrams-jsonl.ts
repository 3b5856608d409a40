import { basename } from 'node:path';
import type { Patent } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';
import { normaliseDate } from '../shared/dates.js';
import { plainName, readLines } from '../shared/open-text.js';
import { formatPublicationNumber, patentTypeFromKind } from '../shared/us-kind-codes.js';
import { localized, toErrorItem, toImportItem } from '../shared/validate-record.js';

/** One row of the pyGrams USPTO sample: patent_id, abstract, classifications_cpc, publication_date. */
export interface PygramsRow {
  patent_id?: unknown;
  abstract?: unknown;
  classifications_cpc?: unknown;
  publication_date?: unknown;
}

/**
 * Maps a pyGrams row. `patent_id` is "US06836996-20050104" (number, then publication date). The set holds
 * granted patents only but no kind code, so the number is kept without one; there is no title either,
 * and none is made up.
 */
export function mapPygramsRow(row: PygramsRow): Patent {
  const id = typeof row.patent_id === 'string' ? row.patent_id.trim() : '';
  const match = /^([A-Z]{2})([A-Z]*\d+)(?:-(\d{8}))?$/.exec(id);
  if (!match?.[1] || !match[2]) throw new Error(`patent_id "${id}" is not like US06836996-20050104`);
  const country = match[1];
  const number = formatPublicationNumber(country, match[2]);
  const isPlant = /^USPP/.test(number);
  const cpc = Array.isArray(row.classifications_cpc)
    ? row.classifications_cpc.filter((c): c is string => typeof c === 'string')
    : parsePythonList(typeof row.classifications_cpc === 'string' ? row.classifications_cpc : '');
  const publicationDate =
    normaliseDate(typeof row.publication_date === 'string' ? row.publication_date : undefined) ??
    normaliseDate(match[3]);
  return {
    publicationNumber: number,
    country,
    patentType: isPlant ? patentTypeFromKind(country, 'PP') : 'invention_grant',
    abstract: localized(typeof row.abstract === 'string' ? row.abstract : undefined),
    publicationDate,
    grantDate: publicationDate,
    classifications: cpc.length > 0 ? { cpc } : undefined,
  };
}

/** The CSV keeps lists as Python reprs: "['B05D3/02', 'H05K1/00']". */
export function parsePythonList(value: string): string[] {
  return [...value.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => (m[1] ?? m[2] ?? '').trim()).filter(Boolean);
}

async function* readPygramsJsonl(file: string): AsyncGenerator<ImportItem> {
  for await (const { line, text } of readLines(file)) {
    if (text.trim() === '') continue;
    try {
      yield toImportItem(mapPygramsRow(JSON.parse(text) as PygramsRow), file, line);
    } catch (err) {
      yield toErrorItem(err instanceof SyntaxError ? new Error(`invalid JSON: ${err.message}`) : err, file, line);
    }
  }
}

export const usPygramsJsonlFormat: PatentFormat = {
  id: 'us-pygrams-jsonl',
  description:
    'USPTO random sample (pyGrams) as JSON Lines: patent_id, abstract, classifications_cpc, publication_date.',
  detect(fileName: string, head: string): boolean {
    return /\.jsonl$/i.test(plainName(basename(fileName))) && /^\s*\{\s*"patent_id"\s*:/.test(head);
  },
  read: readPygramsJsonl,
};
