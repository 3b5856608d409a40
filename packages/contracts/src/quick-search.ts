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

/**
 * An IPC/CPC symbol read from free text, strictly (issue 43): section, class, subclass, then a
 * group and subgroup after a slash (G06F3/01, H04N 5/225, Y02E60/10). A subclass alone (G06F)
 * stays a word. Returns the symbol without spaces, upper case.
 */
export function recogniseClassSymbol(input: string): string | undefined {
  const text = input
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\s+/g, '')
    .toUpperCase();
  return /^[A-HY]\d{2}[A-Z]\d{1,4}\/\d{2,6}$/.test(text) ? text : undefined;
}

/** A subclass written apart from its group (`H04N 5/225`): the two words are one symbol. */
const SUBCLASS = /^[A-HYa-hy]\d{2}[A-Za-z]$/;
const GROUP = /^\d{1,4}\/\d{2,6}$/;

/**
 * A word that can be (part of) a number or a symbol: it holds a digit, or it is an office or kind
 * code written apart (`US 8,930,553 B2`, `ZL 2021…`). Any other word ends the reading at once, so
 * a long expression of words costs next to nothing.
 */
const CODE_PART = /[\d\uFF10-\uFF19]|^[A-Za-z\uFF21-\uFF3A\uFF41-\uFF5A]{1,2}\d?$/;

/** The words of a pasted list: numbers as batch search splits them, class symbols kept whole; undefined at the first word that is neither. */
function codeWords(text: string): string[] | undefined {
  const words: string[] = [];
  // Digits grouped by thousands (US 8,930,553 B2) keep their commas out of the split, as batch search does.
  const joined = text.replace(/(?<!\d)\d{1,3}(?:,\d{3})+(?!\d)/g, (digits) => digits.replace(/,/g, ''));
  for (const segment of joined.split(/[,，;；、\r\n]+/)) {
    const parts = segment.split(/[\s\u3000]+/).filter(Boolean);
    if (parts.some((part) => !CODE_PART.test(part))) return undefined;
    let rest: string[] = [];
    const flush = () => {
      if (rest.length > 0) words.push(...splitBatchNumbers(rest.join(' ')));
      rest = [];
    };
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const word = SUBCLASS.test(part) && GROUP.test(parts[i + 1] ?? '') ? `${part}${parts[++i]}` : part;
      if (recogniseClassSymbol(word)) {
        flush();
        words.push(word);
      } else rest.push(word);
    }
    flush();
  }
  return words;
}

/**
 * An input that is only codes (issue 43): publication or application numbers, IPC/CPC symbols, or
 * a pasted list of them, and the expression that searches them as such. Numbers go to PN / AN
 * (`numbersExpression`), symbols to IPC and CPC (each matching its subgroups).
 */
export interface CodeSearch {
  /** The numbers as read (publication numbers canonical), each once, in the order written. */
  numbers: string[];
  /** The class symbols as read (no spaces, upper case), each once, in the order written. */
  classes: string[];
  /** The expression searching them: `PN=… OR AN=… OR IPC=… OR CPC=…`. */
  expression: string;
}

/** When every word of the text is a patent number or a class symbol: what it is and how it is searched; otherwise undefined. */
export function codeSearchOf(text: string): CodeSearch | undefined {
  const words = codeWords(text);
  if (!words) return undefined;
  const numbers = new Map<string, RecognisedNumber>();
  const classes = new Set<string>();
  for (const word of words) {
    const symbol = recogniseClassSymbol(word);
    if (symbol) {
      classes.add(symbol);
      continue;
    }
    const number = recognisePatentNumber(word);
    if (!number) return undefined;
    if (!numbers.has(number.number)) numbers.set(number.number, number);
  }
  return codeSearchFrom([...numbers.values()], [...classes]);
}

function codeSearchFrom(numbers: RecognisedNumber[], classes: string[]): CodeSearch | undefined {
  if (numbers.length === 0 && classes.length === 0) return undefined;
  const classList = classes.length === 1 ? classes[0]! : `(${classes.join(' OR ')})`;
  const parts = [
    ...(numbers.length > 0 ? [numbersExpression(numbers)] : []),
    ...(classes.length > 0 ? [`IPC=${classList} OR CPC=${classList}`] : []),
  ];
  const expression = parts.join(' OR ');
  if (expression.length > MAX_EXPRESSION_LENGTH) return undefined;
  return { numbers: numbers.map((n) => n.number), classes, expression };
}
