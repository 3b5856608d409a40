import { basename } from 'node:path';
import type { Patent } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';
import { normaliseDate } from '../shared/dates.js';
import { plainName } from '../shared/open-text.js';
import { localized, toErrorItem, toImportItem } from '../shared/validate-record.js';
import { kids, text } from '../shared/xml-query.js';
import type { XmlElement } from '../shared/xml-tree.js';
import { streamXmlElements } from '../shared/xml-tree.js';

/** Solr fields of one assignment `<doc>`: single values and `<arr>` lists, "NULL" dropped (kept in place in lists). */
function fieldsOf(doc: XmlElement): Map<string, (string | undefined)[]> {
  const fields = new Map<string, (string | undefined)[]>();
  for (const field of kids(doc)) {
    const name = field.attrs.name;
    if (!name) continue;
    const values = field.name === 'arr' ? kids(field).map((v) => text(v)) : [text(field)];
    fields.set(
      name,
      values.map((v) => (v === '' || v === 'NULL' || v.startsWith('0001-01-01') ? undefined : v)),
    );
  }
  return fields;
}

/**
 * One assignment record (reel/frame) lists its properties (patents and applications) in parallel arrays.
 * Each property becomes a partial record holding just its numbers, title and this assignment, keyed by
 * the grant number when granted, else the pre-grant publication number. The kind code is not in the answer.
 */
export function mapAssignmentDoc(doc: XmlElement): Patent[] {
  const f = fieldsOf(doc);
  const one = (name: string): string | undefined => f.get(name)?.find((v) => v !== undefined);
  const reel = one('reelNo');
  const frame = one('frameNo');
  const assignment = {
    assignor: (f.get('patAssignorName') ?? []).filter(Boolean).join('; '),
    assignee: (f.get('patAssigneeName') ?? []).filter(Boolean).join('; '),
    effectiveDate: normaliseDate(one('patAssignorEarliestExDate') ?? one('recordedDate')),
    conveyance: one('conveyanceText'),
    reelFrame: reel && frame ? `${reel}/${frame}` : undefined,
  };
  const patents = f.get('patNum') ?? [];
  const publications = f.get('publNum') ?? [];
  const applications = f.get('applNum') ?? [];
  const count = Math.max(patents.length, publications.length, applications.length);
  const records: Patent[] = [];
  for (let i = 0; i < count; i += 1) {
    const patent = patents[i];
    const publication = publications[i];
    const key = patent ?? publication;
    if (!key) continue;
    records.push({
      publicationNumber: `US${key.replace(/^0+/, '')}`,
      country: 'US',
      applicationNumber: applications[i] ? `US${applications[i]}` : undefined,
      applicationDate: normaliseDate(f.get('filingDate')?.[i]),
      publicationDate: normaliseDate(patent ? f.get('issueDate')?.[i] : f.get('publDate')?.[i]),
      grantDate: patent ? normaliseDate(f.get('issueDate')?.[i]) : undefined,
      patentType: patent ? 'invention_grant' : 'invention_application',
      title: localized(f.get('inventionTitle')?.[i]),
      assignments: [assignment],
    });
  }
  return records;
}

async function* readAssignments(file: string): AsyncGenerator<ImportItem> {
  for await (const item of streamXmlElements(file, new Set(['doc']))) {
    if ('error' in item) {
      yield toErrorItem(new Error(item.error), file, item.line);
      continue;
    }
    try {
      const records = mapAssignmentDoc(item.el);
      if (records.length === 0) throw new Error('assignment lists no patent or publication number');
      for (const record of records) yield toImportItem(record, file, item.line);
    } catch (err) {
      yield toErrorItem(err, file, item.line);
    }
  }
}

export const usAssignmentXmlFormat: PatentFormat = {
  id: 'us-assignment-xml',
  description:
    'USPTO Assignment search API answers (Solr XML): each recorded assignment added to the patents it lists.',
  detect(fileName: string, head: string): boolean {
    return (
      /\.xml$/i.test(plainName(basename(fileName))) &&
      /<response>/.test(head) &&
      /name="(reelNo|patAssignorName|conveyanceText|responseHeader)"/.test(head)
    );
  },
  read: readAssignments,
};
