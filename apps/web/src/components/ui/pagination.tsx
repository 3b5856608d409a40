import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Input, type PaginationProps } from 'antd';
import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './ui.css';
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

export interface AppPaginationProps {
  current: number;
  total: number;
  pageSize?: number;
  /** A page cap of the list (spec 2 §9 "optional maximum page cap"). */
  maxPage?: number;
  className?: string;
  showTotal?: (total: number) => ReactNode;
  onChange: (page: number) => void;
}

/**
 * The spec's pager for a list that is not a Table (the result page): previous, fast jump back 5,
 * four page numbers, fast jump forward 5, next, and the 8-character jump box with its GO button.
 */
export function AppPagination({
  current,
  total,
  pageSize = DEFAULT_PAGE_SIZE,
  maxPage,
  className,
  showTotal,
  onChange,
}: AppPaginationProps) {
  const { t } = useTranslation('common');
  const [jump, setJump] = useState('');
  const pages = Math.max(1, Math.min(maxPage ?? Infinity, Math.ceil(total / pageSize)));
  const page = clampPage(current, pages);
  const [first, last] = visiblePageWindow(page, pages);
  const go = (next: number) => {
    const target = clampPage(next, pages);
    if (target !== page) onChange(target);
  };
  const numbers = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <nav className={`patlas-pager ${className ?? ''}`} aria-label={t('ui.pager.nav')} data-testid="pager">
      {showTotal && <span className="patlas-pager-total">{showTotal(total)}</span>}
      <Button
        size="small"
        icon={<LeftOutlined />}
        aria-label={t('ui.pager.prev')}
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      />
      {first > 1 && (
        <Button
          size="small"
          type="text"
          aria-label={t('ui.pager.prev5')}
          title={t('ui.pager.prev5')}
          onClick={() => go(page - FAST_JUMP_PAGES)}
        >
          <DoubleLeftOutlined />
        </Button>
      )}
      {numbers.map((number) => (
        <Button
          key={number}
          size="small"
          type={number === page ? 'primary' : 'default'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={t('ui.pager.pageN', { page: number })}
          className={`patlas-pager-item patlas-pager-item-${number}`}
          onClick={() => go(number)}
        >
          {number}
        </Button>
      ))}
      {last < pages && (
        <Button
          size="small"
          type="text"
          aria-label={t('ui.pager.next5')}
          title={t('ui.pager.next5')}
          onClick={() => go(page + FAST_JUMP_PAGES)}
        >
          <DoubleRightOutlined />
        </Button>
      )}
      <Button
        size="small"
        icon={<RightOutlined />}
        aria-label={t('ui.pager.next')}
        disabled={page >= pages}
        onClick={() => go(page + 1)}
      />
      <span className="patlas-pager-jumper">
        {t('ui.pager.jumpTo')}
        <Input
          size="small"
          value={jump}
          maxLength={JUMPER_MAX_LENGTH}
          aria-label={t('ui.pager.jumpTo')}
          className="patlas-pager-jump-box"
          onChange={(event) => setJump(event.target.value)}
          onPressEnter={() => {
            go(clampPage(jump, pages));
            setJump('');
          }}
        />
        {t('ui.pager.page')}
        <Button
          size="small"
          data-testid="pager-go"
          onClick={() => {
            go(clampPage(jump, pages));
            setJump('');
          }}
        >
          {JUMPER_BUTTON_TEXT}
        </Button>
      </span>
    </nav>
  );
}
