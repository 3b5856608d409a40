import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Citation, Party, Patent } from '@patlas/contracts';
import type { DrawingSource, ImportItem, PatentFormat } from '../format.js';
import { normaliseDate, normalisePartialDate } from '../shared/dates.js';
import { plainName, readLines } from '../shared/open-text.js';
import { ipcFromFixed, locarno, symbolFromParts, unique, uspcFromFixed } from '../shared/us-classes.js';
import { formatPublicationNumber, patentTypeFromKind } from '../shared/us-kind-codes.js';
import { guessPartyType, joinAddress, personName } from '../shared/us-parties.js';
import { localized, toErrorItem, toImportItem } from '../shared/validate-record.js';
import { all, at, blockText, find, findAll, kids, rawText, text, textAt } from '../shared/xml-query.js';
import { splitXmlDocuments } from '../shared/xml-split.js';
import type { XmlElement } from '../shared/xml-tree.js';
import { parseXml } from '../shared/xml-tree.js';

const ROOTS = new Set(['us-patent-grant', 'us-patent-application']);

/** A party from an ICE `addressbook` (person names or organisation, address). */
function partyFrom(holder: XmlElement): Party | undefined {
  const book = at(holder, 'addressbook') ?? holder;
  const org = textAt(book, 'orgname');
  const name = org ?? personName(textAt(book, 'first-name'), textAt(book, 'last-name'), textAt(book, 'middle-name'));
  if (!name) return undefined;
  const address = at(book, 'address');
  const country = textAt(address, 'country') ?? textAt(holder, 'residence/country');
  const city = textAt(address, 'city');
  const state = textAt(address, 'state');
  return {
    name,
    type: org ? guessPartyType(org) : 'person',
    address: joinAddress([
      textAt(address, 'street'),
      textAt(address, 'address-1'),
      textAt(address, 'address-2'),
      city,
      state,
      textAt(address, 'postcode'),
      country,
    ]),
    country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    province: state,
    city,
  };
}

function citationFrom(el: XmlElement): Citation | undefined {
  const category = textAt(el, 'category');
  const patcit = at(el, 'patcit');
  if (patcit) {
    const id = at(patcit, 'document-id');
    const number = textAt(id, 'doc-number');
    if (!number) return undefined;
    return {
      number,
      country: textAt(id, 'country'),
      kind: textAt(id, 'kind'),
      date: normalisePartialDate(textAt(id, 'date')),
      category,
      applicant: textAt(id, 'name'),
    };
  }
  const npl = at(el, 'nplcit');
  if (npl) {
    const body = text(npl);
    if (!body) return undefined;
    // Non-patent literature has no number: keep the citation's own sequence number so it stays addressable.
    return { number: `NPL-${npl.attrs.num ?? '0'}`, category, text: body };
  }
  return undefined;
}

/** Domestic benefit claims (provisionals, parents of continuations and divisions) and foreign priorities. */
function priorities(biblio: XmlElement): { numbers: string[]; dates: string[] } {
  const numbers: string[] = [];
  const dates: string[] = [];
  const add = (country: string | undefined, number: string | undefined, date: string | undefined): void => {
    if (!number) return;
    numbers.push(`${country ?? ''}${number}`);
    const iso = normaliseDate(date);
    if (iso) dates.push(iso);
  };
  for (const claim of all(biblio, 'priority-claims/priority-claim'))
    add(textAt(claim, 'country'), textAt(claim, 'doc-number'), textAt(claim, 'date'));
  const related = at(biblio, 'us-related-documents') ?? at(biblio, 'related-documents');
  for (const provisional of kids(related, 'us-provisional-application')) {
    const id = at(provisional, 'document-id');
    add(textAt(id, 'country'), textAt(id, 'doc-number'), textAt(id, 'date'));
  }
  for (const parent of findAll(related, 'parent-doc')) {
    const id = at(parent, 'document-id');
    add(textAt(id, 'country'), textAt(id, 'doc-number'), textAt(id, 'date'));
  }
  return { numbers: unique(numbers), dates: dates.sort() };
}

