import { splitOnSemicolons, vendorFormats, type VendorProfile } from '../shared/vendor-table.js';

/**
 * incoPat's 著录项 download (XLSX sheet `下载的著录项1`, or CSV): `标题 (中文)`, `公开（公告）号`,
 * dates as Excel date cells (`YYYY-MM-DD 00:00:00` once saved as text), lists joined with `; `,
 * 标准化申请人 as incoPat's group names (`[丰田公司-C]`), 专利有效性 有效/审中/失效/PCT… beside the
 * finer 当前法律状态. The export's columns vary with the user's choice; these are the ones mapped.
 */
export const INCOPAT: VendorProfile = {
  vendor: 'incopat',
  name: 'incoPat',
  columns: {
    序号: 'ignore',
    链接到incoPat: 'ignore',
    '公开（公告）号': 'publicationNumber',
    '公开（公告）日': 'publicationDate',
    申请号: 'applicationNumber',
    申请日: 'applicationDate',
    授权日: 'grantDate',
    授权公告日: 'grantDate',
    优先权日: 'priorityDate',
    最早优先权日: 'priorityDate',
    优先权号: 'priorityNumbers',
    公开国别: 'office',
    专利类型: 'patentType',
    公开类型: 'publicationType',
    '标题 (中文)': 'title',
    '标题 (英文)': 'titleEn',
    '摘要 (中文)': 'abstract',
    '摘要 (英文)': 'abstractEn',
    首项权利要求: 'claims',
    申请人: 'applicants',
    第一申请人: 'firstApplicant',
    标准化申请人: 'standardApplicants',
    当前权利人: 'currentApplicants',
    发明人: 'inventors',
    第一发明人: 'firstInventor',
    申请人地址: 'address',
    '申请人所在国（省）': 'province',
    申请人省市: 'province',
    申请人地市: 'city',
    申请人区县: 'district',
    代理机构: 'agency',
    代理人: 'agents',
    IPC主分类: 'ipcMain',
    IPC: 'ipc',
    CPC: 'cpc',
    当前法律状态: 'legalStatus',
    专利有效性: 'simpleLegalStatus',
    简单同族: 'simpleFamily',
    简单同族个数: 'familyCount',
    引证次数: 'citationCount',
    被引证次数: 'citedByCount',
    权利要求数量: 'claimCount',
    文献页数: 'pageCount',
  },
  isHeader(headers, sheetName) {
    if (!headers.has('公开(公告)号')) return false;
    // incoPat names its sheet 下载的著录项N and links every row back to incoPat.
    return (
      headers.has('链接到incoPat') ||
      /^下载的著录项/.test(sheetName ?? '') ||
      (headers.has('公开国别') && headers.has('标题(中文)'))
    );
  },
  split: splitOnSemicolons,
};

const formats = vendorFormats(INCOPAT, '标题 (中文), 公开（公告）号, 申请人, 当前法律状态, 专利有效性…');
export const incopatCsvFormat = formats.csv;
export const incopatXlsxFormat = formats.xlsx;
