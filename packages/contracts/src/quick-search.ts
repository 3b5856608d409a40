import { MAX_EXPRESSION_LENGTH } from './limits.js';
import { splitBatchNumbers } from './batch-search.js';
import { recognisePatentNumber, type RecognisedNumber } from './patent-numbers.js';

/**
 * Issue 14: a quick search that is only patent or application numbers (one, or a pasted list in
 * any written form) searches them as numbers. The numbers are split as batch search splits them
 * and read with the store's number rules (patent-numbers.ts).
 */

/**
 * The expression searching these numbers: publication numbers in PN, application numbers in AN,
 * numbers that may be either in both.
 */
export function numbersExpression(numbers: readonly RecognisedNumber[]): string {
  const group = (field: string, kind: 'publication' | 'application'): string | undefined => {
    const values = [...new Set(numbers.filter((n) => n.kind === kind || n.kind === 'either').map((n) => n.number))];
    if (values.length === 0) return undefined;
    return values.length === 1 ? `${field}=${values[0]}` : `${field}=(${values.join(' OR ')})`;
  };
  return [group('PN', 'publication'), group('AN', 'application')].filter(Boolean).join(' OR ');
}

/**
 * When every word of the text is a patent or application number: the expression that searches
 * them as numbers (`PN=(CN215644798U OR US8930553B2) OR AN=CN202110123456.7`); otherwise undefined.
 */
export function numberSearchExpression(text: string): string | undefined {
  const numbers: RecognisedNumber[] = [];
  for (const word of splitBatchNumbers(text)) {
    const number = recognisePatentNumber(word);
    if (!number) return undefined;
    numbers.push(number);
  }
  if (numbers.length === 0) return undefined;
  const expression = numbersExpression(numbers);
  return expression.length <= MAX_EXPRESSION_LENGTH ? expression : undefined;
}
