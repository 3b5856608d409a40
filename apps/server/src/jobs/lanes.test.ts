import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, reachableDialects, TestClock, type TestApp } from '../../test/helpers.js';
import { AppError } from '../errors.js';
import { defineJob } from './define-job.js';
import { parseLaneConcurrency } from './lanes.js';
import { JobWorker } from './worker.js';

/** A promise the test resolves by hand (a job that is "still working"). */
function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Waits for `promise`, failing with `what` after a generous time (only a failing test waits that long). */
async function within<T>(promise: Promise<T>, what: string, ms = 20_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('JOB_LANES', () => {
  it('sets the lanes named and keeps the others at their defaults; refuses what it cannot read', () => {
    expect(parseLaneConcurrency('')).toEqual({ checks: 1, documents: 2, writing: 1, system: 1 });
    expect(parseLaneConcurrency('documents:4, checks:2')).toEqual({ checks: 2, documents: 4, writing: 1, system: 1 });
    expect(() => parseLaneConcurrency('exports:2')).toThrow(/unknown lane "exports"/);
    expect(() => parseLaneConcurrency('documents:0')).toThrow(/1 to 32/);
    expect(() => parseLaneConcurrency('documents')).toThrow(/lane:slots/);
  });
});

describe.each(await reachableDialects())('job lanes on %s', (dialect) => {
  const clock = new TestClock();
  let t: TestApp;
  /** What each test job handler was given, in the order the handlers started. */
  const started: string[] = [];
  /** Gates the test holds a job of a kind on (by the job's `name`); unheld jobs end at once. */
  const held = new Map<string, ReturnType<typeof gate>>();
  const startedGates = new Map<string, ReturnType<typeof gate>>();
  const startedGate = (name: string) => {
    if (!startedGates.has(name)) startedGates.set(name, gate());
    return startedGates.get(name)!;
  };
  const handler = async ({ name }: { name: string }) => {
    started.push(name);
    startedGate(name).open();
    await held.get(name)?.promise;
    return { name };
  };
  const payloadSchema = z.object({ name: z.string() });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    const { queue } = t.context.jobs;
    queue.define(defineJob({ kind: 'test-document', lane: 'documents', payloadSchema, handler, userLimit: 3 }));
    queue.define(defineJob({ kind: 'test-check', lane: 'checks', payloadSchema, handler }));
    queue.define(defineJob({ kind: 'test-system', payloadSchema, handler }));
  }, 120_000);
  beforeEach(async () => {
    // The recurring jobs the app queued are not part of these tests.
    await t.context.database.db.deleteFrom('jobs').execute();
    started.length = 0;
    held.clear();
    startedGates.clear();
  });
  afterAll(async () => t?.close());

  const workerOf = (options: Partial<ConstructorParameters<typeof JobWorker>[1]> = {}) =>
    new JobWorker(t.context.jobs.queue, {
      pollMs: 0,
      now: clock.now,
      lanes: { checks: 1, documents: 2, system: 1 },
      ...options,
    });
  const enqueue = (kind: string, name: string, userId?: string) =>
    t.context.jobs.queue.enqueue(kind, { name }, userId === undefined ? {} : { userId });

  it('runs the lanes side by side: a long check holds neither the documents nor the system lane', async () => {
    const worker = workerOf();
    held.set('check-1', gate());
    await enqueue('test-check', 'check-1', 'a');
    await enqueue('test-check', 'check-2', 'b');
    await enqueue('test-document', 'document-1', 'b');
    await enqueue('test-system', 'retention');
    const run = worker.runDueJobs();
    await within(startedGate('check-1').promise, 'the check started');
    // While the check works, the other lanes run their jobs to the end; the checks lane's one slot is taken.
    await within(startedGate('document-1').promise, 'the document started beside the running check');
    await within(startedGate('retention').promise, 'the system job started beside the running check');
    expect(started).not.toContain('check-2');
    held.get('check-1')!.open();
    const outcomes = await run;
    expect(outcomes.map((o) => o.status)).toEqual(['done', 'done', 'done', 'done']);
    // The second check waited for the first one's slot, not for the other lanes.
    expect(started.at(-1)).toBe('check-2');
  });

  it('runs as many jobs of a lane at once as it has slots, no more', async () => {
    const worker = workerOf();
    for (const name of ['d1', 'd2', 'd3']) {
      held.set(name, gate());
      await enqueue('test-document', name, `user-${name}`);
    }
    const run = worker.runDueJobs();
    await within(startedGate('d1').promise, 'the first document started');
    await within(startedGate('d2').promise, 'the second document started beside the first');
    expect(started).toEqual(['d1', 'd2']);
    held.get('d1')!.open();
    await within(startedGate('d3').promise, 'the third document started once a slot was free');
    held.get('d2')!.open();
    held.get('d3')!.open();
    expect((await run).map((o) => o.status)).toEqual(['done', 'done', 'done']);
  });

  it('claims round-robin by user: the user served least recently first, not the oldest job overall', async () => {
    const worker = workerOf();
    for (const name of ['a1', 'a2', 'a3', 'a4']) {
      await enqueue('test-check', name, 'user-a');
      clock.advance(1);
    }
    await enqueue('test-check', 'b1', 'user-b');
    clock.advance(1);
    await enqueue('test-check', 'b2', 'user-b');
    clock.advance(1);
    await enqueue('test-check', 'c1', 'user-c');
    clock.advance(1);
    await worker.runDueJobs();
    // One slot: a1 was first in line; then b and c, who had not been served; then turns.
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('gives a free slot to the user with the fewest jobs running', async () => {
    const { queue } = t.context.jobs;
    for (const name of ['a1', 'a2', 'a3']) {
      await enqueue('test-document', name, 'user-a');
      clock.advance(1);
    }
    await enqueue('test-document', 'b1', 'user-b');
    const [first] = await queue.claim('worker-1', 1, 'documents');
    const [second] = await queue.claim('worker-2', 1, 'documents');
    expect([first, second].map((j) => JSON.parse(j!.payload).name)).toEqual(['a1', 'b1']);
    // A claim of every lane takes the same turns.
    const rest = await queue.claim('worker-3', 5);
    expect(rest.map((j) => JSON.parse(j.payload).name)).toEqual(['a2', 'a3']);
  });

  it("caps a user's waiting and running jobs of a kind; the refused submit writes nothing", async () => {
    const { queue } = t.context.jobs;
    const worker = workerOf();
    const recorded: string[] = [];
    const submit = (userId: string, name: string) =>
      queue.enqueueFor(userId, 'test-document', { name }, async () => {
        recorded.push(name);
      });
    held.set('a1', gate());
    await submit('user-a', 'a1');
    const run = worker.runDueJobs();
    await within(startedGate('a1').promise, 'the first document started');
    await submit('user-a', 'a2');
    await submit('user-a', 'a3');
    // One running and two waiting: the fourth is refused before its task is recorded.
    const refused = await submit('user-a', 'a4').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'TASK_USER_LIMIT', params: { count: 3, limit: 3 } });
    await expect(queue.enqueue('test-document', { name: 'a5' }, { userId: 'user-a' })).rejects.toMatchObject({
      code: 'TASK_USER_LIMIT',
    });
    expect(recorded).toEqual(['a1', 'a2', 'a3']);
    const rows = await t.context.database.db.selectFrom('jobs').select(['payload', 'user_id']).execute();
    expect(rows.map((r) => JSON.parse(r.payload).name).sort()).toEqual(['a1', 'a2', 'a3']);
    // Another user is not held back by user a's cap.
    await submit('user-b', 'b1');
    // A record that fails takes its job back.
    await expect(
      queue.enqueueFor('user-b', 'test-document', { name: 'b2' }, async () => {
        throw new Error('the task row could not be written');
      }),
    ).rejects.toThrow('the task row could not be written');
    expect(
      await t.context.database.db.selectFrom('jobs').select('id').where('user_id', '=', 'user-b').execute(),
    ).toHaveLength(1);
    held.get('a1')!.open();
    await run;
    expect(started.sort()).toEqual(['a1', 'a2', 'a3', 'b1']);
    // Done: room again.
    await submit('user-a', 'a6');
    expect(recorded).toContain('a6');
  });

  it('holds to the cap when one user submits many at once', async () => {
    const { queue } = t.context.jobs;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        queue.enqueueFor('user-racing', 'test-document', { name: `r${i}` }, async () => undefined),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(refusals.map((e) => e.code)).toEqual(Array(5).fill('TASK_USER_LIMIT'));
    const active = await t.context.database.db
      .selectFrom('jobs')
      .select('status')
      .where('user_id', '=', 'user-racing')
      .execute();
    expect(active.map((r) => r.status)).toEqual(['queued', 'queued', 'queued']);
  });

  it("does not starve the system lane behind a user's long queue", async () => {
    const worker = workerOf();
    for (let i = 0; i < 3; i += 1) {
      held.set(`d${i}`, gate());
      await enqueue('test-document', `d${i}`, 'user-a');
      clock.advance(1);
    }
    clock.advance(1);
    await enqueue('test-system', 'alert-runs');
    const run = worker.runDueJobs();
    await within(startedGate('alert-runs').promise, 'the system job started while the documents lane was full');
    expect(started).not.toContain('d2');
    for (const g of held.values()) g.open();
    await run;
    expect(started).toContain('d2');
  });

  it('pauses the background lanes while searches wait, and only those', async () => {
    let searchesWaiting = true;
    const worker = workerOf({ shouldYield: () => searchesWaiting });
    await enqueue('test-system', 'image-index');
    await enqueue('test-check', 'check', 'user-a');
    await enqueue('test-document', 'export', 'user-a');
    // Searches wait: the user's document runs, the background lanes start nothing.
    expect((await worker.runDueJobs()).map((o) => o.status)).toEqual(['done']);
    expect(started).toEqual(['export']);
    searchesWaiting = false;
    await worker.runDueJobs();
    expect(started.sort()).toEqual(['check', 'export', 'image-index']);
  });

  it('a polling worker starts a job queued in its process at once, outside the request that queued it', async () => {
    // A poll interval far longer than the test: only the nudge on enqueue can start the job in time.
    const worker = workerOf({ pollMs: 3_600_000 });
    const request = new AsyncLocalStorage<string>();
    let storeInJob: string | undefined = 'not run';
    t.context.jobs.queue.define(
      defineJob({
        kind: 'test-context',
        lane: 'checks',
        handler: async () => {
          storeInJob = request.getStore();
          startedGate('context').open();
        },
      }),
    );
    try {
      // The first poll runs at once and starts the first job; it holds its lane meanwhile.
      held.set('first', gate());
      await enqueue('test-document', 'first', 'a');
      worker.start();
      await within(startedGate('first').promise, 'the first poll started the first job');
      await request.run('request of user b', () => t.context.jobs.queue.enqueue('test-context', {}, { userId: 'b' }));
      await within(startedGate('context').promise, 'the job started before the next poll');
      held.get('first')!.open();
      // Not in the request's context: its signal would cancel the job's searches once answered.
      expect(storeInJob).toBeUndefined();
    } finally {
      held.get('first')?.open();
      await worker.stop();
    }
  });
});
