import { CLAIMS_HEADINGS, CLAIM_START, REFERS_EARLY } from './word-lists.js';
import { foldWidth } from './review-kit.js';

// Claims cut into claims, each with its number and its references to other claims.

export type ReferenceKind = 'single' | 'alternative' | 'cumulative' | 'unspecified';

/** "权利要求1或2", "claims 1 to 3": the numbers referred to and how they are joined. */
export interface ClaimReference {
  numbers: number[];
  kind: ReferenceKind;
  /** Offsets in the claims text. */
  start: number;
  end: number;
}

export interface ParsedClaim {
  number: number;
  /** Written with a number (a lone claim may have none). */
  numbered: boolean;
  /** The claim with its number, [start, end) of the claims text, trailing whitespace left out. */
  start: number;
  end: number;
  /** Where the text after the number starts. */
  bodyStart: number;
  references: ClaimReference[];
  dependsOn: number[];
}

export interface ParsedClaims {
  claims: ParsedClaim[];
  /** Text before the first claim that is not a heading ([start, end) of the claims text), if any. */
  preamble: { start: number; end: number } | null;
}

interface LabelCandidate {
  number: number;
  /** The separator after the number: . 、 ) ] … */
  separator: string;
  labelStart: number;
  bodyStart: number;
  atLineStart: boolean;
}

/** "1." "1、" "1)" "1）" "[1]" "【1】" at a line start (digits folded to half width; "1.5" is no label). */
const LINE_LABEL = /[ \t]*(?:(\d{1,3})[ \t]*([.、)])(?!\d)|[[【][ \t]*(\d{1,3})[ \t]*[\]】])[ \t]*/y;
/** A label inside a line, right after a full stop: claims pasted as one paragraph ("…。2. 根据…"). */
const MID_LABEL = /(?<=[。.])[ \t]*(\d{1,3})[ \t]*([.、])(?!\d)[ \t]*(?=\S)/g;

function labelCandidates(folded: string): LabelCandidate[] {
  const found = new Map<number, LabelCandidate>();
  for (let p = 0; p <= folded.length; p = folded.indexOf('\n', p) + 1 || folded.length + 1) {
    LINE_LABEL.lastIndex = p;
    const m = LINE_LABEL.exec(folded);
    if (m) {
      const labelStart = p + (m[0].length - m[0].trimStart().length);
      found.set(labelStart, {
        number: Number(m[1] ?? m[3]),
        separator: m[2] ?? ']',
        labelStart,
        bodyStart: p + m[0].length,
        atLineStart: true,
      });
    }
    if (p >= folded.length) break;
  }
  for (const m of folded.matchAll(MID_LABEL)) {
    const labelStart = m.index + (m[0].length - m[0].trimStart().length);
    if ([...found.values()].some((c) => c.labelStart === labelStart)) continue;
    // At a line start already (the line before ended with a full stop): the line rule decides.
    const before = folded.slice(folded.lastIndexOf('\n', m.index - 1) + 1, labelStart);
    if (before.trim() === '') continue;
    found.set(labelStart, {
      number: Number(m[1]),
      separator: m[2]!,
      labelStart,
      bodyStart: m.index + m[0].length,
      atLineStart: false,
    });
  }
  return [...found.values()].sort((a, b) => a.labelStart - b.labelStart);
}

/**
 * Whether a numbered line opens a new claim or is a step inside the current one ("包括：\n1）混合；
 * \n2）加热。"): after a full stop a number opens a claim (a step written "1)" only when it is the
 * next claim's number); after ：；，、 never; after anything else only the next number or a line
 * that reads like a claim.
 */
function opensClaim(c: LabelCandidate, previous: ParsedClaim | undefined, folded: string): boolean {
  if (!previous) return c.atLineStart || c.number === 1;
  const next = previous.number + 1;
  const before = folded.slice(previous.bodyStart, c.labelStart).trimEnd();
  const last = before.at(-1) ?? '';
  const terminated = /[。.]/.test(last);
  if (!c.atLineStart) return terminated && c.number === next;
  if (terminated) return !/[)]/.test(c.separator) || c.number === next;
  // After ：；, a numbered line is a step, unless it is the next claim and refers to a claim at once
  // (a claim before it that ends in ":" because its formula was an image).
  if (/[：:，,；;、]/.test(last))
    return c.number === next && REFERS_EARLY.test(folded.slice(c.bodyStart, c.bodyStart + 100));
  return c.number === next || CLAIM_START.test(folded.slice(c.bodyStart, c.bodyStart + 12));
}