/** Figure descriptions from "Brief description of the drawings": FIG. n → text of its paragraph. */
function figureDescriptions(root: XmlElement): string[] {
  return kids(find(root, 'description-of-drawings'), 'p')
    .map((p) => text(p))
    .filter((t) => /^FIGS?\.?\s*\d/i.test(t));
}

interface Drawings {
  drawings: NonNullable<Patent['drawings']>;
  sources: DrawingSource[];
}

/**
 * Drawing sheets whose TIFF sits beside the XML (as in the USPTO grant packages). Sheet D00000 is the
 * front-page copy of a figure and is left out. A sheet is captioned with its figure's description when
 * every sheet holds one figure; when sheets hold several figures the XML does not say which, so each
 * sheet's caption lists all the figure descriptions rather than guessing.
 */
function drawingsFrom(root: XmlElement, file: string, publicationNumber: string): Drawings {
  const folder = dirname(file);
  const sheets = findAll(at(root, 'drawings'), 'img')
    .map((img) => img.attrs.file)
    .filter((name): name is string => !!name && !/-D00000\./i.test(name) && existsSync(join(folder, name)));
  const descriptions = figureDescriptions(root);
  const oneFigurePerSheet = descriptions.length === sheets.length;
  const drawings: Drawings = { drawings: [], sources: [] };
  sheets.forEach((name, index) => {
    const sheet = /-(D\d{5})\./i.exec(name)?.[1] ?? `D${String(index + 1).padStart(5, '0')}`;
    const out = `${publicationNumber}-${sheet}.png`;
    drawings.drawings.push({ file: out, caption: oneFigurePerSheet ? descriptions[index] : descriptions.join('\n') });
    drawings.sources.push({ file: out, path: join(folder, name) });
  });
  return drawings;
}

