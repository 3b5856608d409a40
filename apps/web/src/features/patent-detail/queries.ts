import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { toNeighboursRequest, type ResultListContext } from '../../search-state/result-list-context';
import { fetchListNeighbours, fetchPatentDetail } from './api';

/**
 * The detail of one patent. The language is part of the key because failure messages come
 * localised from the server; on a language switch the record already shown stays on screen.
 */
export function usePatentDetail(pn: string | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['patent-detail', pn, lang],
    queryFn: ({ signal }) => fetchPatentDetail(pn ?? '', { lang, messages, signal }),
    enabled: Boolean(pn),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === pn ? previous : undefined),
  });
}

/** The previous and next records of the result list a detail page was opened from. */
export function useListNeighbours(context: ResultListContext | undefined) {
  const { lang, messages } = useApiContext();
  const request = context ? toNeighboursRequest(context) : undefined;
  return useQuery({
    queryKey: ['list-neighbours', request, lang],
    queryFn: ({ signal }) => fetchListNeighbours(request!, { lang, messages, signal }),
    enabled: request !== undefined,
    // While the next record's neighbours load, the buttons keep their place.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
