import type { ApplicationSection, ApplicationText, FormalReviewResponse, ParsedClaimSummary } from '@patlas/contracts';
import { checkNumbering, checkReferences } from './claim-structure-rules.js';
import { checkClaimSentences, checkClaimWording } from './claim-wording-rules.js';
import { checkReferenceSigns, checkTermSupport } from './description-rules.js';
import { parseClaims } from './parse-claims.js';
import { Findings, isChineseText } from './review-kit.js';
import { checkAbstract, checkEmptySections, checkTitle } from './section-rules.js';

/**
 * The formal review (形式审查) of an application text (issue 22; docs/formal-review.md gives every
 * rule with its source). Pure: the four sections in, findings out, each naming its rule, a zh/en
 * message, a severity and its place (section, claim, character offsets into that section's text).
 *
 * Precision first: a rule reports only what a program can tell for certain, or — as a warning —
 * what an examiner would object to; when a text could be read two ways the rule stays silent.
 */
export function reviewApplication(text: ApplicationText): Omit<FormalReviewResponse, 'tookMs'> {
  const findings = new Findings(text);
  checkEmptySections(text, findings);
  const titleLength = checkTitle(text.title, findings);
  const abstract = checkAbstract(text.abstract, findings);
  const parsed = parseClaims(text.claims);
  checkNumbering(parsed, text.claims, findings);
  checkReferences(parsed, findings);
  checkClaimSentences(parsed, text.claims, findings);
  checkClaimWording(parsed, text.claims, findings);
  if (text.description.trim() !== '' && parsed.claims.length > 0) {
    checkReferenceSigns(text, parsed, findings);
    checkTermSupport(text, parsed, findings);
  }
  const order: Record<ApplicationSection, number> = { title: 0, abstract: 1, claims: 2, description: 3 };
  findings.list.sort((a, b) => order[a.section] - order[b.section] || a.start - b.start);
  const claims: ParsedClaimSummary[] = parsed.claims.map((c) => ({
    number: c.number,
    start: c.start,
    end: c.end,
    dependsOn: c.dependsOn,
  }));
  const sample = `${text.title}${text.abstract}${text.claims.slice(0, 2000)}`;
  return {
    findings: findings.list,
    claims,
    stats: {
      language: isChineseText(sample) ? 'zh' : 'en',
      titleLength,
      abstractLength: abstract.length,
      abstractUnit: abstract.unit,
      independentClaims: parsed.claims.filter((c) => c.dependsOn.length === 0).length,
    },
  };
}
