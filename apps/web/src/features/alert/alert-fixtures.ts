import type { Alert, AlertRun } from '@patlas/contracts';

/** An alert as the server lists it; every field has a default. */
export function alertOf(id: string, name: string, extra: Partial<Alert> = {}): Alert {
  return {
    id,
    name,
    type: 'search',
    content: { expression: 'TI=电池' },
    schedule: { frequency: 'weekly', weekday: 1, time: '08:00', timeZone: 'Asia/Shanghai' },
    recipients: ['demo@patlas.local'],
    recipientStates: [{ email: 'demo@patlas.local', state: 'own' }],
    noUpdateNoMail: true,
    enabled: true,
    state: 'nextSend',
    lastRunAt: null,
    nextRunAt: '2026-11-23T00:00:00.000Z',
    lastError: null,
    lastRun: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    updatedAt: '2026-11-20T08:00:00.000Z',
    ...extra,
  };
}

export function runOf(id: string, alertId: string, extra: Partial<AlertRun> = {}): AlertRun {
  return {
    id,
    alertId,
    scheduledFor: '2026-11-16T00:00:00.000Z',
    ranAt: '2026-11-16T00:00:05.000Z',
    newCount: 3,
    changedCount: 1,
    reported: 4,
    omitted: 0,
    mailState: 'sent',
    mailedAt: '2026-11-16T00:00:07.000Z',
    error: null,
    ...extra,
  };
}
