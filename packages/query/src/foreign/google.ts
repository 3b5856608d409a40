/**
 * Google Patents search box: TI=( ) AB=( ) CL=( ) CPC=, assignee: inventor: country:,
 * before:/after: with priority|filing|publication, NEAR/n ADJ/n WITH SAME, `-word`, truncation *.
 * Guide: Google Patents Help — "Search syntax" (support.google.com/faqs/answer/7049585).
 */
import { mapTruncation, type ForeignSyntax, type PNode, type ProxMapping, type Reporter } from './core.js';
import { normaliseForeignDate } from './core.js';
import { msg } from './messages.js';

export const GOOGLE_FIELDS: ForeignSyntax['fields'] = {
  TI: { ids: ['TI'] },
  AB: { ids: ['AB'] },
  CL: { ids: ['CLM'] },
  CPC: { ids: ['CPC'] },
  assignee: { ids: ['PA'], note: msg('申请人/受让人', 'applicant or assignee') },
  inventor: { ids: ['IN'] },
  country: { ids: ['CC'] },
  status: {
    unsupported: msg(
      'Google Patents 的 status:（GRANT、APPLICATION）在 Patlas 中没有对应字段；该条件未写入，可改用专利类型 PT 或法律状态 LS',
      "Google Patents's status: (GRANT, APPLICATION) has no Patlas field; this condition was left out: use PT or LS",
    ),
  },
  type: {
    unsupported: msg(
      'Google Patents 的 type:（PATENT、DESIGN）在 Patlas 中没有对应字段；该条件未写入，可改用 PT',
      "Google Patents's type: (PATENT, DESIGN) has no Patlas field; this condition was left out: use PT",
    ),
  },
  lang: {
    unsupported: msg(
      'Patlas 不按文献语言筛选；该条件未写入',
      'Patlas does not filter by document language; this condition was left out',
    ),
  },
  litigation: {
    unsupported: msg(
      'litigation: 在 Patlas 中没有对应写法；该条件未写入，可改用诉讼字段 LIT',
      'litigation: has no Patlas equivalent; this condition was left out: use the litigation fields (LIT)',
    ),
  },
};

const DATE_KINDS: Record<string, string> = { priority: 'PRD', filing: 'AD', publication: 'PD' };

/** `before:priority:20200101`, `after:filing:2018-01-01`: a date comparison. */
export function googleDate(word: string, report: Reporter): PNode | undefined {
  const m = /^(before|after):(priority|filing|publication):(\S+)$/i.exec(word);
  if (!m) return undefined;
  const id = DATE_KINDS[(m[2] ?? '').toLowerCase()] ?? 'PD';
  const op = (m[1] ?? '').toLowerCase() === 'before' ? '<' : '>';
  const value = normaliseForeignDate(m[3] ?? '', report);
  report.change(`${(m[1] ?? '').toLowerCase()}:${(m[2] ?? '').toLowerCase()}:`, `${id}${op}`, {
    zh: '不含当日',
    en: 'the day itself excluded',
  });
  return { k: 'field', ids: [id], child: { k: 'cmp', id, op, v: value } };
}

export function googleProximity(word: string): ProxMapping | undefined {
  const m = /^(NEAR|ADJ)(?:\/(\d+))?$/.exec(word);
  if (m) {
    const n = Math.min(100, Math.max(1, Number(m[2] ?? '1')));
    return m[1] === 'NEAR'
      ? { op: `NEAR/${n}` }
      : { op: `W/${n}`, note: msg('有序，相距 n 个词以内', 'ordered, within n words') };
  }
  if (word === 'WITH') return { op: 'N/20', note: msg('相距 20 个词以内', 'within 20 words') };
  if (word === 'SAME') {
    return {
      op: 'N/100',
      unsupported: msg(
        'SAME（相距 200 个词以内）超过 Patlas 位置算符的上限 100；改为 N/100（范围更窄），也可改用同段 P',
        'SAME (within 200 words) is above the Patlas limit of 100; written as N/100 (narrower), or use P (same paragraph)',
      ),
    };
  }
  return undefined;
}

export const googleSyntax: ForeignSyntax = {
  system: 'google',
  fields: GOOGLE_FIELDS,
  fieldSeparators: '=:',
  proximity: googleProximity,
  truncation: mapTruncation({ '*': { to: '*' } }),
  signPrefixes: true,
  special: googleDate,
  bareTermNote: msg(
    'Google Patents 无字段的检索词在全文中检索，Patlas 在标题/摘要/权利要求（TIABC）中检索',
    'Google Patents searches a bare term in the full text; Patlas searches title, abstract and claims (TIABC)',
  ),
  writeField: (name) => (/^(TI|AB|CL|CPC)$/i.test(name) ? `${name.toUpperCase()}=` : `${name.toLowerCase()}:`),
};
