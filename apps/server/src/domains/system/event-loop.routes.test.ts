import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventLoopDelay } from '@patlas/contracts';
import { authHeader, buildTestApp, type AuthHeader } from '../../../test/helpers.js';
import { EventLoopMonitor } from './event-loop-monitor.js';

/** Holds the thread as a long synchronous computation on the HTTP thread would. */
function holdThread(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('EventLoopMonitor', () => {
  it('answers percentiles of the samples taken since the asked time, and nothing older', () => {
    const monitor = new EventLoopMonitor();
    const now = performance.now();
    // 100 old samples of 500 ms (before the window), then 1..100 ms.
    for (let i = 0; i < 100; i++) monitor.record(now - 10_000 + i, 500);
    for (let i = 1; i <= 100; i++) monitor.record(now + i, i);
    const window = monitor.since(Date.now() - 5_000);
    expect(window).toMatchObject({ samples: 100, p50Ms: 51, p95Ms: 96, p99Ms: 100, maxMs: 100, complete: true });
    expect(monitor.since(Date.now() - 20_000)).toMatchObject({ samples: 200, maxMs: 500 });
    expect(monitor.since(Date.now() + 60_000)).toMatchObject({ samples: 0, maxMs: 0 });
  });

  it('keeps answering the last seconds after the wall clock is stepped forward', () => {
    const monitor = new EventLoopMonitor();
    const now = performance.now();
    for (let i = 1; i <= 50; i++) monitor.record(now - 1_000 + i * 10, 1);
    // NTP steps a drifting clock by a minute: "the last five seconds" still holds these samples.
    const wall = Date.now();
    const stepped = vi.spyOn(Date, 'now').mockReturnValue(wall + 60_000);
    try {
      expect(monitor.since(Date.now() - 5_000)).toMatchObject({ samples: 50, complete: true });
    } finally {
      stepped.mockRestore();
    }
  });
});

describe('GET /api/product/sys/event-loop', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let operator: AuthHeader;
  let searcher: AuthHeader;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    operator = await authHeader(t, ['/sys']);
    searcher = await authHeader(t, ['/search/quick']);
  });
  afterAll(async () => t.close());

  const delaySince = async (sinceMs: number, headers: AuthHeader = operator) =>
    t.app.inject({ method: 'GET', url: `/api/product/sys/event-loop?sinceMs=${sinceMs}`, headers });

  it("measures the process's own event loop: a 400 ms hold of the thread shows in the window that holds it", async () => {
    const before = Date.now();
    // The monitor runs from the app's build on; wait for its samples rather than a fixed time.
    await expect
      .poll(async () => ((await delaySince(before)).json() as { data: EventLoopDelay }).data.samples, {
        timeout: 30_000,
      })
      .toBeGreaterThan(3);
    holdThread(400);
    // The monitor's timer, late by the hold, records it at its next turn.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const res = await delaySince(before);
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: EventLoopDelay };
    expect(data.maxMs).toBeGreaterThanOrEqual(380);
    expect(data).toMatchObject({ complete: true, resolutionMs: 10 });
    expect(data.fromMs).toBeGreaterThanOrEqual(before);
    expect(data.toMs).toBeGreaterThanOrEqual(data.fromMs);

    // A window that starts after the hold does not hold it.
    const after = Date.now();
    await expect
      .poll(async () => ((await delaySince(after)).json() as { data: EventLoopDelay }).data.samples, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const later = ((await delaySince(after)).json() as { data: EventLoopDelay }).data;
    expect(later.fromMs).toBeGreaterThanOrEqual(after);
    expect(later.maxMs).toBeLessThan(data.maxMs);
  });

  it('is for operators only, and refuses a malformed start', async () => {
    expect((await delaySince(Date.now(), searcher)).statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/product/sys/event-loop?sinceMs=soon',
      headers: operator,
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { data: { code: string } }).data.code).toBe('VALIDATION_FAILED');
  });
});
