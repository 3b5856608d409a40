// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Button } from 'antd';
import { installDomShims } from '../test/render-app';
import { taskStateColumn, TaskTable } from './TaskTable';

installDomShims();
afterEach(cleanup);

interface Task {
  id: string;
  title: string;
  state: string;
  error: string | null;
  progress: number;
}

const TASKS: Task[] = [
  { id: 'a', title: 'Running task', state: 'running', error: null, progress: 0.4 },
  { id: 'b', title: 'Failed task', state: 'failed', error: 'The check failed; please run it again', progress: 0 },
  { id: 'c', title: 'Done task', state: 'done', error: null, progress: 1 },
];

function renderTable(props: { error?: Error | null; total?: number; setPage?: (page: number, size: number) => void }) {
  const again = vi.fn();
  render(
    <TaskTable<Task>
      query={{
        data: { items: TASKS, total: props.total ?? TASKS.length },
        isPending: false,
        error: props.error ?? null,
      }}
      paging={{ page: 1, pageSize: 20, setPage: props.setPage ?? (() => {}) }}
      emptyText="Nothing yet"
      data-testid="tasks"
      columns={[
        { key: 'title', title: 'Title', render: (_, task) => task.title },
        taskStateColumn<Task>({
          title: 'State',
          testId: 'task-state',
          label: (state) => `state:${state}`,
          percent: (task) => task.progress * 100,
        }),
      ]}
      actions={{
        title: 'Actions',
        width: 120,
        render: (task) => (
          <Button size="small" disabled={task.state === 'running'} onClick={() => again(task.id)}>
            Again
          </Button>
        ),
      }}
    />,
  );
  return { again };
}

describe('TaskTable', () => {
  it('shows each task’s state as a tag, a running one’s progress, and its actions', async () => {
    const { again } = renderTable({});
    const table = screen.getByTestId('tasks');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    // A running task shows its progress instead of the tag.
    expect(within(rows[0]!).getByText('40%')).toBeTruthy();
    expect(within(rows[0]!).queryByText('state:running')).toBeNull();
    expect(within(rows[1]!).getByTestId('task-state').textContent).toBe('state:failed');
    expect(within(rows[2]!).getByTestId('task-state').textContent).toBe('state:done');
    // The failure shows on hover.
    fireEvent.mouseEnter(within(rows[1]!).getByTestId('task-state'));
    await waitFor(() => expect(screen.getByText('The check failed; please run it again')).toBeTruthy());
    // The actions slot is the last column, per task.
    expect(within(table).getAllByRole('columnheader').at(-1)!.textContent).toBe('Actions');
    expect((within(rows[0]!).getByRole('button', { name: 'Again' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Again' }));
    expect(again).toHaveBeenCalledWith('c');
  });

  it('shows the query’s error above the list and pages through the total', async () => {
    const setPage = vi.fn();
    renderTable({ error: new Error('Network is down'), total: 45, setPage });
    expect(screen.getByText('Network is down')).toBeTruthy();
    fireEvent.click(screen.getByTitle('2'));
    expect(setPage).toHaveBeenCalledWith(2, 20);
  });
});
