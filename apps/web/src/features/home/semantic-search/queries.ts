import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SemanticSearchRequest, SemanticSearchResponse } from '@patlas/contracts';
import { useApiContext } from '../../../api/useApiContext';
import { searchSemantics } from './api';
import { SEMANTIC_PAGE_SIZE } from './semantic-form';

export const semanticKeys = {
  page: (key: string | undefined, page: number, lang: string) => ['semantic', 'page', key, page, lang] as const,
};

/**
 * A page of a stored semantic search (the key and page in the URL). The previous page stays on
 * screen while the next loads. Errors (an expired key…) come in the user's language.
 */
export function useSemanticPage(key: string | undefined, page: number) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: semanticKeys.page(key, page, lang),
    queryFn: ({ signal }) => searchSemantics({ key, page, pageSize: SEMANTIC_PAGE_SIZE }, { lang, messages, signal }),
    enabled: Boolean(key),
    placeholderData: keepPreviousData,
    // A stored result does not change; a minute avoids refetching when returning to the tab.
    staleTime: 60_000,
  });
}

/** A new semantic search; its first page is kept in the cache under the answer's key. */
export function useNewSemanticSearch() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SemanticSearchRequest) => searchSemantics(body, { lang, messages }),
    onSuccess: (answer: SemanticSearchResponse) => {
      queryClient.setQueryData(semanticKeys.page(answer.key, answer.page, lang), answer);
    },
  });
}
