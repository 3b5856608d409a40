import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportCreateRequest } from '@patlas/contracts';
import { useApiContext } from '../api/useApiContext';
import { createReport } from './api';

export const reportKeys = {
  all: ['report'] as const,
  lists: ['report', 'list'] as const,
  list: (page: number, pageSize: number) => ['report', 'list', page, pageSize] as const,
  one: (id: string) => ['report', 'one', id] as const,
  sys: (page: number, pageSize: number) => ['report', 'sys', page, pageSize] as const,
};

export function useCreateReport() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportCreateRequest) => createReport(body, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
