import type { ParsedClaim, ParsedClaims } from './parse-claims.js';
import { foldWidth, isChineseText, type Findings } from './review-kit.js';
import {
  ABBREVIATIONS_EN,
  DESCRIPTION_REFERENCES_EN,
  DESCRIPTION_REFERENCES_ZH,
  UNCLEAR_CLAIM_WORDS_EN,
  UNCLEAR_CLAIM_WORDS_ZH,
} from './word-lists.js';

// Rules of each claim's wording: one sentence with its full stop, no unclear words or references to the description.

/** The claim's text without its number, and where it starts. */
function bodyOf(claimsText: string, claim: ParsedClaim): { body: string; offset: number } {
  return { body: claimsText.slice(claim.bodyStart, claim.end), offset: claim.bodyStart };
}

export function checkClaimSentences(parsed: ParsedClaims, claimsText: string, findings: Findings): void {
  const folded = foldWidth(claimsText);
  for (const claim of parsed.claims) {
    const { body, offset } = bodyOf(folded, claim);
    const trimmed = body.trimEnd();
    if (trimmed === '') continue;
    const chinese = isChineseText(trimmed);
    const last = trimmed.at(-1)!;
    if (!/[。.]/.test(last)) {
      findings.add(
        'claim-ending',
        'error',
        chinese
          ? {
              zh: `权利要求 ${claim.number} 应以句号结尾`,
              en: `Claim ${claim.number} must end with a full stop (。)`,
            }
          : {
              zh: `权利要求 ${claim.number} 应以句点结尾`,
              en: `Claim ${claim.number} must end with a period`,
            },
        { section: 'claims', claim: claim.number, start: offset + trimmed.length - 1, end: offset + trimmed.length },
      );
    }
    // 每一项权利要求只允许在其结尾处使用句号 (part II ch. 2 §3.3); MPEP 608.01(m) likewise.
    const inner = trimmed.slice(0, -1);
    let stop = -1;
    if (chinese) stop = inner.indexOf('。');
    else {
      for (const m of inner.matchAll(/([A-Za-z][A-Za-z.]*)\.\s+(?=[A-Z])/g)) {
        const word = m[1]!.toLowerCase();
        if (/^[a-z]{3,}$/.test(word) && !ABBREVIATIONS_EN.has(word) && m[1] === m[1]!.toLowerCase()) {
          stop = m.index + m[1]!.length;
          break;
        }
      }
    }
    if (stop >= 0) {
      findings.add(
        'claim-one-sentence',
        'error',
        {
          zh: `权利要求 ${claim.number} 中间出现句号：每一项权利要求只允许在其结尾处使用句号`,
          en: `Claim ${claim.number} has a full stop inside it: a claim is one sentence, with its only full stop at the end`,
        },
        { section: 'claims', claim: claim.number, start: offset + stop, end: offset + stop + 1 },
      );
    }
  }
}

export function checkClaimWording(parsed: ParsedClaims, claimsText: string, findings: Findings): void {
  const folded = foldWidth(claimsText);
  for (const claim of parsed.claims) {
    const { body, offset } = bodyOf(folded, claim);
    const place = (start: number, length: number) => ({
      section: 'claims' as const,
      claim: claim.number,
      start: offset + start,
      end: offset + start + length,
    });
    for (const pattern of [DESCRIPTION_REFERENCES_ZH, DESCRIPTION_REFERENCES_EN]) {
      for (const m of body.matchAll(pattern)) {
        findings.add(
          'claim-refers-to-description',
          'warning',
          {
            zh: `权利要求 ${claim.number} 引用了说明书或附图（"${m[0]}"）：除绝对必要外，权利要求不得依赖说明书或附图`,
            en: `Claim ${claim.number} relies on the description or drawings ("${m[0]}"); claims may do so only where absolutely necessary`,
          },
          place(m.index, m[0].length),
        );
      }
    }
    for (const word of UNCLEAR_CLAIM_WORDS_ZH) {
      const at = body.indexOf(word);
      if (at >= 0) {
        findings.add(
          'claim-unclear-wording',
          'warning',
          {
            zh: `权利要求 ${claim.number} 使用了"${word}"，会在一项权利要求中限定不同的保护范围，导致不清楚`,
            en: `Claim ${claim.number} uses "${word}", which sets different scopes in one claim and makes it unclear`,
          },
          place(at, word.length),
        );
      }
    }
    for (const m of body.matchAll(UNCLEAR_CLAIM_WORDS_EN)) {
      findings.add(
        'claim-unclear-wording',
        'warning',
        {
          zh: `权利要求 ${claim.number} 使用了"${m[0]}"，可能导致保护范围不清楚`,
          en: `Claim ${claim.number} uses "${m[0]}", which may make its scope unclear`,
        },
        place(m.index, m[0].length),
      );
    }
  }
}
