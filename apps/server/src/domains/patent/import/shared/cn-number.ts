import type { PatentType } from '@patlas/contracts';

export interface PublicationNumberParts {
  /** Upper-cased, spaces and separators removed: CN119263322B. */
  publicationNumber: string;
  /** Two-letter office code. */
  country: string;
  /** Kind code (A, B, U, S, B1, B2…) when the number ends with one. */
  kind?: string;
}

/**
 * Splits a publication number as exporters write it (`cn119263322b`, `CN 108982325 A`,
 * `CN108982325.A`, `US7000000B2`, `USD907292S`) into office, number and kind. Returns undefined when it
 * does not start with a two-letter office code followed by digits.
 */
export function parsePublicationNumber(value: string): PublicationNumberParts | undefined {
  const compacted = value
    .normalize('NFKC')
    .replace(/[\s.\-_/]/g, '')
    .toUpperCase();
  const match = /^([A-Z]{2})([A-Z]{0,2}\d+)([A-Z]\d?)?$/.exec(compacted);
  if (!match) return undefined;
  const [, country = '', , kind] = match;
  return kind ? { publicationNumber: compacted, country, kind } : { publicationNumber: compacted, country };
}

/**
 * CNIPA kind codes (standard since 2010, plus the pre-2010 C/Y/D grants):
 * A published invention application; B (C before 2010) granted invention;
 * U (Y) utility model; S (D) design.
 */
export function patentTypeFromCnKind(kind: string | undefined): PatentType | undefined {
  switch (kind?.charAt(0)) {
    case 'A':
      return 'invention_application';
    case 'B':
    case 'C':
      return 'invention_grant';
    case 'U':
    case 'Y':
      return 'utility_model';
    case 'S':
    case 'D':
      return 'design';
    default:
      return undefined;
  }
}
