import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { reportKeys } from '../../report-actions/queries';
import { useTaskQuery } from '../../tasks/useTaskQuery';
import { getReport, listAllReports, listReports, runReportAction, type ReportAction } from './api';

/** How often a list holding a generating report asks again until it is done or failed. */
export const REPORT_POLL_MS = 2_000;

/** The caller's reports; polled while one of them is generating. */
export function useReports(page: number, pageSize: number) {
  const { lang, messages } = useApiContext();
  return useTaskQuery({
    queryKey: [...reportKeys.list(page, pageSize), lang],
    queryFn: ({ signal }) => listReports({ page, pageSize }, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    tasksOf: (data) => data.items,
    pollMs: REPORT_POLL_MS,
  });
}

/** One report (the preview's sentences); polled while it is generating. */
export function useReport(id: string | undefined) {
  const { lang, messages } = useApiContext();
  return useTaskQuery({
    queryKey: [...reportKeys.one(id ?? ''), lang],
    queryFn: ({ signal }) => getReport(id!, { lang, messages, signal }),
    enabled: !!id,
    retry: false,
    tasksOf: (report) => [report],
    pollMs: REPORT_POLL_MS,
  });
}

export function useReportAction() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: ReportAction; id: string }) =>
      runReportAction(action, id, { lang, messages }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

/** Operators: every report and the usage per user. */
export function useAllReports(page: number, pageSize: number) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...reportKeys.sys(page, pageSize), lang],
    queryFn: ({ signal }) => listAllReports({ page, pageSize }, { lang, messages, signal }),
    placeholderData: keepPreviousData,
  });
}
