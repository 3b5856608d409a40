import { randomUUID } from 'node:crypto';
import { HISTORY_RETENTION_DAYS } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, TestClock } from '../../test/helpers.js';
import { HISTORY_RETENTION_KIND, nextRetentionRun } from './history-retention.job.js';
import { HistoryRetentionRepository } from './history-retention.repository.js';

const dialects = await reachableDialects();

const DAY_MS = 86_400_000;

describe('nextRetentionRun', () => {
  it('answers the next 03:00 server time, strictly after the given instant', () => {
    const evening = new Date(2026, 0, 15, 20, 30);
    expect(nextRetentionRun(evening)).toEqual(new Date(2026, 0, 16, 3, 0, 0, 0));
    const early = new Date(2026, 0, 15, 1, 0);
    expect(nextRetentionRun(early)).toEqual(new Date(2026, 0, 15, 3, 0, 0, 0));
    const exactly = new Date(2026, 0, 15, 3, 0);
    expect(nextRetentionRun(exactly)).toEqual(new Date(2026, 0, 16, 3, 0, 0, 0));
    expect(nextRetentionRun(new Date(2026, 11, 31, 4, 0))).toEqual(new Date(2027, 0, 1, 3, 0, 0, 0));
  });
});

describe.each(dialects)('history retention on %s', (dialect) => {
  const clock = new TestClock();
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let userId: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    userId = (await authHeader(t)).userId;
  });
  afterAll(async () => t.close());

  const insertSearchHistory = async (createdAt: Date, tag: string) => {
    await t.context.database.db
      .insertInto('search_history')
      .values({
        id: randomUUID(),
        user_id: userId,
        no: 1,
        operation_name: 'search',
        search_expression: `TI=(${tag})`,
        result_total: '1',
        content: JSON.stringify({ operationName: 'search', searchExpression: `TI=(${tag})`, resultTotal: '1' }),
        created_at: createdAt.toISOString(),
      })
      .execute();
  };
  const insertOperateHistory = async (createdAt: Date, tag: string) => {
    await t.context.database.db
      .insertInto('operate_history')
      .values({
        id: randomUUID(),
        user_id: userId,
        record_type: 1,
        title: tag,
        router: null,
        result_total: null,
        data: '{}',
        created_at: createdAt.toISOString(),
      })
      .execute();
  };
  const titles = async () =>
    (await t.context.database.db.selectFrom('operate_history').select('title').orderBy('title').execute()).map(
      (r) => r.title,
    );
  const expressions = async () =>
    (
      await t.context.database.db
        .selectFrom('search_history')
        .select('search_expression')
        .orderBy('search_expression')
        .execute()
    ).map((r) => r.search_expression);

  it('removes history older than 180 days at its scheduled time, keeps the rest, and queues the next run', async () => {
    const { queue, worker } = t.context.jobs;
    const [scheduled] = await queue.list({ kind: HISTORY_RETENTION_KIND, limit: 5 });
    expect(scheduled).toMatchObject({ status: 'queued' });
    const runAt = new Date(scheduled!.run_at);
    const ago = (days: number) => new Date(runAt.getTime() - days * DAY_MS);
    await insertSearchHistory(ago(181), 'old');
    await insertSearchHistory(ago(HISTORY_RETENTION_DAYS - 1), 'kept179');
    await insertSearchHistory(ago(0.5), 'recent');
    await insertOperateHistory(ago(181), 'old');
    await insertOperateHistory(ago(400), 'older');
    await insertOperateHistory(ago(179), 'kept179');
    await insertOperateHistory(ago(1), 'recent');

    // Other recurring jobs (the alert schedule, every minute) run too as the clock moves: only this one is looked at.
    const retentionRuns = async () =>
      (await worker.runDueJobs()).filter((outcome) => outcome.kind === HISTORY_RETENTION_KIND);
    // Before its time nothing happens.
    expect(await retentionRuns()).toEqual([]);
    clock.advance((runAt.getTime() - clock.now().getTime()) / 1000 - 1);
    expect(await retentionRuns()).toEqual([]);
    expect(await titles()).toEqual(['kept179', 'old', 'older', 'recent']);

    clock.advance(1);
    const outcomes = await retentionRuns();
    expect(outcomes).toEqual([
      {
        id: scheduled!.id,
        kind: HISTORY_RETENTION_KIND,
        status: 'done',
        result: {
          cutoff: ago(HISTORY_RETENTION_DAYS).toISOString(),
          searchHistory: 1,
          operateHistory: 2,
          jobs: 0,
        },
      },
    ]);
    expect(await titles()).toEqual(['kept179', 'recent']);
    expect(await expressions()).toEqual(['TI=(kept179)', 'TI=(recent)']);

    const jobs = await queue.list({ kind: HISTORY_RETENTION_KIND, limit: 5 });
    expect(jobs.map((j) => j.status)).toEqual(['queued', 'done']);
    expect(JSON.parse(jobs[1]!.result!)).toMatchObject({ searchHistory: 1, operateHistory: 2 });
    expect(jobs[0]!.run_at).toBe(nextRetentionRun(clock.now()).toISOString());

    // A day later the 179-day rows are exactly 180 days old: not older than 180 days, still kept.
    const runNext = async () => {
      const [queued] = await queue.list({ kind: HISTORY_RETENTION_KIND, status: 'queued', limit: 1 });
      clock.advance((Date.parse(queued!.run_at) - clock.now().getTime()) / 1000);
      // Other recurring jobs (export expiry) may fall due on the same days: retention's results only.
      return (await worker.runDueJobs()).filter((o) => o.kind === HISTORY_RETENTION_KIND).map((o) => o.result);
    };
    expect(await runNext()).toEqual([expect.objectContaining({ searchHistory: 0, operateHistory: 0 })]);
    expect(await titles()).toEqual(['kept179', 'recent']);
    // Another day and they go.
    expect(await runNext()).toEqual([expect.objectContaining({ searchHistory: 1, operateHistory: 1 })]);
    expect(await titles()).toEqual(['recent']);
    expect(await expressions()).toEqual(['TI=(recent)']);
  });

  it('deletes in batches until nothing old is left', async () => {
    // Far before the other test's rows, which must not be counted here.
    const cutoff = new Date('2001-01-01T00:00:00.000Z');
    for (let i = 0; i < 7; i += 1)
      await insertOperateHistory(new Date(cutoff.getTime() - (i + 1) * 1000), `batch-${i}`);
    await insertOperateHistory(new Date(cutoff.getTime() + 1000), 'after-cutoff');
    const repository = new HistoryRetentionRepository(t.context.database.db);
    expect(await repository.deleteCreatedBefore('operate_history', cutoff.toISOString(), 2)).toBe(7);
    expect((await titles()).filter((title) => title.startsWith('batch-') || title === 'after-cutoff')).toEqual([
      'after-cutoff',
    ]);
  });
});
