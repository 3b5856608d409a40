import { useQuery } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { fetchPatentDetail } from './api';

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
