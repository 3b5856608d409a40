import { useQueries, useQuery } from '@tanstack/react-query';
import { useServerFeatures } from '../../api/server-features';
import { useApiContext } from '../../api/useApiContext';
import { hasPermission } from '@patlas/contracts';
import { useSession } from '../../session/useSession';
import { getRewriteDayLimit, getUserLimit } from './api';
import { CATEGORY_SPECS, WORK_CATEGORIES, type WorkCategory, type WorkList } from './workbench-items';

export const innovationSpaceKeys = {
  all: ['innovationSpace'] as const,
  list: (category: WorkCategory, pageSize: number) => ['innovationSpace', 'list', category, pageSize] as const,
  userLimit: ['innovationSpace', 'userLimit'] as const,
  rewriteLimit: ['innovationSpace', 'rewriteLimit'] as const,
};

/** The categories the signed-in user may open (a tool without its permission is left out). */
export function useVisibleCategories(): WorkCategory[] {
  const menu = useSession().session?.menu ?? [];
  // Rewrites exist only where a language model is configured (LLM_URL); elsewhere the kind is left out.
  const { rewrite } = useServerFeatures();
  return WORK_CATEGORIES.filter(
    (category) => hasPermission(menu, CATEGORY_SPECS[category].permission) && (category !== 'rewrite' || rewrite),
  );
}

export interface CategoryList {
  category: WorkCategory;
  list?: WorkList;
  error?: Error;
  isLoading: boolean;
}

/** The newest `pageSize` items of each visible category, each asked on its own (one failing tool hides none). */
export function useWorkLists(pageSize: number): CategoryList[] {
  const { lang, messages } = useApiContext();
  const categories = useVisibleCategories();
  const results = useQueries({
    queries: categories.map((category) => ({
      queryKey: innovationSpaceKeys.list(category, pageSize),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        CATEGORY_SPECS[category].load(pageSize, { lang, messages, signal }),
      staleTime: 10_000,
    })),
  });
  return categories.map((category, index) => {
    const result = results[index];
    return {
      category,
      list: result?.data,
      error: result?.error ?? undefined,
      isLoading: result?.isLoading ?? true,
    };
  });
}

export function useUserLimit() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: innovationSpaceKeys.userLimit,
    queryFn: ({ signal }) => getUserLimit({ lang, messages, signal }),
    staleTime: 30_000,
  });
}

export function useRewriteDayLimit(enabled: boolean) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: innovationSpaceKeys.rewriteLimit,
    queryFn: ({ signal }) => getRewriteDayLimit({ lang, messages, signal }),
    staleTime: 30_000,
    enabled,
    retry: false,
  });
}
