import type { Party } from '@patlas/contracts';

type PartyType = NonNullable<Party['type']>;

const COMPANY =
  /\b(inc|incorporated|corp|corporation|co|company|companies|llc|l\.l\.c|llp|lp|l\.p|ltd|limited|gmbh|ag|kg|sa|s\.a|sas|srl|s\.r\.l|spa|s\.p\.a|bv|b\.v|nv|n\.v|ab|as|a\/s|oy|plc|pty|kk|k\.k|kabushiki|kaisha|holdings?|group|technologies|technology|systems|industries|enterprises|labs?|laboratories|gesellschaft|aktiengesellschaft|société|societe|trust|partners|international|manufacturing)\b\.?/i;
const UNIVERSITY =
  /\b(universit(y|ies|ät|at|é|e|a|ario)|college|school of|institute of technology|polytechnic|hochschule)\b/i;
const INSTITUTE =
  /\b(institut(e|o|ion)?|academy|research (center|centre|council|foundation|organi[sz]ation)|laborator(y|ies) of|fraunhofer|max[- ]planck|cnrs|inserm|commissariat|foundation|hospital|clinic)\b/i;
const GOVERNMENT =
  /\b(united states of america|secretary of|department of|ministry|government|navy|army|air force|national aeronautics|administrator|agency|state of|commonwealth of|the crown)\b/i;

/**
 * Guesses the kind of an English (or Latin-script) party name: university, institute, government,
 * company (legal-form suffixes such as Inc, Corp, LLC, Ltd, GmbH, Co), else person when it looks
 * like "Last; First" or two to four capitalised words, else other.
 */
export function guessPartyType(name: string): PartyType {
  if (UNIVERSITY.test(name)) return 'university';
  if (GOVERNMENT.test(name)) return 'government';
  if (INSTITUTE.test(name)) return 'institute';
  if (COMPANY.test(name)) return 'company';
  if (name.includes(';')) return 'person';
  const words = name.trim().split(/\s+/);
  if (
    words.length >= 2 &&
    words.length <= 5 &&
    words.every((w) => /^[\p{Lu}][\p{L}'.-]*,?$/u.test(w) || /^[\p{Lu}]\.?$/u.test(w))
  )
    return 'person';
  return 'other';
}

/** "First Middle Last" from name parts, skipping empty ones. */
export function personName(first?: string, last?: string, middle?: string): string {
  return [first, middle, last]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');
}

/** "Henley; Francois J." (USPTO search style, last name first) → "Francois J. Henley". */
export function fromLastFirst(name: string): string {
  const [last, first] = name.split(';').map((p) => p.trim());
  return first ? `${first} ${last ?? ''}`.trim() : name.trim();
}

/** Joins address parts into one line, dropping empty and placeholder values. */
export function joinAddress(parts: (string | undefined)[]): string | undefined {
  const kept = parts.map((p) => p?.trim()).filter((p): p is string => !!p && !/^(unknown|null|n\/a|none)$/i.test(p));
  return kept.length > 0 ? kept.join(', ') : undefined;
}
