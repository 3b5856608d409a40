import { describe, expect, it } from 'vitest';
import { nextRunAfter } from './alert-schedule.js';

describe('nextRunAfter', () => {
  it('finds the next weekday at the time in the zone (Shanghai is UTC+8)', () => {
    // 2026-01-15 is a Thursday; Monday 09:00 Shanghai = Monday 01:00 UTC.
    const next = nextRunAfter(
      { frequency: 'weekly', weekday: 1, time: '09:00', timeZone: 'Asia/Shanghai' },
      new Date('2026-01-15T08:00:00Z'),
    );
    expect(next.toISOString()).toBe('2026-01-19T01:00:00.000Z');
  });

  it('takes today when the time is still ahead, and the next week when it has passed', () => {
    const schedule = { frequency: 'weekly', weekday: 4, time: '17:30', timeZone: 'Asia/Shanghai' } as const;
    expect(nextRunAfter(schedule, new Date('2026-01-15T08:00:00Z')).toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(nextRunAfter(schedule, new Date('2026-01-15T09:30:00Z')).toISOString()).toBe('2026-01-22T09:30:00.000Z');
  });

  it('runs monthly on the last day of a shorter month', () => {
    const schedule = { frequency: 'monthly', monthDay: 31, time: '08:00', timeZone: 'UTC' } as const;
    expect(nextRunAfter(schedule, new Date('2026-02-01T00:00:00Z')).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(nextRunAfter(schedule, new Date('2026-02-28T08:00:00Z')).toISOString()).toBe('2026-03-31T08:00:00.000Z');
  });

  it('follows daylight saving time (New York: UTC-5 in winter, UTC-4 in summer)', () => {
    const schedule = { frequency: 'monthly', monthDay: 10, time: '09:00', timeZone: 'America/New_York' } as const;
    expect(nextRunAfter(schedule, new Date('2026-02-01T00:00:00Z')).toISOString()).toBe('2026-02-10T14:00:00.000Z');
    expect(nextRunAfter(schedule, new Date('2026-03-11T00:00:00Z')).toISOString()).toBe('2026-04-10T13:00:00.000Z');
  });
});
