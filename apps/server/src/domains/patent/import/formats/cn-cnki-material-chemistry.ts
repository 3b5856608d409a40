import type { Patent } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';
import { parsePublicationNumber, patentTypeFromCnKind } from '../shared/cn-number.js';
import { compact, validateRecord } from '../shared/cn-validate.js';
import { parseLooseDate } from '../shared/csv-columns.js';
import { readXlsxRows } from '../shared/csv-table.js';
import { buildParty, splitPartyNames } from '../shared/party-classify.js';

const REQUIRED = ['title', 'author', 'com', 'sql', 'quote', 'href'] as const;

/** The CNKI link names the document: `…detail.aspx?dbcode=SCPD&…&filename=CN108982325A`. */
export function numberFromCnkiHref(href: string): string | undefined {
  return /[?&]filename=([^&#\s]+)/i.exec(href)?.[1];
}

/**
 * Zhang-NJ-Lab/zhiwang_zhuanli_nlp CNKI scrape (XLSX): the scraper's columns are title,
 * author (inventors, `;`), com (applicant), sql (申请日), quote (公开日), href (CNKI link whose
 * `filename=` is the publication number), ChDiv_summary (abstract), claim_text (first claim).
 */
export const cnCnkiMaterialChemistryFormat: PatentFormat = {
  id: 'cn-cnki-material-chemistry',
  description: 'CNKI patent scrape XLSX (title, author, com, sql, quote, href, ChDiv_summary, claim_text)',
  detect(_fileName, _head, probe) {
    // The scraper's own column names, in the first sheet's header.
    return (
      probe?.container === 'zip' &&
      (probe.workbook?.rows.some((row) => REQUIRED.every((name) => row.some((cell) => cell.trim() === name))) ?? false)
    );
  },
  async *read(file): AsyncGenerator<ImportItem> {
    let columns: Map<string, number> | undefined;
    try {
      for await (const { line, cells } of readXlsxRows(file)) {
        if (!columns) {
          columns = new Map(cells.map((name, index) => [name.trim(), index]));
          const missing = REQUIRED.filter((name) => !columns?.has(name));
          if (missing.length > 0) {
            yield { ok: false, file, line, error: `header lacks ${missing.join(', ')}` };
            return;
          }
          continue;
        }
        const cell = (name: string) => cells[columns?.get(name) ?? -1]?.trim() ?? '';
        if (cells.every((c) => c.trim() === '')) continue;
        const rawNumber = numberFromCnkiHref(cell('href'));
        const number = rawNumber ? parsePublicationNumber(rawNumber) : undefined;
        if (!number) {
          yield { ok: false, file, line, error: `no publication number in href ("${cell('href').slice(0, 80)}")` };
          continue;
        }
        const applicationDate = parseLooseDate(cell('sql'));
        const publicationDate = parseLooseDate(cell('quote'));
        if (applicationDate === null || publicationDate === null) {
          const bad =
            applicationDate === null
              ? `sql (application date) "${cell('sql')}"`
              : `quote (publication date) "${cell('quote')}"`;
          yield { ok: false, file, line, error: `${bad} is not a date` };
          continue;
        }
        const title = cell('title');
        const abstract = cell('ChDiv_summary');
        const claims = cell('claim_text');
        const record: Patent = compact({
          publicationNumber: number.publicationNumber,
          country: number.country,
          kind: number.kind,
          patentType: number.country === 'CN' ? patentTypeFromCnKind(number.kind) : undefined,
          title: title ? { lang: 'zh', text: title } : undefined,
          abstract: abstract ? { lang: 'zh', text: abstract } : undefined,
          claims: claims ? { lang: 'zh', text: claims } : undefined,
          applicants: splitPartyNames(cell('com')).map((name) => buildParty(name)),
          inventors: splitPartyNames(cell('author')).map((name) => ({ name, type: 'person' as const })),
          applicationDate,
          publicationDate,
        });
        yield validateRecord(record, file, line);
      }
    } catch (error) {
      yield { ok: false, file, line: 1, error: `not a readable XLSX workbook: ${(error as Error).message}` };
    }
  },
};
