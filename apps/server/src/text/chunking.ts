/**
 * Cutting a long text into pieces of whole sentences for an external text service: machine
 * translation (domains/translation) and assisted writing (domains/rewrite) send one piece per request.
 */

/** Longest piece of text sent to the translation service in one request (spec 1 §7). */
export const CHUNK_MAX_CHARS = 6000;

/** A sentence ends after . ! ? (followed by a space), after 。！？；, or at a line break. */
const SENTENCE_END = /(?<=[.!?]["')\]]?)\s+|(?<=[。！？；])|(?<=\n)/u;

/**
 * Splits a text into chunks of at most `max` characters, cutting at sentence ends so that the
 * service translates whole sentences. A sentence longer than `max` is cut at its last space before
 * the limit (or at the limit, never inside a surrogate pair). Joining the chunks gives back the text.
 */
export function splitIntoChunks(text: string, max: number = CHUNK_MAX_CHARS): string[] {
  if (text.length === 0) return [];
  const pieces: string[] = [];
  // Keep the separating whitespace with the sentence before it, so nothing is lost.
  let rest = text;
  while (rest.length > 0) {
    const match = SENTENCE_END.exec(rest);
    if (!match || match.index + match[0].length >= rest.length) {
      pieces.push(rest);
      break;
    }
    const end = match.index + match[0].length;
    if (end === 0) {
      // a zero-width match at the very start (a text starting with 。) — take one character on
      pieces.push(rest.slice(0, 1));
      rest = rest.slice(1);
      continue;
    }
    pieces.push(rest.slice(0, end));
    rest = rest.slice(end);
  }
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces.flatMap((p) => (p.length > max ? cutLong(p, max) : [p]))) {
    if (current.length + piece.length > max) {
      chunks.push(current);
      current = '';
    }
    current += piece;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Cuts one over-long sentence into pieces of at most `max` characters. */
function cutLong(sentence: string, max: number): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max - 1) + 1;
    if (cut < max / 2) cut = max;
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1; // keep a surrogate pair together
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest.length > 0) out.push(rest);
  return out;
}
