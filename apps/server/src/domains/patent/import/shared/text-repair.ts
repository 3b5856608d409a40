import type { LocalizedText, Patent } from '@patlas/contracts';

/**
 * Repairs the faults vendor exports leave in long texts (issue 43): HTML line breaks written
 * literally (Patentics 背景技术 `…灵活性。<br/>随着…`), UTF-8 read as Latin-1 / Windows-1252
 * (incoPat 摘要 (英文) `questionariesâ€™ based`), replacement characters (`李\uFFFD杰`) and
 * private-use code points (incoPat `吡唑并［１，５-ａ］吡\uE222`), which no font draws.
 */

/** Windows-1252 characters at 0x80–0x9F, keyed by what a decoder turned the byte into. */
const CP1252_BYTES = new Map<string, number>(
  [
    [0x80, '€'],
    [0x82, '‚'],
    [0x83, 'ƒ'],
    [0x84, '„'],
    [0x85, '…'],
    [0x86, '†'],
    [0x87, '‡'],
    [0x88, 'ˆ'],
    [0x89, '‰'],
    [0x8a, 'Š'],
    [0x8b, '‹'],
    [0x8c, 'Œ'],
    [0x8e, 'Ž'],
    [0x91, '‘'],
    [0x92, '’'],
    [0x93, '“'],
    [0x94, '”'],
    [0x95, '•'],
    [0x96, '–'],
    [0x97, '—'],
    [0x98, '˜'],
    [0x99, '™'],
    [0x9a, 'š'],
    [0x9b, '›'],
    [0x9c, 'œ'],
    [0x9e, 'ž'],
    [0x9f, 'Ÿ'],
  ].map(([byte, char]) => [char as string, byte as number]),
);

/** A character standing for a UTF-8 continuation byte (0x80–0xBF) once misread. */
const CONT = '[\\u0080-\\u00BF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]';
/**
 * A lead byte with exactly the continuation bytes it calls for. Two-byte sequences only from Â and
 * Ã (U+0080–U+00FF: accents, no-break space, ° ©): other leads are real text too often (`“×”` is
 * D7 94, a Hebrew letter once decoded).
 */
const MISREAD_SEQUENCE = new RegExp(
  `[\\u00C2\\u00C3]${CONT}|[\\u00E0-\\u00EF]${CONT}{2}|[\\u00F0-\\u00F4]${CONT}{3}`,
  'g',
);
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

function byteOf(char: string): number | undefined {
  const code = char.charCodeAt(0);
  if (code <= 0xff) return code;
  return CP1252_BYTES.get(char);
}

/** Undoes UTF-8 read as Latin-1 or Windows-1252, one sequence at a time, only where the bytes are valid UTF-8. */
export function repairMojibake(text: string): string {
  return text.replace(MISREAD_SEQUENCE, (sequence) => {
    const bytes = [...sequence].map(byteOf);
    if (bytes.some((b) => b === undefined)) return sequence;
    try {
      return STRICT_UTF8.decode(Uint8Array.from(bytes as number[]));
    } catch {
      return sequence;
    }
  });
}

/** U+FFFD and the private-use areas (BMP and supplementary planes 15–16). */
const UNDRAWABLE = /[\uFFFD\uE000-\uF8FF]|[\uDB80-\uDBFF][\uDC00-\uDFFF]/g;

/** One text repaired: `<br>` as a line break, misread UTF-8 decoded, undrawable characters dropped. */
export function repairText(text: string): string {
  return repairMojibake(text.replace(/<br\s*\/?>/gi, '\n')).replace(UNDRAWABLE, '');
}

function repairLocalized(value: LocalizedText | undefined): LocalizedText | undefined {
  if (!value) return value;
  const text = repairText(value.text);
  const translations = value.translations
    ? Object.fromEntries(Object.entries(value.translations).map(([lang, t]) => [lang, repairText(t)]))
    : undefined;
  const same =
    text === value.text &&
    (!translations || Object.entries(translations).every(([lang, t]) => t === value.translations?.[lang]));
  if (same) return value;
  return { ...value, text, ...(translations ? { translations } : {}) };
}

const TEXT_FIELDS = ['title', 'abstract', 'claims', 'description'] as const;

/**
 * A record with its title, abstract, claims and description repaired (the same object when
 * nothing needed it). Every importer's records pass here; the detail API applies it again to
 * records stored before the repair existed.
 */
export function repairPatentTexts<T extends Patent>(record: T): T {
  let out: T | undefined;
  for (const field of TEXT_FIELDS) {
    const repaired = repairLocalized(record[field]);
    if (repaired !== record[field]) {
      out ??= { ...record };
      out[field] = repaired as T[typeof field];
    }
  }
  return out ?? record;
}
