/**
 * CNIPA 专利检索及分析系统 (pss-system.cponline.cnipa.gov.cn), 高级检索 / 命令行检索: Chinese field
 * names with `=`, AND OR NOT, the proximity operators nW nD S P F, truncation + ? #.
 * Guide: 专利检索及分析系统 使用帮助（检索式编辑区、运算符、截词符）.
 */
import { mapTruncation, type ForeignSyntax, type ProxMapping } from './core.js';
import { msg } from './messages.js';

const UNORDERED = msg('无序，相距 n 个词以内', 'unordered, within n words');

export const CNIPA_FIELDS: ForeignSyntax['fields'] = {
  申请号: { ids: ['AN'] },
  申请日: { ids: ['AD'] },
  '公开(公告)号': { ids: ['PN'] },
  '公开(公告)日': { ids: ['PD'] },
  公开号: { ids: ['PN'] },
  公开日: { ids: ['PD'] },
  授权公告日: { ids: ['GD'] },
  发明名称: { ids: ['TI'] },
  名称: { ids: ['TI'] },
  摘要: { ids: ['AB'] },
  权利要求: { ids: ['CLM'] },
  权利要求书: { ids: ['CLM'] },
  说明书: { ids: ['DESC'] },
  复合文本: { ids: ['TIABC'], note: msg('名称、摘要、权利要求', 'title, abstract and claims') },
  关键词: { ids: ['TIABC'], note: msg('名称、摘要、权利要求', 'title, abstract and claims') },
  '申请(专利权)人': { ids: ['PA'] },
  申请人: { ids: ['PA'] },
  发明人: { ids: ['IN'] },
  '发明人/设计人': { ids: ['IN'] },
  当前权利人: { ids: ['AS'] },
  IPC分类号: { ids: ['IPC'] },
  IPC主分类号: { ids: ['IPC-MAIN'] },
  CPC分类号: { ids: ['CPC'] },
  外观设计洛迦诺分类号: { ids: ['LOC'] },
  优先权号: { ids: ['PR'] },
  优先权日: { ids: ['PRD'] },
  代理人: { ids: ['AGT'] },
  代理机构: { ids: ['AGC'] },
  申请人地址: { ids: ['ADDR'] },
  申请人邮编: {
    unsupported: msg(
      'Patlas 没有申请人邮编字段，该条件未写入',
      'Patlas has no applicant postcode field; this condition was left out',
    ),
  },
  '申请人所在国(省)': {
    unsupported: msg(
      '“申请人所在国(省)”混合了国家与省份，Patlas 分为 PA-CC（国别）与 PROV（省份）；该条件未写入，请选用其一',
      '"Applicant country (province)" mixes countries and provinces; Patlas has PA-CC (country) and PROV (province). This condition was left out: pick one',
    ),
  },
  分案原申请号: {
    unsupported: msg(
      'Patlas 没有分案原申请号字段，该条件未写入',
      'Patlas has no parent-application field for divisionals; this condition was left out',
    ),
  },
};

export function cnipaProximity(word: string): ProxMapping | undefined {
  const m = /^(\d*)([WD])$/i.exec(word);
  if (m) {
    const n = Math.min(100, Math.max(1, Number(m[1] || '1')));
    return (m[2] ?? '').toUpperCase() === 'W'
      ? { op: `W/${n}`, note: msg('有序，相距 n 个词以内', 'ordered, within n words') }
      : { op: `N/${n}`, note: UNORDERED };
  }
  const upper = word.toUpperCase();
  if (upper === 'S') return { op: 'S' };
  if (upper === 'P') return { op: 'P' };
  if (upper === 'F')
    return { op: 'AND', note: msg('同字段：在字段组内即为 AND', 'same field: AND inside the field group') };
  return undefined;
}

export const cnipaSyntax: ForeignSyntax = {
  system: 'cnipa',
  fields: CNIPA_FIELDS,
  fieldSeparators: '=',
  proximity: cnipaProximity,
  truncation: mapTruncation({
    '+': { to: '*', note: msg('任意个字符', 'any number of characters') },
    '#': { to: '?', note: msg('一个字符', 'one character') },
    '?': {
      to: '*',
      unsupported: msg(
        'CNIPA 的 ? 表示 0 或 1 个字符，Patlas 没有对应截词符（? 恰好一个字符）；改为 *（任意个字符，范围更宽）',
        "CNIPA's ? means 0 or 1 character; Patlas has no such mark (its ? is exactly one); written as * (any number, broader)",
      ),
    },
  }),
  writeField: (name) => `${name}=`,
};
