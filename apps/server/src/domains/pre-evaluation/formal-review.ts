import type {
  ApplicationSection,
  ApplicationText,
  Bilingual,
  FindingSeverity,
  FormalFinding,
  FormalReviewResponse,
  FormalRule,
  ParsedClaimSummary,
} from '@patlas/contracts';
import { extractKeywords, isStopWord, segmentUnits, segmentWords, stemWord, type TextUnit } from '@patlas/engine';

/**
 * The formal review (形式审查) of an application text (issue 22; docs/formal-review.md gives every
 * rule with its source). Pure: the four sections in, findings out, each naming its rule, a zh/en
 * message, a severity and its place (section, claim, character offsets into that section's text).
 *
 * Precision first: a rule reports only what a program can tell for certain, or — as a warning —
 * what an examiner would object to; when a text could be read two ways the rule stays silent.
 */

// ---------------------------------------------------------------------------------------------
// Word lists, kept in one place (docs/formal-review.md "Word lists").

/**
 * Title wording (CNIPA 专利审查指南 part I ch. 1 §4.1.1, 发明名称: no personal or place names,
 * trademarks, model numbers or trade names, no commercial puffery, no vague words such as 及其他
 * and 及其类似物; USPTO MPEP 606 and EPC Rule 41(2)(b): a short, specific technical title, no
 * fancy names). A word counts as jieba segments the title, so 等 in 等离子体 or 等温 is no listing
 * 等; `unless` lists the next words that make it a technical term (新型冠状病毒, 高效液相色谱).
 */
const TITLE_VAGUE_WORDS_ZH: readonly { word: string; unless?: readonly string[]; before?: string }[] = [
  { word: '等' },
  { word: '等等' },
  { word: '新型', unless: ['冠状病毒', '冠状'] },
  { word: '新颖' },
  { word: '最新' },
  { word: '高效', unless: ['液相', '液相色谱', '液相色谱法'] },
  { word: '先进', unless: ['先出'] },
  // "改进的X" praises; "用于改进X的方法" names a purpose, so only 改进 before 的.
  { word: '改进', before: '的' },
  { word: '改进型' },
  { word: '改良型' },
];
/** Vague phrases matched as written (part I ch. 1 §4.1.1 names the first two). */
const TITLE_VAGUE_PHRASES_ZH = ['及其他', '及其类似物', '及类似物', '及其它'];
/** English: praise and open-ended listings; "new radio" (5G NR) is a technical term. */
const TITLE_VAGUE_EN =
  /\b(?:new(?!\s+radio\b)|novel|improved|improvement|advanced|high[- ]efficiency|highly efficient|etc\.?|and the like|and others)(?=\W|$)/gi;
/** A title that is only one of these gives no information (part I ch. 1 §4.1.1: 仅使用"方法"、"装置"…). */
const GENERIC_TITLES = new Set([
  '方法',
  '装置',
  '组合物',
  '化合物',
  '系统',
  '设备',
  '产品',
  'method',
  'apparatus',
  'device',
  'system',
  'composition',
  'compound',
  'product',
]);
/** Trademark marks; a name followed by 牌 (海尔牌) is caught through the segmentation. */
const TRADEMARK_MARKS = /[®™]|\((?:R|TM)\)/g;

/**
 * Claims wording that makes the scope unclear (专利审查指南 part II ch. 2 §3.2.2: 不得使用
 * "例如"、"最好是"、"尤其是"、"必要时"等类似用语; EPO Guidelines F-IV 4.9 for "for example", "e.g.").
 */
const UNCLEAR_CLAIM_WORDS_ZH = ['例如', '最好是', '尤其是', '必要时', '或类似物', '等类似物'];
const UNCLEAR_CLAIM_WORDS_EN = /\b(?:for example|e\.g\.)/gi;

/**
 * Claims relying on the description or drawings (专利法实施细则 (2010) Rule 19(3): 除绝对必要的外,
 * 不得使用"如说明书……部分所述"或者"如图……所示"; EPC Rule 43(6)).
 */
const DESCRIPTION_REFERENCES_ZH = /如说明书|如图\s*\d+|如附图|参见图\s*\d+|如实施例\s*\d*\s*所述/g;
const DESCRIPTION_REFERENCES_EN =
  /\b(?:as (?:shown|illustrated|depicted|described) in (?:figs?\.?|figures?|the (?:description|drawings?|figures?|specification))|see figs?\.?)/gi;

