/**
 * incoPat (www.incopat.com) command search: field codes with `=`, AND OR NOT, W/n PRE/n NEAR/n,
 * S P F, NOTF NOTP, truncation * ?. Guide: incoPat 帮助中心 — 检索字段代码与运算符.
 */
import { mapTruncation, type ForeignSyntax, type ProxMapping } from './core.js';
import { msg } from './messages.js';

export const INCOPAT_FIELDS: ForeignSyntax['fields'] = {
  TI: { ids: ['TI'] },
  AB: { ids: ['AB'] },
  CLMS: { ids: ['CLM'] },
  DESC: { ids: ['DESC'] },
  TIAB: { ids: ['TIAB'] },
  TIABC: { ids: ['TIABC'] },
  FULLTEXT: { ids: ['FT'] },
  AP: { ids: ['PA'] },
  'AP-OR': {
    ids: ['PA'],
    note: msg('Patlas 的申请人即文献公布的原始申请人', "Patlas's applicant is the applicant as published (original)"),
  },
  'AP-ADD': { ids: ['ADDR'] },
  'AP-CURRENT': { ids: ['AS'] },
  IN: { ids: ['IN'] },
  AT: { ids: ['AGT'] },
  AGC: { ids: ['AGC'] },
  IPC: { ids: ['IPC'] },
  'IPC-MAIN': { ids: ['IPC-MAIN'] },
  CPC: { ids: ['CPC'] },
  LOC: { ids: ['LOC'] },
  AD: { ids: ['AD'] },
  PD: { ids: ['PD'] },
  PRD: { ids: ['PRD'] },
  AN: { ids: ['AN'] },
  PN: { ids: ['PN'] },
  PR: { ids: ['PR'] },
  PNC: { ids: ['CC'] },
  VALUE: {
    unsupported: msg(
      'incoPat 合享价值度是其专有评分，与 Patlas 的专利价值（PV）尺度不同；该条件未写入',
      "incoPat's value degree is its own score, on another scale than Patlas's patent value (PV); this condition was left out",
    ),
  },
  'AP-TYPE': {
    unsupported: msg(
      'incoPat 的申请人类型取值与 Patlas 的 PA-TYPE 不同；该条件未写入，请改用 PA-TYPE 重新选择',
      "incoPat's applicant types differ from Patlas's PA-TYPE values; this condition was left out: choose again with PA-TYPE",
    ),
  },
};

export function incopatProximity(word: string): ProxMapping | undefined {
  const m = /^(W|PRE|NEAR)\/(\d+)$/i.exec(word);
  if (m) return { op: `${(m[1] ?? '').toUpperCase()}/${m[2] ?? ''}` };
  const upper = word.toUpperCase();
  if (upper === 'S' || upper === 'P') return { op: upper };
  if (upper === 'F')
    return { op: 'AND', note: msg('同字段：在字段组内即为 AND', 'same field: AND inside the field group') };
  if (upper === 'NOTF' || upper === 'NOTP') {
    const unit = upper === 'NOTF' ? msg('同一字段', 'the same field') : msg('同一段落', 'the same paragraph');
    return {
      op: 'NOT',
      unsupported: msg(
        `${upper}（不在${unit.zh}中同现）在 Patlas 中没有对应算符；改为 NOT（排除含后一词的全部专利，范围更窄）`,
        `${upper} (not together in ${unit.en}) has no Patlas equivalent; written as NOT (excludes every patent with the second term: narrower)`,
      ),
    };
  }
  return undefined;
}

export const incopatSyntax: ForeignSyntax = {
  system: 'incopat',
  fields: INCOPAT_FIELDS,
  fieldSeparators: '=',
  proximity: incopatProximity,
  truncation: mapTruncation({ '*': { to: '*' }, '?': { to: '?' } }),
  writeField: (name) => `${name.toUpperCase()}=`,
};
