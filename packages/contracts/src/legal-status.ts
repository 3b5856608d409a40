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

/**
 * English for the status wording the sources write in Chinese (every distinct value of the vendor
 * exports in data/demo, and the CNIPA event names they list), by part: `授权 | 权利转移` is read
 * part by part, `撤回-视为撤回` piece by piece.
 */
const STATUS_WORDS_EN: Readonly<Record<string, string>> = {
  有效: 'Active',
  失效: 'Inactive',
  审中: 'Pending',
  公开: 'Published',
  公布: 'Published',
  撤回: 'Withdrawn',
  驳回: 'Rejected',
  无效: 'Invalidated',
  其他: 'Other',
  未确认: 'Unconfirmed',
  授权: 'Granted',
  实质审查: 'Under examination',
  实质审查的生效: 'Examination requested',
  未缴年费: 'Unpaid annual fees',
  放弃: 'Abandoned',
  期限届满: 'Expired',
  权利终止: 'Right terminated',
  申请终止: 'Application terminated',
  全部撤销: 'Fully revoked',
  部分无效: 'Partially invalidated',
  全部无效: 'Fully invalidated',
  避免重复授权: 'Given up to avoid double patenting',
  一案双申: 'Dual filing',
  权利转移: 'Transfer',
  质押: 'Pledge',
  许可: 'Licence',
  诉讼: 'Litigation',
  复审: 'Reexamination',
  无效程序: 'Invalidation proceedings',
  口头审理: 'Oral hearing',
  权利恢复: 'Right restored',
  视为撤回: 'deemed withdrawn',
  主动撤回: 'withdrawn by the applicant',
  视为放弃: 'deemed abandoned',
  有效期内: 'term running',
  有效期满: 'term ended',
  PCT有效期内: 'PCT term running',
  PCT有效期满: 'PCT term ended',
  未进入国家阶段: 'National phase not entered',
  进入国家阶段: 'National phase entered',
  PCT指定期内: 'PCT designation term running',
  PCT指定期满: 'PCT designation term ended',
  'PCT进入指定国（指定期满）': 'PCT designated state entered (term ended)',
  'PCT未进入指定国（指定期内）': 'PCT designated state not entered (term running)',
  发明专利申请公布后的驳回: 'Rejected after publication',
  发明专利申请公布后的视为撤回: 'Deemed withdrawn after publication',
  专利权的终止: 'Patent terminated',
  未缴年费专利权终止: 'Terminated for unpaid annual fees',
};

/** The finer status in English, for wording the dictionary does not hold. */
const DETAIL_EN: Readonly<Record<LegalStatusDetail, string>> = {
  granted: 'Granted',
  examination: 'Under examination',
  published: 'Published',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  unpaid_fees: 'Unpaid annual fees',
  expired: 'Expired',
  abandoned: 'Abandoned',
  duplicate_grant: 'Given up to avoid double patenting',
  invalidated: 'Invalidated',
  partially_invalidated: 'Partially invalidated',
  terminated: 'Terminated',
  restored: 'Right restored',
  pct: 'PCT',
};

const CLASS_EN: Readonly<Record<LegalStatusClass, string>> = {
  valid: 'Active',
  pending: 'Pending',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  lapsed: 'Inactive',
};

const HAN = /\p{Script=Han}/u;

function partInEnglish(part: string): string {
  const whole = STATUS_WORDS_EN[part];
  if (whole) return whole;
  if (!HAN.test(part)) return part;
  const pieces = part.split(/\s*[-－]\s*/);
  if (pieces.length > 1 && pieces.every((p) => STATUS_WORDS_EN[p] || !HAN.test(p))) {
    return pieces.map((p) => STATUS_WORDS_EN[p] ?? p).join(' - ');
  }
  const status = normaliseLegalStatus(part);
  if (status?.detail) return DETAIL_EN[status.detail];
  if (status?.class) return CLASS_EN[status.class];
  return part;
}

/**
 * A legal status text as a source writes it, in the reader's language: zh as written; en with
 * every Chinese part in English (`授权 | 权利转移` → `Granted | Transfer`), English wording as
 * written. A part no word names falls back on its class (`normaliseLegalStatus`), else stays.
 */
export function legalStatusLabel(text: string, language: 'zh' | 'en'): string;
export function legalStatusLabel(text: string | null | undefined, language: 'zh' | 'en'): string | undefined;
export function legalStatusLabel(text: string | null | undefined, language: 'zh' | 'en'): string | undefined {
  if (text == null) return undefined;
  if (language === 'zh' || !HAN.test(text)) return text;
  return text
    .trim()
    .split(/\s*[|｜]\s*/)
    .map(partInEnglish)
    .join(' | ');
}
