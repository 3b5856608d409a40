import type { ReactNode } from 'react';
import { Alert, Progress, Tag, Tooltip, type TableProps } from 'antd';
import { ResizableTable as Table } from '../components/ui/resizable-table';
import type { ColumnType } from 'antd/es/table';
import { PAGE_SIZES } from '../utils/use-page-params';
import { isActiveTask } from './useTaskQuery';
import { listPagination } from '../components/ui/pagination';

/** Every kind's states, with the reports' (`generating`, `deleted`) and a file's `expired`. */
const STATE_COLORS: Record<string, string> = {
  waiting: 'default',
  running: 'processing',
  generating: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
  expired: 'warning',
  deleted: 'default',
};

export interface TaskStateTagProps {
  state: string;
  /** The task's failure, in the reader's language: shown on hover. */
  error?: string | null | undefined;
  /** The state in the page's words. */
  label: ReactNode;
  testId?: string | undefined;
  /** 0–100 while the task waits or runs: a progress bar instead of the tag. */
  percent?: number | undefined;
  icon?: ReactNode;
}

/** A task's state as a coloured tag (its error on hover), or its progress while it runs. */
export function TaskStateTag({ state, error, label, testId, percent, icon }: TaskStateTagProps) {
  if (percent !== undefined && isActiveTask({ state })) {
    return <Progress percent={Math.round(percent)} size="small" status="active" data-testid={testId} />;
  }
  const tag = (
    <Tag color={STATE_COLORS[state] ?? 'default'} icon={icon} data-testid={testId}>
      {label}
    </Tag>
  );
  return error ? <Tooltip title={error}>{tag}</Tooltip> : tag;
}

/** The state column of a task list: the tag and, when `percent` answers, the progress of a running task. */
export function taskStateColumn<
  T extends { state: string; error?: string | null },
  S extends string = T['state'],
>(options: {
  title: ReactNode;
  label: (state: S) => ReactNode;
  width?: number;
  testId?: string;
  percent?: (task: T) => number | undefined;
  /** The state shown when it is not the stored one (a download whose file expired). */
  stateOf?: (task: T) => S;
}): ColumnType<T> {
  return {
    key: 'state',
    title: options.title,
    width: options.width ?? 110,
    render: (_, task) => {
      const state = options.stateOf ? options.stateOf(task) : (task.state as S);
      return (
        <TaskStateTag
          state={state}
          error={task.error}
          label={options.label(state)}
          testId={options.testId}
          percent={options.percent?.(task)}
        />
      );
    },
  };
}

/** A page of tasks as the list queries answer it. */
export interface TaskPageQuery<T> {
  data?: { items: T[]; total: number } | undefined;
  isPending: boolean;
  error: Error | null;
}

export interface TaskTableProps<T extends { id: string }> extends Omit<
  TableProps<T>,
  'columns' | 'dataSource' | 'loading' | 'pagination' | 'rowKey'
> {
  /** The list's polling query (useTaskQuery). */
  query: TaskPageQuery<T>;
  /** The kind's own columns, a taskStateColumn among them. */
  columns: ColumnType<T>[];
  /** The actions slot: the last column's buttons of a task. */
  actions?: { title: ReactNode; width: number; fixed?: 'right'; render: (task: T) => ReactNode };
  /** Paging from the URL (usePageParams); `showTotal` words the count. */
  paging: {
    page: number;
    pageSize: number;
    setPage: (page: number, pageSize: number) => void;
    showTotal?: (total: number) => ReactNode;
    /** The page size is the list's own: no size changer. */
    fixedSize?: boolean;
  };
  /** What an empty list says (antd's own words when absent). */
  emptyText?: ReactNode;
}

/**
 * The one task list of the document tasks (issue 40): the query's error, its tasks in an antd
 * table with the kind's columns, the actions slot last, pages of 20, 30 or 40.
 */
export function TaskTable<T extends { id: string }>({
  query,
  columns,
  actions,
  paging,
  emptyText,
  ...table
}: TaskTableProps<T>) {
  const all: ColumnType<T>[] = actions
    ? [
        ...columns,
        {
          key: 'actions',
          title: actions.title,
          width: actions.width,
          ...(actions.fixed ? { fixed: actions.fixed } : {}),
          render: (_, task) => actions.render(task),
        },
      ]
    : columns;
  return (
    <>
      {query.error && <Alert type="error" showIcon title={query.error.message} />}
      <Table<T>
        rowKey="id"
        size="middle"
        {...table}
        loading={query.isPending}
        dataSource={query.data?.items ?? []}
        {...(emptyText === undefined ? {} : { locale: { emptyText } })}
        columns={all}
        pagination={listPagination({
          current: paging.page,
          pageSize: paging.pageSize,
          total: query.data?.total ?? 0,
          ...(paging.fixedSize ? { showSizeChanger: false } : { pageSizeOptions: PAGE_SIZES, showSizeChanger: true }),
          ...(paging.showTotal ? { showTotal: paging.showTotal } : {}),
          onChange: paging.setPage,
        })}
      />
    </>
  );
}
