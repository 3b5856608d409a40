import { describe, expect, it } from 'vitest';
import { legalStatusLabel, normaliseLegalStatus } from './legal-status.js';

/** [text as the file holds it, class, detail]; every distinct value of the vendor exports in data/demo. */
type Case = [string, string | undefined, string | undefined];

const PATENTICS_法律状态: Case[] = [
  ['有效', 'valid', undefined],
  ['公开', 'pending', 'published'],
  ['撤回', 'withdrawn', 'withdrawn'],
  ['驳回', 'rejected', 'rejected'],
  ['无效', 'lapsed', 'invalidated'],
  ['失效', 'lapsed', undefined],
  ['其他', undefined, undefined],
];

const INCOPAT_专利有效性: Case[] = [
  ['有效', 'valid', undefined],
  ['审中', 'pending', undefined],
  ['失效', 'lapsed', undefined],
  ['PCT-有效期内', undefined, 'pct'],
  ['PCT-有效期满', undefined, 'pct'],
];

const INCOPAT_当前法律状态: Case[] = [
  ['授权', 'valid', 'granted'],
  ['实质审查', 'pending', 'examination'],
  ['公开', 'pending', 'published'],
  ['驳回', 'rejected', 'rejected'],
  ['撤回', 'withdrawn', 'withdrawn'],
  ['未缴年费', 'lapsed', 'unpaid_fees'],
  ['放弃', 'lapsed', 'abandoned'],
  ['期限届满', 'lapsed', 'expired'],
  ['权利终止', 'lapsed', 'terminated'],
  ['申请终止', 'lapsed', 'terminated'],
  ['全部撤销', 'lapsed', 'invalidated'],
  ['未进入国家阶段-PCT有效期内', undefined, 'pct'],
  ['未进入国家阶段-PCT有效期满', undefined, 'pct'],
  ['进入国家阶段-PCT有效期内', undefined, 'pct'],
  ['进入国家阶段-PCT有效期满', undefined, 'pct'],
];

const PATSNAP_简单法律状态: Case[] = [
  ['有效', 'valid', undefined],
  ['审中', 'pending', undefined],
  ['失效', 'lapsed', undefined],
  ['PCT指定期内', undefined, 'pct'],
  ['PCT指定期满', undefined, 'pct'],
  ['未确认', undefined, undefined],
];

const PATSNAP_法律状态事件: Case[] = [
  ['授权', 'valid', 'granted'],
  ['授权 | 权利转移', 'valid', 'granted'],
  ['授权 | 质押 | 权利转移', 'valid', 'granted'],
  ['授权 | 无效程序 | 口头审理', 'valid', 'granted'],
  ['授权 | 一案双申', 'valid', 'granted'],
  ['实质审查 | 一案双申', 'pending', 'examination'],
  ['公开 | 权利转移', 'pending', 'published'],
  ['撤回-视为撤回', 'withdrawn', 'withdrawn'],
  ['撤回-主动撤回 | 权利转移', 'withdrawn', 'withdrawn'],
  ['驳回 | 复审', 'rejected', 'rejected'],
  ['未缴年费 | 质押 | 权利转移', 'lapsed', 'unpaid_fees'],
  ['期限届满 | 权利转移', 'lapsed', 'expired'],
  ['放弃-视为放弃', 'lapsed', 'abandoned'],
  ['避免重复授权 | 一案双申', 'lapsed', 'duplicate_grant'],
  ['权利终止 | 权利转移', 'lapsed', 'terminated'],
  ['权利恢复', 'valid', 'restored'],
  ['PCT进入指定国（指定期满）', undefined, 'pct'],
  ['PCT未进入指定国（指定期内）', undefined, 'pct'],
];

const OFFICE_WORDING: Case[] = [
  ['实质审查的生效', 'pending', 'examination'],
  ['发明专利申请公布后的驳回', 'rejected', 'rejected'],
  ['发明专利申请公布后的视为撤回', 'withdrawn', 'withdrawn'],
  ['专利权的终止', 'lapsed', 'terminated'],
  ['未缴年费专利权终止', 'lapsed', 'unpaid_fees'],
  ['部分无效', 'valid', 'partially_invalidated'],
  ['Expired - Fee Related', 'lapsed', 'unpaid_fees'],
  ['active', 'valid', undefined],
  ['inactive', 'lapsed', undefined],
  ['pending', 'pending', undefined],
  ['expired', 'lapsed', 'expired'],
  ['Patent granted', 'valid', 'granted'],
];

describe('normaliseLegalStatus', () => {
  it.each([
    ...PATENTICS_法律状态,
    ...INCOPAT_专利有效性,
    ...INCOPAT_当前法律状态,
    ...PATSNAP_简单法律状态,
    ...PATSNAP_法律状态事件,
    ...OFFICE_WORDING,
  ])('%s → %s / %s', (text, cls, detail) => {
    const result = normaliseLegalStatus(text);
    expect(result?.class).toBe(cls);
    expect(result?.detail).toBe(detail);
  });

  it('has nothing to say about an empty status', () => {
    expect(normaliseLegalStatus('')).toBeUndefined();
    expect(normaliseLegalStatus(undefined)).toBeUndefined();
  });
});

describe('legalStatusLabel', () => {
  const everyValue = [
    ...PATENTICS_法律状态,
    ...INCOPAT_专利有效性,
    ...INCOPAT_当前法律状态,
    ...PATSNAP_简单法律状态,
    ...PATSNAP_法律状态事件,
    ...OFFICE_WORDING,
  ].map(([text]) => text);

  it.each(everyValue)('%s has no Chinese left in English', (text) => {
    const label = legalStatusLabel(text, 'en');
    expect(label).not.toMatch(/\p{Script=Han}/u);
    expect(label.length).toBeGreaterThan(0);
  });

  it.each(everyValue)('%s stays as written in Chinese', (text) => {
    expect(legalStatusLabel(text, 'zh')).toBe(text);
  });

  it('names the statuses of the issue and keeps the parts', () => {
    expect(legalStatusLabel('授权', 'en')).toBe('Granted');
    expect(legalStatusLabel('未缴年费', 'en')).toBe('Unpaid annual fees');
    expect(legalStatusLabel('有效', 'en')).toBe('Active');
    expect(legalStatusLabel('授权 | 权利转移', 'en')).toBe('Granted | Transfer');
    expect(legalStatusLabel('撤回-视为撤回', 'en')).toBe('Withdrawn - deemed withdrawn');
    expect(legalStatusLabel('PCT-有效期内', 'en')).toBe('PCT - term running');
  });

  it('falls back on the class for wording it has no word for, and leaves English alone', () => {
    expect(legalStatusLabel('专利申请权的转移后驳回', 'en')).toBe('Rejected');
    expect(legalStatusLabel('Expired - Fee Related', 'en')).toBe('Expired - Fee Related');
    expect(legalStatusLabel(undefined, 'en')).toBeUndefined();
  });
});
