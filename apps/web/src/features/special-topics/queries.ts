import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SpecialTopic, SpecialTopicInput, SpecialTopicPatch } from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { useApiContext } from '../../api/useApiContext';
import { isTokenExpired } from '../../session/session';
import { useSessionStore } from '../../session/useSession';
import {
  createTopic,
  deleteTopic,
  deleteTopicPicture,
  fetchTopics,
  orderTopics,
  updateTopic,
  uploadTopicPicture,
} from './api';

const TOPICS_KEY = ['specialTopics', 'list'] as const;

export function useTopics() {
  const { lang, messages } = useApiContext();
  return useQuery({ queryKey: TOPICS_KEY, queryFn: ({ signal }) => fetchTopics({ lang, messages, signal }) });
}

/**
 * A mutation that refreshes the list (and the home page's cards) once it succeeded. The refresh is
 * not awaited: the caller (the dialog) is done when the server said yes, not when a refetch, which a
 * busy or starting server may retry for minutes, comes back; a saved topic enters the list at once.
 */
function useTopicMutation<A, R>(run: (args: A, options: Omit<RequestOptions, 'query'>) => Promise<R>) {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => run(args, { lang, messages }),
    onSuccess: (saved: R) => {
      if (isTopic(saved)) {
        client.setQueryData<SpecialTopic[]>(TOPICS_KEY, (list) =>
          list
            ? list.some((t) => t.id === saved.id)
              ? list.map((t) => (t.id === saved.id ? saved : t))
              : [...list, saved]
            : list,
        );
      }
      void client.invalidateQueries({ queryKey: TOPICS_KEY });
      void client.invalidateQueries({ queryKey: ['home', 'specialTopics'] });
    },
  });
}

function isTopic(value: unknown): value is SpecialTopic {
  return typeof value === 'object' && value !== null && 'id' in value && 'expression' in value;
}

export function useCreateTopic() {
  return useTopicMutation((input: SpecialTopicInput, o) => createTopic(input, o));
}

export function useUpdateTopic() {
  return useTopicMutation(({ id, patch }: { id: string; patch: SpecialTopicPatch }, o) => updateTopic(id, patch, o));
}

export function useDeleteTopic() {
  return useTopicMutation((id: string, o) => deleteTopic(id, o));
}

export function useOrderTopics() {
  return useTopicMutation((ids: readonly string[], o) => orderTopics(ids, o));
}

export function useDeleteTopicPicture() {
  return useTopicMutation((id: string, o) => deleteTopicPicture(id, o));
}

/** Uploads a picture; an expired token is renewed first by one ordinary call (the upload cannot refresh it). */
export function useUploadTopicPicture() {
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  const client = useQueryClient();
  const fileOptions = useCallback(async () => {
    const session = store.getSnapshot().session;
    if (session && isTokenExpired(session, store.now())) await fetchTopics({ lang, messages }).catch(() => undefined);
    return { lang, messages, token: store.getSnapshot().session?.token };
  }, [store, lang, messages]);
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => uploadTopicPicture(id, file, await fileOptions()),
    onSuccess: () => client.invalidateQueries({ queryKey: TOPICS_KEY }),
  });
}
