import { basename } from 'node:path';
import type { Citation, Party, Patent } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';
import { normaliseDate, normalisePartialDate } from '../shared/dates.js';
import { plainName } from '../shared/open-text.js';
import { symbolFromParts, unique } from '../shared/us-classes.js';
import { formatPublicationNumber, patentTypeFromKind } from '../shared/us-kind-codes.js';
import { guessPartyType } from '../shared/us-parties.js';
import { toErrorItem, toImportItem } from '../shared/validate-record.js';
import { all, at, blockText, findAll, kids, text, textAt } from '../shared/xml-query.js';
import type { XmlElement } from '../shared/xml-tree.js';
import { streamXmlElements } from '../shared/xml-tree.js';

const RECORD_ELEMENTS = new Set(['exchange-document', 'fulltext-document', 'family-member']);

/** The docdb document-id of a reference (country, number, kind, date), falling back to the first one. */
function docdb(ref: XmlElement | undefined): XmlElement | undefined {
  const ids = kids(ref, 'document-id');
  return ids.find((id) => id.attrs['document-id-type'] === 'docdb') ?? ids[0];
}

function numberOf(id: XmlElement | undefined): string | undefined {
  const country = textAt(id, 'country');
  const number = textAt(id, 'doc-number');
  if (!country || !number) return undefined;
  return formatPublicationNumber(country, number, textAt(id, 'kind'));
}

/** "KOSMAN, WILHELMUS JACOBUS MARIA" / "BOER BEHEER NIJMEGEN BV DE [NL]" → party with country. */
function partiesOf(el: XmlElement | undefined, role: 'applicant' | 'inventor'): Party[] {
  const entries = kids(el, role);
  // Prefer the names as filed ("original"); the epodoc form is upper-cased and abbreviated.
  const original = entries.filter((e) => e.attrs['data-format'] === 'original');
  const chosen = original.length > 0 ? original : entries;
  return unique(chosen.map((e) => textAt(e, `${role}-name/name`))).map((raw) => {
    const country = /\[([A-Z]{2})\]\s*$/.exec(raw)?.[1];
    const name = raw
      .replace(/\s*\[[A-Z]{2}\]\s*$/, '')
      .replace(/,\s*$/, '')
      .trim();
    return { name, type: role === 'inventor' ? 'person' : guessPartyType(name), country };
  });
}

function localizedTexts(els: XmlElement[], read: (el: XmlElement) => string): Patent['title'] {
  const texts = els
    .map((el) => ({ lang: (el.attrs.lang ?? '').toLowerCase() || undefined, text: read(el) }))
    .filter((t) => t.text);
  const main = texts.find((t) => t.lang === 'en') ?? texts[0];
  if (!main) return undefined;
  const translations: Record<string, string> = {};
  for (const t of texts) if (t !== main && t.lang) translations[t.lang] = t.text;
  return {
    lang: main.lang,
    text: main.text,
    translations: Object.keys(translations).length > 0 ? translations : undefined,
  };
}

function citationOf(el: XmlElement): Citation | undefined {
  const category = el.attrs['cited-by'];
  const patcit = at(el, 'patcit');
  if (patcit) {
    const id = docdb(patcit);
    const number = textAt(id, 'doc-number');
    if (!number) return undefined;
    return {
      number,
      country: textAt(id, 'country'),
      kind: textAt(id, 'kind'),
      date: normalisePartialDate(textAt(id, 'date')),
      category,
    };
  }
  const npl = at(el, 'nplcit');
  const body = text(npl);
  return body ? { number: `NPL-${npl?.attrs.num ?? el.attrs.sequence ?? '0'}`, category, text: body } : undefined;
}

/** An OPS exchange-document (biblio, abstract or full-cycle answer). */
export function mapExchangeDocument(doc: XmlElement): Patent {
  const country = doc.attrs.country;
  const number = doc.attrs['doc-number'];
  if (!country || !number) throw new Error('exchange-document without country/doc-number');
  const kind = doc.attrs.kind;
  const biblio = at(doc, 'bibliographic-data');
  const pub = docdb(at(biblio, 'publication-reference'));
  const app = docdb(at(biblio, 'application-reference'));
  const priorities = all(biblio, 'priority-claims/priority-claim').map((p) => docdb(p));
  const ipc = unique(
    all(biblio, 'classifications-ipcr/classification-ipcr').map((c) => {
      const raw = textAt(c, 'text')?.split(/\s{2,}|\s+[A-Z]\s+[A-Z]\s*$/)[0] ?? '';
      const m = /^([A-H]\d{2}[A-Z])\s*(\d+)\s*\/\s*(\d+)/.exec(raw.replace(/\s+/g, ' '));
      return m ? `${m[1]}${m[2]}/${m[3]}` : undefined;
    }),
  );
  const cpc = unique(all(biblio, 'patent-classifications/patent-classification').map(symbolFromParts));
  const publicationDate = normaliseDate(textAt(pub, 'date'));
  const priorityDates = priorities
    .map((p) => normaliseDate(textAt(p, 'date')))
    .filter(Boolean)
    .sort();
  return {
    publicationNumber: formatPublicationNumber(country, number, kind),
    applicationNumber: textAt(app, 'doc-number')
      ? `${textAt(app, 'country') ?? ''}${textAt(app, 'doc-number')}`
      : undefined,
    priorityNumbers: unique(
      priorities.map((p) => (p ? `${textAt(p, 'country') ?? ''}${textAt(p, 'doc-number') ?? ''}` : undefined)),
    ).filter((n) => n.length > 2),
    kind,
    patentType: patentTypeFromKind(country, kind),
    country,
    title: localizedTexts(kids(biblio, 'invention-title'), (el) => text(el)),
    abstract: localizedTexts(kids(doc, 'abstract'), (el) => blockText(el)),
    applicants: partiesOf(at(biblio, 'parties/applicants'), 'applicant'),
    inventors: partiesOf(at(biblio, 'parties/inventors'), 'inventor'),
    applicationDate: normaliseDate(textAt(app, 'date')),
    publicationDate,
    grantDate: kind?.startsWith('B') ? publicationDate : undefined,
    priorityDate: priorityDates[0],
    classifications: { ipc, ipcMain: ipc[0], cpc },
    citations: all(biblio, 'references-cited/citation')
      .map(citationOf)
      .filter((c): c is Citation => !!c),
    family: doc.attrs['family-id'] ? { inpadocFamilyId: doc.attrs['family-id'] } : undefined,
  };
}

