import type { FunctionGuideKey, GuideItem, Language } from '@patlas/contracts';

interface GuideDefinition {
  remindKey: FunctionGuideKey;
  parentRemind: string | null;
  label: Record<Language, string>;
  /** The page the reminder opens; every reminder names a feature that exists. */
  path: string;
}

const SEARCH_RESULT = '/innovationSpace/searchResult';
/** The result-page reminders open a real result set of the demo corpus, where the feature is. */
const EXAMPLE_QUERY = encodeURIComponent('TI=(电池)');
const EXAMPLE_RESULT = `${SEARCH_RESULT}?q=${EXAMPLE_QUERY}`;

/**
 * The guide reminders of the product (spec 1 §3 "Guide reminder item", §4 "Guide reminders"):
 * one per feature a new user should find. Top-level keys are remind areas (contracts REMIND_FLAGS);
 * the others point at their area through parentRemind. Each opens the page of its feature; the
 * workbench area (/workbench → /user/collect, spec 1 §2) gets its own reminder when libraries
 * exist; until then only search history, which belongs to it, is announced.
 */
export const FUNCTION_GUIDE: readonly GuideDefinition[] = [
  { remindKey: 'search', parentRemind: null, path: '/home?tabName=quick', label: { zh: '检索', en: 'Search' } },
  {
    remindKey: 'quickSearch',
    path: '/home?tabName=quick',
    parentRemind: 'search',
    label: {
      zh: '快速检索：输入关键词、专利号或检索式，如 TI=(电池 AND 正极)',
      en: 'Quick search: type keywords, a patent number or an expression such as TI=(battery AND cathode)',
    },
  },
  {
    remindKey: 'semanticSearch',
    path: '/home?tabName=semantics',
    parentRemind: 'search',
    label: {
      zh: '语义检索：粘贴一段技术描述，按相似度找到相关专利',
      en: 'Semantic search: paste a technical description to find patents by similarity',
    },
  },
  {
    remindKey: 'resultFilter',
    path: EXAMPLE_RESULT,
    parentRemind: 'search',
    label: {
      zh: '结果筛选：按申请人、年份、IPC 分类、法律状态等缩小结果',
      en: 'Filters: narrow the results by applicant, year, IPC class, legal status and more',
    },
  },
  {
    remindKey: 'viewMode',
    path: EXAMPLE_RESULT,
    parentRemind: 'search',
    label: {
      zh: '视图切换：列表、图文、全部附图、首图四种浏览方式',
      en: 'Views: switch between list, image-text, all drawings and first drawing',
    },
  },
  {
    remindKey: 'merge',
    path: EXAMPLE_RESULT,
    parentRemind: null,
    label: {
      zh: '结果合并：按申请号或简单同族合并重复的公开文本',
      en: 'Merge: group publications by application number or simple family',
    },
  },
  {
    remindKey: 'analysis',
    path: `${SEARCH_RESULT}/analysis?q=${EXAMPLE_QUERY}`,
    parentRemind: null,
    label: {
      zh: '统计分析：一键生成趋势、申请人、地域和技术分布图表',
      en: 'Analysis: trend, applicant, region and technology charts of a result set in one click',
    },
  },
  {
    remindKey: 'searchHistory',
    path: '/innovationSpace/history',
    parentRemind: 'workbench',
    label: {
      zh: '检索历史：随时找回并重新执行之前的检索',
      en: 'Search history: find and rerun your earlier searches at any time',
    },
  },
  { remindKey: 'user', parentRemind: null, path: '/user/information', label: { zh: '个人中心', en: 'My account' } },
  {
    remindKey: 'customConfig',
    path: '/innovationSpace/setting',
    parentRemind: 'user',
    label: {
      zh: '个性化设置：语义检索权重、默认合并方式和界面语言',
      en: 'Settings: semantic search weights, default merge and interface language',
    },
  },
];

export function guideItemsFor(lang: Language, clicked: ReadonlySet<string>): GuideItem[] {
  return FUNCTION_GUIDE.map((item) => ({
    label: item.label[lang],
    remindKey: item.remindKey,
    parentRemind: item.parentRemind,
    hasClick: clicked.has(item.remindKey),
    path: item.path,
  }));
}
