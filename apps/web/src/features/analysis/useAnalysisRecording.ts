import { useCallback, useRef } from 'react';
import { RECORD_TYPES } from '@patlas/contracts';
import { useOperationRecording } from '../../history-recording/useOperationRecording';

/**
 * Records an opened chart in the operation history as an analysis (recordType 2) once per chart
 * and set while the page is open. Analysis pages never write search history (spec 1 §4).
 */
export function useAnalysisRecording(route: string, chartTitle: string, expression: string) {
  const record = useOperationRecording();
  const recorded = useRef(new Set<string>());
  return useCallback(
    (total: number) => {
      if (recorded.current.has(route)) return;
      recorded.current.add(route);
      record({
        recordType: RECORD_TYPES.analysis,
        title: `${chartTitle}: ${expression}`,
        router: route,
        resultTotal: String(total),
        data: { chart: chartTitle, expression },
        eventName: 'analysis',
      });
    },
    [record, route, chartTitle, expression],
  );
}
