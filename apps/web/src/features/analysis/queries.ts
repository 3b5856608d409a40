import { useMutation, useQuery } from '@tanstack/react-query';
import type { AnalysisJumpRequest, AnalysisResultSet, AnalysisSpec } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { analysisJump, analyze } from './api';

/**
 * One aggregation over the result set. Charts that read the same aggregation (the impact charts,
 * the valid-patent charts) share its cache entry, so switching between them costs no request.
 */
export function useAnalysis(resultSet: AnalysisResultSet, analysis: AnalysisSpec, enabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['analysis', resultSet, analysis],
    queryFn: ({ signal }) => analyze({ ...resultSet, analysis }, { lang, messages, signal }),
    enabled: enabled && resultSet.searchExpre.trim() !== '',
    // Counts change only on import.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The drill-down call of a chart element. */
export function useAnalysisJump() {
  const { lang, messages } = useApiContext();
  return useMutation({
    mutationFn: (body: AnalysisJumpRequest) => analysisJump(body, { lang, messages }),
  });
}
