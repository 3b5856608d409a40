// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { installDomShims } from '../test/render-app';
import { useTaskQuery } from './useTaskQuery';

installDomShims();

const POLL_MS = 10;

/** A list whose answers are `states` in turn (the last one repeated), counting the requests. */
function serverOf(states: string[][]) {
  const server = {
    calls: 0,
    answer: async () => {
      const states_ = states[Math.min(server.calls, states.length - 1)]!;
      server.calls += 1;
      return { items: states_.map((state, i) => ({ id: String(i), state })) };
    },
  };
  return server;
}

function List({ name, server, polling }: { name: string; server: ReturnType<typeof serverOf>; polling?: boolean }) {
  const query = useTaskQuery({
    queryKey: ['tasks', name],
    queryFn: server.answer,
    tasksOf: (data) => data.items,
    pollMs: POLL_MS,
    ...(polling === undefined ? {} : { polling }),
  });
  return <div data-testid={name}>{query.data?.items.map((t) => t.state).join(',')}</div>;
}

function renderLists(children: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

afterEach(cleanup);

describe('useTaskQuery', () => {
  it('polls while a task waits or runs, and stops once all are finished', async () => {
    const finishing = serverOf([
      ['waiting', 'done'],
      ['running', 'done'],
      ['done', 'cancelled'],
    ]);
    // Runs for ever: its requests measure that time passed, so the other list's silence is not a matter of waiting too little.
    const clock = serverOf([['running']]);
    renderLists(
      <>
        <List name="finishing" server={finishing} />
        <List name="clock" server={clock} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('finishing').textContent).toBe('done,cancelled'));
    expect(finishing.calls).toBe(3);
    const from = clock.calls;
    await waitFor(() => expect(clock.calls).toBeGreaterThanOrEqual(from + 10));
    expect(finishing.calls).toBe(3);
  });

  it('polls a report that is generating, and not at all when polling is off', async () => {
    const report = serverOf([['generating'], ['failed']]);
    const off = serverOf([['running']]);
    const clock = serverOf([['running']]);
    renderLists(
      <>
        <List name="report" server={report} />
        <List name="off" server={off} polling={false} />
        <List name="clock" server={clock} />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('report').textContent).toBe('failed'));
    const from = clock.calls;
    await waitFor(() => expect(clock.calls).toBeGreaterThanOrEqual(from + 10));
    expect(report.calls).toBe(2);
    expect(off.calls).toBe(1);
  });
});
