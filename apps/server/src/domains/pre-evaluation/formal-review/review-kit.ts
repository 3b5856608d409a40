import type {
  ApplicationSection,
  ApplicationText,
  Bilingual,
  FindingSeverity,
  FormalFinding,
  FormalRule,
} from '@patlas/contracts';
import { segmentWords } from '@patlas/engine';

// What every rule group of the formal review shares: its limits, the text helpers, the findings list.

/** Title: 一般不得超过25个字; chemistry may go up to 40 (part I ch. 1 §4.1.1); English: 500 characters (37 CFR 1.72(a)). */
export const TITLE_MAX_ZH = 25;
export const TITLE_HARD_MAX_ZH = 40;
export const TITLE_MAX_EN = 500;
/** Abstract: 摘要文字部分不得超过300个字 (实施细则 (2010) Rule 23); English: 150 words (37 CFR 1.72(b), PCT Rule 8.1(b)). */
export const ABSTRACT_MAX_ZH = 300;
export const ABSTRACT_MAX_EN_WORDS = 150;
/** Key terms per claim checked for support in the description. */
export const TERMS_PER_CLAIM = 8;
const EXCERPT_MAX = 200;

/** Full-width ASCII (Ａ１，（）) to half width and the ideographic space to a space, one code unit for one: offsets stay. */
export function foldWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e\u3000]/g, (ch) =>
    ch === '\u3000' ? ' ' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0),
  );
}

export const HAN = /\p{Script=Han}/u;
const HAN_GLOBAL = /\p{Script=Han}/gu;

/** A section is Chinese when a tenth of its letters are Han characters. */
export function isChineseText(text: string): boolean {
  const han = text.match(HAN_GLOBAL)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  return han > 0 && han * 10 >= han + latin;
}

/**
 * Characters as CNIPA's "字" count them (and Chinese word processors): every Han character and
 * punctuation mark one, a run of Latin letters or digits (a word, a number, 5G, WiFi-Aware) one,
 * whitespace none. Returns the count and where the n-th unit starts (for the place of an excess).
 */
export function countZhUnits(text: string, limit = Infinity): { count: number; excessStart: number | null } {
  const unit = /\s+|[A-Za-z0-9\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]+(?:[.\-_'’][A-Za-z0-9]+)*|[\s\S]/gu;
  let count = 0;
  let excessStart: number | null = null;
  for (const m of text.matchAll(unit)) {
    if (/^\s+$/.test(m[0])) continue;
    count++;
    if (count === limit + 1) excessStart = m.index;
  }
  return { count, excessStart };
}

/** English words (hyphenated and apostrophe forms one word), with where the n-th starts. */
export function countWords(text: string, limit = Infinity): { count: number; excessStart: number | null } {
  let count = 0;
  let excessStart: number | null = null;
  for (const m of text.matchAll(/[A-Za-z0-9]+(?:['’-][A-Za-z0-9]+)*/g)) {
    count++;
    if (count === limit + 1) excessStart = m.index;
  }
  return { count, excessStart };
}

// ---------------------------------------------------------------------------------------------

export interface Place {
  section: ApplicationSection;
  claim?: number | null;
  start: number;
  end: number;
}

export class Findings {
  readonly list: FormalFinding[] = [];
  constructor(private readonly text: ApplicationText) {}

  add(rule: FormalRule, severity: FindingSeverity, message: Bilingual, place: Place): void {
    const sectionText = this.text[place.section];
    const start = Math.max(0, Math.min(place.start, sectionText.length));
    const end = Math.max(start, Math.min(place.end, sectionText.length));
    this.list.push({
      rule,
      severity,
      message,
      section: place.section,
      claim: place.claim ?? null,
      start,
      end,
      excerpt: sectionText.slice(start, Math.min(end, start + EXCERPT_MAX)),
    });
  }
}

/** Tokens of a Chinese text with their offsets (jieba words, in order, found back in the text). */
export function tokensOf(text: string): { word: string; start: number; end: number }[] {
  const tokens: { word: string; start: number; end: number }[] = [];
  let cursor = 0;
  for (const word of segmentWords(text)) {
    const start = text.indexOf(word, cursor);
    if (start < 0) continue;
    tokens.push({ word, start, end: start + word.length });
    cursor = start + word.length;
  }
  return tokens;
}
