import { normalizeApplicationNumber, parsePublicationNumber } from '@patlas/engine';

/** Longest number text we take (the longest real forms are ~20 characters). */
const MAX_NUMBER_LENGTH = 40;

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
