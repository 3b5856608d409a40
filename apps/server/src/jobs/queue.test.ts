import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  reachableDialects,
  TestClock,
  testConfig,
} from '../../test/helpers.js';
import { defineJob } from './define-job.js';
import { HISTORY_RETENTION_KIND } from './history-retention.job.js';
import { JobQueue } from './queue.js';

const dialects = await reachableDialects();

/** A promise the test resolves by hand (a job that is "still working"). */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe.each(dialects)('job queue on %s', (dialect) => {
  const clock = new TestClock();
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const calls: string[] = [];
  let failuresLeft = 0;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    // These tests move the clock by hours; the daily retention job has its own tests.
    await t.context.database.db.deleteFrom('jobs').execute();
    const { queue } = t.context.jobs;
    queue.define(
      defineJob({
        kind: 'test-echo',
        payloadSchema: z.object({ text: z.string() }),
        handler: async ({ text }, { attempt }) => {
          calls.push(text);
          return { echoed: text, attempt };
        },
      }),
    );
    queue.define(
      defineJob({
        kind: 'test-flaky',
        payloadSchema: z.object({}),
        maxAttempts: 3,
        backoffSeconds: 60,
        handler: async (_payload, { attempt }) => {
          if (failuresLeft > 0) {
            failuresLeft -= 1;
            throw new Error(`flaky failure on attempt ${attempt}`);
          }
          return { attempt };
        },
      }),
    );
  });
  afterAll(async () => t.close());

  const jobRow = async (id: string) => (await t.context.jobs.queue.find(id))!;

  it('runs a due job once and stores its result; a job not yet due waits for the clock', async () => {
    const { queue, worker } = t.context.jobs;
    const now = await queue.enqueue('test-echo', { text: 'now' });
    const later = await queue.enqueue(
      'test-echo',
      { text: 'later' },
      { runAt: new Date(clock.now().getTime() + 3600_000) },
    );
    calls.length = 0;
    const first = await worker.runDueJobs();
    expect(first.map((o) => [o.id, o.status])).toEqual([[now.job.id, 'done']]);
    expect(calls).toEqual(['now']);
    expect(await jobRow(now.job.id)).toMatchObject({
      status: 'done',
      attempts: 1,
      result: JSON.stringify({ echoed: 'now', attempt: 1 }),
      locked_by: null,
      finished_at: clock.now().toISOString(),
    });
    expect((await jobRow(later.job.id)).status).toBe('queued');
    clock.advance(3600);
    expect((await worker.runDueJobs()).map((o) => o.id)).toEqual([later.job.id]);
    expect(calls).toEqual(['now', 'later']);
    expect(await worker.runDueJobs()).toEqual([]);
  });

  it('validates payloads on enqueue', async () => {
    await expect(t.context.jobs.queue.enqueue('test-echo', { text: 42 })).rejects.toThrow();
    await expect(t.context.jobs.queue.enqueue('no-such-kind', {})).rejects.toThrow(/Unknown job kind/);
  });

  it('keeps at most one queued or running job per unique key', async () => {
    const { queue, worker } = t.context.jobs;
    const a = await queue.enqueue('test-echo', { text: 'a' }, { uniqueKey: 'report-7' });
    const b = await queue.enqueue('test-echo', { text: 'b' }, { uniqueKey: 'report-7' });
    expect(a.created).toBe(true);
    expect(b).toMatchObject({ created: false, job: { id: a.job.id } });
    const other = await queue.enqueue('test-echo', { text: 'c' }, { uniqueKey: 'report-8' });
    expect(other.created).toBe(true);
    const outcomes = await worker.runDueJobs();
    expect(outcomes.map((o) => o.id).sort()).toEqual([a.job.id, other.job.id].sort());
    // Done: the key is free again.
    const again = await queue.enqueue('test-echo', { text: 'd' }, { uniqueKey: 'report-7' });
    expect(again.created).toBe(true);
    expect(again.job.id).not.toBe(a.job.id);
    await worker.runDueJobs();
  });

  it('retries a failing job with growing backoff, then succeeds', async () => {
    const { queue, worker } = t.context.jobs;
    failuresLeft = 2;
    const { job } = await queue.enqueue('test-flaky', {});
    expect((await worker.runDueJobs()).map((o) => o.status)).toEqual(['queued']);
    let row = await jobRow(job.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, last_error: 'flaky failure on attempt 1' });
    expect(Date.parse(row.run_at) - clock.now().getTime()).toBe(60_000);
    // Not due before its backoff has passed.
    clock.advance(59);
    expect(await worker.runDueJobs()).toEqual([]);
    clock.advance(1);
    expect((await worker.runDueJobs()).map((o) => o.status)).toEqual(['queued']);
    row = await jobRow(job.id);
    expect(row).toMatchObject({ attempts: 2, last_error: 'flaky failure on attempt 2' });
    expect(Date.parse(row.run_at) - clock.now().getTime()).toBe(120_000);
    clock.advance(120);
    expect((await worker.runDueJobs()).map((o) => o.status)).toEqual(['done']);
    expect(await jobRow(job.id)).toMatchObject({
      status: 'done',
      attempts: 3,
      result: '{"attempt":3}',
      last_error: null,
    });
  });

  it('marks a job failed with its last error after max attempts', async () => {
    const { queue, worker } = t.context.jobs;
    failuresLeft = 10;
    const { job } = await queue.enqueue('test-flaky', {});
    for (let i = 0; i < 3; i += 1) {
      await worker.runDueJobs();
      clock.advance(3600);
    }
    expect(await jobRow(job.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'flaky failure on attempt 3',
      locked_by: null,
    });
    expect(await worker.runDueJobs()).toEqual([]);
    failuresLeft = 0;
  });

  it('claims a running job again once its lock has run out (the worker died)', async () => {
    const { queue, worker } = t.context.jobs;
    const { job } = await queue.enqueue('test-echo', { text: 'orphan' });
    const [claimed] = await queue.claim('dead-worker', 1);
    expect(claimed).toMatchObject({ id: job.id, status: 'running', locked_by: 'dead-worker', attempts: 1 });
    // Still locked: nobody else takes it.
    expect(await worker.runDueJobs()).toEqual([]);
    clock.advance(601);
    expect((await worker.runDueJobs()).map((o) => [o.id, o.status])).toEqual([[job.id, 'done']]);
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 2 });
    // The dead worker's late completion changes nothing.
    expect(await queue.complete(claimed!, 'dead-worker', { late: true })).toBe(false);
    expect((await jobRow(job.id)).result).toBe(JSON.stringify({ echoed: 'orphan', attempt: 2 }));
  });

  it('fails a job whose worker died during its last attempt instead of running it again', async () => {
    const { queue, worker } = t.context.jobs;
    failuresLeft = 10;
    const { job } = await queue.enqueue('test-flaky', {});
    for (let i = 0; i < 2; i += 1) {
      await worker.runDueJobs();
      clock.advance(3600);
    }
    await queue.claim('dead-worker', 1); // third and last attempt, never finished
    clock.advance(601);
    expect(await worker.runDueJobs()).toEqual([]);
    expect(await jobRow(job.id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect((await jobRow(job.id)).last_error).toMatch(/lock expired/);
    failuresLeft = 0;
  });

  it('lists recent jobs to operators at GET /sys/jobs', async () => {
    const operator = await authHeader(t, ['/sys']);
    const res = await t.app.inject({ method: 'GET', url: '/api/product/sys/jobs?kind=test-flaky', headers: operator });
    expect(res.statusCode).toBe(200);
    const jobs = (
      res.json() as { data: { kind: string; status: string; attempts: number; lastError: string | null }[] }
    ).data;
    expect(jobs.length).toBe(3);
    expect(jobs.every((j) => j.kind === 'test-flaky')).toBe(true);
    expect(jobs[0]).toMatchObject({ status: 'failed', attempts: 3 });
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/product/sys/jobs?status=failed&limit=1',
      headers: operator,
    });
    expect((failed.json() as { data: unknown[] }).data).toHaveLength(1);
    const searcher = await authHeader(t, ['/searchHistory']);
    const refused = await t.app.inject({ method: 'GET', url: '/api/product/sys/jobs', headers: searcher });
    expect(refused.statusCode).toBe(403);
  });
});

