import type { ApplicationText } from '@patlas/contracts';
import { extractKeywords, isStopWord, segmentUnits, stemWord, type TextUnit } from '@patlas/engine';
import type { ParsedClaim, ParsedClaims } from './parse-claims.js';
import { HAN, TERMS_PER_CLAIM, foldWidth, isChineseText, type Findings } from './review-kit.js';
import { CLAIM_LANGUAGE_EN, CLAIM_LANGUAGE_ZH } from './word-lists.js';

// Rules of the claims against the description: reference signs found there, claim terms supported by it.

/** "电池(1)", "（12）", "battery (12)", "(12, 14)": a reference sign in parentheses after a word. */
const REFERENCE_SIGN = /\(\s*(\d{1,4}[a-zA-Z]?'?(?:\s*[,、]\s*\d{1,4}[a-zA-Z]?'?)*)\s*\)/g;
/** Numbers in parentheses that are no reference signs: formulas, steps, claims, figures, tables, examples. */
const NOT_A_SIGN_BEFORE =
  /(?:式|公式|方程|步骤|权利要求|图|表|实施例|通式|化学式|结构式|formula|equation|eq\.?|step|claims?|fig\.?|figures?|table|example|compound|sequence|seq\.? id no\.?)\s*$/i;

export function checkReferenceSigns(text: ApplicationText, parsed: ParsedClaims, findings: Findings): void {
  const claims = foldWidth(text.claims);
  const description = foldWidth(text.description);
  const reported = new Set<string>();
  for (const claim of parsed.claims) {
    const body = claims.slice(claim.bodyStart, claim.end);
    for (const m of body.matchAll(REFERENCE_SIGN)) {
      const before = body.slice(0, m.index).trimEnd();
      // After a word: "(1)" at a line start or after ：；, opens a list item instead.
      if (!/[\p{Script=Han}A-Za-z]$/u.test(before) || NOT_A_SIGN_BEFORE.test(before)) continue;
      for (const sign of m[1]!.split(/\s*[,、]\s*/)) {
        if (/^\d{4}$/.test(sign) && Number(sign) >= 1900) continue;
        if (reported.has(sign)) continue;
        // As a number of its own: not inside 2012 or 1.25, and "12a" not inside "12ab".
        const letterAfter = /[a-z]'?$/i.test(sign) ? '|[A-Za-z]' : '';
        if (new RegExp(`(?<![\\d.,])${sign}(?!\\d|[.,]\\d${letterAfter})`).test(description)) continue;
        reported.add(sign);
        findings.add(
          'reference-signs',
          'warning',
          {
            zh: `权利要求 ${claim.number} 中的附图标记（${sign}）未出现在说明书中`,
            en: `Reference sign (${sign}) of claim ${claim.number} does not appear in the description`,
          },
          {
            section: 'claims',
            claim: claim.number,
            start: claim.bodyStart + m.index,
            end: claim.bodyStart + m.index + m[0].length,
          },
        );
      }
    }
  }
}

/**
 * Claim terms supported by the description (专利法 Art. 26(4): 权利要求书应当以说明书为依据;
 * EPC Art. 84; 35 U.S.C. 112(a)), conservatively: the key terms of each claim (jieba TF-IDF for
 * Chinese, content words for English) that the description does not contain at all — a Chinese term
 * counts as found when it is there as written or when each two characters of it are there (颜色聚类
 * found from 颜色…聚类). A term is reported once, at the first claim using it.
 */
