import { MAX_DUPLICATE_TEXT_LENGTH, MAX_QUICK_CHECK_PATENTS, type Patent } from '@patlas/contracts';
import { buildCnPatent } from './factories.js';

/**
 * The heaviest input /patent/check takes, made up deterministically: a text of
 * MAX_DUPLICATE_TEXT_LENGTH characters against MAX_QUICK_CHECK_PATENTS patents with long
 * descriptions, a third of the text's sentences copied from them (so the alignment finds evidence
 * and builds spans, as a real near-duplicate does). For the CPU pool's responsiveness test.
 */

// Common characters of patent Chinese: varied enough that 3-character shingles rarely repeat by chance.
const CHARS =
  '的一是在了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理世车';
const PUNCTUATION = '，、；';

/** A small deterministic generator (mulberry32): the same text on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sentence(next: () => number): string {
  const length = 30 + Math.floor(next() * 40);
  let text = '';
  for (let i = 0; i < length; i++) {
    text += CHARS[Math.floor(next() * CHARS.length)];
    if (i > 0 && i % 12 === 0) text += PUNCTUATION[Math.floor(next() * PUNCTUATION.length)];
  }
  return `${text}。`;
}

export interface HeavyCheck {
  text: string;
  patents: Patent[];
}

/** `descriptionChars` characters of description per patent (default 40,000). */
export function buildHeavyCheck(descriptionChars = 40_000): HeavyCheck {
  const next = random(40);
  const patents: Patent[] = [];
  const copied: string[] = [];
  for (let p = 0; p < MAX_QUICK_CHECK_PATENTS; p++) {
    const sentences: string[] = [];
    let length = 0;
    while (length < descriptionChars) {
      const s = sentence(next);
      sentences.push(s);
      length += s.length;
      if (next() < 0.05) copied.push(s);
    }
    patents.push(
      buildCnPatent({
        publicationNumber: `CN9${String(p).padStart(5, '0')}0A`,
        applicationNumber: `CN2024${String(p).padStart(7, '0')}.1`,
        title: { lang: 'zh', text: `一种数据处理装置及方法${p}` },
        abstract: { lang: 'zh', text: sentences.slice(0, 4).join('') },
        claims: { lang: 'zh', text: sentences.slice(4, 30).join('') },
        description: { lang: 'zh', text: sentences.slice(30).join('') },
      }),
    );
  }
  let text = '';
  let c = 0;
  while (true) {
    const s = next() < 0.33 && copied.length > 0 ? copied[c++ % copied.length]! : sentence(next);
    if (text.length + s.length > MAX_DUPLICATE_TEXT_LENGTH) break;
    text += s;
  }
  return { text, patents };
}
