import { useQuery } from '@tanstack/react-query';
import { TOPIC_COUNT_TTL_MS } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { fetchHealth, fetchSpecialTopics } from './api';

export function useHealth() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['health', lang],
    queryFn: ({ signal }) => fetchHealth({ lang, messages, signal }),
    staleTime: 60_000,
  });
}

/** The home page's topic cards (the server reuses a count for TOPIC_COUNT_TTL_MS). */
export function useSpecialTopics() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['home', 'specialTopics', lang],
    queryFn: ({ signal }) => fetchSpecialTopics({ lang, messages, signal }),
    staleTime: TOPIC_COUNT_TTL_MS,
  });
}