const RANGE_JOINS = /^(?:-|–|—|~|至|到|to|through)$/i;
const ALTERNATIVE_JOINS = /^(?:或|或者|or|and\/or)$/i;
const CUMULATIVE_JOINS = /^(?:和|及|与|以及|and)$/i;

const REFERENCE_ZH =
  /权利要求\s*(\d+)((?:\s*(?:-|–|—|~|至|到|、|,|或者|或|以及|和|及|与)\s*(?:权利要求\s*)?\d+(?!\d)(?![\d.]*\s*%)(?!\s*[-–~]\s*\d+\s*%))*)(\s*中?\s*的?\s*(?:任一项|任意一项|任一|任意一|任何一项|之一))?/g;
const REFERENCE_EN =
  /\b(any\s+(?:one\s+)?of\s+(?:the\s+)?(?:preceding\s+)?)?claims?\s+(\d+)((?:\s*(?:,|-|–|to|through|and\/or|or|and)\s*(?:claims?\s+)?\d+(?!\d)(?![\d.]*\s*%)(?!\s*[-–]\s*\d+\s*%))*)/gi;

function referenceOf(first: string, rest: string, anyOf: boolean, start: number, end: number): ClaimReference {
  const parts = rest.match(/\d+|[^\d\s]+/g) ?? [];
  const numbers = new Set<number>([Number(first)]);
  let previous = Number(first);
  let join = '';
  let alternative = anyOf;
  let cumulative = false;
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      const n = Number(part);
      if (RANGE_JOINS.test(join) && n > previous && n - previous <= 500) {
        for (let k = previous + 1; k <= n; k++) numbers.add(k);
      } else numbers.add(n);
      previous = n;
      join = '';
    } else {
      const word = part.replace(/权利要求|claims?/gi, '').trim();
      if (word) join = word;
      if (ALTERNATIVE_JOINS.test(word)) alternative = true;
      if (CUMULATIVE_JOINS.test(word)) cumulative = true;
    }
  }
  const list = [...numbers];
  const kind: ReferenceKind =
    list.length === 1 ? 'single' : alternative ? 'alternative' : cumulative ? 'cumulative' : 'unspecified';
  return { numbers: list, kind, start, end };
}

/** The references to other claims in [from, to) of the claims text. */
export function claimReferences(folded: string, from: number, to: number): ClaimReference[] {
  const body = folded.slice(from, to);
  const references: ClaimReference[] = [];
  for (const m of body.matchAll(REFERENCE_ZH)) {
    references.push(referenceOf(m[1]!, m[2] ?? '', m[3] !== undefined, from + m.index, from + m.index + m[0].length));
  }
  for (const m of body.matchAll(REFERENCE_EN)) {
    references.push(referenceOf(m[2]!, m[3] ?? '', m[1] !== undefined, from + m.index, from + m.index + m[0].length));
  }
  return references.sort((a, b) => a.start - b.start);
}

/** Cuts the claims text into claims (see opensClaim) and reads each one's references. */
export function parseClaims(claimsText: string): ParsedClaims {
  const folded = foldWidth(claimsText);
  const claims: ParsedClaim[] = [];
  const trimmedEnd = (from: number, to: number) => from + folded.slice(from, to).trimEnd().length;
  for (const c of labelCandidates(folded)) {
    const previous = claims[claims.length - 1];
    if (!opensClaim(c, previous, folded)) continue;
    if (previous) previous.end = trimmedEnd(previous.start, c.labelStart);
    claims.push({
      number: c.number,
      numbered: true,
      start: c.labelStart,
      end: folded.length,
      bodyStart: c.bodyStart,
      references: [],
      dependsOn: [],
    });
  }
  let preamble: ParsedClaims['preamble'] = null;
  if (claims.length === 0) {
    const start = folded.length - folded.trimStart().length;
    if (folded.trim() !== '') {
      claims.push({
        number: 1,
        numbered: false,
        start,
        end: folded.length,
        bodyStart: start,
        references: [],
        dependsOn: [],
      });
    }
  } else {
    const last = claims[claims.length - 1]!;
    last.end = trimmedEnd(last.start, folded.length);
    const head = folded.slice(0, claims[0]!.start);
    const lines = head.split('\n').filter((line) => line.trim() !== '');
    if (lines.some((line) => !CLAIMS_HEADINGS.test(line.trim()))) {
      const start = head.length - head.trimStart().length;
      preamble = { start, end: start + head.trim().length };
    }
  }
  for (const claim of claims) {
    claim.references = claimReferences(folded, claim.bodyStart, claim.end);
    claim.dependsOn = [...new Set(claim.references.flatMap((r) => r.numbers))].sort((a, b) => a - b);
  }
  return { claims, preamble };
}
