import type {
  AbnormalSignal,
  ApplicationSection,
  ApplicationText,
  BatchFiling,
  CopiedPassage,
  DuplicateEvidence,
  SignalPatent,
} from '@patlas/contracts';
import { segmentUnits, stemWord } from '@patlas/engine';
import { isChineseText } from './formal-review/review-kit.js';

/**
 * The abnormal-application signals (非正常申请; issue 22, docs/formal-review.md). Pure: what the
 * formal-review service gathered — the applicant's filings from the index, the duplicate check's
 * alignment of the text with some of them and with the corpus — in, signals with their evidence out.
 *
 * The kinds follow 《规范申请专利行为的办法》 (国家知识产权局令第77号, 2023) Art. 3: (一) filings of
 * obviously identical content, filed together or one after another (same-applicant-duplicate,
 * batch-filings); (二) copying existing technology (copied-text). A signal is a pointer for a person
 * to look at, never a verdict.
 */

/** Every threshold of the signals, in one place (docs/formal-review.md "Thresholds"). */
export const ABNORMAL_THRESHOLDS = {
  /** An earlier filing of the applicant holding this share of the text (duplicate check similarity) is a near-duplicate… */
  sameApplicantSimilarity: 0.5,
  /** …and from this share on, the signal is high. */
  sameApplicantHigh: 0.8,
  /** Earlier filings aligned with the whole text: the most alike by their title and abstract. */
  sameApplicantAligned: 10,
  /** A filing is aligned only when this share of its title and abstract shingles is in the text. */
  sameApplicantMinContainment: 0.2,
  /** Filings within this many days of each other… */
  batchWindowDays: 30,
  /** …whose titles and abstracts share this much (Jaccard of shingles) are near-identical. */
  batchSimilarity: 0.8,
  /** A batch is this many near-identical filings or more (two is the common 一案双申 pair)… */
  batchMinFilings: 3,
  /** …and from this many on, the signal is high. */
  batchHigh: 6,
  /** Filings with a shorter abstract are left out of batches: equal short titles say nothing. */
  batchMinAbstractChars: 50,
  /** A verbatim run shorter than this (non-blank characters) is no copied passage: Chinese text… */
  copiedMinCharsZh: 50,
  /** …English text (about 30 words). */
  copiedMinCharsEn: 200,
  /** A sentence of the text counts toward a copied run when the patent holds this share of it. */
  copiedSentenceSimilarity: 0.9,
  /** Corpus patents aligned for copied passages. */
  copiedCandidates: 30,
  /** From this share of the text in copied passages on, the signal is high. */
  copiedHighShare: 0.3,
} as const;

export type AbnormalThresholds = typeof ABNORMAL_THRESHOLDS;

/** A filing of the applicant as the index answers it. */
export interface ApplicantFiling {
  publicationNumber: string;
  title: string | null;
  abstract: string | null;
  applicants: string[];
  applicationDate: string | null;
}

// ---------------------------------------------------------------------------------------------
// Shingles

/**
 * The shingles of a text as the duplicate check cuts them (duplicate-align.ts): 3 consecutive
 * Chinese characters, 2 consecutive stemmed English words, over the normalised text.
 */
