import type { PatentType } from '@patlas/contracts';

/**
 * Kind code → patent type for the US and EP offices (WIPO ST.16 as each office uses it).
 * US: A (grants before 2001), B1/B2 grants, E reissues; A1/A2/A9 pre-grant publications; S design;
 * P/PP plant grants (P1/P4 plant applications); H statutory invention registrations.
 * EP: A1–A4/A8/A9 applications and search reports, B1–B3/B8/B9 granted patents.
 */
export function patentTypeFromKind(country: string, kind: string | undefined): PatentType | undefined {
  if (!kind) return undefined;
  const k = kind.toUpperCase();
  if (country === 'US') {
    if (k.startsWith('S')) return 'design';
    if (k === 'P1' || k === 'P4') return 'invention_application';
    if (k.startsWith('P') || k.startsWith('H') || k.startsWith('I')) return 'other';
    if (k === 'A1' || k === 'A2' || k === 'A9') return 'invention_application';
    if (k === 'A' || k.startsWith('B') || k.startsWith('E')) return 'invention_grant';
    return undefined;
  }
  if (country === 'EP' || country === 'WO') {
    if (k.startsWith('A')) return 'invention_application';
    if (k.startsWith('B')) return 'invention_grant';
    return undefined;
  }
  return undefined;
}

/**
 * Publication number as the store keys it: office + number without the zero padding + kind,
 * e.g. US + 07000000 + B2 → US7000000B2, US + D0907292 + S1 → USD907292S1, US + RE037398 + E → USRE37398E.
 * Numbers made of a year and a serial (US20050004437A1) keep their digits.
 */
export function formatPublicationNumber(country: string, docNumber: string, kind?: string): string {
  const compact = docNumber.replace(/[\s,./-]/g, '').toUpperCase();
  const withoutCountry = compact.startsWith(country) && /^[A-Z]{2}\d/.test(compact) ? compact.slice(2) : compact;
  const match = /^([A-Z]*)0*(\d+)([A-Z]\d?)?$/.exec(withoutCountry);
  const number = match ? `${match[1] ?? ''}${match[2] ?? ''}` : withoutCountry;
  const ownKind = match?.[3];
  const finalKind = (kind ?? ownKind ?? '').toUpperCase();
  return `${country}${number}${finalKind}`;
}
