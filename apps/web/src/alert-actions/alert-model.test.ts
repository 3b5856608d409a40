import { describe, expect, it } from 'vitest';
import type { Alert } from '@patlas/contracts';
import { formProblems, initialFormValues, serverErrorField, splitNumbers, toAlertInput } from './alert-model';

const ALERT: Alert = {
  id: 'a1',
  name: '电池周报',
  type: 'search',
  content: { expression: 'TI=电池', source: 'cn' },
  schedule: { frequency: 'monthly', monthDay: 15, time: '09:30', timeZone: 'Europe/Berlin' },
  recipients: ['a@example.com'],
  recipientStates: [{ email: 'a@example.com', state: 'confirmed' }],
  noUpdateNoMail: false,
  enabled: false,
  state: 'sent',
  lastRunAt: null,
  nextRunAt: null,
  lastError: null,
  lastRun: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

describe('alert form model', () => {
  it('splits publication numbers on commas, spaces and line breaks, each once', () => {
    expect(splitNumbers('CN1A, cn1a\nUS2B；EP3A  、JP4A')).toEqual(['CN1A', 'US2B', 'EP3A', 'JP4A']);
  });

  it('prefills a new search alert and sends only its content, schedule in the given zone', () => {
    const values = initialFormValues(
      { kind: 'new', preset: { type: 'search', expression: 'TI=(电池 AND 正极)', source: 'uncn' } },
      'me@example.com',
      'America/New_York',
    );
    expect(values).toMatchObject({ name: 'TI=(电池 AND 正极)', type: 'search', recipients: ['me@example.com'] });
    expect(toAlertInput({ ...values, numbers: 'CN1A' })).toEqual({
      name: 'TI=(电池 AND 正极)',
      type: 'search',
      content: { expression: 'TI=(电池 AND 正极)', source: 'uncn' },
      schedule: { frequency: 'weekly', weekday: 1, time: '08:00', timeZone: 'America/New_York' },
      recipients: ['me@example.com'],
      noUpdateNoMail: true,
      enabled: true,
    });
  });

  it('edits an alert in its own time zone and keeps its settings', () => {
    const values = initialFormValues({ kind: 'edit', alert: ALERT }, 'me@example.com', 'Asia/Shanghai');
    expect(values).toMatchObject({
      frequency: 'monthly',
      monthDay: 15,
      time: '09:30',
      timeZone: 'Europe/Berlin',
      recipients: ['a@example.com'],
      noUpdateNoMail: false,
      source: 'cn',
    });
    expect(toAlertInput(values, ALERT.enabled).schedule).toEqual({
      frequency: 'monthly',
      monthDay: 15,
      time: '09:30',
      timeZone: 'Europe/Berlin',
    });
  });

  it('names a library alert after its folder', () => {
    const values = initialFormValues({ kind: 'library', folderId: 'f1', folderName: '电池', alert: null }, undefined);
    expect(values).toMatchObject({ name: '电池', type: 'library', libraryId: 'f1', recipients: [] });
    expect(toAlertInput(values).content).toEqual({ libraryId: 'f1' });
  });

  it('shows the spec 2 §5 messages under their fields in zh and en', () => {
    const empty = initialFormValues({ kind: 'new' }, undefined, 'Asia/Shanghai');
    expect(formProblems(empty, 'zh')).toEqual({
      name: '请输入预警名称',
      type: '请选择预警类型',
      recipients: '请输入接收邮箱',
    });
    const search = { ...empty, name: 'x', type: 'search' as const };
    expect(formProblems(search, 'en').expression).toBe(
      'Please enter what to watch (a search expression, a library or publication numbers)',
    );
    const six = ['a@x.cn', 'b@x.cn', 'c@x.cn', 'd@x.cn', 'e@x.cn', 'f@x.cn'];
    expect(formProblems({ ...search, recipients: six }, 'zh').recipients).toBe('最多填写 5 个邮箱');
    expect(formProblems({ ...search, recipients: ['a@x.cn', 'not-mail'] }, 'en').recipients).toBe(
      'Invalid e-mail address: not-mail',
    );
    const numbers = Array.from({ length: 1001 }, (_, i) => `CN${i}A`).join('\n');
    expect(formProblems({ ...search, type: 'patents', numbers }, 'zh').numbers).toBe(
      '公开号预警最多 1000 个号码（当前 1001 个）',
    );
  });

  it('puts server errors under the field they concern', () => {
    expect(serverErrorField('ALERT_NO_HITS', 'search')).toBe('expression');
    expect(serverErrorField('ALERT_CONTENT_REQUIRED', 'library')).toBe('libraryId');
    expect(serverErrorField('ALERT_EMAIL_INVALID', 'patents')).toBe('recipients');
    expect(serverErrorField('QUERY_UNBALANCED_PARENS', 'search')).toBe('expression');
    expect(serverErrorField('INTERNAL_ERROR', 'search')).toBeUndefined();
  });
});
