import { splitOnBars, vendorFormats, type VendorProfile } from '../shared/vendor-table.js';

/**
 * Patentics exports: CSV (UTF-8 with BOM, 24 columns, every data row ending in a comma, which the
 * header lacks) and XLSX (sheet `Patentics`, up to 75 columns; some files open with a title row
 * of links above the header; the `download` exports head the number column `Patentics`). Lists
 * are joined with ` | ` or `|` and a line break (US inventors are written `Zhai; Jinjian`), dates
 * as YYYYMMDD or YYYY/MM/DD, numbers as HYPERLINK formulas. 美国分类 holds CPC symbols.
 */
export const PATENTICS: VendorProfile = {
  vendor: 'patentics',
  name: 'Patentics',
  columns: {
    公开号: 'publicationNumber',
    Patentics: 'publicationNumber',
    申请号: 'applicationNumber',
    专利局: 'office',
    专利类型: 'patentType',
    首图: 'ignore',
    价值谱: 'ignore',
    标题: 'title',
    摘要: 'abstract',
    主权项: 'claims',
    背景技术: 'descriptionPart',
    实施例: 'descriptionPart',
    申请人: 'applicants',
    标准化申请人: 'standardApplicants',
    标准申请人: 'standardApplicants',
    发明人: 'inventors',
    第一发明人: 'firstInventor',
    申请日: 'applicationDate',
    公开日: 'publicationDate',
    '公开/公告日': 'publicationDate',
    '公开-公告日': 'publicationDate',
    授权公告日: 'grantDate',
    授权日: 'grantDate',
    优先权日: 'priorityDate',
    优先权: 'priorityNumbers',
    国际分类: 'ipc',
    国际主分类: 'ipcMain',
    美国分类: 'cpc',
    CPC分类: 'cpc',
    CPC主分类: 'cpcMain',
    权利要求数: 'claimCount',
    本文引用专利数: 'citationCount',
    引用数: 'citationCount',
    引用本文专利数: 'citedByCount',
    本文被引用专利数: 'citedByCount',
    被引用数: 'citedByCount',
    同族专利数: 'familyCount',
    同族数: 'familyCount',
    引用: 'citations',
    被引用: 'citedBy',
    同族: 'simpleFamily',
    '索引词 1': 'keywords',
    '索引词 2': 'keywords',
    '索引词 3': 'keywords',
    '索引词 4': 'keywords',
    法律状态: 'legalStatus',
    法律描述: 'legalDescription',
    '律师、代理': 'agencyAndAgents',
    省市: 'province',
    地市: 'address',
    通信地址: 'address',
  },
  isHeader(headers, sheetName) {
    // The title row of links above some headers reads `Patentics` too, but has no 申请号.
    if ((!headers.has('公开号') && !headers.has('Patentics')) || !headers.has('申请号')) return false;
    // Every Patentics export has 第一发明人 and 国际分类; its workbooks name their sheet Patentics.
    return (headers.has('第一发明人') && headers.has('国际分类')) || sheetName === 'Patentics';
  },
  split: splitOnBars,
};

const formats = vendorFormats(PATENTICS, '公开号, 标题, 申请人, 标准化申请人, 第一发明人, 国际分类, 法律状态…');
export const patenticsCsvFormat = formats.csv;
export const patenticsXlsxFormat = formats.xlsx;
