import { useCallback, useMemo, useRef, useState, type PointerEvent, type ThHTMLAttributes } from 'react';
import { Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import './ui.css';

/** Spec 2 §9: "Table column drag width 30-800 px (150-800 for listed columns)". */
export const COLUMN_MIN_WIDTH = 30;
export const COLUMN_MAX_WIDTH = 800;
/** The narrowest a listed column (one declaring it with `minWidth`) is dragged to. */
export const LISTED_COLUMN_MIN_WIDTH = 150;

export function clampColumnWidth(width: number, min = COLUMN_MIN_WIDTH): number {
  return Math.round(Math.min(COLUMN_MAX_WIDTH, Math.max(min, width)));
}

interface ResizableHeaderCellProps extends ThHTMLAttributes<HTMLTableCellElement> {
  onResizeWidth?: (width: number) => void;
  resizeMin?: number;
}

/** A header cell with a drag handle on its right edge (pointer events: mouse, pen and touch). */
function ResizableHeaderCell({ onResizeWidth, resizeMin, children, ...rest }: ResizableHeaderCellProps) {
  const cell = useRef<HTMLTableCellElement>(null);
  if (!onResizeWidth) return <th {...rest}>{children}</th>;
  const start = (event: PointerEvent<HTMLSpanElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = cell.current?.getBoundingClientRect().width ?? 0;
    const move = (e: globalThis.PointerEvent) =>
      onResizeWidth(clampColumnWidth(startWidth + e.clientX - startX, resizeMin));
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
  };
  return (
    <th {...rest} ref={cell} className={`${rest.className ?? ''} patlas-resizable-th`}>
      {children}
      <span
        className="patlas-column-resizer"
        data-testid="column-resizer"
        role="separator"
        aria-orientation="vertical"
        onPointerDown={start}
        onClick={(e) => e.stopPropagation()}
      />
    </th>
  );
}

function keyOf(column: { key?: unknown; dataIndex?: unknown }, index: number): string {
  if (column.key !== undefined && column.key !== null) return String(column.key as string);
  if (Array.isArray(column.dataIndex)) return column.dataIndex.join('.');
  if (column.dataIndex !== undefined) return String(column.dataIndex as string);
  return `#${index}`;
}

/** The columns with a drag handle each (groups keep theirs as declared) and the widths dragged to. */
export function useResizableColumns<T>(columns: ColumnsType<T> | undefined): ColumnsType<T> | undefined {
  const [widths, setWidths] = useState<Record<string, number>>({});
  const resize = useCallback((key: string, width: number) => setWidths((all) => ({ ...all, [key]: width })), []);
  return useMemo(
    () =>
      columns?.map((column, index) => {
        if ('children' in column && column.children) return column;
        const key = keyOf(column as { key?: unknown; dataIndex?: unknown }, index);
        const width = widths[key] ?? column.width;
        const own = column.onHeaderCell as ((col: unknown) => object) | undefined;
        const resizeMin = typeof column.minWidth === 'number' ? Math.max(COLUMN_MIN_WIDTH, column.minWidth) : undefined;
        return {
          ...column,
          width,
          onHeaderCell: (col: unknown) => ({
            ...own?.(col),
            onResizeWidth: (next: number) => resize(key, next),
            resizeMin,
          }),
        } as typeof column;
      }),
    [columns, widths, resize],
  );
}

/**
 * antd's Table with columns the user drags wider or narrower (30–800 px). Every table of the app is
 * this one (imported as `Table`).
 */
function ResizableTable<T extends object>(props: TableProps<T>) {
  const columns = useResizableColumns(props.columns);
  const components = useMemo(
    () => ({
      ...props.components,
      header: { ...props.components?.header, cell: ResizableHeaderCell },
    }),
    [props.components],
  );
  return <Table<T> {...props} columns={columns} components={components} />;
}

ResizableTable.Summary = Table.Summary;
export { ResizableTable };
