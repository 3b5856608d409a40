import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddTemplateRequest } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { addLastSearchFields, addTemplate, deleteTemplate, getLastSearchFields, initDefaultTemplate } from './api';

export const advancedSearchKeys = {
  templates: ['advancedSearch', 'templates'] as const,
  lastFields: ['advancedSearch', 'lastFields'] as const,
};

/** The user's templates; the first load makes the default template if the user has none yet. */
export function useTemplates() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: advancedSearchKeys.templates,
    queryFn: ({ signal }) => initDefaultTemplate({ lang, messages, signal }),
  });
}

export function useLastSearchFields() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: advancedSearchKeys.lastFields,
    queryFn: ({ signal }) => getLastSearchFields({ lang, messages, signal }),
  });
}

export function useAddTemplate() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddTemplateRequest) => addTemplate(body, { lang, messages }),
    onSuccess: () => client.invalidateQueries({ queryKey: advancedSearchKeys.templates }),
  });
}

export function useDeleteTemplate() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteTemplate(id, { lang, messages }),
    onSuccess: () => client.invalidateQueries({ queryKey: advancedSearchKeys.templates }),
  });
}

export function useSaveLastFields() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: string[]) => addLastSearchFields(fields, { lang, messages }),
    onSuccess: (data) => client.setQueryData(advancedSearchKeys.lastFields, data),
  });
}
