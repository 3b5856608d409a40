import { MAX_PRE_EVALUATION_FEATURES, type PreEvaluationKind, type TechnicalFeature } from '@patlas/contracts';
import { extractTerms } from '@patlas/engine';

/**
 * Technical features of a claim or a disclosure (issue 22 "Method" 1). Pure: text in, features with
 * their character ranges in that text out.
 *
 * A claim set: claim 1 alone (up to where claim 2 starts, or the first dependent claim); its
 * preamble (前序部分) and characterising part (其特征在于 / characterised in that) apart; each part
 * cut at the element list (包括 / 包含 / comprising / including), the elements at `；` / `;` (and
 * at `，` when a Chinese claim has no semicolon or an element is long), a `wherein` / `其中` clause
 * a feature of its own. Connectors (包括：, 其中, 以及, and, wherein) are trimmed from a feature's
 * ends; `所述` / `the said` references stay in the text (they tie the feature to the element it
 * limits) and weigh nothing in the matching, where they are stop words. A disclosure: its
 * sentences, long ones cut at `，`. Fragments without a technical term join their neighbour; beyond
 * MAX_PRE_EVALUATION_FEATURES the two shortest neighbours are merged until it fits.
 */

/** Shorter pieces (in characters, CJK) are joined to their neighbour rather than kept alone. */
const MIN_CJK_FEATURE = 8;
/** The same for English, in characters. */
const MIN_LATIN_FEATURE = 20;
/** A Chinese element longer than this is cut at its commas. */
const LONG_CJK_ELEMENT = 120;
/** An English element longer than this is cut at ", wherein" / ", and". */
const LONG_LATIN_ELEMENT = 300;

interface Range {
  start: number;
  end: number;
  part: TechnicalFeature['part'];
  /** An item of an enumeration (A、B和C / A, B and C): kept alone however short, when it has a term. */
  item?: boolean;
}

const CJK = /[\u3400-\u9fff]/;

/** `claims` when the text reads as a claim (numbered, 其特征在于, comprising…), else `disclosure`. */
export function detectKind(text: string): PreEvaluationKind {
  const head = text.trimStart().slice(0, 400);
  if (/^(?:1\s*[.、．:：)]|权利要求\s*1|claim\s*1\b|what is claimed is)/i.test(head)) return 'claims';
  if (/其特征在于|其特征是|characteri[sz]ed\s+in\s+that|\bcomprising[:,]?\s/i.test(text)) return 'claims';
  return 'disclosure';
}

/** Where claim 1 ends: before "2." / "2、" that opens the next claim, or before the first dependent claim. */
export function firstClaimRange(text: string): { start: number; end: number } {
  let start = 0;
  const lead =
    /^\s*(?:what is claimed is:?|claims?:?|权利要求书[:：]?)?\s*(?:1\s*[.、．:：)]\s*|权利要求\s*1\s*[.、．:：]?\s*)?/i.exec(
      text,
    );
  if (lead) start = lead[0].length;
  const rest = text.slice(start);
  // The next claim's number: "2." after a sentence end or a line break, not "2.5 mm" (a digit follows).
  const next = /(?:[。.;；]\s*|\n\s*)2\s*[.、．:：)](?!\d)/.exec(rest);
  // A dependent claim written without numbers: "根据权利要求1所述…" / "The method of claim 1".
  const dependent =
    /(?:[。.]\s*|\n\s*)(?:根据|如)权利要求\s*1|(?:[.]\s+|\n\s*)(?:the|an?)\s+[\w\s-]{1,60}?\s+(?:of|according to|as claimed in|as recited in)\s+claim\s+1\b/i.exec(
      rest,
    );
  const cuts = [next, dependent]
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => m.index + (/^[。.;；]/.test(m[0]) ? 1 : 0));
  const end = cuts.length > 0 ? start + Math.min(...cuts) : text.length;
  return { start, end };
}

/** Splits [start, end) of `text` at every match of `separator`; the separators stay out of the pieces. */
function splitRange(text: string, range: Range, separator: RegExp): Range[] {
  const pieces: Range[] = [];
  const flags = separator.flags.includes('g') ? separator.flags : `${separator.flags}g`;
  const re = new RegExp(separator.source, flags);
  const slice = text.slice(range.start, range.end);
  let at = 0;
  for (const m of slice.matchAll(re)) {
    if (m.index > at) pieces.push({ start: range.start + at, end: range.start + m.index, part: range.part });
    at = m.index + m[0].length;
  }
  if (at < slice.length) pieces.push({ start: range.start + at, end: range.end, part: range.part });
  return pieces;
}

const LEADING_CONNECTORS =
  /^(?:\s|[,，:：;；、.。]|还包括|包括有|包括|包含有|包含|其中|以及|并且|且|并(?![联列行发排])|(?:(?:further\s+)?comprising|comprises|including|includes|wherein|whereby|and)\b)+/i;
const TRAILING = /(?:[\s,，:：;；、.。]|\band\b|\bor\b|以及|和)+$/i;

