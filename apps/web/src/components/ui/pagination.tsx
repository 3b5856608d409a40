import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Pagination, type PaginationProps } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';

/** Spec 2 §9 pagination: "page-size options 20, 30, 40". */
export const PAGE_SIZE_OPTIONS = [20, 30, 40];
/** Spec 2 §9 pagination: "default 10" (the widget's own default; a list names its size otherwise). */
export const DEFAULT_PAGE_SIZE = 10;
/** Spec 2 §9 pagination: "visible pages 4". */
export const VISIBLE_PAGES = 4;
/** Spec 2 §9 pagination: "fast jump 5 pages" (antd's ••• buttons jump 5 pages unless `showLessItems`). */
export const FAST_JUMP_PAGES = 5;
/** Spec 2 §5 pagination: "the jump box allows 8 characters". */
export const JUMPER_MAX_LENGTH = 8;
/** Spec 2 §9 pagination: "jumper button default GO". */
export const JUMPER_BUTTON_TEXT = 'GO';

/**
 * The page numbers shown around the current one: `VISIBLE_PAGES` consecutive pages holding
 * `current`, moved inward at both ends.
 */
export function visiblePageWindow(current: number, totalPages: number, visible = VISIBLE_PAGES): [number, number] {
  const pages = Math.max(1, totalPages);
  const page = Math.min(pages, Math.max(1, current));
  const first = Math.max(1, Math.min(page - 1, pages - visible + 1));
  return [first, Math.min(pages, first + visible - 1)];
}

/** Spec 2 §5: "page clamped between 1 and the total pages; invalid jump input becomes 1". */
export function clampPage(value: unknown, totalPages: number): number {
  const page = Math.trunc(Number(value));
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(Math.max(1, totalPages), page);
}

/**
 * The jumper's GO button. antd renders it beside the jump box, which takes no props of its own: the
 * button gives its neighbour the spec's 8-character limit.
 */
export function GoButton() {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const input = ref.current?.closest('.ant-pagination-options-quick-jumper')?.querySelector('input');
    input?.setAttribute('maxlength', String(JUMPER_MAX_LENGTH));
  });
  return (
    <Button ref={ref} size="small" className="patlas-pager-go" data-testid="pager-go">
      {JUMPER_BUTTON_TEXT}
    </Button>
  );
}

type ItemRender = NonNullable<PaginationProps['itemRender']>;

/** Page items outside the visible window are left out; the arrows and fast jumps stay. */
function windowedItems(current: number, totalPages: number): ItemRender {
  const [first, last] = visiblePageWindow(current, totalPages);
  return (page, type, element): ReactNode => (type === 'page' && (page < first || page > last) ? null : element);
}

interface PagedListOptions {
  current?: number;
  pageSize?: number;
  total?: number;
}

/**
 * The spec's pager settings for any paged list: antd `Pagination` props, or a `Table`'s `pagination`.
 * Spread the list's own settings over it (`{...listPagination(own), ...own}` is what
 * `listPagination(own)` answers). With `current` and `total` known the page numbers keep to the
 * window of four.
 */
export function listPagination<T extends PagedListOptions & Omit<TablePaginationConfig, keyof PagedListOptions>>(
  own: T = {} as T,
): TablePaginationConfig & T {
  const pageSize = own.pageSize ?? DEFAULT_PAGE_SIZE;
  const windowed =
    own.current !== undefined && own.total !== undefined
      ? { itemRender: windowedItems(own.current, Math.ceil(own.total / pageSize)) }
      : {};
  return {
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showQuickJumper: { goButton: <GoButton /> },
    showLessItems: false,
    ...windowed,
    ...own,
  };
}

/** A pager of its own (lists that are not a Table): the spec's settings, `current` controlled. */
export function AppPagination(props: PaginationProps & { current: number; total: number }) {
  const { onChange, ...own } = props;
  const pages = Math.ceil(props.total / (props.pageSize ?? DEFAULT_PAGE_SIZE));
  return <Pagination {...listPagination(own)} onChange={(page, size) => onChange?.(clampPage(page, pages), size)} />;
}