/** Maps one ICE XML document (grant v4.0–v4.5 or application v4.x) to a Patent. */
export function mapUsIceDocument(root: XmlElement, file: string): { record: Patent; drawingSources: DrawingSource[] } {
  if (!ROOTS.has(root.name)) throw new Error(`unexpected root element <${root.name}>`);
  const isGrant = root.name === 'us-patent-grant';
  const biblio = kids(root).find((k) => k.name.startsWith('us-bibliographic-data'));
  if (!biblio) throw new Error('missing us-bibliographic-data element');
  const pub = at(biblio, 'publication-reference/document-id');
  const docNumber = textAt(pub, 'doc-number');
  if (!docNumber) throw new Error('missing publication doc-number');
  const country = textAt(pub, 'country') ?? 'US';
  const kind = textAt(pub, 'kind');
  const publicationNumber = formatPublicationNumber(country, docNumber, kind);
  const publicationDate = normaliseDate(textAt(pub, 'date') ?? root.attrs['date-publ']);
  const appRef = at(biblio, 'application-reference');
  const app = at(appRef, 'document-id');
  const applType = appRef?.attrs['appl-type'];

  const parties = at(biblio, 'us-parties') ?? at(biblio, 'parties');
  const applicantEls = [...all(parties, 'us-applicants/us-applicant'), ...all(parties, 'applicants/applicant')];
  const inventorEls = all(parties, 'inventors/inventor');
  // Before AIA (v4.0–v4.2) the inventors are the applicants marked applicant-inventor.
  const inventors = (
    inventorEls.length > 0 ? inventorEls : applicantEls.filter((a) => (a.attrs['app-type'] ?? '').includes('inventor'))
  ).map(partyFrom);
  const applicants = applicantEls.map(partyFrom);
  const assignees = all(biblio, 'assignees/assignee').map(partyFrom);
  const agents = all(parties, 'agents/agent')
    .map((a) => partyFrom(a)?.name)
    .filter((n): n is string => !!n);
  const examiners = kids(at(biblio, 'examiners'))
    .map((e) => personName(textAt(e, 'first-name'), textAt(e, 'last-name')))
    .filter(Boolean);

  const ipc = unique([
    ...all(biblio, 'classifications-ipcr/classification-ipcr').map(symbolFromParts),
    ...['main-classification', 'further-classification'].flatMap((tag) =>
      all(biblio, `classification-ipc/${tag}`).map((el) => ipcFromFixed(rawText(el))),
    ),
  ]);
  const cpc = unique(findAll(at(biblio, 'classifications-cpc'), 'classification-cpc').map(symbolFromParts));
  const national = at(biblio, 'classification-national');
  const upc = unique(
    [...kids(national, 'main-classification'), ...kids(national, 'further-classification')].map((el) =>
      uspcFromFixed(rawText(el)),
    ),
  );
  const loc = unique(all(biblio, 'classification-locarno/main-classification').map((el) => locarno(text(el))));

  const citationEls = [...all(biblio, 'references-cited/citation'), ...all(biblio, 'us-references-cited/us-citation')];
  const { numbers: priorityNumbers, dates: priorityDates } = priorities(biblio);
  const related = all(biblio, 'us-related-documents/related-publication').map((r) => {
    const id = at(r, 'document-id');
    const n = textAt(id, 'doc-number');
    return n ? formatPublicationNumber(textAt(id, 'country') ?? 'US', n, textAt(id, 'kind')) : undefined;
  });
  const claimEls = findAll(at(root, 'claims'), 'claim');
  const claimsText = claimEls.map((c) => blockText(c)).join('\n');
  const drawings = drawingsFrom(root, file, publicationNumber);
  const numberOfClaims = Number(textAt(biblio, 'number-of-claims'));
  const patentType =
    applType === 'design' ? 'design' : (patentTypeFromKind(country, kind) ?? (isGrant ? 'invention_grant' : undefined));

  const record: Patent = {
    publicationNumber,
    applicationNumber: textAt(app, 'doc-number')
      ? `${textAt(app, 'country') ?? 'US'}${textAt(app, 'doc-number')}`
      : undefined,
    priorityNumbers,
    kind,
    patentType,
    country,
    title: localized(textAt(biblio, 'invention-title')),
    abstract: localized(blockText(at(root, 'abstract'))),
    claims: localized(claimsText),
    description: localized(blockText(at(root, 'description'))),
    applicants: applicants.filter((p): p is Party => !!p),
    assignees: assignees.filter((p): p is Party => !!p),
    inventors: inventors.filter((p): p is Party => !!p),
    agents,
    examiners,
    applicationDate: normaliseDate(textAt(app, 'date')),
    publicationDate,
    grantDate: isGrant ? publicationDate : undefined,
    priorityDate: priorityDates[0],
    classifications: { ipc, ipcMain: ipc[0], cpc, upc, loc },
    citations: citationEls.map(citationFrom).filter((c): c is Citation => !!c),
    family: related.length > 0 ? { simple: unique([publicationNumber, ...related]) } : undefined,
    drawings: drawings.drawings,
    claimCount: Number.isInteger(numberOfClaims) && numberOfClaims >= 0 ? numberOfClaims : claimEls.length || undefined,
  };
  return { record, drawingSources: drawings.sources };
}

/** Reads a file of one or several concatenated ICE XML documents, one record per document. */
async function* readIceXml(file: string): AsyncGenerator<ImportItem> {
  for await (const doc of splitXmlDocuments(readLines(file))) {
    try {
      const root = parseXml(doc.text);
      // Sequence listings travel as separate documents after their patent; they are not records.
      if (root.name === 'sequence-cwu') continue;
      const { record, drawingSources } = mapUsIceDocument(root, file);
      yield toImportItem(record, file, doc.line, drawingSources);
    } catch (err) {
      yield toErrorItem(err, file, doc.line);
    }
  }
}

export const usGrantXmlFormat: PatentFormat = {
  id: 'us-grant-xml',
  description:
    'USPTO full-text XML (ICE DTD v4.0–v4.5, 2005 on): grants (ipgYYMMDD weekly files of concatenated documents, single-patent files) and pre-grant applications (ipa/xmlApp); TIFF drawings beside the XML are picked up.',
  detect(fileName: string, head: string): boolean {
    return /\.xml$/i.test(plainName(basename(fileName))) && /<us-patent-(grant|application)[\s>]/.test(head);
  },
  read: readIceXml,
};