/** Headings users paste above the claims: not text before claim 1. */
const CLAIMS_HEADINGS =
  /^(?:权利要求书?|权\s*利\s*要\s*求\s*书|claims?|what is claimed is|i claim|we claim|the invention claimed is)\s*[:：]?$/i;

/** A line that refers to a claim in its first words: "根据权利要求1所述…", "The compound of claim 1…". */
const REFERS_EARLY = /^(?:(?:根据|如|按照|依照|依据)\s*权利要求\s*\d|[^\n]{0,80}?\bclaims?\s+\d)/i;

/** A numbered line that reads like a claim's start (used when the claim before it lacks its full stop). */
const CLAIM_START = /^(?:根据|如|按照|依照|依据|一种|使用|A |An |The |Use |Method |Process |Apparatus )/;

/**
 * Words of claims that are claim language, not technical terms (term-support skips them): the
 * patent words of both languages and the generic categories every description names differently.
 */
const CLAIM_LANGUAGE_ZH = new Set([
  '权利要求',
  '所述',
  '特征',
  '在于',
  '包括',
  '包含',
  '其中',
  '一种',
  '用于',
  '设置',
  '方法',
  '装置',
  '系统',
  '设备',
  '步骤',
  '以及',
  '所示',
  '至少',
  '一个',
  '多个',
  '第一',
  '第二',
  '第三',
  '第四',
  '第五',
  '根据',
  '通过',
  '进行',
  '具有',
  '连接',
  '任一项',
  '任一',
  '权利',
  '要求',
  '一项',
  '任意',
  // Function words jieba's TF-IDF ranks high in short claims.
  '各个',
  '相关',
  '唯一',
  '对应',
  '相应',
  '预设',
  '当前',
  '所需',
  '若干',
  '分别',
  '相同',
  '不同',
  '之间',
  '同时',
  '实现',
  '使得',
]);
const CLAIM_LANGUAGE_EN = new Set([
  'claim',
  'claims',
  'said',
  'wherein',
  'whereby',
  'thereof',
  'therein',
  'thereto',
  'thereon',
  'comprising',
  'comprises',
  'comprise',
  'including',
  'includes',
  'consisting',
  'plurality',
  'least',
  'first',
  'second',
  'third',
  'fourth',
  'having',
  'being',
  'further',
  'according',
  'configured',
  'adapted',
  'method',
  'apparatus',
  'device',
  'system',
  'respectively',
  'substantially',
  'selected',
  'group',
  'each',
  'such',
  'wherewith',
  'thereby',
  // Generic nouns any description says otherwise ("a portion", "a location", "means for").
  'means',
  'step',
  'steps',
  'end',
  'body',
  'portion',
  'part',
  'member',
  'location',
  'position',
  'degree',
  'amount',
  'arrangement',
  'side',
  'element',
  'unit',
  'manner',
  'way',
  'time',
  'number',
  'kind',
  'type',
  'form',
  'shape',
  'look',
  'individual',
  'single',
]);
/** Abbreviations whose full stop ends no sentence inside an English claim. */
const ABBREVIATIONS_EN = new Set([
  'e.g',
  'i.e',
  'etc',
  'no',
  'nos',
  'fig',
  'figs',
  'approx',
  'wt',
  'vol',
  'ca',
  'vs',
  'al',
]);

// ---------------------------------------------------------------------------------------------
// Limits of the rules (docs/formal-review.md "Thresholds").

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

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Full-width ASCII (Ａ１，（）) to half width and the ideographic space to a space, one code unit for one: offsets stay. */
export function foldWidth(text: string): string {
  return text.replace(/[\uff01-\uff5e\u3000]/g, (ch) =>
    ch === '\u3000' ? ' ' : String.fromCharCode(ch.charCodeAt(0) - 0xfee0),
  );
}

const HAN = /\p{Script=Han}/u;
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
// Claims

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

// ---------------------------------------------------------------------------------------------
// The review

interface Place {
  section: ApplicationSection;
  claim?: number | null;
  start: number;
  end: number;
}

