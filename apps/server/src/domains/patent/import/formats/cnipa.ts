import { splitOnSemicolons, vendorFormats, type VendorProfile } from '../shared/vendor-table.js';

/**
 * The CNIPA patent search and analysis system's (pss-system) result export. No sample is public;
 * the header set follows CNIPA's own field names (the spec's field dictionary style):
 * 申请号, 申请日, 公开(公告)号, 公开(公告)日, 发明名称, 申请(专利权)人, 发明(设计)人, 申请人地址,
 * 申请人邮编, 国省代码, IPC分类号, IPC主分类号, 优先权号, 优先权日, 代理机构, 代理人, 摘要,
 * 主权项, 法律状态, 授权公告日. Detection relies on 公开(公告)号, 申请号, 发明名称 and
 * 申请(专利权)人 plus one of 申请人邮编 / 国省代码, which no other vendor writes. Lists are joined
 * with `;` or `；`.
 */
export const CNIPA: VendorProfile = {
  vendor: 'cnipa',
  name: 'CNIPA',
  columns: {
    序号: 'ignore',
    申请号: 'applicationNumber',
    申请日: 'applicationDate',
    '公开(公告)号': 'publicationNumber',
    '公开(公告)日': 'publicationDate',
    授权公告日: 'grantDate',
    发明名称: 'title',
    摘要: 'abstract',
    主权项: 'claims',
    '申请(专利权)人': 'applicants',
    '发明(设计)人': 'inventors',
    发明人: 'inventors',
    申请人地址: 'address',
    IPC分类号: 'ipc',
    IPC主分类号: 'ipcMain',
    CPC分类号: 'cpc',
    外观设计洛迦诺分类号: 'loc',
    优先权号: 'priorityNumbers',
    优先权日: 'priorityDate',
    代理机构: 'agency',
    代理人: 'agents',
    法律状态: 'legalStatus',
    专利类型: 'patentType',
  },
  isHeader(headers) {
    return (
      headers.has('公开(公告)号') &&
      headers.has('申请号') &&
      headers.has('发明名称') &&
      headers.has('申请(专利权)人') &&
      (headers.has('申请人邮编') || headers.has('国省代码'))
    );
  },
  split: splitOnSemicolons,
};

/** The pss-system exports workbooks only. */
export const cnipaXlsxFormat = vendorFormats(
  CNIPA,
  '申请号, 公开(公告)号, 发明名称, 申请(专利权)人, 申请人邮编/国省代码…',
).xlsx;
