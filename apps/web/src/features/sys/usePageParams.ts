import { useSearchParams } from 'react-router';
import { listPagination } from '../../components/ui/pagination';

export const DEFAULT_PAGE_SIZE = 20;
const PAGE_SIZES = [10, 20, 50, 100];

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * Page, page size and the list's filters in the URL (STYLE.md: every screen state a user could
 * share lives in the URL). Changing a filter goes back to page 1.
 */
export function usePageParams<F extends string>(filterNames: readonly F[]) {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize')))
    ? Number(params.get('pageSize'))
    : DEFAULT_PAGE_SIZE;
  const filters = Object.fromEntries(filterNames.map((name) => [name, params.get(name) ?? ''])) as Record<F, string>;

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: true });
  };

  return {
    page,
    pageSize,
    filters,
    setFilter: (name: F, value: string) => update({ [name]: value, page: undefined }),
    pagination: (total: number | undefined) =>
      listPagination({
        current: page,
        pageSize,
        total: total ?? 0,
        pageSizeOptions: PAGE_SIZES,
        showSizeChanger: true,
        onChange: (nextPage: number, nextSize: number) =>
          update({ page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize }),
      }),
  };
}
