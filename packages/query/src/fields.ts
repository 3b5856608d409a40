/**
 * The field dictionary (spec 1 §3 "Field dictionary"): short codes in the style users know from
 * CNIPA and incoPat, their English and Chinese aliases, type, labels and accepted operators.
 * Ids are the canonical field ids the engine indexes; never rename them.
 */

/**
 * - text: analysed free text (words, phrases, truncation, proximity)
 * - keyword: names and codes (applicant, legal status, country…): words, phrases, truncation
 * - number-id: application/publication/priority numbers: values, truncation
 * - classification: IPC/CPC/LOC symbols, matched as prefixes
 * - date: comparisons and ranges on dates
 * - number: comparisons and ranges on counts and scores
 * - semantic: `SEM=(a paragraph)`, the most similar patents by meaning (issue 48); its value is free text
 */
export type FieldType = 'text' | 'keyword' | 'number-id' | 'date' | 'number' | 'classification' | 'semantic';

/** What a field accepts: `term` a plain value, `phrase` a quoted one, `wildcard` `*`/`?`, `proximity` W/n N/n S P, `range` comparisons and ranges. */
export type FieldOperator = 'term' | 'phrase' | 'wildcard' | 'proximity' | 'range';

export type FieldGroup =
  'text' | 'date' | 'number' | 'party' | 'classification' | 'status' | 'family' | 'citation' | 'event' | 'value';

export interface FieldDef {
  readonly id: string;
  /** Other spellings users type; matched case-insensitively, full-width tolerant. The id itself is always accepted. */
  readonly aliases: readonly string[];
  readonly type: FieldType;
  readonly group: FieldGroup;
  readonly zh: string;
  readonly en: string;
  readonly operators: readonly FieldOperator[];
  /** A valid expression using the field, for the help page. */
  readonly example: string;
}

const OPERATORS_BY_TYPE: Record<FieldType, readonly FieldOperator[]> = {
  text: ['term', 'phrase', 'wildcard', 'proximity'],
  keyword: ['term', 'phrase', 'wildcard'],
  'number-id': ['term', 'wildcard'],
  classification: ['term', 'wildcard'],
  date: ['term', 'range'],
  number: ['term', 'range'],
  semantic: ['term'],
};

type FieldSeed = Omit<FieldDef, 'operators'>;

function field(seed: FieldSeed): FieldDef {
  return Object.freeze({ ...seed, operators: OPERATORS_BY_TYPE[seed.type] });
}

