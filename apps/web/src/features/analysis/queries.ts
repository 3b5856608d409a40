import { useMutation, useQuery } from '@tanstack/react-query';
import type { AnalysisJumpRequest, AnalysisJumpResponse, AnalysisResultSet } from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { useApiContext } from '../../api/useApiContext';
import {
  analysisJump,
  analyze,
  applicantGroupAnalysis,
  applicantGroupJump,
  clustering,
  landscape,
  textMiningJump,
  wordCloud,
} from './api';
import type { ChartRequest, ChartResult } from './catalogue';
import type { ChartElementAction } from './chart-model';

export interface ChartAnswer {
  /** Size of the set (after filters and merge). */
  total: number;
  result: ChartResult;
}

export async function fetchChart(
  resultSet: AnalysisResultSet,
  request: ChartRequest,
  options: Omit<RequestOptions, 'query'>,
): Promise<ChartAnswer> {
  switch (request.kind) {
    case 'analyze': {
      const answer = await analyze({ ...resultSet, analysis: request.analysis }, options);
      return { total: answer.total, result: answer.result };
    }
    case 'wordCloud': {
      const response = await wordCloud(resultSet, options);
      return { total: response.total, result: { kind: 'wordCloud', response } };
    }
    case 'clustering': {
      const response = await clustering(resultSet, options);
      return { total: response.total, result: { kind: 'clustering', response } };
    }
    case 'landscape': {
      const response = await landscape(resultSet, options);
      return { total: response.total, result: { kind: 'landscape', response } };
    }
    case 'applicantGroups': {
      const response = await applicantGroupAnalysis(resultSet, options);
      return { total: response.total, result: { kind: 'applicantGroups', response } };
    }
  }
}

/** The cache key of a chart's answer (the dashboard and the whole-dashboard export share it). */
export function chartAnswerKey(resultSet: AnalysisResultSet, request: ChartRequest) {
  return ['analysis', resultSet, request] as const;
}

/**
 * One chart's answer over the result set. Charts with the same request (the impact charts, the
 * valid-patent charts) share its cache entry, so switching between them costs no request.
 */
export function useChartAnswer(resultSet: AnalysisResultSet, request: ChartRequest) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: chartAnswerKey(resultSet, request),
    queryFn: ({ signal }) => fetchChart(resultSet, request, { lang, messages, signal }),
    enabled: resultSet.searchExpre.trim() !== '' || resultSet.set !== undefined,
    // Counts change only on import.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

type JumpAction = Exclude<ChartElementAction, { kind: 'patent' }>;

/** The drill-down of a chart element: the result page state that shows exactly its patents. */
export function useAnalysisJump() {
  const { lang, messages } = useApiContext();
  return useMutation({
    mutationFn: ({ resultSet, action }: { resultSet: AnalysisResultSet; action: JumpAction }) => {
      const options = { lang, messages };
      if (action.kind === 'jump') {
        const body: AnalysisJumpRequest = { ...resultSet, target: action.target };
        return analysisJump(body, options);
      }
      if (action.kind === 'applicantGroup') return applicantGroupJump({ ...resultSet, group: action.group }, options);
      return textMiningJump(action.path, { ...resultSet, ...action.body }, options) as Promise<AnalysisJumpResponse>;
    },
  });
}
