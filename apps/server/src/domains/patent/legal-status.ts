import { normaliseLegalStatus, type CurrentLegalStatus, type Patent, type PatentType } from '@patlas/contracts';
import { parsePublicationNumber } from '@patlas/engine';
import { patentTypeFromCnKind } from './import/shared/cn-number.js';
import { patentTypeFromKind } from './import/shared/us-kind-codes.js';

/**
 * The current legal status of a record, for the badge beside its number. Most sources carry no
 * legal status, so when the record states none it is worked out from what the record does say,
 * and the answer names its basis (the page says "estimated from …"):
 *
 * 1. the source's own status text (有效 / 失效 / 审中, active / expired / pending…);
 * 2. the record's expiry date: passed → inactive; to come on a grant → granted until then;
 * 3. the statutory term, counted from the application date (grant date for US designs):
 *    inventions 20 years (CN Patent Law art. 42, 35 U.S.C. 154, EPC art. 63), utility models
 *    10 years, CN designs 10 years (15 when filed from 2021-06-01), US designs 14 years from grant
 *    (15 when filed from 2015-05-13); ended → inactive, else granted (a grant) or published;
 * 4. the kind of document: a grant → granted, an application → published.
 *
 * Nothing is claimed beyond that: a granted patent inside its term may still have lapsed for
 * unpaid fees, which only a source status or a legal event says.
 */
export function currentLegalStatus(patent: Patent, today: string): CurrentLegalStatus | undefined {
  const text = patent.legalStatus?.trim();
  if (text) return { code: legalStatusCodeOf(text), basis: 'source', text };
  const type = patentTypeOf(patent);
  const isGrant = type === 'invention_grant' || type === 'utility_model' || type === 'design';
  if (patent.expiryDate) {
    if (patent.expiryDate <= today) return { code: 'inactive', basis: 'expiryDate', date: patent.expiryDate };
    if (isGrant) return { code: 'granted', basis: 'expiryDate', date: patent.expiryDate };
  }
  const termEnd = statutoryTermEnd(patent, type);
  if (termEnd) {
    if (termEnd <= today) return { code: 'inactive', basis: 'term', date: termEnd };
    if (isGrant) return { code: 'granted', basis: 'term', date: termEnd };
    return { code: 'published', basis: 'term', date: termEnd };
  }
  if (isGrant) return { code: 'granted', basis: 'kind' };
  if (type === 'invention_application') return { code: 'published', basis: 'kind' };
  return undefined;
}

/**
 * A source's status wording → its code, through the one normaliser the analysis classes use too
 * (contracts legal-status.ts): a right that ended → inactive; in force → granted when the wording
 * says 授权, else active; pending → published when it says 公开/公布, else pending. Wording in no
 * class (PCT phases, 其他) stays `other` and is shown as written.
 */
export function legalStatusCodeOf(text: string): CurrentLegalStatus['code'] {
  const status = normaliseLegalStatus(text);
  switch (status?.class) {
    case 'rejected':
    case 'withdrawn':
    case 'lapsed':
      return 'inactive';
    case 'valid':
      return status.detail === 'granted' ? 'granted' : 'active';
    case 'pending':
      return status.detail === 'published' ? 'published' : 'pending';
    default:
      return 'other';
  }
}

/** The record's patent type, or the one its kind code gives. */
export function patentTypeOf(patent: Patent): PatentType | undefined {
  if (patent.patentType) return patent.patentType;
  const country = patent.country.toUpperCase();
  const kind = patent.kind ?? parsePublicationNumber(patent.publicationNumber)?.kind;
  return country === 'CN' ? patentTypeFromCnKind(kind) : patentTypeFromKind(country, kind);
}

const CN_DESIGN_15_YEARS_FROM = '2021-06-01';
const US_DESIGN_15_YEARS_FROM = '2015-05-13';

/** The last day of protection the law allows, when the record has the dates it is counted from. */
export function statutoryTermEnd(patent: Patent, type: PatentType | undefined): string | undefined {
  const filed = patent.applicationDate;
  const country = patent.country.toUpperCase();
  switch (type) {
    case 'invention_application':
    case 'invention_grant':
      return filed ? addYears(filed, 20) : undefined;
    case 'utility_model':
      return filed ? addYears(filed, 10) : undefined;
    case 'design':
      if (country === 'CN' && filed) return addYears(filed, filed >= CN_DESIGN_15_YEARS_FROM ? 15 : 10);
      if (country === 'US' && patent.grantDate) {
        const years = filed && filed >= US_DESIGN_15_YEARS_FROM ? 15 : 14;
        return addYears(patent.grantDate, years);
      }
      return undefined;
    default:
      return undefined;
  }
}

/** `YYYY-MM-DD` plus whole years; 29 February falls back to the 28th. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !isLeap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
