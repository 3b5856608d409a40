import {
  CITATION_COLUMNS,
  type Citation,
  type CitationColumnId,
  type CitationDirection,
  type ExportFieldId,
  type Language,
  type Patent,
} from '@patlas/contracts';
import type { PatentService } from '../patent/index.js';
import { valueOf } from './export-fields.js';
import type { OpenTableWriter, ExportWriter } from '../../documents/writer.js';

type Labels = { zh: string; en: string };

/**
 * The citations of a set (/export/adduceInfo): each patent of the export becomes one row per
 * document it cites and per document citing it (the record's forward citations and the corpus's
 * records that cite it, as the detail page's citations tab lists them). The rows go through the
 * table writers (xlsx, csv) like any export; the task counts patents, as its quota does.
 */

/** What a citation export's stored request names as its fields (the columns are fixed). */
export const CITATION_EXPORT_FIELDS: ExportFieldId[] = ['publicationNumber', 'title', 'citations', 'citedBy'];

export const CITATION_COLUMN_LABELS: Record<CitationColumnId, Labels> = {
  publicationNumber: { zh: '公开(公告)号', en: 'Publication number' },
  title: { zh: '标题', en: 'Title' },
  direction: { zh: '引证方向', en: 'Direction' },
  otherNumber: { zh: '引证/被引证文献号', en: 'Cited or citing document' },
  otherTitle: { zh: '文献标题', en: 'Document title' },
  otherApplicant: { zh: '文献申请人/专利权人', en: 'Document applicant / patentee' },
  otherDate: { zh: '文献日期', en: 'Document date' },
  category: { zh: '引证类别', en: 'Category' },
  text: { zh: '文献信息', en: 'Details' },
};

export const CITATION_DIRECTION_LABELS: Record<CitationDirection, Labels> = {
  cites: { zh: '引用', en: 'Cites' },
  citedBy: { zh: '被引用', en: 'Cited by' },
};

/** The detail page's words for the categories offices use; other wording stays as written. */
const CATEGORY_LABELS: Record<string, Labels> = {
  examiner: { zh: '审查员引证', en: 'Cited by examiner' },
  applicant: { zh: '申请人引证', en: 'Cited by applicant' },
  other: { zh: '其他引证', en: 'Cited by other' },
  third: { zh: '第三方引证', en: 'Cited by third party' },
};

/** One row of a citation export. */
export interface CitationRow {
  patent: Patent;
  direction: CitationDirection;
  citation: Citation;
  /** The other document's record, when the corpus holds it. */
  other: Patent | undefined;
}

/** A citation's number as people write it: country + number (+ kind), as the detail page shows it. */
export function citationNumber(citation: Citation): string {
  const number = citation.number.trim();
  const country = citation.country?.trim().toUpperCase();
  const kind = citation.kind?.trim();
  const withCountry = /^[A-Z]{2}/i.test(number) || !country ? number : `${country}${number}`;
  return kind && !withCountry.toUpperCase().endsWith(kind.toUpperCase()) ? `${withCountry}${kind}` : withCountry;
}

function categoryText(category: string | undefined, lang: Language): string {
  const text = category?.trim();
  if (!text) return '';
  const lower = text.toLowerCase();
  const known = /examiner/.test(lower)
    ? 'examiner'
    : /applicant/.test(lower)
      ? 'applicant'
      : /third/.test(lower)
        ? 'third'
        : /^cited by other$|^other$/.test(lower)
          ? 'other'
          : undefined;
  return known ? CATEGORY_LABELS[known]![lang] : text;
}

/** A row's value of a column, as text, in `lang`. */
export function citationValue(row: CitationRow, column: CitationColumnId, lang: Language, today: string): string {
  const { patent, citation, other } = row;
  switch (column) {
    case 'publicationNumber':
      return patent.publicationNumber;
    case 'title':
      return valueOf(patent, 'title', lang, today);
    case 'direction':
      return CITATION_DIRECTION_LABELS[row.direction][lang];
    case 'otherNumber':
      return citation.number.trim() ? citationNumber(citation) : '';
    case 'otherTitle':
      return other ? valueOf(other, 'title', lang, today) : '';
    case 'otherApplicant':
      return (other ? valueOf(other, 'applicants', lang, today) : '') || (citation.applicant?.trim() ?? '');
    case 'otherDate':
      return (other ? valueOf(other, 'publicationDate', lang, today) : '') || isoDate(citation.date);
    case 'category':
      return categoryText(citation.category, lang);
    case 'text':
      return citation.text?.trim() ?? '';
  }
}

/** Citation dates come as YYYYMMDD or YYYY-MM-DD. */
function isoDate(date: string | undefined): string {
  const text = date?.trim() ?? '';
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  return compact ? `${compact[1]}-${compact[2]}-${compact[3]}` : text;
}

/**
 * The rows of a batch of patents: backward citations, then forward ones (the record's, then the
 * corpus's citing records it does not list), with the other documents the corpus holds.
 */
export async function citationRows(patents: PatentService, batch: readonly Patent[]): Promise<CitationRow[]> {
  const pairs: { patent: Patent; direction: CitationDirection; citation: Citation }[] = [];
  for (const patent of batch) {
    for (const citation of patent.citations ?? []) {
      if (citation.number.trim() || citation.text?.trim()) pairs.push({ patent, direction: 'cites', citation });
    }
    const listed = new Set<string>();
    for (const citation of patent.citedBy ?? []) {
      if (!citation.number.trim()) continue;
      listed.add(citationNumber(citation).toUpperCase());
      listed.add(citation.number.trim().toUpperCase());
      pairs.push({ patent, direction: 'citedBy', citation });
    }
    for (const number of await patents.findCitingNumbers(patent)) {
      if (!listed.has(number.toUpperCase())) pairs.push({ patent, direction: 'citedBy', citation: { number } });
    }
  }
  const numbers = [...new Set(pairs.filter((p) => p.citation.number.trim()).map((p) => citationNumber(p.citation)))];
  const held = numbers.length > 0 ? await patents.resolveHeldNumbers(numbers) : {};
  const records = await patents.getByPublicationNumbers([...new Set(Object.values(held))]);
  return pairs.map((pair) => {
    const heldAs = pair.citation.number.trim() ? held[citationNumber(pair.citation)] : undefined;
    return { ...pair, other: heldAs ? records.get(heldAs) : undefined };
  });
}

/**
 * A table writer of citation rows behind the patents' writer interface: the export's batches of
 * patents go in, their citation rows are written.
 */
export async function openCitationWriter(
  openTable: OpenTableWriter,
  input: { path: string; lang: Language; today: string; patents: PatentService },
): Promise<ExportWriter<Patent>> {
  const { lang, today } = input;
  const rows = await openTable<CitationRow, CitationColumnId>({
    path: input.path,
    lang,
    sheetName: lang === 'zh' ? '引证' : 'Citations',
    columns: CITATION_COLUMNS.map((id) => ({ id, label: CITATION_COLUMN_LABELS[id][lang] })),
    valueOf: (row, column) => citationValue(row, column, lang, today),
  });
  return {
    async write(batch) {
      await rows.write(await citationRows(input.patents, batch));
    },
    finish: () => rows.finish(),
    abort: () => rows.abort(),
  };
}