/** An OPS fulltext-document (claims or description answer): a partial record keyed by its publication. */
export function mapFulltextDocument(doc: XmlElement): Patent {
  const id = docdb(at(doc, 'bibliographic-data/publication-reference'));
  const publicationNumber = numberOf(id);
  const country = textAt(id, 'country');
  if (!publicationNumber || !country) throw new Error('fulltext-document without publication reference');
  const claims = kids(doc, 'claims');
  const descriptions = kids(doc, 'description');
  return {
    publicationNumber,
    country,
    kind: textAt(id, 'kind'),
    claims: localizedTexts(claims, (el) => blockText(el)),
    description: localizedTexts(descriptions, (el) => blockText(el)),
    claimCount: claims[0]
      ? findAll(claims[0], 'claim-text').filter((c) => /^\s*\d+\s*\./.test(text(c))).length || undefined
      : undefined,
  };
}

/** An INPADOC legal event: code, gazette date, description with its details (e.g. designated states). */
function legalEventOf(el: XmlElement): NonNullable<Patent['legalEvents']>[number] {
  const fields = findAll(el, 'L500EP').flatMap((group) => kids(group));
  const details = fields.map((f) => `${f.attrs.desc ?? f.name}: ${text(f)}`).join('; ');
  const gazette = kids(el).find((k) => (k.attrs.desc ?? '').toLowerCase() === 'gazette date');
  const country = kids(el).find((k) => (k.attrs.desc ?? '').toLowerCase() === 'country code');
  return {
    code: el.attrs.code?.trim(),
    date: normaliseDate(text(gazette)),
    country: text(country) || undefined,
    description: [el.attrs.desc?.trim(), details].filter(Boolean).join(' — '),
  };
}

/** An OPS family member (family or legal answer): publication, application, priorities, legal events. */
function mapFamilyMember(member: XmlElement): Patent {
  const pub = docdb(at(member, 'publication-reference'));
  const publicationNumber = numberOf(pub);
  const country = textAt(pub, 'country');
  if (!publicationNumber || !country) throw new Error('family-member without publication reference');
  const app = docdb(at(member, 'application-reference'));
  const priorities = kids(member, 'priority-claim').map((p) => docdb(p));
  const kind = textAt(pub, 'kind');
  const publicationDate = normaliseDate(textAt(pub, 'date'));
  const priorityDates = priorities
    .map((p) => normaliseDate(textAt(p, 'date')))
    .filter(Boolean)
    .sort();
  return {
    publicationNumber,
    country,
    kind,
    patentType: patentTypeFromKind(country, kind),
    applicationNumber: textAt(app, 'doc-number')
      ? `${textAt(app, 'country') ?? ''}${textAt(app, 'doc-number')}`
      : undefined,
    applicationDate: normaliseDate(textAt(app, 'date')),
    publicationDate,
    priorityNumbers: unique(
      priorities.map((p) => (p ? `${textAt(p, 'country') ?? ''}${textAt(p, 'doc-number') ?? ''}` : undefined)),
    ),
    priorityDate: priorityDates[0],
    family: { inpadocFamilyId: member.attrs['family-id'] },
    legalEvents: kids(member, 'legal').map(legalEventOf),
  };
}

async function* readOpsXml(file: string): AsyncGenerator<ImportItem> {
  // Family members are held until the answer ends so that each can list the whole INPADOC family.
  const members: { record: Patent; line: number }[] = [];
  for await (const item of streamXmlElements(file, RECORD_ELEMENTS)) {
    if ('error' in item) {
      yield toErrorItem(new Error(item.error), file, item.line);
      continue;
    }
    try {
      if (item.el.name === 'family-member') members.push({ record: mapFamilyMember(item.el), line: item.line });
      else if (item.el.name === 'exchange-document') yield toImportItem(mapExchangeDocument(item.el), file, item.line);
      else yield toImportItem(mapFulltextDocument(item.el), file, item.line);
    } catch (err) {
      yield toErrorItem(err, file, item.line);
    }
  }
  const inpadoc = unique(members.map((m) => m.record.publicationNumber));
  for (const { record, line } of members) {
    yield toImportItem({ ...record, family: { ...record.family, inpadoc } }, file, line);
  }
}

export const epOpsXmlFormat: PatentFormat = {
  id: 'ep-ops-xml',
  description:
    'EPO Open Patent Services XML answers: published-data biblio/abstract/full-cycle (exchange-document), claims/description (fulltext-document), INPADOC family and legal (family-member with legal events).',
  detect(fileName: string, head: string): boolean {
    return /\.xml$/i.test(plainName(basename(fileName))) && /<ops:world-patent-data[\s>]/.test(head);
  },
  read: readOpsXml,
};
