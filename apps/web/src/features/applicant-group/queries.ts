import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import type { Options } from '../../history-recording/api';
import { applicantGroupShares, listApplicantGroups } from './api';

export const applicantGroupKeys = { all: ['applicantGroups'] as const };

export function useApplicantGroups() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: applicantGroupKeys.all,
    queryFn: ({ signal }) => listApplicantGroups({ lang, messages, signal }),
    staleTime: 0,
  });
}

/** Who an owned group is shared with (the share dialog, while open). */
export function useApplicantGroupShares(id: string | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...applicantGroupKeys.all, 'shares', id],
    queryFn: ({ signal }) => applicantGroupShares(id!, { lang, messages, signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** An applicant-group call; the lists are asked again after it, whatever its outcome. */
export function useApplicantGroupAction<T, R>(run: (input: T, options: Options) => Promise<R>) {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => run(input, { lang, messages }),
    onSettled: () => client.invalidateQueries({ queryKey: applicantGroupKeys.all }),
  });
}
