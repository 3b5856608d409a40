/**
 * PatSnap (智慧芽) command search: field codes with `:`, AND OR NOT, $Wn $PREn $SEN $PARA,
 * ranges [a TO b], truncation * ?. Guide: PatSnap Help Center — "Searching in Patsnap 101" and
 * the field-code list (help.patsnap.com).
 */
import { mapTruncation, type ForeignSyntax, type ProxMapping } from './core.js';
import { msg } from './messages.js';

export const PATSNAP_FIELDS: ForeignSyntax['fields'] = {
  TTL: { ids: ['TI'] },
  ABST: { ids: ['AB'] },
  CLMS: { ids: ['CLM'] },
  DESC: { ids: ['DESC'] },
  TA: { ids: ['TIAB'] },
  TAC: { ids: ['TIABC'] },
  TACD: {
    ids: ['FT'],
    note: msg('标题、摘要、权利要求、说明书即全文', 'title, abstract, claims and description: the full text'),
  },
  AN: { ids: ['PA'], note: msg('原始申请(专利权)人', 'original assignee') },
  ANS: { ids: ['PA-STD'], note: msg('标准化申请人', 'standardised applicant') },
  ANC: { ids: ['AS'], note: msg('当前申请(专利权)人', 'current assignee') },
  ANCS: {
    ids: ['AS'],
    note: msg(
      '当前申请(专利权)人（标准化）：Patlas 按当前权利人名称检索',
      'standardised current assignee: Patlas searches the current assignee names',
    ),
  },
  IN: { ids: ['IN'] },
  AT: { ids: ['AGT'] },
  AGC: { ids: ['AGC'] },
  IPC: { ids: ['IPC'] },
  MIPC: { ids: ['IPC-MAIN'] },
  CPC: { ids: ['CPC'] },
  LOC: { ids: ['LOC'] },
  APD: { ids: ['AD'] },
  PBD: { ids: ['PD'] },
  ISD: { ids: ['GD'] },
  PRIORITY_DATE: { ids: ['PRD'] },
  APNO: { ids: ['AN'] },
  PN: { ids: ['PN'] },
  PRIORITY_NUMBER: { ids: ['PR'] },
  AUTHORITY: { ids: ['CC'] },
  ICLMS: {
    unsupported: msg(
      'Patlas 将权利要求作为一段文本检索，不单独检索独立权利要求；该条件未写入（可改用 CLM）',
      'Patlas searches the claims as one text, not the independent claims alone; this condition was left out (use CLM instead)',
    ),
  },
  FAMILY_ID: {
    unsupported: msg(
      'PatSnap 的同族编号在 Patlas 中没有对应字段；该条件未写入',
      "PatSnap's family id has no Patlas field; this condition was left out",
    ),
  },
};

export function patsnapProximity(word: string): ProxMapping | undefined {
  const m = /^\$(W|PRE)(\d+)$/i.exec(word);
  if (m) {
    const n = Math.min(100, Math.max(1, Number(m[2])));
    return (m[1] ?? '').toUpperCase() === 'W'
      ? { op: `N/${n}`, note: msg('相距 n 个词以内，顺序不限', 'within n words, in any order') }
      : { op: `PRE/${n}`, note: msg('相距 n 个词以内，前后顺序固定', 'within n words, in this order') };
  }
  const upper = word.toUpperCase();
  if (upper === '$SEN') return { op: 'S', note: msg('同句', 'same sentence') };
  if (upper === '$PARA') return { op: 'P', note: msg('同段', 'same paragraph') };
  return undefined;
}

export const patsnapSyntax: ForeignSyntax = {
  system: 'patsnap',
  fields: PATSNAP_FIELDS,
  fieldSeparators: ':',
  proximity: patsnapProximity,
  truncation: mapTruncation({ '*': { to: '*' }, '?': { to: '?' } }),
  writeField: (name) => `${name.toUpperCase()}:`,
};
