import { splitOnBars, vendorFormats, type VendorProfile } from '../shared/vendor-table.js';

/** PatSnap writes the same column with and without its brackets and slash, export by export. */
const PN = ['公开(公告)号', '公开公告号'];
const MARKERS = [
  '简单法律状态',
  '法律状态/事件',
  '法律状态事件',
  '[标]当前申请(专利权)人',
  '[标]原始申请(专利权)人',
  '当前申请(专利权)人',
  '当前申请专利权人',
  'INPADOC法律状态',
  '标题(译)(简体中文)',
];

/**
 * PatSnap (智慧芽) exports (XLSX sheet `sheet1`, or CSV): `-` for an empty cell, lists joined with
 * ` | ` (inventor names carry commas: `AMITAI, YAAKOV`), `[标]` for PatSnap's standardised names,
 * 简单法律状态 beside 法律状态/事件 (`授权 | 质押 | 权利转移`: the status, then the events), the
 * current applicant's province/city/district, citation and family counts, PatSnap's value.
 */
export const PATSNAP: VendorProfile = {
  vendor: 'patsnap',
  name: 'PatSnap',
  columns: {
    序号: 'ignore',
    '公开(公告)号': 'publicationNumber',
    公开公告号: 'publicationNumber',
    '公开(公告)日': 'publicationDate',
    申请号: 'applicationNumber',
    申请日: 'applicationDate',
    授权日: 'grantDate',
    优先权日: 'priorityDate',
    最早优先权日: 'priorityDate',
    优先权号: 'priorityNumbers',
    受理局: 'office',
    专利类型: 'patentType',
    标题: 'title',
    '标题(译)(简体中文)': 'title',
    '标题(译)(English)': 'titleEn',
    摘要: 'abstract',
    '摘要(译)(简体中文)': 'abstract',
    '摘要(译)(English)': 'abstractEn',
    '[标]原始申请(专利权)人': 'applicants',
    '原始申请(专利权)人': 'applicants',
    '申请(专利权)人': 'applicants',
    '[标]当前申请(专利权)人': 'currentApplicants',
    '当前申请(专利权)人': 'currentApplicants',
    当前申请专利权人: 'currentApplicants',
    发明人: 'inventors',
    第一发明人: 'firstInventor',
    '当前申请(专利权)人州/省': 'province',
    当前申请专利权人州省: 'province',
    '当前申请(专利权)人地市': 'city',
    当前申请专利权人地市: 'city',
    '当前申请(专利权)人区县': 'district',
    当前申请专利权人区县: 'district',
    '当前申请(专利权)人地址': 'address',
    当前申请专利权人地址: 'address',
    代理机构: 'agency',
    代理人: 'agents',
    IPC分类号: 'ipc',
    IPC主分类号: 'ipcMain',
    IPC主分类号小类: 'ipcMain',
    'IPC主分类号(小类)': 'ipcMain',
    CPC分类号: 'cpc',
    简单法律状态: 'simpleLegalStatus',
    '法律状态/事件': 'statusAndEvents',
    法律状态事件: 'statusAndEvents',
    INPADOC法律状态: 'inpadocEvents',
    引用专利数量: 'citationCount',
    被引用专利数量: 'citedByCount',
    简单同族成员数量: 'familyCount',
    简单同族专利申请数量: 'familyCount',
    权利要求数量: 'claimCount',
    文献页数: 'pageCount',
  },
  isHeader(headers) {
    return PN.some((h) => headers.has(h)) && MARKERS.some((h) => headers.has(h));
  },
  split: splitOnBars,
};

const formats = vendorFormats(PATSNAP, '公开(公告)号, [标]当前申请(专利权)人, 简单法律状态, 法律状态/事件…');
export const patsnapCsvFormat = formats.csv;
export const patsnapXlsxFormat = formats.xlsx;
