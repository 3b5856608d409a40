/**
 * Patent number normalisation (DESIGN.md "Text and relevance"): CN1234567A, CN 1234567 A,
 * cn1234567a and the application number with or without its check digit must all find the
 * same record. We reduce every written form to a few canonical keys; the store indexes a
 * record under all of its keys and a lookup tries the keys of the input.
 */

export interface ParsedPublicationNumber {
  /** Two-letter office code, upper case. */
  country: string;
  /** Serial part without leading zeros, with its letter prefix if any (D907292, RE45123, PP12345). */
  serial: string;
  /** Kind code (A, B, U, S, A1, B2…), upper case; absent when not written. */
  kind?: string;
}

const FULL_WIDTH = /[\uFF01-\uFF5E]/g;

/** Full-width to half-width, upper case, and drop the separators people type inside numbers. */
function clean(input: string): string {
  return input
    .replace(FULL_WIDTH, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .toUpperCase()
    .replace(/[\s,\-/_]/g, '');
}

/**
 * Parses a publication number in any common written form.
 * Returns undefined when the text does not look like one (no country code or no digits).
 */
export function parsePublicationNumber(input: string): ParsedPublicationNumber | undefined {
  const text = clean(input).replace(/\./g, '');
  // country, optional letter prefix of the serial (D, RE, PP, H, T), digits, optional kind
  const match = /^([A-Z]{2})(D|RE|PP|H|T|RX|AI)?0*(\d+)([A-Z]\d?)?$/.exec(text);
  if (!match) return undefined;
  const [, country, prefix, digits, kind] = match;
  if (!country || !digits) return undefined;
  return { country, serial: `${prefix ?? ''}${digits}`, ...(kind ? { kind } : {}) };
}

/** Canonical publication number: country + serial (no leading zeros) + kind, e.g. US7000000B2. */
export function normalizePublicationNumber(input: string): string | undefined {
  const parsed = parsePublicationNumber(input);
  if (!parsed) return undefined;
  return `${parsed.country}${parsed.serial}${parsed.kind ?? ''}`;
}

/**
 * Canonical application number: country (when written or known) + digits, check digit removed.
 * CN application numbers are 8 (before 2003) or 12 digits, followed by a check digit after a dot
 * (CN202010123456.7); written without the dot the 9th/13th digit is that check digit.
 */
export function normalizeApplicationNumber(input: string, country?: string): string | undefined {
  let text = clean(input).replace(/^ZL/, '');
  let cc = country?.toUpperCase();
  const prefix = /^([A-Z]{2})(?=[\dA-Z])/.exec(text);
  if (prefix?.[1]) {
    cc = prefix[1];
    text = text.slice(2);
  }
  const dot = text.indexOf('.');
  let digits = (dot >= 0 ? text.slice(0, dot) : text).replace(/\./g, '');
  if (!/^[\dA-Z]+$/.test(digits) || !/\d/.test(digits)) return undefined;
  if (
    dot < 0 &&
    (cc === 'CN' || cc === undefined) &&
    /^\d+$/.test(digits) &&
    (digits.length === 13 || digits.length === 9)
  ) {
    digits = digits.slice(0, -1);
  }
  return `${cc ?? ''}${digits}`;
}

/**
 * Every key a record is indexed under: publication number with and without kind, application
 * number with and without country, priority numbers.
 */
export function numberKeysForRecord(record: {
  publicationNumber: string;
  applicationNumber?: string | undefined;
  country?: string | undefined;
}): string[] {
  const keys = new Set<string>();
  const pub = parsePublicationNumber(record.publicationNumber);
  if (pub) {
    keys.add(`${pub.country}${pub.serial}${pub.kind ?? ''}`);
    keys.add(`${pub.country}${pub.serial}`);
  } else {
    keys.add(clean(record.publicationNumber));
  }
  if (record.applicationNumber) {
    const app = normalizeApplicationNumber(record.applicationNumber, record.country);
    if (app) {
      keys.add(app);
      keys.add(app.replace(/^[A-Z]{2}(?=\d)/, ''));
    }
  }
  return [...keys];
}

/** The keys to try for a number typed by a user: it may be a publication or an application number. */
export function numberKeysForLookup(input: string): string[] {
  const keys = new Set<string>();
  const pub = parsePublicationNumber(input);
  if (pub) {
    if (pub.kind) keys.add(`${pub.country}${pub.serial}${pub.kind}`);
    keys.add(`${pub.country}${pub.serial}`);
  }
  const app = normalizeApplicationNumber(input);
  if (app) {
    keys.add(app);
    const bare = app.replace(/^[A-Z]{2}(?=\d)/, '');
    keys.add(bare);
  }
  const raw = clean(input);
  if (raw) keys.add(raw);
  return [...keys].filter((k) => k.length >= 3);
}

/** A number as the quick search reads it: which field it belongs to, and its compact written form. */
export interface RecognisedNumber {
  /** `either`: an office code and digits without a kind code (US14190982 is an application, US8930553 a patent). */
  kind: 'publication' | 'application' | 'either';
  /** Publication numbers canonical (US8930553B2); application numbers as typed without separators (CN202110123456.7). */
  number: string;
}

/** Fewest serial digits of a publication number read from free text (PM2.5, CN2020 are words, not numbers). */
const MIN_PUBLICATION_DIGITS = 5;
/** Fewest digits of an application number written without an office code (16/123,456; 202110123456.7). */
const MIN_BARE_APPLICATION_DIGITS = 8;

/**
 * Reads one word of free text as a patent number, strictly: unlike an import line, a quick search
 * word is a number only when it cannot be read as anything else. A publication number has an
 * office code and at least 5 digits (CN215644798U, US 8,930,553 B2, EP1000000); an application
 * number carries a check digit (CN202110123456.7), the ZL prefix, a Chinese 8/12-digit serial
 * after CN, or no office code and at least 8 digits (2021101234567, 16/123,456). Office code and
 * digits without a kind code outside China (US14190982, US8930553) may be either.
 */
export function recognisePatentNumber(input: string): RecognisedNumber | undefined {
  const text = clean(input);
  const application = /^(ZL|[A-Z]{2})?(\d+)(\.[\dX])?$/.exec(text);
  if (application) {
    const [, prefix, digits = '', check] = application;
    // Chinese serials: 8 digits before 2003, 12 since; the check digit follows (after a dot, or as a 13th digit).
    const isChineseSerial = digits.length === 8 || digits.length === 12;
    const isApplication =
      (check !== undefined && isChineseSerial) ||
      (prefix === 'ZL' && (isChineseSerial || digits.length === 13)) ||
      (prefix === undefined && check === undefined && digits.length >= MIN_BARE_APPLICATION_DIGITS) ||
      (prefix === 'CN' && check === undefined && (isChineseSerial || digits.length === 13));
    if (isApplication && normalizeApplicationNumber(text)) return { kind: 'application', number: text };
  }
  const publication = parsePublicationNumber(text);
  if (!publication || (publication.serial.match(/\d/g) ?? []).length < MIN_PUBLICATION_DIGITS) return undefined;
  const number = `${publication.country}${publication.serial}${publication.kind ?? ''}`;
  // Outside China an office code and bare digits read as either number (US 14/190,982 is an application).
  const isEither = !publication.kind && publication.country !== 'CN' && /^\d+$/.test(publication.serial);
  return { kind: isEither ? 'either' : 'publication', number };
}