/** A range without the connectors and punctuation at its ends. */
function trimRange(text: string, range: Range): Range | undefined {
  let { start, end } = range;
  for (;;) {
    const slice = text.slice(start, end);
    const lead = LEADING_CONNECTORS.exec(slice);
    if (!lead || lead[0].length === 0) break;
    start += lead[0].length;
  }
  const tail = TRAILING.exec(text.slice(start, end));
  if (tail) end -= tail[0].length;
  return end > start ? { ...range, start, end } : undefined;
}

function weight(text: string, range: Range): number {
  return extractTerms(text.slice(range.start, range.end)).length;
}

/** "所述图像处理方法" / "said method": a bare reference to what the claim already named. */
const BARE_REFERENCE = /^(?:所述|该|said|the)\s*[^\s，,；;：:。]{1,16}$/i;

function isShort(text: string, range: Range): boolean {
  const slice = text.slice(range.start, range.end);
  if (BARE_REFERENCE.test(slice) && !/\s\S+\s/.test(slice)) return true;
  // "壳体" / "a housing" named in a list is an element of its own.
  if (range.item) return CJK.test(slice) ? slice.length < 2 : slice.length < 3;
  return CJK.test(slice) ? slice.length < MIN_CJK_FEATURE : slice.length < MIN_LATIN_FEATURE;
}

/**
 * Joins pieces without a technical term, or too short to say anything, to the piece before in the
 * same part of the claim, else to the piece after.
 */
function joinFragments(text: string, ranges: Range[]): Range[] {
  const out: Range[] = [];
  let pending: Range | undefined;
  for (const range of ranges) {
    const current = pending && pending.part === range.part ? { ...range, start: pending.start } : { ...range };
    if (pending && pending.part !== range.part) out.push(pending);
    pending = undefined;
    const weak = isShort(text, current) || weight(text, current) === 0;
    const prev = out[out.length - 1];
    if (weak && prev && prev.part === current.part) prev.end = current.end;
    else if (weak) pending = current;
    else out.push(current);
  }
  if (pending) out.push(pending);
  return out.filter((r) => weight(text, r) > 0);
}

/** Cuts a Chinese element at its commas when it is long; an English one at ", wherein" and "; and". */
function cutLong(text: string, range: Range): Range[] {
  const slice = text.slice(range.start, range.end);
  if (CJK.test(slice)) {
    if (slice.length <= LONG_CJK_ELEMENT) return [range];
    return splitRange(text, range, /[，,]/);
  }
  if (slice.length <= LONG_LATIN_ELEMENT) return [range];
  return splitRange(text, range, /,\s*(?=wherein\b|and\b|whereby\b)/i);
}

/** English list items open with an article or a count: "a housing, a motor and a fan". */
const LATIN_ITEM = String.raw`(?:an?|one|two|three|four|at\s+least\s+one|a\s+plurality\s+of|plural)\s`;

/**
 * The items of an enumeration right after the list opener: "壳体、电机和风扇" at 、 and the last
 * 和 / 以及 (及 only after a 、 list: 及其, 及时 are words), "a housing, a motor and a fan" at the
 * commas and "and" before an article. A piece that is no enumeration comes back whole.
 */
function enumeration(text: string, range: Range): Range[] {
  const slice = text.slice(range.start, range.end);
  let items: Range[];
  if (CJK.test(slice)) {
    items = splitRange(text, range, /、/);
    const last = items[items.length - 1]!;
    const lastText = text.slice(last.start, last.end);
    const joiner = items.length > 1 ? /(?:以及|和|及(?![其时]))(?!.*(?:以及|和|及))/ : /(?:以及|和)(?!.*(?:以及|和))/;
    const m = joiner.exec(lastText);
    // "A和B" alone is a list only when short (a clause "将A和B连接…" is not).
    if (m && m.index > 0 && (items.length > 1 || lastText.length <= 30)) {
      items.splice(
        -1,
        1,
        { ...last, end: last.start + m.index },
        { ...last, start: last.start + m.index + m[0].length },
      );
    }
  } else {
    items = splitRange(text, range, new RegExp(String.raw`,\s*(?:and\s+)?(?=${LATIN_ITEM})`, 'i'));
    if (items.length > 1) {
      const last = items[items.length - 1]!;
      items.splice(-1, 1, ...splitRange(text, last, new RegExp(String.raw`\s+and\s+(?=${LATIN_ITEM})`, 'i')));
    }
  }
  if (items.length < 2) return [range];
  // Not a list of parts: a step labelled "a、" / "S1、", or an item that is a clause of its own.
  const longest = CJK.test(slice) ? 30 : 80;
  const itemTexts = items.map((r) => text.slice(r.start, r.end).trim());
  if (/^(?:[a-z]|[a-z]?\d{1,2}|步骤\s*[a-z]?\d*)$/i.test(itemTexts[0]!)) return [range];
  if (itemTexts.some((t) => t.length > longest)) return [range];
  if (/^(?:将|把|使|对|用|在|通过|利用|采用|根据)/.test(itemTexts[0]!)) return [range];
  return items.map((r) => ({ ...r, item: true }));
}