describe.each(dialects)('durable scheduling and shutdown on %s', (dialect) => {
  it('keeps exactly one retention job across restarts and picks up one left running by a dead worker', async () => {
    const clock = new TestClock();
    const database = await createTestDatabase(dialect);
    const config = testConfig({ db: database.db, dataDir: database.dataDir });
    try {
      const first = await buildApp(config, { now: clock.now });
      const queued = await first.context.jobs.queue.list({ kind: HISTORY_RETENTION_KIND, limit: 10 });
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({ status: 'queued', unique_key: HISTORY_RETENTION_KIND });
      // Next 03:00 server time after the clock.
      const runAt = new Date(queued[0]!.run_at);
      expect([runAt.getHours(), runAt.getMinutes(), runAt.getSeconds()]).toEqual([3, 0, 0]);
      expect(runAt.getTime() - clock.now().getTime()).toBeGreaterThan(0);
      expect(runAt.getTime() - clock.now().getTime()).toBeLessThanOrEqual(86_400_000);
      await first.app.close();

      const second = await buildApp(config, { now: clock.now });
      const again = await second.context.jobs.queue.list({ kind: HISTORY_RETENTION_KIND, limit: 10 });
      expect(again.map((j) => j.id)).toEqual([queued[0]!.id]);
      // A worker claims it at its time (with the other recurring jobs then due) and dies mid-run.
      clock.advance((runAt.getTime() - clock.now().getTime()) / 1000);
      const claimed = await second.context.jobs.queue.claim('worker-that-dies', 20);
      expect(claimed.filter((j) => j.kind === HISTORY_RETENTION_KIND).map((j) => j.id)).toEqual([queued[0]!.id]);
      await second.app.close();

      clock.advance(601);
      const third = await buildApp(config, { now: clock.now });
      // Still one, the running one: no second retention job was queued beside it.
      const active = (await third.context.jobs.queue.list({ kind: HISTORY_RETENTION_KIND, limit: 10 })).filter((j) =>
        ['queued', 'running'].includes(j.status),
      );
      expect(active.map((j) => [j.id, j.status])).toEqual([[queued[0]!.id, 'running']]);
      const outcomes = (await third.context.jobs.worker.runDueJobs()).filter((o) => o.kind === HISTORY_RETENTION_KIND);
      expect(outcomes.map((o) => [o.kind, o.status])).toEqual([[HISTORY_RETENTION_KIND, 'done']]);
      const after = await third.context.jobs.queue.list({ kind: HISTORY_RETENTION_KIND, limit: 10 });
      expect(after.map((j) => j.status).sort()).toEqual(['done', 'queued']);
      const next = after.find((j) => j.status === 'queued')!;
      expect(Date.parse(next.run_at) - runAt.getTime()).toBeGreaterThanOrEqual(23 * 3600_000); // the next day (DST aside)
      expect(new Date(next.run_at).getHours()).toBe(3);
      await third.app.close();
    } finally {
      await database.drop();
    }
  });

  it('lets the running job finish before the app closes, then runs nothing more', async () => {
    const clock = new TestClock();
    const database = await createTestDatabase(dialect);
    const config = testConfig({ db: database.db, dataDir: database.dataDir });
    try {
      const built = await buildApp(config, { now: clock.now });
      const { queue, worker } = built.context.jobs;
      const release = gate();
      const started = gate();
      queue.define(
        defineJob({
          kind: 'test-slow',
          payloadSchema: z.object({ n: z.number() }),
          handler: async ({ n }) => {
            started.open();
            await release.promise;
            return { n };
          },
        }),
      );
      const slow = await queue.enqueue('test-slow', { n: 1 });
      const waiting = await queue.enqueue('test-slow', { n: 2 });
      const run = worker.runDueJobs();
      await started.promise;
      let isClosed = false;
      const closing = built.app.close().then(() => {
        isClosed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(isClosed).toBe(false);
      release.open();
      await closing;
      // One job ran to its end; the other (same due time, either order) was never started.
      const outcomes = await run;
      expect(outcomes.map((o) => o.status)).toEqual(['done']);
      const ranId = outcomes[0]!.id;
      const otherId = [slow.job.id, waiting.job.id].find((id) => id !== ranId)!;
      expect(await worker.runDueJobs()).toEqual([]);

      // What the closed app left in the database: the first job done, the second untouched.
      const reopened = openDatabase(database.db);
      try {
        const check = new JobQueue(reopened.db, reopened.dialect, clock.now);
        expect((await check.find(ranId))?.status).toBe('done');
        expect((await check.find(otherId))?.status).toBe('queued');
      } finally {
        await reopened.close();
      }
    } finally {
      await database.drop();
    }
  });
});

describe.runIf(dialects.includes('postgres'))('job queue with several workers on PostgreSQL', () => {
  it('never hands the same job to two concurrent claimers (FOR UPDATE SKIP LOCKED)', async () => {
    const clock = new TestClock();
    const database = await createTestDatabase('postgres');
    const config = testConfig({ db: database.db, dataDir: database.dataDir });
    const built = await buildApp(config, { now: clock.now });
    // Four "processes": each its own connection pool and queue over the same table.
    const handles = Array.from({ length: 4 }, () => openDatabase(database.db));
    try {
      const echo = defineJob({
        kind: 'test-echo',
        payloadSchema: z.object({ i: z.number() }),
        handler: async () => null,
      });
      built.context.jobs.queue.define(echo);
      const queues = handles.map((h) => {
        const q = new JobQueue(h.db, h.dialect, clock.now);
        q.define(echo);
        return q;
      });
      const total = 60;
      for (let i = 0; i < total; i += 1) await built.context.jobs.queue.enqueue('test-echo', { i });
      const claimedBy = new Map<string, string[]>();
      await Promise.all(
        queues.flatMap((q, qi) =>
          [0, 1, 2].map(async (ci) => {
            const worker = `w${qi}-${ci}`;
            for (;;) {
              const jobs = await q.claim(worker, 2);
              if (jobs.length === 0) return;
              for (const job of jobs) claimedBy.set(job.id, [...(claimedBy.get(job.id) ?? []), worker]);
            }
          }),
        ),
      );
      expect(claimedBy.size).toBe(total);
      for (const [id, workers] of claimedBy) expect(workers, id).toHaveLength(1);
      // The work was actually shared, not done by one claimer while the others waited.
      expect(new Set([...claimedBy.values()].map((w) => w[0])).size).toBeGreaterThan(1);
    } finally {
      for (const h of handles) await h.close();
      await built.app.close();
      await database.drop();
    }
  });
});