export function shinglesOf(text: string): Set<string> {
  const units = segmentUnits(text);
  const tokens = units.map((u) => (u.kind === 'cjk' ? u.text : stemWord(u.text)));
  const shingles = new Set<string>();
  for (let i = 0; i < units.length; i++) {
    const size = units[i]!.kind === 'cjk' ? 3 : 2;
    if (i + size > units.length) break;
    shingles.add(tokens.slice(i, i + size).join('\u0001'));
  }
  return shingles;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const s of small) if (large.has(s)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Share of `part`'s shingles found in `whole`. */
export function containment(part: ReadonlySet<string>, whole: ReadonlySet<string>): number {
  if (part.size === 0) return 0;
  let shared = 0;
  for (const s of part) if (whole.has(s)) shared++;
  return shared / part.size;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

// ---------------------------------------------------------------------------------------------
// The text as one string (what the duplicate check aligns)

export interface JoinedText {
  text: string;
  /** Where each non-empty section starts in `text`. */
  sections: { section: ApplicationSection; start: number; end: number }[];
  /** Characters of the whole before cutting to `limit`. */
  fullLength: number;
}

/** Title, abstract, claims and description joined by blank lines, cut to `limit` characters. */
export function joinSections(text: ApplicationText, limit: number): JoinedText {
  let joined = '';
  const sections: JoinedText['sections'] = [];
  for (const section of ['title', 'abstract', 'claims', 'description'] as const) {
    const value = text[section];
    if (value.trim() === '') continue;
    if (joined) joined += '\n\n';
    sections.push({ section, start: joined.length, end: joined.length + value.length });
    joined += value;
  }
  return { text: joined.slice(0, limit), sections, fullLength: joined.length };
}

/** A place in the joined text as its section and offsets in that section's text. */
export function placeOf(joined: JoinedText, start: number, end: number) {
  const at = joined.sections.find((s) => start >= s.start && start < s.end) ?? joined.sections[0]!;
  return { section: at.section, start: start - at.start, end: Math.min(end, at.end) - at.start };
}

// ---------------------------------------------------------------------------------------------
// Signal: near-duplicate of the applicant's earlier filings

/** The earlier filings most worth aligning with the text: those whose title and abstract the text contains most. */
export function filingsToAlign(
  text: string,
  filings: readonly ApplicantFiling[],
  thresholds: AbnormalThresholds = ABNORMAL_THRESHOLDS,
): string[] {
  const whole = shinglesOf(text);
  return filings
    .map((f) => ({ f, share: containment(shinglesOf(`${f.title ?? ''}\n${f.abstract ?? ''}`), whole) }))
    .filter((x) => x.share >= thresholds.sameApplicantMinContainment)
    .sort((a, b) => b.share - a.share)
    .slice(0, thresholds.sameApplicantAligned)
    .map((x) => x.f.publicationNumber);
}

export interface AlignedFiling {
  patent: SignalPatent;
  similarity: number;
  matchedSentences: number;
}

export function sameApplicantSignal(
  aligned: readonly AlignedFiling[],
  thresholds: AbnormalThresholds = ABNORMAL_THRESHOLDS,
): AbnormalSignal | null {
  const close = aligned
    .filter((a) => a.similarity >= thresholds.sameApplicantSimilarity)
    .sort((a, b) => b.similarity - a.similarity);
  if (close.length === 0) return null;
  const top = close[0]!;
  const percent = Math.round(top.similarity * 100);
  return {
    kind: 'same-applicant-duplicate',
    level: top.similarity >= thresholds.sameApplicantHigh ? 'high' : 'medium',
    message: {
      zh: `与同一申请人的 ${close.length} 件在先申请高度相似（最高 ${percent}%：${top.patent.publicationNumber}），可能属于重复提交内容明显相同的申请`,
      en: `Closely similar to ${close.length} earlier filing${close.length > 1 ? 's' : ''} of the same applicant (up to ${percent}%: ${top.patent.publicationNumber}); it may repeat an application of obviously identical content`,
    },
    threshold: thresholds.sameApplicantSimilarity,
    filings: close.map((a) => ({ ...a.patent, similarity: round(a.similarity), matchedSentences: a.matchedSentences })),
  };
}

// ---------------------------------------------------------------------------------------------
// Signal: many near-identical filings in a short time

const DAY_MS = 24 * 60 * 60 * 1000;

/** A filing of a batch: a corpus record or the text (publicationNumber null). */
export interface BatchCandidate {
  publicationNumber: string | null;
  title: string | null;
  abstract: string | null;
  applicationDate: string | null;
}

/**
 * Groups of near-identical filings (title and abstract Jaccard ≥ batchSimilarity) filed within
 * batchWindowDays of another member: the connected groups of that relation with at least
 * batchMinFilings members, largest first. Filings without a date or with a short abstract are left out.
 */
export function findBatches(
  candidates: readonly BatchCandidate[],
  thresholds: AbnormalThresholds = ABNORMAL_THRESHOLDS,
): BatchFiling[][] {
  const usable = candidates
    .map((c) => ({ c, time: c.applicationDate ? Date.parse(c.applicationDate) : NaN }))
    .filter((x) => Number.isFinite(x.time) && (x.c.abstract?.trim().length ?? 0) >= thresholds.batchMinAbstractChars)
    .sort((a, b) => a.time - b.time);
  const shingles = usable.map((x) => shinglesOf(`${x.c.title ?? ''}\n${x.c.abstract ?? ''}`));
  const parent = usable.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const best = new Float64Array(usable.length);
  for (let i = 0; i < usable.length; i++) {
    for (
      let j = i + 1;
      j < usable.length && usable[j]!.time - usable[i]!.time <= thresholds.batchWindowDays * DAY_MS;
      j++
    ) {
      const similarity = jaccard(shingles[i]!, shingles[j]!);
      if (similarity < thresholds.batchSimilarity) continue;
      parent[find(j)] = find(i);
      best[i] = Math.max(best[i]!, similarity);
      best[j] = Math.max(best[j]!, similarity);
    }
  }
  const groups = new Map<number, number[]>();
  usable.forEach((_, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), i]);
  });
  return [...groups.values()]
    .filter((members) => members.length >= thresholds.batchMinFilings)
    .sort((a, b) => b.length - a.length || a[0]! - b[0]!)
    .map((members) =>
      members.map((i) => ({
        publicationNumber: usable[i]!.c.publicationNumber,
        title: usable[i]!.c.title,
        applicationDate: usable[i]!.c.applicationDate,
        similarity: round(best[i]!),
      })),
    );
}

