import { useCallback, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RECORD_TYPES } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { useSession } from '../auth/useSession';
import { saveOperateHistory } from '../history/api';
import { historyKeys } from '../history/queries';
import { trackEvent } from '../history/tracking';

/**
 * Records an opened chart in the operation history as an analysis (recordType 2) once per chart
 * and set while the page is open. Analysis pages never write search history (spec 1 §4).
 * IP-login visitors have no history; failures are dropped, recording must not disturb the chart.
 */
export function useAnalysisRecording(route: string, chartTitle: string, expression: string) {
  const { session } = useSession();
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  const recorded = useRef(new Set<string>());
  const canRecord = session !== undefined && session.loginType !== 'ip';
  return useCallback(
    (total: number) => {
      if (!canRecord || recorded.current.has(route)) return;
      recorded.current.add(route);
      saveOperateHistory(
        {
          recordType: RECORD_TYPES.analysis,
          title: `${chartTitle}: ${expression}`.slice(0, 500),
          router: route,
          resultTotal: String(total),
          data: { chart: chartTitle, expression },
        },
        { lang, messages },
      )
        .then(() => queryClient.invalidateQueries({ queryKey: historyKeys.operate }))
        .catch(() => undefined);
      trackEvent(
        { eventName: 'analysis', eventType: 'analysis', recordType: RECORD_TYPES.analysis },
        { lang, messages },
      );
    },
    [canRecord, route, chartTitle, expression, lang, messages, queryClient],
  );
}