export function checkTermSupport(text: ApplicationText, parsed: ParsedClaims, findings: Findings): void {
  const claims = foldWidth(text.claims);
  const description = foldWidth(text.description).toLowerCase();
  // The English word indexes, built once and only for English claims (a Chinese description of
  // 200,000 characters would cost a unit object per character for nothing).
  let english: { stems: Set<string>; prefixes: Set<string>; claimWordCounts: Map<string, number> } | undefined;
  const englishIndexes = () => {
    if (english) return english;
    const stems = new Set<string>();
    for (const m of description.matchAll(/[a-z][a-z0-9]*/g)) stems.add(stemWord(m[0]));
    // Word beginnings of the description: "retail" is found from "retailer", "coupling" from "coupled".
    const prefixes = new Set<string>();
    for (const m of description.matchAll(/[a-z]{5,}/g)) {
      for (let k = 5; k <= m[0].length; k++) prefixes.add(m[0].slice(0, k));
    }
    const claimWordCounts = new Map<string, number>();
    for (const unit of segmentUnits(text.claims)) {
      if (unit.kind === 'word') claimWordCounts.set(unit.text, (claimWordCounts.get(unit.text) ?? 0) + 1);
    }
    english = { stems, prefixes, claimWordCounts };
    return english;
  };
  const reported = new Set<string>();
  const report = (claim: ParsedClaim, key: string, term: string, at: number) => {
    reported.add(key);
    findings.add(
      'term-support',
      'warning',
      {
        zh: `权利要求 ${claim.number} 的技术术语"${term}"在说明书中没有出现，可能得不到说明书的支持`,
        en: `The term "${term}" of claim ${claim.number} does not appear in the description; the claim may lack support`,
      },
      { section: 'claims', claim: claim.number, start: at, end: at + term.length },
    );
  };
  for (const claim of parsed.claims) {
    const body = claims.slice(claim.bodyStart, claim.end);
    if (isChineseText(body)) {
      // The references ("根据权利要求1或2所述的") say nothing technical.
      let words = body;
      for (const r of claim.references) {
        const from = r.start - claim.bodyStart;
        words = words.slice(0, from) + ' '.repeat(r.end - r.start) + words.slice(r.end - claim.bodyStart);
      }
      for (const { keyword } of extractKeywords(words, TERMS_PER_CLAIM)) {
        const term = keyword.toLowerCase();
        if (term.length < 2 || reported.has(term) || CLAIM_LANGUAGE_ZH.has(term) || /\d/.test(term)) continue;
        if (description.includes(term)) continue;
        if (HAN.test(term) && term.length >= 3) {
          const bigrams = [...term].slice(0, -1).map((ch, i) => ch + [...term][i + 1]);
          if (bigrams.every((b) => description.includes(b))) continue;
        }
        // Latin words of a Chinese claim (WiFi, MAC): case-insensitive, as written.
        const at = body.toLowerCase().indexOf(term);
        if (at >= 0) report(claim, term, body.slice(at, at + term.length), claim.bodyStart + at);
      }
    } else {
      const { stems: descriptionStems, prefixes: descriptionPrefixes, claimWordCounts } = englishIndexes();
      for (const phrase of introducedPhrases(body)) {
        const words = phrase.map((u) => u.text);
        const key = words.join(' ');
        // A claimed element is named again ("said blade"); one named once is rarely the point.
        if (reported.has(key) || !words.some((w) => (claimWordCounts.get(w) ?? 0) >= 2)) continue;
        const supported = (word: string) =>
          descriptionStems.has(stemWord(word)) ||
          description.includes(word) ||
          descriptionPrefixes.has(word.slice(0, Math.max(5, word.length - 3)));
        if (words.some(supported)) continue;
        const first = phrase[0]!;
        const last = phrase[phrase.length - 1]!;
        report(claim, key, body.slice(first.start, last.end), claim.bodyStart + first.start);
      }
    }
  }
}

/**
 * The elements an English claim introduces: the words after "a"/"an" up to the first stop word,
 * claim word, number or punctuation ("a rotatable cutting blade having…" → rotatable cutting blade),
 * kept when every word has three letters or more.
 */
function introducedPhrases(body: string): TextUnit[][] {
  const units = segmentUnits(body);
  const phrases: TextUnit[][] = [];
  for (let i = 0; i < units.length; i++) {
    const article = units[i]!;
    if (article.kind !== 'word' || (article.text !== 'a' && article.text !== 'an')) continue;
    const phrase: TextUnit[] = [];
    for (let j = i + 1; j < units.length && phrase.length < 4; j++) {
      const unit = units[j]!;
      const between = body.slice(units[j - 1]!.end, unit.start);
      if (unit.kind !== 'word' || /[^\s-]/.test(between) || /\d/.test(unit.text)) break;
      if (isStopWord(unit.text) || CLAIM_LANGUAGE_EN.has(unit.text) || unit.text.length < 3) break;
      phrase.push(unit);
    }
    if (phrase.length > 0) phrases.push(phrase);
  }
  return phrases;
}
