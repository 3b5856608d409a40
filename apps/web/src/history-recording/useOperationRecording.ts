import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RecordType } from '@patlas/contracts';
import { useApiContext } from '../api/useApiContext';
import { usePersonalSession } from '../session/useSession';
import { saveOperateHistory } from './api';
import { historyKeys } from './queries';
import { trackEvent } from './tracking';

export interface OperationRecord {
  recordType: RecordType;
  /** What the list shows: the file name, the favourite's name… */
  title: string;
  /** In-app URL that reopens the operation. */
  router?: string;
  resultTotal?: string;
  data?: Record<string, unknown>;
  /** The event-tracking name (spec 1 §3 eventName). */
  eventName: string;
}

/**
 * Records one operation in the operation history (spec 1 §3 recordType: 1 search, 2 analysis,
 * 3 export, 4 favourite) and counts it in event tracking. Fire-and-forget: IP-login visitors have
 * no history, and a lost record must never disturb what the user is doing.
 */
export function useOperationRecording(): (record: OperationRecord) => void {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  const canRecord = usePersonalSession();
  return useCallback(
    ({ eventName, data, ...record }: OperationRecord) => {
      if (!canRecord) return;
      saveOperateHistory({ ...record, title: record.title.slice(0, 500), data: data ?? {} }, { lang, messages })
        .then(() => queryClient.invalidateQueries({ queryKey: historyKeys.operate }))
        .catch(() => undefined);
      trackEvent({ eventName, eventType: eventName, recordType: record.recordType }, { lang, messages });
    },
    [canRecord, lang, messages, queryClient],
  );
}
