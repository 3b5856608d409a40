import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { semanticSearchEndpoints } from '@patlas/contracts';
import { call } from '../../api/endpoint-call';
import { useApiContext } from '../../api/useApiContext';
import { useSession } from '../../session/useSession';

/** Near terms offered for the term under the caret. */
const NEAR_TERMS = 6;

/**
 * The shipped word vectors' nearest terms of a term (`GET /search/semantics/nearTerms`), asked
 * once typing pauses and only for a signed-in user; empty while unknown or when the server has none.
 */
export function useNearTerms(term: string | undefined, enabled: boolean, delayMs = 300): string[] {
  const { session } = useSession();
  const { lang, messages } = useApiContext();
  const [asked, setAsked] = useState(term);
  useEffect(() => {
    if (asked === term) return undefined;
    const timer = setTimeout(() => setAsked(term), delayMs);
    return () => clearTimeout(timer);
  }, [term, asked, delayMs]);
  const query = useQuery({
    queryKey: ['semantic', 'nearTerms', asked],
    queryFn: ({ signal }) =>
      // `enabled` holds the query back until a term is asked.
      call(
        semanticSearchEndpoints.nearTerms,
        { query: { term: asked ?? '', limit: NEAR_TERMS } },
        { lang, messages, signal },
      ),
    enabled: enabled && Boolean(session) && asked !== undefined && asked === term,
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!enabled || asked !== term) return [];
  return Array.isArray(query.data?.terms) ? query.data.terms.map((t) => t.term) : [];
}