/** The batch signals: those the text belongs to first, at most three. */
export function batchSignals(
  batches: readonly BatchFiling[][],
  thresholds: AbnormalThresholds = ABNORMAL_THRESHOLDS,
): AbnormalSignal[] {
  const withText = (b: readonly BatchFiling[]) => b.some((f) => f.publicationNumber === null);
  return [...batches]
    .sort((a, b) => Number(withText(b)) - Number(withText(a)))
    .slice(0, 3)
    .map((filings) => {
      const dates = filings.map((f) => f.applicationDate!).sort();
      const from = dates[0] ?? null;
      const to = dates[dates.length - 1] ?? null;
      const includesText = withText(filings);
      return {
        kind: 'batch-filings' as const,
        level: filings.length >= thresholds.batchHigh ? ('high' as const) : ('medium' as const),
        message: {
          zh: `该申请人在 ${from} 至 ${to} 间提交了 ${filings.length} 件名称和摘要几乎相同的申请${includesText ? '（含本申请）' : ''}`,
          en: `The applicant filed ${filings.length} applications with near-identical titles and abstracts between ${from} and ${to}${includesText ? ' (this one included)' : ''}`,
        },
        windowDays: thresholds.batchWindowDays,
        threshold: thresholds.batchSimilarity,
        from,
        to,
        includesText,
        filings,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Signal: text copied from existing patents

export interface AlignedPatent {
  patent: SignalPatent;
  evidence: readonly DuplicateEvidence[];
}

const nonBlank = (s: string) => s.replace(/\s+/g, '').length;

/** One matched sentence of the text and its place in the patent (absolute offsets in the patent's section). */
interface Piece {
  start: number;
  end: number;
  section: ApplicationSection;
  patentStart: number;
  patentEnd: number;
  patentText: string;
  similarity: number;
}

/** Only punctuation and blanks between two pieces: one run. */
const JOINS = /^[\s\p{P}]{0,3}$/u;

/**
 * Long runs of the text found verbatim in a patent. The duplicate check aligns sentence by
 * sentence (。；; end one), so a copied passage arrives as consecutive matched sentences: pieces
 * whose sentences match at copiedSentenceSimilarity or more are joined when they follow each other
 * in the text and in the same section of the patent (nothing but punctuation between). A run of at
 * least copiedMinChars non-blank characters is a copied passage. Overlapping runs keep the longest.
 */
export function copiedPassages(
  joined: JoinedText,
  patents: readonly AlignedPatent[],
  thresholds: AbnormalThresholds = ABNORMAL_THRESHOLDS,
): CopiedPassage[] {
  const found: (CopiedPassage & { at: number; to: number })[] = [];
  for (const { patent, evidence } of patents) {
    const pieces: Piece[] = [];
    for (const e of evidence) {
      if (e.similarity < thresholds.copiedSentenceSimilarity || e.inputSpans.length === 0) continue;
      pieces.push({
        start: e.inputSpans[0]!.start,
        end: e.inputSpans[e.inputSpans.length - 1]!.end,
        section: e.section,
        patentStart: e.passageStart,
        patentEnd: e.passageEnd,
        patentText: e.passageText,
        similarity: e.similarity,
      });
    }
    pieces.sort((a, b) => a.start - b.start);
    const runs: Piece[][] = [];
    for (const piece of pieces) {
      const run = runs[runs.length - 1];
      const last = run?.[run.length - 1];
      if (
        run &&
        last &&
        last.section === piece.section &&
        piece.start >= last.end &&
        JOINS.test(joined.text.slice(last.end, piece.start)) &&
        piece.patentStart >= last.patentStart &&
        piece.patentStart - last.patentEnd <= 3
      ) {
        run.push(piece);
      } else runs.push([piece]);
    }
    for (const run of runs) {
      const start = run[0]!.start;
      const end = run[run.length - 1]!.end;
      const text = joined.text.slice(start, end);
      const min = /\p{Script=Han}/u.test(text) ? thresholds.copiedMinCharsZh : thresholds.copiedMinCharsEn;
      const chars = nonBlank(text);
      if (chars < min) continue;
      found.push({
        ...placeOf(joined, start, end),
        excerpt: text.slice(0, 300),
        patent,
        patentSection: run[0]!.section,
        patentExcerpt: run
          .map((p) => p.patentText)
          .join('')
          .slice(0, 300),
        chars,
        similarity: round(run.reduce((sum, p) => sum + p.similarity, 0) / run.length),
        at: start,
        to: end,
      });
    }
  }
  found.sort((a, b) => b.chars - a.chars || a.at - b.at);
  const kept: typeof found = [];
  for (const passage of found) {
    if (kept.some((k) => passage.at < k.to && k.at < passage.to)) continue;
    kept.push(passage);
  }
  return kept.sort((a, b) => a.at - b.at).map(({ at: _at, to: _to, ...passage }) => passage);
}

export function copiedTextSignal(
  joined: JoinedText,
  passages: readonly CopiedPassage[],
  thresholds: AbnormalThresholds = ABNORMAL_THRESHOLDS,
): AbnormalSignal | null {
  if (passages.length === 0) return null;
  const share = round(passages.reduce((sum, p) => sum + p.chars, 0) / Math.max(1, nonBlank(joined.text)));
  const patents = new Set(passages.map((p) => p.patent.publicationNumber)).size;
  return {
    kind: 'copied-text',
    level: share >= thresholds.copiedHighShare ? 'high' : 'medium',
    message: {
      zh: `有 ${passages.length} 段较长文字与 ${patents} 件现有专利逐字相同（占全文 ${Math.round(share * 100)}%），可能抄袭或拼凑现有技术`,
      en: `${passages.length} long passage${passages.length > 1 ? 's are' : ' is'} word for word in ${patents} existing patent${patents > 1 ? 's' : ''} (${Math.round(share * 100)}% of the text); existing technology may have been copied or pieced together`,
    },
    minChars: isChineseText(joined.text) ? thresholds.copiedMinCharsZh : thresholds.copiedMinCharsEn,
    share,
    passages: [...passages],
  };
}
