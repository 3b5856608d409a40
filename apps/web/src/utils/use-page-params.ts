import { useSearchParams } from 'react-router';

/** Spec 2 §9 pagination: page sizes 20, 30, 40. */
export const PAGE_SIZES = [20, 30, 40];

/** Page and page size of a list from the URL (a page the user could share or reload); the defaults are left out of it. */
export function usePageParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('size'));
  const pageSize = PAGE_SIZES.includes(size) ? size : (PAGE_SIZES[0] ?? 20);
  const setPage = (nextPage: number, nextSize: number) => {
    const next = new URLSearchParams(params);
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    if (nextSize !== PAGE_SIZES[0]) next.set('size', String(nextSize));
    else next.delete('size');
    setParams(next);
  };
  return { page, pageSize, setPage };
}