export const FIELDS: readonly FieldDef[] = Object.freeze([
  // Text
  field({
    id: 'TI',
    aliases: ['TITLE', '标题', '名称', '发明名称', '专利名称'],
    type: 'text',
    group: 'text',
    zh: '标题',
    en: 'Title',
    example: 'TI=(锂电池 OR "lithium battery")',
  }),
  field({
    id: 'AB',
    aliases: ['ABST', 'ABSTRACT', '摘要'],
    type: 'text',
    group: 'text',
    zh: '摘要',
    en: 'Abstract',
    example: 'AB=(正极 W/5 材料)',
  }),
  field({
    id: 'CLM',
    aliases: ['CLMS', 'CL', 'CLAIMS', '权利要求', '权利要求书'],
    type: 'text',
    group: 'text',
    zh: '权利要求',
    en: 'Claims',
    example: 'CLM=(电解液 S 添加剂)',
  }),
  field({
    id: 'DESC',
    aliases: ['DESCRIPTION', '说明书'],
    type: 'text',
    group: 'text',
    zh: '说明书',
    en: 'Description',
    example: 'DESC="solid electrolyte"',
  }),
  field({
    id: 'TIAB',
    aliases: ['标题摘要', '标题/摘要'],
    type: 'text',
    group: 'text',
    zh: '标题/摘要',
    en: 'Title + abstract',
    example: 'TIAB=(石墨烯 AND 散热)',
  }),
  field({
    id: 'TIABC',
    aliases: ['TAC', '标题摘要权利要求', '标题/摘要/权利要求', '标摘权'],
    type: 'text',
    group: 'text',
    zh: '标题/摘要/权利要求',
    en: 'Title + abstract + claims',
    example: 'TIABC=(电池 NOT 燃料)',
  }),
  field({
    id: 'FT',
    aliases: ['FULLTEXT', 'TXT', '全文'],
    type: 'text',
    group: 'text',
    zh: '全文',
    en: 'Full text',
    example: 'FT=(硅碳 N/10 负极)',
  }),
  // Issue 48: the most similar patents by meaning, a set like any other condition; `SEM/500=(…)` sets how many.
  field({
    id: 'SEM',
    aliases: ['SEMANTIC', '语义', '语义检索'],
    type: 'semantic',
    group: 'text',
    zh: '语义（最相似的 N 件）',
    en: 'Semantic (top N by meaning)',
    example: 'SEM=(一种用于扬声器的振膜，降低失真) AND AD>=2020',
  }),
  // Dates
  field({
    id: 'AD',
    aliases: ['APD', '申请日'],
    type: 'date',
    group: 'date',
    zh: '申请日',
    en: 'Application date',
    example: 'AD=[20180101 TO 20201231]',
  }),
  field({
    id: 'PD',
    aliases: ['PBD', '公开日', '公告日', '公开(公告)日', '公开公告日'],
    type: 'date',
    group: 'date',
    zh: '公开(公告)日',
    en: 'Publication date',
    example: 'PD>=2019',
  }),
  field({
    id: 'GD',
    aliases: ['ISD', '授权日', '授权公告日'],
    type: 'date',
    group: 'date',
    zh: '授权日',
    en: 'Grant date',
    example: 'GD=2021-06-01',
  }),
  field({
    id: 'PRD',
    aliases: ['优先权日'],
    type: 'date',
    group: 'date',
    zh: '优先权日',
    en: 'Priority date',
    example: 'PRD<20150101',
  }),
  field({
    id: 'ED',
    aliases: ['EXD', '失效日', '届满日', '到期日'],
    type: 'date',
    group: 'date',
    zh: '失效日',
    en: 'Expiry date',
    example: 'ED=[2025 TO 2026]',
  }),
  // Numbers that identify a document
  field({
    id: 'AN',
    aliases: ['APN', 'APNO', '申请号'],
    type: 'number-id',
    group: 'number',
    zh: '申请号',
    en: 'Application number',
    example: 'AN=CN201810123456*',
  }),
  field({
    id: 'PN',
    aliases: ['PUBN', '公开号', '公告号', '公开(公告)号', '公开公告号'],
    type: 'number-id',
    group: 'number',
    zh: '公开(公告)号',
    en: 'Publication number',
    example: 'PN=CN110998976A',
  }),
  field({
    id: 'PR',
    aliases: ['PRN', 'PRNO', '优先权号'],
    type: 'number-id',
    group: 'number',
    zh: '优先权号',
    en: 'Priority number',
    example: 'PR=US2017*',
  }),
  // Parties
  field({
    id: 'PA',
    aliases: ['AP', 'APP', 'APPLICANT', '申请人', '申请(专利权)人', '申请专利权人'],
    type: 'keyword',
    group: 'party',
    zh: '申请人',
    en: 'Applicant',
    example: 'PA=(宁德时代)',
  }),
  field({
    id: 'PA-STD',
    aliases: ['PASTD', 'STD-PA', '标准化申请人', '标准申请人'],
    type: 'keyword',
    group: 'party',
    zh: '标准化申请人',
    en: 'Standardised applicant',
    example: 'PA-STD=(华为技术有限公司)',
  }),
  field({
    id: 'AS',
    aliases: ['ASSIGNEE', '当前权利人', '专利权人', '权利人'],
    type: 'keyword',
    group: 'party',
    zh: '当前权利人',
    en: 'Current assignee',
    example: 'AS="BYD Co"',
  }),
  field({
    id: 'IN',
    aliases: ['INV', 'INVENTOR', '发明人', '设计人'],
    type: 'keyword',
    group: 'party',
    zh: '发明人',
    en: 'Inventor',
    example: 'IN=(张三 OR 李四)',
  }),
  field({
    id: 'AGT',
    aliases: ['AGENT', '代理人'],
    type: 'keyword',
    group: 'party',
    zh: '代理人',
    en: 'Agent',
    example: 'AGT=王*',
  }),
  field({
    id: 'AGC',
    aliases: ['AGENCY', '代理机构'],
    type: 'keyword',
    group: 'party',
    zh: '代理机构',
    en: 'Agency',
    example: 'AGC=(专利代理)',
  }),
  field({
    id: 'ADDR',
    aliases: ['ADDRESS', '地址', '申请人地址'],
    type: 'text',
    group: 'party',
    zh: '申请人地址',
    en: 'Applicant address',
    example: 'ADDR=(深圳 AND 南山)',
  }),
  field({
    id: 'PROV',
    aliases: ['PROVINCE', '省份', '省', '申请人省份'],
    type: 'keyword',
    group: 'party',
    zh: '申请人省份',
    en: 'Applicant province',
    example: 'PROV=广东',
  }),
  field({
    id: 'CITY',
    aliases: ['城市', '地市', '申请人城市'],
    type: 'keyword',
    group: 'party',
    zh: '申请人城市',
    en: 'Applicant city',
    example: 'CITY=宁德',
  }),
  // Company information (docs/company-fields.md): what the records say of their applicants.
  field({
    id: 'PA-TYPE',
    aliases: ['PATYPE', 'APPLICANT-TYPE', '申请人类型', '企业类型'],
    type: 'keyword',
    group: 'party',
    zh: '申请人类型',
    en: 'Applicant type',
    example: 'PA-TYPE=企业',
  }),
  field({
    id: 'PA-CC',
    aliases: ['PACC', 'APPLICANT-COUNTRY', '申请人国别', '申请人国家', '申请人国家/地区'],
    type: 'keyword',
    group: 'party',
    zh: '申请人国别',
    en: 'Applicant country / region',
    example: 'PA-CC=(HK OR MO OR TW)',
  }),
  // Expanded by the server into the names the operators' company information file marks listed (or not).
  field({
    id: 'PA-LISTED',
    aliases: ['LISTED', '是否上市', '上市', '上市企业'],
    type: 'keyword',
    group: 'party',
    zh: '申请人是否上市',
    en: 'Applicant listed',
    example: 'PA-LISTED=是',
  }),
  // Classifications
  field({
    id: 'IPC',
    aliases: ['IPC分类号', 'IPC分类', '分类号'],
    type: 'classification',
    group: 'classification',
    zh: 'IPC 分类号',
    en: 'IPC (any level)',
    example: 'IPC=H01M4/*',
  }),
  field({
    id: 'IPC-MAIN',
    aliases: ['MIPC', 'MAIN-IPC', 'IPCM', '主分类号', 'IPC主分类号', '主IPC'],
    type: 'classification',
    group: 'classification',
    zh: 'IPC 主分类号',
    en: 'Main IPC',
    example: 'IPC-MAIN=H01M10/0525',
  }),
  field({
    id: 'CPC',
    aliases: ['CPC分类号', 'CPC分类'],
    type: 'classification',
    group: 'classification',
    zh: 'CPC 分类号',
    en: 'CPC',
    example: 'CPC=Y02E60/10',
  }),
  field({
    id: 'LOC',
    aliases: ['LOCARNO', '洛迦诺', '洛迦诺分类号', '外观分类', '外观分类号', '外观设计分类'],
    type: 'classification',
    group: 'classification',
    zh: '洛迦诺分类号',
    en: 'Locarno class',
    example: 'LOC=14-03',
  }),
  // Status and type
  field({
    id: 'LS',
    aliases: ['LEGAL', '法律状态'],
    type: 'keyword',
    group: 'status',
    zh: '法律状态',
    en: 'Legal status',
    example: 'LS=有效',
  }),
  field({
    id: 'PT',
    aliases: ['TYPE', '专利类型'],
    type: 'keyword',
    group: 'status',
    zh: '专利类型',
    en: 'Patent type',
    example: 'PT=(发明授权 OR 实用新型)',
  }),
  field({
    id: 'CC',
    aliases: ['COUNTRY', '国家', '地区', '国家/地区', '国别', '受理局'],
    type: 'keyword',
    group: 'status',
    zh: '国家/地区',
    en: 'Country / office',
    example: 'CC=(CN OR US)',
  }),
  field({
    id: 'KD',
    aliases: ['KIND', '文献种类', '种类代码'],
    type: 'keyword',
    group: 'status',
    zh: '文献种类代码',
    en: 'Kind code',
    example: 'KD=B',
  }),
  // Family
  field({
    id: 'FAM',
    aliases: ['FAMILY', '同族', '同族专利'],
    type: 'number-id',
    group: 'family',
    zh: '同族',
    en: 'Family members',
    example: 'FAM=US2019*',
  }),
  field({
    id: 'FAMN',
    aliases: ['同族数', '同族数量'],
    type: 'number',
    group: 'family',
    zh: '同族数量',
    en: 'Family size',
    example: 'FAMN>=5',
  }),
  // Citations
  field({
    id: 'CIT',
    aliases: ['CITE', '引证', '引证专利'],
    type: 'number-id',
    group: 'citation',
    zh: '引证',
    en: 'Cited patents',
    example: 'CIT=CN1*',
  }),
  field({
    id: 'CITED',
    aliases: ['被引证', '被引证专利', '被引用'],
    type: 'number-id',
    group: 'citation',
    zh: '被引证',
    en: 'Citing patents',
    example: 'CITED=US*',
  }),
  field({
    id: 'CITN',
    aliases: ['引证数', '引证次数'],
    type: 'number',
    group: 'citation',
    zh: '引证数量',
    en: 'Backward citations',
    example: 'CITN>10',
  }),
  field({
    id: 'CITEDN',
    aliases: ['被引证数', '被引证次数', '被引次数'],
    type: 'number',
    group: 'citation',
    zh: '被引证次数',
    en: 'Times cited',
    example: 'CITEDN=[5 TO 50]',
  }),
  // Legal events (text of the records)
  field({
    id: 'LIT',
    aliases: ['LITIGATION', '诉讼'],
    type: 'text',
    group: 'event',
    zh: '诉讼',
    en: 'Litigation',
    example: 'LIT=(侵权)',
  }),
  field({
    id: 'PLG',
    aliases: ['PLEDGE', '质押'],
    type: 'text',
    group: 'event',
    zh: '质押',
    en: 'Pledge',
    example: 'PLG=(银行)',
  }),
  field({
    id: 'LIC',
    aliases: ['LICENSE', 'LICENCE', '许可'],
    type: 'text',
    group: 'event',
    zh: '许可',
    en: 'Licence',
    example: 'LIC=(独占)',
  }),
  field({
    id: 'TRF',
    aliases: ['TRANSFER', '转让'],
    type: 'text',
    group: 'event',
    zh: '转让',
    en: 'Transfer / assignment',
    example: 'TRF=(大学)',
  }),
  field({
    id: 'REX',
    aliases: ['复审无效', '复审', '无效'],
    type: 'text',
    group: 'event',
    zh: '复审无效',
    en: 'Reexamination / invalidation',
    example: 'REX=(无效宣告)',
  }),
  // Technical problem, means and effect (spec 1 §3), extracted at index time (docs/problem-means-effect.md).
  field({
    id: 'TPROB',
    aliases: ['PROBLEM', '技术问题'],
    type: 'text',
    group: 'text',
    zh: '技术问题',
    en: 'Technical problem',
    example: 'TPROB=(过滤 AND 时间)',
  }),
  field({
    id: 'TMEANS',
    aliases: ['MEANS', '技术手段'],
    type: 'text',
    group: 'text',
    zh: '技术手段',
    en: 'Technical means',
    example: 'TMEANS=(流化床)',
  }),
  field({
    id: 'TEFFECT',
    aliases: ['EFFECT', '功效', '技术功效'],
    type: 'text',
    group: 'text',
    zh: '功效',
    en: 'Technical effect',
    example: 'TEFFECT=(降低 S 成本)',
  }),
  // Legal events and the parties, numbers and dates of litigation, licence, transfer, pledge and
  // reexamination records (the /search/lawSearch forms; docs/search-syntax.md "Legal search").
  field({
    id: 'LE',
    aliases: ['LEGAL-EVENT', 'LEGALEVENT', '法律事件', '法律状态事件'],
    type: 'text',
    group: 'event',
    zh: '法律事件',
    en: 'Legal event',
    example: 'LE=(授权)',
  }),
  field({
    id: 'LED',
    aliases: ['LEGAL-EVENT-DATE', '法律事件日', '法律状态公告日', '法律状态日'],
    type: 'date',
    group: 'event',
    zh: '法律事件日',
    en: 'Legal event date',
    example: 'LED=[20200101 TO 20211231]',
  }),
  field({
    id: 'LITCN',
    aliases: ['CASE-NO', 'CASENO', '案号', '诉讼案号'],
    type: 'keyword',
    group: 'event',
    zh: '诉讼案号',
    en: 'Case number',
    example: 'LITCN=IPR2022*',
  }),
  field({
    id: 'LITCT',
    aliases: ['COURT', '法院', '受理法院', '审理法院'],
    type: 'keyword',
    group: 'event',
    zh: '受理法院',
    en: 'Court',
    example: 'LITCT=(知识产权法院)',
  }),
  field({
    id: 'LITPT',
    aliases: ['PARTIES', '当事人', '诉讼当事人'],
    type: 'keyword',
    group: 'event',
    zh: '诉讼当事人',
    en: 'Litigation party',
    example: 'LITPT=(华为)',
  }),
  field({
    id: 'LITPL',
    aliases: ['PLAINTIFF', '原告', '请求方'],
    type: 'keyword',
    group: 'event',
    zh: '原告',
    en: 'Plaintiff',
    example: 'LITPL="Apple Inc"',
  }),
  field({
    id: 'LITDF',
    aliases: ['DEFENDANT', '被告', '被请求方'],
    type: 'keyword',
    group: 'event',
    zh: '被告',
    en: 'Defendant',
    example: 'LITDF=(科技)',
  }),
  field({
    id: 'LITRS',
    aliases: ['OUTCOME', '审理结果', '判决结果', '裁判结果'],
    type: 'text',
    group: 'event',
    zh: '审理结果',
    en: 'Outcome',
    example: 'LITRS=(调解)',
  }),
  field({
    id: 'LITD',
    aliases: ['LIT-DATE', '诉讼日', '诉讼日期'],
    type: 'date',
    group: 'event',
    zh: '诉讼日(立案/判决)',
    en: 'Litigation date (filing or verdict)',
    example: 'LITD>=2021',
  }),
  field({
    id: 'LICOR',
    aliases: ['LICENSOR', '许可人'],
    type: 'keyword',
    group: 'event',
    zh: '许可人',
    en: 'Licensor',
    example: 'LICOR=(大学)',
  }),
  field({
    id: 'LICEE',
    aliases: ['LICENSEE', '被许可人'],
    type: 'keyword',
    group: 'event',
    zh: '被许可人',
    en: 'Licensee',
    example: 'LICEE=(比亚迪)',
  }),
  field({
    id: 'LICT',
    aliases: ['LICENCE-TYPE', 'LICENSE-TYPE', '许可类型', '许可种类'],
    type: 'keyword',
    group: 'event',
    zh: '许可类型',
    en: 'Licence type',
    example: 'LICT=独占*',
  }),
  field({
    id: 'LICD',
    aliases: ['LICENCE-DATE', 'LICENSE-DATE', '许可日', '许可生效日', '许可备案日'],
    type: 'date',
    group: 'event',
    zh: '许可生效日',
    en: 'Licence date',
    example: 'LICD=[2019 TO 2020]',
  }),
  field({
    id: 'TRFOR',
    aliases: ['ASSIGNOR', '转让人', '转让方'],
    type: 'keyword',
    group: 'event',
    zh: '转让人',
    en: 'Assignor',
    example: 'TRFOR=(研究院)',
  }),
  field({
    id: 'TRFEE',
    aliases: ['TRANSFEREE', '受让人', '受让方'],
    type: 'keyword',
    group: 'event',
    zh: '受让人',
    en: 'Transferee',
    example: 'TRFEE=(有限公司)',
  }),
  field({
    id: 'TRFD',
    aliases: ['TRANSFER-DATE', '转让日', '转让生效日'],
    type: 'date',
    group: 'event',
    zh: '转让生效日',
    en: 'Transfer date',
    example: 'TRFD>=2020',
  }),
  field({
    id: 'PLGOR',
    aliases: ['PLEDGOR', '出质人'],
    type: 'keyword',
    group: 'event',
    zh: '出质人',
    en: 'Pledgor',
    example: 'PLGOR=(科技)',
  }),
  field({
    id: 'PLGEE',
    aliases: ['PLEDGEE', '质权人'],
    type: 'keyword',
    group: 'event',
    zh: '质权人',
    en: 'Pledgee',
    example: 'PLGEE=(银行)',
  }),
  field({
    id: 'PLGD',
    aliases: ['PLEDGE-DATE', '质押日', '质押生效日', '质押登记日'],
    type: 'date',
    group: 'event',
    zh: '质押生效日',
    en: 'Pledge date',
    example: 'PLGD<20220101',
  }),
  field({
    id: 'REXRQ',
    aliases: ['REQUESTER', '请求人', '复审请求人', '无效请求人', '无效宣告请求人'],
    type: 'keyword',
    group: 'event',
    zh: '复审/无效请求人',
    en: 'Reexamination / invalidation requester',
    example: 'REXRQ=(公司)',
  }),
  field({
    id: 'REXN',
    aliases: ['DECISION-NO', '决定号', '复审决定号', '无效决定号'],
    type: 'keyword',
    group: 'event',
    zh: '复审/无效决定号',
    en: 'Decision number',
    example: 'REXN="IPR2022-00037"',
  }),
  field({
    id: 'REXT',
    aliases: ['DECISION-TYPE', '决定类型', '审查决定类型'],
    type: 'keyword',
    group: 'event',
    zh: '复审/无效决定类型',
    en: 'Decision type',
    example: 'REXT=(全部无效)',
  }),
  field({
    id: 'REXD',
    aliases: ['DECISION-DATE', '决定日', '复审决定日', '无效决定日'],
    type: 'date',
    group: 'event',
    zh: '复审/无效决定日',
    en: 'Decision date',
    example: 'REXD>=2023',
  }),
  // Defence-declassified data source (/search/defense): 1 for a declassified national-defence patent, else 0.
  field({
    id: 'DEF',
    aliases: ['DEFENSE', 'DEFENCE', 'DECLASSIFIED', '国防解密', '解密', '国防解密专利'],
    type: 'number',
    group: 'status',
    zh: '国防解密',
    en: 'Defence declassified',
    example: 'DEF=1',
  }),
  field({
    id: 'DEFD',
    aliases: ['DECLASSIFIED-DATE', '解密日', '解密公告日'],
    type: 'date',
    group: 'status',
    zh: '解密公告日',
    en: 'Declassification date',
    example: 'DEFD>=2020',
  }),
  // Value
  field({
    id: 'PV',
    aliases: ['VALUE', '价值度', '专利价值度'],
    type: 'number',
    group: 'value',
    zh: '专利价值度',
    en: 'Patent value score',
    example: 'PV>=8',
  }),
  field({
    id: 'CLMN',
    aliases: ['权利要求数', '权项数'],
    type: 'number',
    group: 'value',
    zh: '权利要求数量',
    en: 'Claim count',
    example: 'CLMN=[10 TO 20]',
  }),
  // Awards (docs/awards.md): the award lists operators import, e.g. the China Patent Award's 金奖/银奖/优秀奖.
  // A term matches part of the award's name, or its year (`AWARD=2021`); `AWARD=*`: any award.
  field({
    id: 'AWARD',
    aliases: ['AWD', 'AWARDS', '奖项', '获奖', '专利奖', '获奖情况'],
    type: 'keyword',
    group: 'value',
    zh: '专利奖项',
    en: 'Patent award',
    example: 'AWARD=金奖',
  }),
]);

