import { openCnText } from './cn-open.js';

/** One element of a top-level JSON array, as source text, with where it starts. */
export interface JsonArrayItem {
  /** 0-based position in the array. */
  index: number;
  /** 1-based line of the element's first character. */
  line: number;
  text: string;
}

export class JsonArraySyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonArraySyntaxError';
  }
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const NEWLINE = 0x0a;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0xfeff;
}

/**
 * Splits a file holding one JSON array (`[{…},{…}]`, possibly gzipped) into its elements
 * without parsing the whole file, so memory stays bounded by one element. Each element is
 * handed back as text for JSON.parse; broken structure raises JsonArraySyntaxError.
 */
export async function* readJsonArrayItems(file: string): AsyncGenerator<JsonArrayItem> {
  let depth = 0;
  let isInString = false;
  let isEscaped = false;
  let line = 1;
  let index = 0;
  let hasOpened = false;
  let parts: string[] | undefined;
  let itemLine = 0;
  let isScalar = false;

  for await (const chunk of openCnText(file)) {
    const text = String(chunk);
    let start = parts ? 0 : -1;
    const emit = (end: number): JsonArrayItem => {
      parts?.push(text.slice(start, end));
      const item = { index, line: itemLine, text: (parts ?? []).join('') };
      index += 1;
      parts = undefined;
      start = -1;
      return item;
    };
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code === NEWLINE) line += 1;
      if (isInString) {
        if (isEscaped) isEscaped = false;
        else if (code === BACKSLASH) isEscaped = true;
        else if (code === QUOTE) isInString = false;
        continue;
      }
      if (!hasOpened) {
        if (isSpace(code)) continue;
        if (code !== OPEN_BRACKET) throw new JsonArraySyntaxError(line, 'the file is not a JSON array');
        hasOpened = true;
        depth = 1;
        continue;
      }
      if (depth === 0) {
        if (!isSpace(code)) throw new JsonArraySyntaxError(line, 'text after the end of the array');
        continue;
      }
      if (depth === 1 && !parts) {
        if (isSpace(code) || code === COMMA) continue;
        if (code === CLOSE_BRACKET) {
          depth = 0;
          continue;
        }
        parts = [];
        start = i;
        itemLine = line;
        isScalar = code !== OPEN_BRACE && code !== OPEN_BRACKET;
      }
      if (isScalar && depth === 1 && (code === COMMA || code === CLOSE_BRACKET || isSpace(code))) {
        yield emit(i);
        if (code === CLOSE_BRACKET) depth = 0;
        continue;
      }
      if (code === QUOTE) isInString = true;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 1) yield emit(i + 1);
      }
    }
    if (parts && start >= 0) parts.push(text.slice(start));
  }
  if (!hasOpened) throw new JsonArraySyntaxError(line, 'the file is empty, not a JSON array');
  if (depth !== 0) throw new JsonArraySyntaxError(itemLine || line, 'the JSON array is cut short');
}
