import { useQuery } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { fetchHealth } from './api';

export function useHealth() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['health', lang],
    queryFn: ({ signal }) => fetchHealth({ lang, messages, signal }),
    staleTime: 60_000,
  });
}
