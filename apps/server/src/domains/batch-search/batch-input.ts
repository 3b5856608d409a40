import { normalizeApplicationNumber, parsePublicationNumber } from '@patlas/engine';

/**
 * Splitting what users paste into a batch search (spec 1 §5: "separators comma, space, line
 * break"). A space also sits inside numbers as people write them ("CN 1234567 A",
 * "CN 202010123456.7"), so a lone office code and a lone kind code are joined to the digits
 * beside them instead of being taken as numbers of their own.
 */

/** Commas (half and full width), semicolons and line breaks always separate. */
const HARD_SEPARATORS = /[,，;；、\r\n]+/;
const OFFICE_CODE = /^[A-Za-z]{2}$/;
const KIND_CODE = /^[A-Za-z]\d?$/;
const STARTS_WITH_DIGIT = /^\d/;
/** Longest number text we take (the longest real forms are ~20 characters). */
const MAX_NUMBER_LENGTH = 40;

/** The numbers of one segment (text between hard separators), spaces resolved as described above. */
function numbersOfSegment(segment: string): string[] {
  const words = segment.split(/[\s\u3000]+/).filter(Boolean);
  const numbers: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let number = words[i]!;
    if (OFFICE_CODE.test(number) && STARTS_WITH_DIGIT.test(words[i + 1] ?? '')) number += words[++i];
    if (/\d$/.test(number) && KIND_CODE.test(words[i + 1] ?? '')) number += words[++i];
    numbers.push(number);
  }
  return numbers;
}

/** Every number written in the text, in order, each written form once. */
export function splitNumbers(text: string): string[] {
  return unique(text.split(HARD_SEPARATORS).flatMap(numbersOfSegment));
}

/** Applicants: names hold spaces, so only commas, semicolons and line breaks separate them. */
export function splitApplicants(text: string): string[] {
  return unique(
    text
      .split(HARD_SEPARATORS)
      .map((name) => name.replace(/["“”]/g, '').trim())
      .filter(Boolean),
  );
}

function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const key = value.toUpperCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/**
 * Why a written value cannot be a publication or application number, or undefined when it can.
 * Used by the imports to report a line instead of sending it to the search.
 */
export function numberProblem(value: string): 'tooLong' | 'notANumber' | undefined {
  if (value.length > MAX_NUMBER_LENGTH) return 'tooLong';
  if (!/\d/.test(value)) return 'notANumber';
  if (parsePublicationNumber(value) || normalizeApplicationNumber(value)) return undefined;
  return 'notANumber';
}
