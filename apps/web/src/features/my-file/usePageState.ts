import { MAX_KEYWORD_LENGTH } from '@patlas/contracts';
import { useSearchParams } from 'react-router';

/** Spec 2 §9 pagination: default 10 a page, page-size options 20, 30, 40. */
const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 30, 40];
/** Spec 2 §5 "keyword search at most 30 characters" (the name search box). */
export const MAX_SEARCH_LENGTH = MAX_KEYWORD_LENGTH;

/** Page, page size, the name searched and the upload dialog, from the URL (a page one can reload or share). */
export function usePageState() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('size'));
  const pageSize = PAGE_SIZES.includes(size) ? size : DEFAULT_PAGE_SIZE;
  const name = (params.get('name') ?? '').slice(0, MAX_SEARCH_LENGTH);
  const isUploadOpen = params.get('upload') === '1';
  const change = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      const isDefault =
        value === undefined ||
        value === '' ||
        (key === 'page' && value === 1) ||
        (key === 'size' && value === DEFAULT_PAGE_SIZE);
      if (isDefault) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  return { page, pageSize, name, isUploadOpen, change };
}