/** The field a bare term is searched in (spec 1 §5: "wrapped as a search expression over the text field"). */
export const DEFAULT_TEXT_FIELD = 'TIABC';

/** Full-width ASCII (U+FF01–U+FF5E) and the ideographic space become half-width; everything else is kept. */
export function toHalfWidth(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\u3000]/g, (c) =>
    c === '\u3000' ? ' ' : String.fromCharCode(c.charCodeAt(0) - 0xfee0),
  );
}

function normaliseFieldName(code: string): string {
  return toHalfWidth(code).replace(/\s+/g, '').toUpperCase();
}

const FIELD_BY_NAME: ReadonlyMap<string, FieldDef> = (() => {
  const map = new Map<string, FieldDef>();
  for (const def of FIELDS) {
    for (const name of [def.id, ...def.aliases]) map.set(normaliseFieldName(name), def);
  }
  return map;
})();

const FIELD_BY_ID: ReadonlyMap<string, FieldDef> = new Map(FIELDS.map((def) => [def.id, def]));

/**
 * Finds a field by code or alias: case-insensitive, full-width tolerant, spaces ignored
 * (`ti`, `ＴＩ`, `标题`, `公开（公告）号` all work).
 */
export function findField(code: string): FieldDef | undefined {
  return FIELD_BY_NAME.get(normaliseFieldName(code));
}

/** The id of the semantic field (issue 48). */
export const SEMANTIC_FIELD_ID = 'SEM';

/**
 * The semantic field a field token spells, with the `/N` written after it (`SEM`, `语义`, `SEM/500`),
 * else undefined. `top` is undefined when no `/N` is written.
 */
export function semanticFieldOf(code: string): { top?: number } | undefined {
  const match = /^(.*?)\/(\d{1,9})$/.exec(toHalfWidth(code).trim());
  const name = match ? (match[1] ?? '') : code;
  if (findField(name)?.id !== SEMANTIC_FIELD_ID) return undefined;
  return match ? { top: Number(match[2]) } : {};
}

/** The field with exactly this canonical id. */
export function getFieldById(id: string): FieldDef | undefined {
  return FIELD_BY_ID.get(id);
}

/**
 * Aliases containing characters that otherwise end a word (CNIPA's `公开(公告)号`); the lexer
 * matches them before splitting words. Longest first so the longest alias wins.
 */
export const DELIMITED_FIELD_NAMES: readonly string[] = FIELDS.flatMap((def) => def.aliases)
  .filter((name) => /[()[\]{}"=:<>&|\s]/.test(name))
  .sort((a, b) => b.length - a.length);