class Findings {
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

const SECTION_NAMES: Record<ApplicationSection, Bilingual> = {
  title: { zh: '发明名称', en: 'title' },
  abstract: { zh: '摘要', en: 'abstract' },
  claims: { zh: '权利要求书', en: 'claims' },
  description: { zh: '说明书', en: 'description' },
};

function checkEmptySections(text: ApplicationText, findings: Findings): void {
  for (const section of ['title', 'abstract', 'claims', 'description'] as const) {
    if (text[section].trim() !== '') continue;
    const name = SECTION_NAMES[section];
    findings.add(
      'section-empty',
      'error',
      { zh: `${name.zh}为空`, en: `The ${name.en} is empty` },
      { section, start: 0, end: text[section].length },
    );
  }
}

/** Tokens of a Chinese text with their offsets (jieba words, in order, found back in the text). */
function tokensOf(text: string): { word: string; start: number; end: number }[] {
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

function checkTitle(title: string, findings: Findings): number {
  const trimmed = title.trim();
  if (trimmed === '') return 0;
  const offset = title.indexOf(trimmed);
  const chinese = HAN.test(trimmed);
  const whole = { section: 'title' as const, start: offset, end: offset + trimmed.length };
  let length: number;
  if (chinese) {
    const { count, excessStart } = countZhUnits(trimmed, TITLE_MAX_ZH);
    length = count;
    if (count > TITLE_MAX_ZH) {
      const hard = count > TITLE_HARD_MAX_ZH;
      findings.add(
        'title-length',
        hard ? 'error' : 'warning',
        hard
          ? {
              zh: `发明名称 ${count} 个字，超过 ${TITLE_HARD_MAX_ZH} 个字（一般不超过 ${TITLE_MAX_ZH} 个字，化学等特殊领域最多 ${TITLE_HARD_MAX_ZH} 个字）`,
              en: `The title has ${count} characters, over ${TITLE_HARD_MAX_ZH} (${TITLE_MAX_ZH} as a rule, at most ${TITLE_HARD_MAX_ZH} in fields such as chemistry)`,
            }
          : {
              zh: `发明名称 ${count} 个字，一般不得超过 ${TITLE_MAX_ZH} 个字（化学等特殊领域可至 ${TITLE_HARD_MAX_ZH} 个字）`,
              en: `The title has ${count} characters; it should not exceed ${TITLE_MAX_ZH} (up to ${TITLE_HARD_MAX_ZH} in fields such as chemistry)`,
            },
        { section: 'title', start: offset + (excessStart ?? 0), end: offset + trimmed.length },
      );
    }
  } else {
    length = trimmed.length;
    if (length > TITLE_MAX_EN) {
      findings.add(
        'title-length',
        'error',
        {
          zh: `发明名称 ${length} 个字符，超过 ${TITLE_MAX_EN} 个字符`,
          en: `The title has ${length} characters, over ${TITLE_MAX_EN}`,
        },
        { section: 'title', start: offset + TITLE_MAX_EN, end: offset + trimmed.length },
      );
    }
  }

  for (const m of title.matchAll(TRADEMARK_MARKS)) {
    findings.add(
      'title-wording',
      'error',
      {
        zh: `发明名称不得含有商标（${m[0]}）`,
        en: `The title must not contain a trademark (${m[0]})`,
      },
      { section: 'title', start: m.index, end: m.index + m[0].length },
    );
  }
  if (chinese) {
    const tokens = tokensOf(title);
    tokens.forEach((token, i) => {
      const previous = tokens[i - 1];
      if (token.word === '牌' && previous && HAN.test(previous.word)) {
        findings.add(
          'title-wording',
          'error',
          {
            zh: `发明名称不得含有商标或商品名称（${previous.word}牌）`,
            en: `The title must not contain a trademark or trade name (${previous.word}牌)`,
          },
          { section: 'title', start: previous.start, end: token.end },
        );
      }
      const vague = TITLE_VAGUE_WORDS_ZH.find((v) => v.word === token.word);
      const next = tokens[i + 1]?.word ?? '';
      if (vague && !vague.unless?.includes(next) && (vague.before === undefined || next === vague.before)) {
        findings.add(
          'title-wording',
          'warning',
          {
            zh: `发明名称不宜使用含糊或宣传性的词语（${token.word}）`,
            en: `The title should not use vague or promotional words (${token.word})`,
          },
          { section: 'title', start: token.start, end: token.end },
        );
      }
    });
    for (const phrase of TITLE_VAGUE_PHRASES_ZH) {
      for (let at = title.indexOf(phrase); at >= 0; at = title.indexOf(phrase, at + phrase.length)) {
        findings.add(
          'title-wording',
          'warning',
          {
            zh: `发明名称不得使用含糊的词语（${phrase}）`,
            en: `The title must not use vague words (${phrase})`,
          },
          { section: 'title', start: at, end: at + phrase.length },
        );
      }
    }
  } else {
    for (const m of title.matchAll(TITLE_VAGUE_EN)) {
      findings.add(
        'title-wording',
        'warning',
        {
          zh: `发明名称不宜使用含糊或宣传性的词语（${m[0]}）`,
          en: `The title should not use vague or promotional words (${m[0]})`,
        },
        { section: 'title', start: m.index, end: m.index + m[0].length },
      );
    }
  }
  const bare = foldWidth(trimmed)
    .toLowerCase()
    .replace(/^(?:一种|a |an |the )/, '')
    .replace(/[\s\p{P}]/gu, '');
  if (GENERIC_TITLES.has(bare)) {
    findings.add(
      'title-wording',
      'warning',
      {
        zh: '发明名称仅使用笼统的词语，未给出任何发明信息',
        en: 'The title is a generic word only and says nothing of the invention',
      },
      whole,
    );
  }
  return length;
}

function checkAbstract(abstract: string, findings: Findings): { length: number; unit: 'chars' | 'words' } {
  if (abstract.trim() === '') return { length: 0, unit: 'chars' };
  if (isChineseText(abstract)) {
    const { count, excessStart } = countZhUnits(abstract, ABSTRACT_MAX_ZH);
    if (count > ABSTRACT_MAX_ZH) {
      findings.add(
        'abstract-length',
        'error',
        {
          zh: `摘要文字部分 ${count} 个字，不得超过 ${ABSTRACT_MAX_ZH} 个字（含标点，不计空白）`,
          en: `The abstract has ${count} characters; at most ${ABSTRACT_MAX_ZH} are allowed (punctuation counted, whitespace not)`,
        },
        { section: 'abstract', start: excessStart ?? 0, end: abstract.trimEnd().length },
      );
    }
    return { length: count, unit: 'chars' };
  }
  const { count, excessStart } = countWords(abstract, ABSTRACT_MAX_EN_WORDS);
  if (count > ABSTRACT_MAX_EN_WORDS) {
    findings.add(
      'abstract-length',
      'warning',
      {
        zh: `摘要 ${count} 个单词，不应超过 ${ABSTRACT_MAX_EN_WORDS} 个单词`,
        en: `The abstract has ${count} words; it should not exceed ${ABSTRACT_MAX_EN_WORDS}`,
      },
      { section: 'abstract', start: excessStart ?? 0, end: abstract.trimEnd().length },
    );
  }
  return { length: count, unit: 'words' };
}

function checkNumbering(parsed: ParsedClaims, claimsText: string, findings: Findings): void {
  if (parsed.preamble) {
    findings.add(
      'claim-numbering',
      'error',
      {
        zh: '第一项权利要求之前有不属于任何权利要求的文字',
        en: 'There is text before the first claim that belongs to no claim',
      },
      { section: 'claims', start: parsed.preamble.start, end: parsed.preamble.end },
    );
  }
  const seen = new Set<number>();
  parsed.claims.forEach((claim, i) => {
    const label = { section: 'claims' as const, claim: claim.number, start: claim.start, end: claim.bodyStart };
    if (!claim.numbered) {
      seen.add(claim.number);
      return;
    }
    const labelText = claimsText.slice(claim.start, claim.bodyStart).trim();
    if (i === 0) {
      if (claim.number !== 1) {
        findings.add(
          'claim-numbering',
          'error',
          {
            zh: `权利要求应从 1 开始编号，第一项编号为 ${labelText}`,
            en: `Claims are numbered from 1; the first is numbered ${labelText}`,
          },
          label,
        );
      }
    } else {
      const previous = parsed.claims[i - 1]!.number;
      if (seen.has(claim.number)) {
        findings.add(
          'claim-numbering',
          'error',
          {
            zh: `权利要求编号 ${claim.number} 重复`,
            en: `Claim number ${claim.number} is used twice`,
          },
          label,
        );
      } else if (claim.number < previous) {
        findings.add(
          'claim-numbering',
          'error',
          {
            zh: `权利要求编号顺序错乱：${claim.number} 在 ${previous} 之后`,
            en: `Claims are out of order: ${claim.number} comes after ${previous}`,
          },
          label,
        );
      } else if (claim.number > previous + 1) {
        const missing = claim.number - previous === 2 ? `${previous + 1}` : `${previous + 1}–${claim.number - 1}`;
        findings.add(
          'claim-numbering',
          'error',
          {
            zh: `权利要求编号不连续：缺少第 ${missing} 项`,
            en: `Claim numbers are not consecutive: ${missing} missing`,
          },
          label,
        );
      }
    }
    seen.add(claim.number);
  });
}

function checkReferences(parsed: ParsedClaims, findings: Findings): void {
  const numbers = new Set(parsed.claims.map((c) => c.number));
  const multiple = new Set(parsed.claims.filter((c) => c.dependsOn.length >= 2).map((c) => c.number));
  parsed.claims.forEach((claim, i) => {
    for (const reference of claim.references) {
      const place = { section: 'claims' as const, claim: claim.number, start: reference.start, end: reference.end };
      if (i === 0) {
        findings.add(
          'claim-1-independent',
          'error',
          {
            zh: '第一项权利要求应当是独立权利要求，不得引用其他权利要求',
            en: 'Claim 1 must be an independent claim and refer to no other claim',
          },
          place,
        );
        continue;
      }
      for (const n of reference.numbers) {
        if (n === claim.number) {
          findings.add(
            'claim-reference',
            'error',
            {
              zh: `权利要求 ${claim.number} 引用了自身`,
              en: `Claim ${claim.number} refers to itself`,
            },
            place,
          );
        } else if (n > claim.number) {
          findings.add(
            'claim-reference',
            'error',
            {
              zh: `权利要求 ${claim.number} 引用了在后的权利要求 ${n}，从属权利要求只能引用在前的权利要求`,
              en: `Claim ${claim.number} refers to a later claim ${n}; a dependent claim may refer only to earlier claims`,
            },
            place,
          );
        } else if (!numbers.has(n)) {
          findings.add(
            'claim-reference',
            'error',
            {
              zh: `权利要求 ${claim.number} 引用了不存在的权利要求 ${n}`,
              en: `Claim ${claim.number} refers to claim ${n}, which does not exist`,
            },
            place,
          );
        }
      }
      if (reference.kind === 'cumulative') {
        findings.add(
          'claim-multiple-dependency',
          'error',
          {
            zh: `权利要求 ${claim.number} 引用两项以上权利要求时只能以择一方式引用（"或"、"任一项"），不能用"和"`,
            en: `Claim ${claim.number} refers to several claims; it must do so in the alternative ("or", "any one of"), not with "and"`,
          },
          place,
        );
      }
    }
    if (claim.dependsOn.length >= 2) {
      const bases = claim.dependsOn.filter((n) => n < claim.number && multiple.has(n));
      if (bases.length > 0) {
        const first = claim.references[0]!;
        findings.add(
          'claim-multiple-dependency',
          'error',
          {
            zh: `多项从属权利要求 ${claim.number} 不得作为另一项多项从属权利要求的基础：它引用的权利要求 ${bases.join('、')} 也是多项从属权利要求`,
            en: `Multiple dependent claim ${claim.number} refers to claim${bases.length > 1 ? 's' : ''} ${bases.join(', ')}, itself multiple dependent; a multiple dependent claim may not serve as a basis for another`,
          },
          { section: 'claims', claim: claim.number, start: first.start, end: claim.references.at(-1)!.end },
        );
      }
    }
  });
}

/** The claim's text without its number, and where it starts. */
function bodyOf(claimsText: string, claim: ParsedClaim): { body: string; offset: number } {
  return { body: claimsText.slice(claim.bodyStart, claim.end), offset: claim.bodyStart };
}

function checkClaimSentences(parsed: ParsedClaims, claimsText: string, findings: Findings): void {
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

function checkClaimWording(parsed: ParsedClaims, claimsText: string, findings: Findings): void {
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

/** "电池(1)", "（12）", "battery (12)", "(12, 14)": a reference sign in parentheses after a word. */
const REFERENCE_SIGN = /\(\s*(\d{1,4}[a-zA-Z]?'?(?:\s*[,、]\s*\d{1,4}[a-zA-Z]?'?)*)\s*\)/g;
/** Numbers in parentheses that are no reference signs: formulas, steps, claims, figures, tables, examples. */
const NOT_A_SIGN_BEFORE =
  /(?:式|公式|方程|步骤|权利要求|图|表|实施例|通式|化学式|结构式|formula|equation|eq\.?|step|claims?|fig\.?|figures?|table|example|compound|sequence|seq\.? id no\.?)\s*$/i;

function checkReferenceSigns(text: ApplicationText, parsed: ParsedClaims, findings: Findings): void {
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
function checkTermSupport(text: ApplicationText, parsed: ParsedClaims, findings: Findings): void {
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

/** The formal review of an application text. */
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
