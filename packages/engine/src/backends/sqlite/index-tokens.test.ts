import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stemWord } from '../../analysis/english.js';
import { isCjkChar, normaliseChar, segmentUnits, type TextUnit } from '../../analysis/text-normalise.js';
import { textTokens } from './index-tokens.js';

/**
 * The unit scan and token stream as they were written before indexing moved to a single pass
 * (issue 15): an array of characters, one object per unit, tokens from the unit list. The index
 * is queried by the same analyser, so the fast pass must give exactly these units and tokens.
 */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const SENTENCE_END = new Set(['。', '！', '？', '；', '!', '?', ';']);

function referenceUnits(text: string, extraWordChars = ''): TextUnit[] {
  const units: TextUnit[] = [];
  let sentence = 0;
  let paragraph = 0;
  let word = '';
  let wordStart = 0;
  let offset = 0;
  const flush = (end: number): void => {
    if (word) units.push({ kind: 'word', text: word, start: wordStart, end, sentence, paragraph });
    word = '';
  };
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const raw = chars[i] as string;
    const ch = normaliseChar(raw);
    const start = offset;
    offset += raw.length;
    const code = ch.length === 1 ? ch.charCodeAt(0) : 0x80;
    const ascii = code < 0x80;
    if (!ascii && ch.length > 0 && ((code >= 0x4e00 && code <= 0x9fff) || isCjkChar(ch))) {
      flush(start);
      for (const c of ch) units.push({ kind: 'cjk', text: c, start, end: offset, sentence, paragraph });
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
      const last = units.at(-1);
      if (last && last.paragraph === paragraph) {
        paragraph++;
        if (last.sentence === sentence) sentence++;
      }
    } else if (SENTENCE_END.has(ch) || (ch === '.' && (i + 1 >= chars.length || /\s/.test(chars[i + 1] as string)))) {
      if (units.length > 0 && (units.at(-1) as TextUnit).sentence === sentence) sentence++;
    }
  }
  flush(offset);
  return units;
}

function referenceTokens(text: string, vocab?: Map<string, string>): string {
  const units = referenceUnits(text);
  const out: string[] = [];
  units.forEach((u, i) => {
    if (u.kind === 'word') {
      const stem = stemWord(u.text);
      vocab?.set(u.text, stem);
      out.push(stem);
      return;
    }
    const next = units[i + 1];
    out.push(next && next.kind === 'cjk' && u.end === next.start ? u.text + next.text : u.text);
  });
  return out.join(' ');
}

/** Texts mixing what patents hold: CJK runs, words, numbers, full-width forms, punctuation, line breaks, astral characters. */
const piece = fc.oneof(
  fc.constantFrom(...'锂离子电池正极材料及其制备方法碳纤维の한국ｱ'),
  fc.constantFrom('battery', 'Processing', 'NCM811', 'H01M4/525', 'café', 'naïve', 'Ａｂｃ１２', '３.５'),
  fc.constantFrom(' ', '，', '。', '；', '.', '. ', '!', '\n', '\r\n', '\n\n', '-', '/', '（', '）', '*', '?'),
  fc.constantFrom('𠀀', '𪚥', '😀', '\u0301', '\uFA11', '\u2F00', '\uD800', '\uDC00'),
  fc.string({ maxLength: 6 }),
);
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('index token stream', () => {
  it('cuts units exactly as the unit-per-object scan did', () => {
    fc.assert(
      fc.property(text, fc.constantFrom('', '*?'), (t, extra) => {
        expect(segmentUnits(t, extra)).toEqual(referenceUnits(t, extra));
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same tokens and vocabulary as the unit-list stream', () => {
    fc.assert(
      fc.property(text, (t) => {
        const vocab = new Map<string, string>();
        const expected = new Map<string, string>();
        expect(textTokens(t, vocab)).toBe(referenceTokens(t, expected));
        expect([...vocab]).toEqual([...expected]);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes CJK runs as bigrams ending on the last character, and words as stems', () => {
    expect(textTokens('锂离子电池, Batteries。碳')).toBe('锂离 离子 子电 电池 池 batteri 碳');
  });
});
