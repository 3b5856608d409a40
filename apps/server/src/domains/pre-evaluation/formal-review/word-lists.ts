// Word lists of the formal review, kept in one place (docs/formal-review.md "Word lists").

/**
 * Title wording (CNIPA 专利审查指南 part I ch. 1 §4.1.1, 发明名称: no personal or place names,
 * trademarks, model numbers or trade names, no commercial puffery, no vague words such as 及其他
 * and 及其类似物; USPTO MPEP 606 and EPC Rule 41(2)(b): a short, specific technical title, no
 * fancy names). A word counts as jieba segments the title, so 等 in 等离子体 or 等温 is no listing
 * 等; `unless` lists the next words that make it a technical term (新型冠状病毒, 高效液相色谱).
 */
export const TITLE_VAGUE_WORDS_ZH: readonly { word: string; unless?: readonly string[]; before?: string }[] = [
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
export const TITLE_VAGUE_PHRASES_ZH = ['及其他', '及其类似物', '及类似物', '及其它'];
/** English: praise and open-ended listings; "new radio" (5G NR) is a technical term. */
export const TITLE_VAGUE_EN =
  /\b(?:new(?!\s+radio\b)|novel|improved|improvement|advanced|high[- ]efficiency|highly efficient|etc\.?|and the like|and others)(?=\W|$)/gi;
/** A title that is only one of these gives no information (part I ch. 1 §4.1.1: 仅使用"方法"、"装置"…). */
export const GENERIC_TITLES = new Set([
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
export const TRADEMARK_MARKS = /[®™]|\((?:R|TM)\)/g;

/**
 * Claims wording that makes the scope unclear (专利审查指南 part II ch. 2 §3.2.2: 不得使用
 * "例如"、"最好是"、"尤其是"、"必要时"等类似用语; EPO Guidelines F-IV 4.9 for "for example", "e.g.").
 */
export const UNCLEAR_CLAIM_WORDS_ZH = ['例如', '最好是', '尤其是', '必要时', '或类似物', '等类似物'];
export const UNCLEAR_CLAIM_WORDS_EN = /\b(?:for example|e\.g\.)/gi;

/**
 * Claims relying on the description or drawings (专利法实施细则 (2010) Rule 19(3): 除绝对必要的外,
 * 不得使用"如说明书……部分所述"或者"如图……所示"; EPC Rule 43(6)).
 */
export const DESCRIPTION_REFERENCES_ZH = /如说明书|如图\s*\d+|如附图|参见图\s*\d+|如实施例\s*\d*\s*所述/g;
export const DESCRIPTION_REFERENCES_EN =
  /\b(?:as (?:shown|illustrated|depicted|described) in (?:figs?\.?|figures?|the (?:description|drawings?|figures?|specification))|see figs?\.?)/gi;

/** Headings users paste above the claims: not text before claim 1. */
export const CLAIMS_HEADINGS =
  /^(?:权利要求书?|权\s*利\s*要\s*求\s*书|claims?|what is claimed is|i claim|we claim|the invention claimed is)\s*[:：]?$/i;

/** A line that refers to a claim in its first words: "根据权利要求1所述…", "The compound of claim 1…". */
export const REFERS_EARLY = /^(?:(?:根据|如|按照|依照|依据)\s*权利要求\s*\d|[^\n]{0,80}?\bclaims?\s+\d)/i;

/** A numbered line that reads like a claim's start (used when the claim before it lacks its full stop). */
export const CLAIM_START = /^(?:根据|如|按照|依照|依据|一种|使用|A |An |The |Use |Method |Process |Apparatus )/;

/**
 * Words of claims that are claim language, not technical terms (term-support skips them): the
 * patent words of both languages and the generic categories every description names differently.
 */
export const CLAIM_LANGUAGE_ZH = new Set([
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
export const CLAIM_LANGUAGE_EN = new Set([
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
export const ABBREVIATIONS_EN = new Set([
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
