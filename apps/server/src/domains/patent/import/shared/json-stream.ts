import { openText } from './open-text.js';

export type JsonArrayItem = { value: unknown; line: number } | { error: string; line: number };

/**
 * Streams the elements of a JSON array out of a file without loading the file: the top-level array,
 * or with `key` the array held by that key of the top-level object (`{"patents": [...]}`).
 * Each element comes with the 1-based line where it starts; an element that is not valid JSON becomes
 * an error item and reading goes on. Memory stays bounded by one element.
 */
export async function* streamJsonArray(file: string, key?: string): AsyncGenerator<JsonArrayItem> {
  const input = openText(file);
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let stringText = '';
  let lastKeyAtRoot: string | undefined;
  let arrayDepth = -1; // depth inside the wanted array, once found
  let element: string[] | undefined;
  let elementLine = 0;
  let elementStart = 0;
  let done = false;
  const out: JsonArrayItem[] = [];

  const finish = (chunk: string, end: number): void => {
    if (!element) return;
    element.push(chunk.slice(elementStart, end));
    const textValue = element.join('').trim();
    element = undefined;
    try {
      out.push({ value: JSON.parse(textValue) as unknown, line: elementLine });
    } catch (err) {
      out.push({ error: `invalid JSON: ${err instanceof Error ? err.message : String(err)}`, line: elementLine });
    }
  };

  try {
    for await (const raw of input) {
      const chunk = raw as string;
      elementStart = 0;
      for (let i = 0; i < chunk.length && !done; i += 1) {
        const ch = chunk[i];
        if (ch === '\n') line += 1;
        if (inString) {
          if (escaped) escaped = false;
          else if (ch === '\\') escaped = true;
          else if (ch === '"') {
            inString = false;
            if (depth === 1 && stringStart >= 0) lastKeyAtRoot = stringText + chunk.slice(stringStart, i);
          }
          continue;
        }
        const inArray = arrayDepth >= 0 && depth === arrayDepth;
        if (inArray && !element && ch !== undefined && !/[\s,\]]/.test(ch)) {
          element = [];
          elementLine = line;
          elementStart = i;
        }
        if (ch === '"') {
          inString = true;
          stringStart = depth === 1 ? i + 1 : -1;
          stringText = '';
        } else if (ch === '{' || ch === '[') {
          const isTarget =
            arrayDepth < 0 &&
            ch === '[' &&
            ((key === undefined && depth === 0) || (key !== undefined && depth === 1 && lastKeyAtRoot === key));
          depth += 1;
          if (isTarget) arrayDepth = depth;
        } else if (ch === '}' || ch === ']') {
          if (inArray && element && ch === ']') finish(chunk, i);
          depth -= 1;
          if (arrayDepth >= 0 && depth < arrayDepth) done = true;
          else if (arrayDepth >= 0 && depth === arrayDepth && element) finish(chunk, i + 1);
        } else if (ch === ',' && inArray && element) {
          finish(chunk, i);
        }
      }
      if (inString && stringStart >= 0) {
        // A key split across chunks: keep its first part.
        stringText += chunk.slice(stringStart);
        stringStart = 0;
      }
      if (element) {
        element.push(chunk.slice(elementStart));
      }
      yield* out.splice(0);
      if (done) break;
    }
  } finally {
    input.destroy();
  }
  if (arrayDepth < 0) yield { error: key ? `no "${key}" array in the file` : 'the file is not a JSON array', line: 1 };
}
