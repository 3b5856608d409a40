import type { RequestOptions } from '../api/client';
import { recordEvent, type EventTrackingRecord } from './api';

/**
 * Spec 1 §3 "Event tracking record": counts what users do (recordType 1 search, 2 analysis,
 * 3 export, 4 favourite). Fire-and-forget: a lost count must never disturb what the user is doing.
 */
export function trackEvent(record: EventTrackingRecord, options: Omit<RequestOptions, 'query'>): void {
  recordEvent(record, options).catch(() => undefined);
}
