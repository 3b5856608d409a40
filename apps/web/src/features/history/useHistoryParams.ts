import { useSearchParams } from 'react-router';
import type { RecordType } from '@patlas/contracts';
import { listPagination } from '../../components/ui/pagination';

export type HistoryTab = 'search' | 'operate';

const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function dateOf(value: string | null): string | undefined {
  return value && DATE.test(value) ? value : undefined;
}

function recordTypeOf(value: string | null): RecordType | undefined {
  const n = Number(value);
  return n === 1 || n === 2 || n === 3 || n === 4 ? n : undefined;
}

/**
 * The history page's state in the URL (STYLE.md: every shareable screen state lives there):
 * tab, page, size, kw (keyword), from/to (YYYY-MM-DD), type (operation record type).
 * Changing a filter goes back to page 1; changing the tab starts from a clean list.
 */
export function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const tab: HistoryTab = params.get('tab') === 'operate' ? 'operate' : 'search';
  const size = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
  const keyword = params.get('kw')?.trim() ?? '';
  const startDate = dateOf(params.get('from'));
  const endDate = dateOf(params.get('to'));
  const recordType = recordTypeOf(params.get('type'));

  const update = (changes: Record<string, string | number | undefined>, replace = true) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace });
  };

  return {
    tab,
    page: positiveInt(params.get('page'), 1),
    pageSize,
    keyword,
    startDate,
    endDate,
    recordType,
    setTab: (next: HistoryTab) => setParams(next === 'search' ? {} : { tab: next }),
    setKeyword: (value: string) => update({ kw: value.trim(), page: undefined }),
    setDates: (from: string | undefined, to: string | undefined) => update({ from, to, page: undefined }),
    setRecordType: (value: RecordType | undefined) => update({ type: value, page: undefined }),
    pagination: (total: number | undefined) =>
      listPagination({
        current: positiveInt(params.get('page'), 1),
        pageSize,
        total: total ?? 0,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        onChange: (nextPage: number, nextSize: number) =>
          update({
            page: nextSize === pageSize ? nextPage : 1,
            size: nextSize === DEFAULT_PAGE_SIZE ? undefined : nextSize,
          }),
      }),
  };
}

export type HistoryParams = ReturnType<typeof useHistoryParams>;

/** The list filters of the URL as a request body (absent filters left out). */
export function listFiltersOf(params: HistoryParams) {
  return {
    ...(params.keyword ? { keyword: params.keyword } : {}),
    ...(params.startDate ? { startDate: params.startDate } : {}),
    ...(params.endDate ? { endDate: params.endDate } : {}),
  };
}
