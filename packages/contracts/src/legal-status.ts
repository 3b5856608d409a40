import type { LEGAL_STATUS_CLASSES } from './analysis.js';

/** valid 有效, pending 审中, rejected 驳回, withdrawn 撤回, lapsed 失效 (docs/analysis.md "Legal status classes"). */
export type LegalStatusClass = (typeof LEGAL_STATUS_CLASSES)[number];

/**
 * The finer status a text names, where it names one: 授权 granted, 实质审查 examination, 公开
 * published, 驳回 rejected, 撤回 withdrawn, 未缴年费 unpaid_fees, 期限届满 expired, 放弃 abandoned,
 * 避免重复授权 duplicate_grant (一案双申: the utility model gives way to the invention), 无效/撤销
 * invalidated, 部分无效 partially_invalidated, 终止 terminated, 权利恢复 restored, PCT pct (the
 * international phase, in or past its national-phase term).
 */
export const LEGAL_STATUS_DETAILS = [
  'granted',
  'examination',
  'published',
  'rejected',
  'withdrawn',
  'unpaid_fees',
  'expired',
  'abandoned',
  'duplicate_grant',
  'invalidated',
  'partially_invalidated',
  'terminated',
  'restored',
  'pct',
] as const;
export type LegalStatusDetail = (typeof LEGAL_STATUS_DETAILS)[number];

export interface NormalisedLegalStatus {
  /** Absent for a status that is in no class (PCT phases, 其他, 未确认): left out, not guessed. */
  class?: LegalStatusClass;
  detail?: LegalStatusDetail;
}

/**
 * First match wins, so the order carries the rules: PCT phases before 期满 (PCT有效期满 is the end
 * of the international phase, not a lapsed right); 部分无效 before 无效 (a partly invalidated patent
 * stays in force); 避免重复授权 before 授权; every ending before 公开/公布 (发明专利申请公布后的驳回);
 * 失效/无效/inactive/invalid before 有效/active/valid, which they contain.
 */
const RULES: readonly [RegExp, LegalStatusClass | undefined, LegalStatusDetail | undefined][] = [
  [/pct/, undefined, 'pct'],
  [/部分无效|partially invalid/, 'valid', 'partially_invalidated'],
  [/避免重复授权|double patenting/, 'lapsed', 'duplicate_grant'],
  [/驳回|reject|refus/, 'rejected', 'rejected'],
  [/撤回|withdraw/, 'withdrawn', 'withdrawn'],
  [/未缴|non-?payment|fee related/, 'lapsed', 'unpaid_fees'],
  [/届满|期满|expired/, 'lapsed', 'expired'],
  [/放弃|abandon/, 'lapsed', 'abandoned'],
  [/无效|撤销|invalid|revoked/, 'lapsed', 'invalidated'],
  [/终止|ceased|terminat/, 'lapsed', 'terminated'],
  [/失效|inactive|lapse|dead/, 'lapsed', undefined],
  [/恢复|restor/, 'valid', 'restored'],
  [/实质审查|实审|审查|examination/, 'pending', 'examination'],
  [/审中|pending|filed/, 'pending', undefined],
  [/公开|公布|published/, 'pending', 'published'],
  [/授权|granted/, 'valid', 'granted'],
  [/有效|active|in force|valid|alive/, 'valid', undefined],
];

/**
 * The one reading of a legal status text as a source writes it (CNIPA 法律状态, incoPat 专利有效性 /
 * 当前法律状态, PatSnap 简单法律状态 / 法律状态/事件, Patentics 法律状态, an office's English
 * wording): its class and finer status. A text listing a status and events (`授权 | 权利转移`,
 * `授权 | 无效程序 | 口头审理`) is read by its first part that names a status. Undefined when no part does.
 */
export function normaliseLegalStatus(text: string | null | undefined): NormalisedLegalStatus | undefined {
  if (!text) return undefined;
  for (const part of text
    .normalize('NFKC')
    .toLowerCase()
    .split(/\s*[|｜]\s*/)) {
    const rule = RULES.find(([pattern]) => pattern.test(part));
    if (!rule) continue;
    const [, cls, detail] = rule;
    return { ...(cls ? { class: cls } : {}), ...(detail ? { detail } : {}) };
  }
  return undefined;
}
