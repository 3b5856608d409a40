/**
 * Espacenet smart search (CQL): lower-case field identifiers with `=`, `all`/`any`/`within`,
 * and/or/not read left to right, prox/distance<=n, prox/ordered, prox/unit=sentence|paragraph,
 * truncation * ? #. Guide: Espacenet help — "Smart search – field identifiers" and
 * "Smart search – operators" (worldwide.espacenet.com/help).
 */
import { mapTruncation, type ForeignSyntax, type ProxMapping } from './core.js';
import { msg } from './messages.js';

export const ESPACENET_FIELDS: ForeignSyntax['fields'] = {
  ti: { ids: ['TI'] },
  ab: { ids: ['AB'] },
  ta: { ids: ['TIAB'] },
  txt: {
    ids: ['TIAB', 'PA', 'IN'],
    note: msg('标题、摘要、发明人、申请人', 'title, abstract, inventor and applicant'),
  },
  ntxt: { ids: ['TIAB', 'PA', 'IN'], note: msg('标题、摘要或名称', 'title, abstract or names') },
  ftxt: { ids: ['FT'] },
  nftxt: { ids: ['FT', 'PA', 'IN'], note: msg('全部文本或名称', 'all text fields or names') },
  desc: { ids: ['DESC'] },
  claims: { ids: ['CLM'] },
  pa: { ids: ['PA'] },
  in: { ids: ['IN'] },
  ia: { ids: ['IN', 'PA'], note: msg('发明人或申请人', 'inventor or applicant') },
  ic: { ids: ['IPC'] },
  ipc: { ids: ['IPC'] },
  cpc: { ids: ['CPC'] },
  cl: { ids: ['IPC', 'CPC'], note: msg('IPC 或 CPC', 'IPC or CPC') },
  pd: { ids: ['PD'] },
  ap: { ids: ['AN'] },
  pn: { ids: ['PN'] },
  pr: { ids: ['PR'] },
  num: {
    ids: ['PN', 'AN', 'PR'],
    note: msg('公开号、申请号或优先权号', 'publication, application or priority number'),
  },
  ct: { ids: ['CIT'] },
  cpcc: {
    unsupported: msg(
      'CPC 组合分类（C-sets）在 Patlas 中没有对应字段；该条件未写入，可改用 CPC 分别检索各分类号',
      'CPC combination sets (C-sets) have no Patlas field; this condition was left out: search each symbol with CPC',
    ),
  },
  famn: {
    unsupported: msg(
      'Espacenet 的同族号在 Patlas 中没有对应字段；该条件未写入',
      "Espacenet's family number has no Patlas field; this condition was left out",
    ),
  },
};

/** `prox/distance<=3`, `prox/distance<3/ordered`, `prox/ordered`, `prox/unit=sentence`. */
export function espacenetProximity(word: string): ProxMapping | undefined {
  if (!/^prox(\/|$)/i.test(word)) return undefined;
  const modifiers = word.toLowerCase().split('/').slice(1);
  let distance = 1;
  let ordered = false;
  let unit = 'word';
  for (const mod of modifiers) {
    const d = /^distance(<=|<|=)(\d+)$/.exec(mod);
    if (d) distance = d[1] === '<' ? Number(d[2]) - 1 : Number(d[2]);
    else if (mod === 'ordered') ordered = true;
    else if (/^unit=(word|sentence|paragraph)$/.test(mod)) unit = mod.slice(5);
    else return undefined;
  }
  if (unit === 'sentence') return { op: 'S', note: msg('同句', 'same sentence') };
  if (unit === 'paragraph') return { op: 'P', note: msg('同段', 'same paragraph') };
  const n = Math.min(100, Math.max(1, distance));
  return ordered
    ? { op: `W/${n}`, note: msg('有序，相距 n 个词以内', 'ordered, within n words') }
    : { op: `N/${n}`, note: msg('无序，相距 n 个词以内', 'unordered, within n words') };
}

export const espacenetSyntax: ForeignSyntax = {
  system: 'espacenet',
  fields: ESPACENET_FIELDS,
  fieldSeparators: '=',
  proximity: espacenetProximity,
  truncation: mapTruncation({
    '*': { to: '*' },
    '#': { to: '?', note: msg('恰好一个字符', 'exactly one character') },
    '?': {
      to: '*',
      unsupported: msg(
        'Espacenet 的 ? 表示 0 或 1 个字符，Patlas 没有对应截词符（? 恰好一个字符）；改为 *（任意个字符，范围更宽）',
        "Espacenet's ? means 0 or 1 character; Patlas has no such mark (its ? is exactly one); written as * (any number, broader)",
      ),
    },
  }),
  leftToRight: true,
  relationWords: true,
  bareTermNote: msg(
    'Espacenet 会猜测无字段检索词的字段（txt、pd、cl、num、ia），Patlas 在标题/摘要/权利要求（TIABC）中检索',
    'Espacenet guesses the field of a bare term (txt, pd, cl, num, ia); Patlas searches title, abstract and claims (TIABC)',
  ),
  writeField: (name) => `${name.toLowerCase()}=`,
};
