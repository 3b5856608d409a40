import { basename } from 'node:path';
import type { Citation, Party, Patent } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';
import { normaliseDate, normalisePartialDate } from '../shared/dates.js';
import { htmlToText } from '../shared/html-text.js';
import { streamJsonArray } from '../shared/json-stream.js';
import { plainName, readHead } from '../shared/open-text.js';
import { unique } from '../shared/us-classes.js';
import { formatPublicationNumber, patentTypeFromKind } from '../shared/us-kind-codes.js';
import { fromLastFirst, guessPartyType, joinAddress } from '../shared/us-parties.js';
import { localized, toErrorItem, toImportItem } from '../shared/validate-record.js';

type Doc = Record<string, unknown>;

/** A value that may be a string, a list of strings, null or the literal "None"/"N/A". */
function list(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value == null ? [] : [value];
  return values
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map((v) => String(v).trim())
    .filter((v) => v !== '' && !/^(none|n\/a|null)$/i.test(v));
}

function first(value: unknown): string | undefined {
  return list(value)[0];
}

function split(value: unknown): string[] {
  return list(value).flatMap((v) =>
    v
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** "H01L21/30604 20130101" → "H01L21/30604". */
function symbol(value: string): string {
  return value.split(/\s+/)[0] ?? value;
}

function parties(names: string[], doc: Doc, prefix: string, isPerson: boolean): Party[] {
  const cities = list(doc[`${prefix}City`]);
  const states = list(doc[`${prefix}State`]);
  const countries = list(doc[`${prefix}Country`]);
  return names.map((raw, i) => {
    const name = isPerson ? fromLastFirst(raw) : raw;
    const country = countries[i];
    return {
      name,
      type: isPerson ? 'person' : guessPartyType(name),
      city: cities[i],
      province: states[i],
      country: country && /^[A-Z]{2}$/.test(country) ? country : undefined,
      address: joinAddress([cities[i], states[i], country]),
    };
  });
}

function citations(doc: Doc): Citation[] {
  const us = list(doc.urpn);
  const usDates = list(doc.usRefIssueDate);
  const usNames = list(doc.usRefPatenteeName);
  const foreign = list(doc.foreignRefPatentNumber);
  const foreignCountries = list(doc.foreignRefCountryCode);
  const foreignDates = list(doc.foreignRefPubDate);
  const other = list(doc.otherRefPub);
  return [
    ...us.map((number, i) => ({
      number,
      country: 'US',
      date: normalisePartialDate(usDates[i]),
      applicant: usNames[i],
    })),
    ...foreign.map((number, i) => ({
      number: number.replace(/\s+/g, ''),
      country: foreignCountries[i],
      date: normalisePartialDate(foreignDates[i]),
    })),
    ...other.map((ref, i) => ({ number: `NPL-${i + 1}`, text: htmlToText(ref) })),
  ];
}

/**
 * Maps one USPTO Patent Public Search (PPUBS) document, full text (doc.json) or bibliographic (biblio.json).
 * guid "US-6103599-A" carries the number and kind; lists come as JSON arrays; text fields are HTML.
 */
export function mapPpubsDocument(doc: Doc): Patent {
  const guid = first(doc.guid) ?? '';
  const match = /^([A-Z]{2})-([A-Z]*\d+)-([A-Z]\d?)$/.exec(guid);
  if (!match?.[1] || !match[2]) throw new Error(`guid "${guid}" is not like US-6103599-A`);
  const [, country, number, kind] = match;
  const publicationNumber = formatPublicationNumber(country, number, kind);
  const isGrant = doc.type === 'USPAT' || doc.type === 'USOCR';
  const publicationDate = normaliseDate(first(doc.datePublished));
  const appNumber = first(doc.applicationNumber)?.replace(/\D/g, '');
  const ipc = unique(split(doc.ipcCodeFlattened).map(symbol));
  const cpc = unique([...split(doc.cpcInventiveFlattened), ...split(doc.cpcAdditionalFlattened)].map(symbol));
  const upc = unique([first(doc.mainClassificationCode), ...split(doc.uspcFullClassificationFlattened)]).filter(
    (c) => c !== '1/1',
  );
  const claimCount = Number(first(doc.numberOfClaims));
  const pageCount = Number(first(doc.pageCount));
  const priorityDates = list(doc.priorityClaimsDate).map(normaliseDate).filter(Boolean).sort();
  const examiners = [first(doc.primaryExaminer), ...list(doc.assistantExaminer)]
    .filter((e): e is string => !!e)
    .map(fromLastFirst);
  const patentType = patentTypeFromKind(country, kind) ?? (isGrant ? 'invention_grant' : 'invention_application');
  return {
    publicationNumber,
    applicationNumber: appNumber ? `US${appNumber}` : undefined,
    kind,
    patentType,
    country,
    title: localized(first(doc.inventionTitle)),
    abstract: localized(htmlToText(first(doc.abstractHtml))),
    claims: localized(htmlToText(first(doc.claimsHtml))),
    description: localized(
      [first(doc.backgroundTextHtml), first(doc.briefHtml), first(doc.descriptionHtml)]
        .map((h) => htmlToText(h))
        .filter(Boolean)
        .join('\n'),
    ),
    applicants: parties(list(doc.applicantName), doc, 'applicant', false),
    assignees: parties(list(doc.assigneeName), doc, 'assignee', false),
    inventors: parties(list(doc.inventorsName), doc, 'inventor', true),
    agency: first(doc.legalFirmName),
    examiners,
    applicationDate: normaliseDate(first(doc.applicationFilingDate)),
    publicationDate,
    grantDate: isGrant ? publicationDate : undefined,
    priorityDate: priorityDates[0],
    classifications: { ipc, ipcMain: ipc[0], cpc, upc },
    citations: citations(doc),
    family: first(doc.familyIdentifierCur) ? { simpleFamilyId: first(doc.familyIdentifierCur) } : undefined,
    claimCount: Number.isInteger(claimCount) ? claimCount : undefined,
    pageCount: Number.isInteger(pageCount) ? pageCount : undefined,
  };
}

async function* readPpubs(file: string): AsyncGenerator<ImportItem> {
  // Search responses wrap the documents: {"patents": [...]}; the document endpoint answers a bare array.
  const head = await readHead(file, 512);
  const key = head.trimStart().startsWith('{') ? (/"docs"\s*:/.test(head) ? 'docs' : 'patents') : undefined;
  for await (const item of streamJsonArray(file, key)) {
    if ('error' in item) {
      yield toErrorItem(new Error(item.error), file, item.line);
      continue;
    }
    try {
      yield toImportItem(mapPpubsDocument(item.value as Doc), file, item.line);
    } catch (err) {
      yield toErrorItem(err, file, item.line);
    }
  }
}

export const usPpubsJsonFormat: PatentFormat = {
  id: 'us-ppubs-json',
  description:
    'USPTO Patent Public Search API responses (JSON): document lists (doc.json) and search pages {"patents": [...]}.',
  detect(fileName: string, head: string): boolean {
    return (
      /\.json$/i.test(plainName(basename(fileName))) &&
      (/"guid"\s*:\s*"[A-Z]{2}-/.test(head) || /"patents"\s*:\s*\[\s*\{\s*"guid"/.test(head))
    );
  },
  read: readPpubs,
};
