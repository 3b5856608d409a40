/**
 * Text normalisation and unit segmentation shared by indexing, query compilation, verification
 * and highlighting. A text is cut into units: one unit per CJK character, one per run of other
 * letters/digits (a "word"). Unit positions are what proximity counts, and what the FTS5 token
 * stream of a text field mirrors one to one (see index-tokens.ts), so every piece agrees on them.
 */

export interface TextUnit {
  readonly kind: 'cjk' | 'word';
  /** Normalised text: NFKC (full-width to half-width), lower case. */
  readonly text: string;
  /** Offsets in the original string (UTF-16, end exclusive), for highlighting. */
  readonly start: number;
  readonly end: number;
  readonly sentence: number;
  readonly paragraph: number;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** Characters that end a sentence whatever follows; '.' ends one only before a space or the end. */
const SENTENCE_END = new Set(['。', '！', '？', '；', '!', '?', ';']);

export function isCjkChar(ch: string): boolean {
  return CJK.test(ch);
}

/** NFKC + lower case, applied per code point so offsets into the original stay meaningful. */
export function normaliseChar(ch: string): string {
  // Fast paths (this runs per character when indexing and verifying): ASCII only needs lower
  // case, and CJK unified ideographs are unchanged by NFKC and case mapping.
  if (ch.length === 1) {
    const c = ch.charCodeAt(0);
    if (c < 0x80) return c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : ch;
    if (c >= 0x4e00 && c <= 0x9fff) return ch;
  }
  return ch.normalize('NFKC').toLowerCase();
}

export function normaliseText(text: string): string {
  let out = '';
  for (const ch of text) out += normaliseChar(ch);
  return out;
}

/**
 * Cuts a text into units. `extraWordChars` lets query analysis keep wildcard characters inside
 * words (`batter*`), which never occur in indexed text.
 */
export function segmentUnits(text: string, extraWordChars = ''): TextUnit[] {
  const units: TextUnit[] = [];
  scanUnits(text, extraWordChars, (kind, unit, start, end, sentence, paragraph) =>
    units.push({ kind, text: unit, start, end, sentence, paragraph }),
  );
  return units;
}

/**
 * The units of a text one by one, in order, without building them (indexing calls this for every
 * character of every record; segmentUnits is the same scan collected into objects).
 */
export function scanUnits(
  text: string,
  extraWordChars: string,
  emit: (kind: TextUnit['kind'], text: string, start: number, end: number, sentence: number, paragraph: number) => void,
): void {
  let sentence = 0;
  let paragraph = 0;
  // The sentence and paragraph of the last unit emitted (-1: none yet).
  let lastSentence = -1;
  let lastParagraph = -1;
  let word = '';
  let wordStart = 0;
  const unit = (kind: TextUnit['kind'], t: string, start: number, end: number): void => {
    lastSentence = sentence;
    lastParagraph = paragraph;
    emit(kind, t, start, end, sentence, paragraph);
  };
  const flush = (end: number): void => {
    if (word) unit('word', word, wordStart, end);
    word = '';
  };
  let offset = 0;
  while (offset < text.length) {
    const first = text.charCodeAt(offset);
    if (first >= 0x4e00 && first <= 0x9fff) {
      // A CJK unified ideograph (most of a Chinese text) is its own normal form and its own unit.
      flush(offset);
      unit('cjk', text.charAt(offset), offset, offset + 1);
      offset += 1;
      continue;
    }
    // One code point at a time, as `[...text]` splits (a surrogate pair is one character).
    const raw = nextChar(text, offset);
    const ch = normaliseChar(raw);
    const start = offset;
    offset += raw.length;
    // ASCII (most of English text) skips the Unicode property regexps below.
    const code = ch.length === 1 ? ch.charCodeAt(0) : 0x80;
    const ascii = code < 0x80;
    if (!ascii && ch.length > 0 && ((code >= 0x4e00 && code <= 0x9fff) || isCjkChar(ch))) {
      flush(start);
      for (const c of ch) unit('cjk', c, start, offset);
      continue;
    }
    const isWord = ascii
      ? (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || extraWordChars.includes(ch)
      : ch.length > 0 && [...ch].every((c) => WORD_CHAR.test(c) || extraWordChars.includes(c));
    if (isWord) {
      if (!word) wordStart = start;
      word += ch;
      continue;
    }
    flush(start);
    if (raw === '\n' || raw === '\r') {
      if (lastParagraph === paragraph) {
        paragraph++;
        if (lastSentence === sentence) sentence++;
      }
    } else if (SENTENCE_END.has(ch) || (ch === '.' && (offset >= text.length || /\s/.test(nextChar(text, offset))))) {
      if (lastSentence === sentence) sentence++;
    }
  }
  flush(offset);
}

/** The character (code point) at `offset`: a surrogate pair, or one UTF-16 unit. */
function nextChar(text: string, offset: number): string {
  const code = text.charCodeAt(offset);
  if (code >= 0xd800 && code <= 0xdbff && offset + 1 < text.length) {
    const low = text.charCodeAt(offset + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return text.slice(offset, offset + 2);
  }
  return text.charAt(offset);
}

/** True when two consecutive units are CJK characters written side by side (same run). */
export function isSameCjkRun(a: TextUnit, b: TextUnit): boolean {
  return a.kind === 'cjk' && b.kind === 'cjk' && a.end === b.start;
}
