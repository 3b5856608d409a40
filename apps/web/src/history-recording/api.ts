import type {
  HistoryReferenceItem,
  ListHistoryRequest,
  RecordType,
  SearchHistoryEntry,
  SearchHistoryItem,
} from '@patlas/contracts';
import { historyEndpoints, operateHistoryEndpoints, trackingEndpoints } from '@patlas/contracts';
import type { RequestOptions } from '../api/client';
import { call } from '../api/endpoint-call';

export type Options = Omit<RequestOptions, 'query'>;

// The history calls that recording and the history drawer make. Shapes of packages/contracts/src/history.ts;
// calls of endpoints already defined there go through `call` (issue 42). The history page's own calls
// are in features/history/api.ts.

export interface Paged<T> {
  total: number;
  page: number;
  pageSize: number;
  items: T[];
}
export type SearchHistoryPage = Paged<SearchHistoryItem>;
export interface SaveOperateHistoryRequest {
  recordType: RecordType;
  title: string;
  router?: string;
  resultTotal?: string;
  data?: Record<string, unknown>;
}
export interface EventTrackingRecord {
  eventName: string;
  eventId?: string;
  eventType?: string;
  count?: number;
  recordType?: RecordType;
  productAlias?: string;
}
export type DeleteRequest = { ids: string[] } | { all: true };

// Search history — spec 1 §7

/** `POST /history`: the entry as a JSON string (spec 1 §7 "body content is the history entry as a JSON string"). */
export function saveHistory(entry: SearchHistoryEntry, options: Options): Promise<{ id: string }> {
  return call(historyEndpoints.save, { body: { content: JSON.stringify(entry) } }, options);
}

export function deleteHistory(body: DeleteRequest, options: Options): Promise<{ deleted: number }> {
  return call(historyEndpoints.remove, { body }, options);
}

export function listHistory(body: ListHistoryRequest, options: Options): Promise<SearchHistoryPage> {
  return call(historyEndpoints.list, { body }, options);
}

/** `POST /history/references`: what each `#n` of an expression stands for (the editor's live preview). */
export function describeReferences(nos: number[], options: Options): Promise<{ items: HistoryReferenceItem[] }> {
  return call(historyEndpoints.references, { body: { nos } }, options);
}

// Operation history

export function saveOperateHistory(body: SaveOperateHistoryRequest, options: Options): Promise<{ id: string }> {
  return call(operateHistoryEndpoints.save, { body }, options);
}

export function deleteOperateHistory(body: DeleteRequest, options: Options): Promise<{ deleted: number }> {
  return call(operateHistoryEndpoints.remove, { body }, options);
}

// Event tracking — spec 1 §3 "Event tracking record"

export function recordEvent(body: EventTrackingRecord, options: Options): Promise<unknown> {
  return call(trackingEndpoints.recordEvent, { body }, options);
}