/** The elements of a claim part: its subject, then its list cut at `；`, `wherein` clauses apart. */
function elementsOf(text: string, range: Range): Range[] {
  const slice = text.slice(range.start, range.end);
  const chinese = CJK.test(slice);
  // The list opens at 包括 / 包含 / comprising: what stands before it is the subject (一种…装置).
  const opener = chinese
    ? /(?:[，,]\s*)?(?:[它其]?(?:包括|包含)(?:有|以下步骤|如下步骤|步骤)?[：:，,]?)/.exec(slice)
    : /,?\s*\b(?:(?:which\s+)?comprising|comprises|including|consisting\s+of)\b(?:\s+(?:the\s+)?steps\s+of)?:?/i.exec(
        slice,
      );
  const pieces: Range[] = [];
  let body: Range = range;
  if (opener && opener.index > 0) {
    // "…，所述图像处理方法包括：" / "…, said method comprising": the subject's closing reference is no feature.
    const subject = slice.slice(0, opener.index);
    const reference = /[，,]\s*(?:所述|该|said|the)\s*[^，,；;：:\s]{1,16}(?:\s+[a-z]+)?$/i.exec(subject);
    const subjectEnd = reference && reference.index > 0 ? reference.index : opener.index;
    pieces.push(...cutLong(text, { start: range.start, end: range.start + subjectEnd, part: range.part }));
    body = { start: range.start + opener.index + opener[0].length, end: range.end, part: range.part };
  }
  const bodySlice = text.slice(body.start, body.end);
  let elements: Range[];
  if (chinese) {
    elements = /[；;]/.test(bodySlice)
      ? splitRange(text, body, /[；;\n]+/).flatMap((r) => cutLong(text, r))
      : splitRange(text, body, /[，,。\n]+/);
  } else {
    elements = splitRange(text, body, /;\s*|\n+/).flatMap((r) => cutLong(text, r));
    // "…, wherein the x is y" is a feature of its own.
    elements = elements.flatMap((r) => splitRange(text, r, /,?\s*(?=\bwherein\b)/i));
  }
  // The list the opener announces: its first element may name several parts at once.
  if (opener && !/步骤|steps/i.test(opener[0]) && elements.length > 0) {
    const first = trimRange(text, elements[0]!);
    if (first) elements.splice(0, 1, ...enumeration(text, first));
  }
  return [...pieces, ...elements];
}

function splitClaim(text: string): Range[] {
  const claim = firstClaimRange(text);
  const claimText = text.slice(claim.start, claim.end);
  const marker =
    /[，,]?\s*(?:其特征在于|其特征是|其改进在于)[：:，,]?|,?\s*(?:characteri[sz]ed\s+in\s+that|characteri[sz]ed\s+by|the\s+improvement\s+comprising)\s*:?/i.exec(
      claimText,
    );
  const ranges: Range[] = [];
  if (marker) {
    const split = claim.start + marker.index;
    ranges.push(...elementsOf(text, { start: claim.start, end: split, part: 'preamble' }));
    ranges.push(
      ...elementsOf(text, { start: split + marker[0].length, end: claim.end, part: 'characterising' }).map((r) => ({
        ...r,
        part: 'characterising' as const,
      })),
    );
  } else {
    ranges.push(...elementsOf(text, { start: claim.start, end: claim.end, part: 'element' }));
  }
  return ranges;
}

function splitDisclosure(text: string): Range[] {
  const sentences = splitRange(text, { start: 0, end: text.length, part: 'sentence' }, /[。！？；;\n]+|[.!?](?=\s|$)/);
  return sentences.flatMap((r) => cutLong(text, r));
}

/** Merges the two adjacent features of least length until at most `max` remain. */
function capCount(ranges: Range[], max: number): Range[] {
  const out = ranges.map((r) => ({ ...r }));
  while (out.length > max) {
    let best = 0;
    for (let i = 1; i < out.length - 1; i++) {
      const size = out[i]!.end - out[i]!.start + (out[i + 1]!.end - out[i + 1]!.start);
      const bestSize = out[best]!.end - out[best]!.start + (out[best + 1]!.end - out[best + 1]!.start);
      if (size < bestSize) best = i;
    }
    out[best]!.end = out[best + 1]!.end;
    out.splice(best + 1, 1);
  }
  return out;
}

/** The technical features of `text`, read as `kind`. */
export function splitFeatures(
  text: string,
  kind: PreEvaluationKind,
  max = MAX_PRE_EVALUATION_FEATURES,
): TechnicalFeature[] {
  const raw = kind === 'claims' ? splitClaim(text) : splitDisclosure(text);
  const trimmed = raw.map((r) => trimRange(text, r)).filter((r): r is Range => r !== undefined);
  const ranges = capCount(joinFragments(text, trimmed), max);
  return ranges.map((r, index) => ({
    index,
    label: `F${index + 1}`,
    text: text.slice(r.start, r.end),
    start: r.start,
    end: r.end,
    part: r.part,
  }));
}
