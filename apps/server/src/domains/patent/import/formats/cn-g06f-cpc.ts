import type { Patent } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';
import { stripGzName } from '../shared/cn-open.js';
import { parsePublicationNumber, patentTypeFromCnKind } from '../shared/cn-number.js';
import { compact, validateRecord } from '../shared/cn-validate.js';
import { readCsvRows, TableSyntaxError } from '../shared/csv-table.js';

interface G06fText {
  title?: string;
  keywords: string[];
  abstract?: string;
}

/**
 * The `text` column comes in two layouts: `Title: …\nKeywords: a; b\nAbstract: …` and
 * `title [SEP] kw kw kw [SEP] abstract`. In the second the keywords are single words joined
 * by spaces (multi-word phrases cannot be told apart), so they are split on spaces and deduplicated.
 */
export function parseG06fText(text: string): G06fText {
  const labelled = /^\s*Title:\s*([\s\S]*?)\r?\n\s*Keywords:\s*([\s\S]*?)\r?\n\s*Abstract:\s*([\s\S]*)$/.exec(text);
  if (labelled) {
    const [, title = '', keywords = '', abstract = ''] = labelled;
    return { title: title.trim(), keywords: splitKeywords(keywords, /\s*;\s*/), abstract: abstract.trim() };
  }
  if (text.includes('[SEP]')) {
    const [title = '', keywords = '', ...rest] = text.split(/\s*\[SEP\]\s*/);
    return { title: title.trim(), keywords: splitKeywords(keywords, /\s+/), abstract: rest.join(' ').trim() };
  }
  return { keywords: [], abstract: text.trim() };
}

function splitKeywords(value: string, separator: RegExp): string[] {
  return [
    ...new Set(
      value
        .split(separator)
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
}

function parseLabels(value: string): string[] | string {
  if (!value.trim()) return [];
  try {
    const labels: unknown = JSON.parse(value);
    if (Array.isArray(labels) && labels.every((l) => typeof l === 'string')) return labels.map((l) => l.trim());
  } catch {
    // reported below
  }
  return `labels is not a JSON list of CPC symbols: ${value.slice(0, 60)}`;
}

/**
 * liaoleyuan/chinese-patent-cpc-multilabel-classification CSVs: CN invention applications
 * in G06F with title, English keywords, abstract and CPC subgroups. The ~47k `,,,` rows of
 * the original files are skipped silently.
 */
export const cnG06fCpcFormat: PatentFormat = {
  id: 'cn-g06f-cpc',
  description: 'CN G06F applications with CPC labels (CSV: publication_number,text,labels,n_labels)',
  detect(fileName, head) {
    return /\.csv$/i.test(stripGzName(fileName)) && /^\uFEFF?publication_number,text,labels\b/.test(head);
  },
  async *read(file): AsyncGenerator<ImportItem> {
    let columns: Map<string, number> | undefined;
    try {
      for await (const { line, cells } of readCsvRows(file)) {
        if (!columns) {
          columns = new Map(cells.map((name, index) => [name.trim(), index]));
          for (const name of ['publication_number', 'text', 'labels']) {
            if (!columns.has(name)) {
              yield { ok: false, file, line, error: `header has no "${name}" column` };
              return;
            }
          }
          continue;
        }
        const cell = (name: string) => cells[columns?.get(name) ?? -1]?.trim() ?? '';
        if (cells.every((c) => c.trim() === '')) continue;
        const number = parsePublicationNumber(cell('publication_number'));
        if (!number) {
          yield { ok: false, file, line, error: `no valid publication number ("${cell('publication_number')}")` };
          continue;
        }
        const cpc = parseLabels(cell('labels'));
        if (typeof cpc === 'string') {
          yield { ok: false, file, line, error: cpc };
          continue;
        }
        const text = parseG06fText(cells[columns.get('text') ?? -1] ?? '');
        const record: Patent = compact({
          publicationNumber: number.publicationNumber,
          country: number.country,
          kind: number.kind,
          patentType: number.country === 'CN' ? patentTypeFromCnKind(number.kind) : undefined,
          title: text.title ? { lang: 'zh', text: text.title } : undefined,
          abstract: text.abstract ? { lang: 'zh', text: text.abstract } : undefined,
          keywords: text.keywords,
          classifications: cpc.length > 0 ? { cpc } : undefined,
        });
        yield validateRecord(record, file, line);
      }
    } catch (error) {
      if (!(error instanceof TableSyntaxError)) throw error;
      yield { ok: false, file, line: error.line, error: `CSV syntax error, rest of file skipped: ${error.message}` };
    }
  },
};
