import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import type { Options } from '../../history-recording/api';
import { listGroups } from './api';

export const groupKeys = { all: ['groups'] as const };

export function useGroups() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: groupKeys.all,
    queryFn: ({ signal }) => listGroups({ lang, messages, signal }),
    staleTime: 0,
  });
}

/** A group call; the list is asked again after it, whatever its outcome. */
export function useGroupAction<T, R>(call: (input: T, options: Options) => Promise<R>) {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => call(input, { lang, messages }),
    onSettled: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
