import type { Patent, RecallSuggestion } from '@patlas/contracts';
import {
  sourcesOfField,
  suggestRecallTerms,
  type RecallSourceField,
  type RecallSuggestInput,
} from './recall-suggest.js';

/**
 * The recall check's work on the held records (issue 48 item 4, docs/recall-check.md), run on a CPU
 * worker (cpu-tasks.ts `recallRecords`): the records arrive as stored (JSON, UTF-8) and are parsed
 * here, their titles taken and, for each missed patent, the term nearest each candidate clause
 * found in the texts that clause's field reads. Parsing 500 whole records held the HTTP thread for
 * over 100 ms.
 */
export interface RecallRecordsInput {
  /** Every held patent's record as stored (its JSON's UTF-8 bytes), by publication number. */
  docs: Map<string, Uint8Array>;
  /** Each missed patent's candidate clauses: the clause's words (none for a date, NOT or `#n` clause) and field. */
  missed: { publicationNumber: string; clauses: { terms: string[]; field: string | null }[] }[];
}

export interface RecallRecordsOutput {
  /** Each held patent's title (its abstract's start when it has none; empty when not held). */
  titles: Map<string, string>;
  /** `[missed patent][clause]`: the suggested term, null where none. */
  suggestions: (RecallSuggestion | null)[][];
}

/** A record's texts by the source fields a clause reads. */
function textOf(patent: Patent, field: RecallSourceField): string {
  const names = (parties: readonly { name: string }[] | undefined) => (parties ?? []).map((p) => p.name).join('；');
  switch (field) {
    case 'TI':
      return patent.title?.text ?? '';
    case 'AB':
      return patent.abstract?.text ?? '';
    case 'CLM':
      return patent.claims?.text ?? '';
    case 'DESC':
      return patent.description?.text ?? '';
    case 'PA':
      return names(patent.applicants);
    case 'AS':
      return names(patent.assignees);
    case 'IN':
      return names(patent.inventors);
  }
}

const titleOf = (patent: Patent) => patent.title?.text ?? patent.abstract?.text.slice(0, 80) ?? '';

/** The CPU task's body: titles of all, suggestions for the missed. */
export function readRecallRecords(input: RecallRecordsInput): RecallRecordsOutput {
  const utf8 = new TextDecoder();
  const records = new Map<string, Patent>();
  for (const [pn, doc] of input.docs) records.set(pn, JSON.parse(utf8.decode(doc)) as Patent);
  const titles = new Map<string, string>();
  for (const [pn, record] of records) titles.set(pn, titleOf(record));
  const suggestInput: RecallSuggestInput = {
    patents: input.missed.map(({ publicationNumber, clauses }) => {
      const record = records.get(publicationNumber);
      const read = clauses.map((c) => ({
        terms: c.terms,
        sources: c.terms.length > 0 && record ? [...sourcesOfField(c.field)] : [],
      }));
      const texts: Partial<Record<RecallSourceField, string>> = {};
      if (record) for (const field of new Set(read.flatMap((c) => c.sources))) texts[field] = textOf(record, field);
      return { texts, clauses: read };
    }),
  };
  return { titles, suggestions: suggestRecallTerms(suggestInput) };
}
