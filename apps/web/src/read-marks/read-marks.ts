import { useQuery, type QueryClient } from '@tanstack/react-query';
import { MAX_READING_MARK_LOOKUP, patentEndpoints, type ReadMarkListResponse } from '@patlas/contracts';
import type { RequestOptions } from '../api/client';
import { call } from '../api/endpoint-call';
import { useApiContext } from '../api/useApiContext';
import { usePersonalSession } from '../session/useSession';

/**
 * Reading marks (阅读标记, spec 2 §3/§9; docs/reading-marks.md): the server marks a patent read
 * when its user opens the detail page; every result list asks which of its rows are read.
 */
export const readMarkKeys = { all: ['read-marks'] as const };

/** Most rows of one list asked about (a batch search finds up to 1,000 records): a call per 200. */
const MAX_LIST_ROWS = 1000;

/**
 * `POST /api/product/patent/readMark/list`: which of these patents the caller has opened, asked
 * MAX_READING_MARK_LOOKUP numbers at a time.
 */
export async function fetchReadMarks(
  publicationNumbers: readonly string[],
  options: Omit<RequestOptions, 'query'>,
): Promise<ReadMarkListResponse> {
  const numbers = [...new Set(publicationNumbers)].slice(0, MAX_LIST_ROWS);
  const chunks: string[][] = [];
  for (let at = 0; at < numbers.length; at += MAX_READING_MARK_LOOKUP)
    chunks.push(numbers.slice(at, at + MAX_READING_MARK_LOOKUP));
  const answers = await Promise.all(
    chunks.map((chunk) => call(patentEndpoints.readMarks, { body: { publicationNumbers: chunk } }, options)),
  );
  return { read: answers.flatMap((a) => a.read) };
}

/** Publication number → when the user last opened it (ISO), for the rows on screen. */
export type ReadMarkMap = ReadonlyMap<string, string>;

/** The reading marks of the rows on screen (none for IP visitors, who keep no marks). */
export function useReadMarks(publicationNumbers: readonly string[], isEnabled = true) {
  const { lang, messages } = useApiContext();
  const isPersonal = usePersonalSession();
  return useQuery({
    queryKey: [...readMarkKeys.all, publicationNumbers],
    queryFn: async ({ signal }): Promise<ReadMarkMap> => {
      const answer = await fetchReadMarks(publicationNumbers, { lang, messages, signal });
      return new Map(answer.read.map((r) => [r.publicationNumber, r.readAt]));
    },
    enabled: isEnabled && isPersonal && publicationNumbers.length > 0,
    staleTime: 30_000,
  });
}

/**
 * A detail was opened (and so marked read by the server): the lists' marks are asked again, and an
 * "unread only" result page searches again when shown.
 */
export function invalidateReadMarks(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: readMarkKeys.all });
  void queryClient.invalidateQueries({
    queryKey: ['search', 'results'],
    predicate: (query) => {
      const body = query.queryKey[2] as { unreadOnly?: boolean } | undefined;
      return body?.unreadOnly === true;
    },
  });
}
