import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_RETENTION_DAYS, HISTORY_RETENTION_DAYS } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, TestClock } from '../../test/helpers.js';
import { HISTORY_RETENTION_KIND, historyRetentionJob, nextRetentionRun } from './history-retention.job.js';
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
        result: expect.objectContaining({
          cutoff: ago(HISTORY_RETENTION_DAYS).toISOString(),
          searchHistory: 1,
          operateHistory: 2,
          jobs: 0,
          // the other tables (issue 41): nothing of theirs is old yet
          searchStates: 0,
          downloadTasks: 0,
          files: 0,
        }),
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

  it('prunes the other tables by their own days, with the files of removed tasks, keeping what must stay (issue 41)', async () => {
    const { queue } = t.context.jobs;
    const db = t.context.database.db;
    const [queued] = await queue.list({ kind: HISTORY_RETENTION_KIND, status: 'queued', limit: 1 });
    const runAt = new Date(queued!.run_at);
    const ago = (days: number) => new Date(runAt.getTime() - days * DAY_MS).toISOString();
    const days = DEFAULT_RETENTION_DAYS;

    await db
      .insertInto('search_states')
      .values([
        { key: 'state-old', state: '{}', created_at: ago(days.searchStates + 1) },
        { key: 'state-kept', state: '{}', created_at: ago(days.searchStates - 1) },
      ])
      .execute();
    await db
      .insertInto('login_failures')
      .values([
        { email: 'old@example.com', at: ago(days.loginFailures + 1) },
        { email: 'old@example.com', at: ago(days.loginFailures + 2) },
        { email: 'kept@example.com', at: ago(days.loginFailures - 1) },
      ])
      .execute();
    const image = (key: string, owner: string | null, createdAt: string) => ({
      key,
      user_id: owner,
      file_name: `${key}.png`,
      thumbnail: '',
      query: '{"phashes":[],"embeddings":[]}',
      results: '[]',
      indexed_drawings: 0,
      created_at: createdAt,
    });
    await db
      .insertInto('image_searches')
      .values([
        image('img-visitor-old', null, ago(days.imageSearchKeys + 0.5)),
        image('img-visitor-kept', null, ago(days.imageSearchKeys - 0.5)),
        image('img-owned-kept', userId, ago(days.imageSearchKeys + 5)),
        image('img-owned-old', userId, ago(HISTORY_RETENTION_DAYS + 1)),
      ])
      .execute();
    const message = (id: string, isRead: number, createdAt: string, response: 'pending' | 'accepted' | null) => ({
      id,
      user_id: userId,
      sender_id: null,
      kind: response ? 'groupInvite' : 'system',
      category: response ? 'invitation' : 'notice',
      payload: '{}',
      is_read: isRead,
      response,
      subject_id: null,
      created_at: createdAt,
    });
    await db
      .insertInto('messages')
      .values([
        message('msg-read-old', 1, ago(days.readMessages + 1), null),
        message('msg-answered-old', 1, ago(days.readMessages + 1), 'accepted'),
        message('msg-read-kept', 1, ago(days.readMessages - 1), null),
        message('msg-unread-kept', 0, ago(days.readMessages + 100), null),
        message('msg-open-invitation-kept', 1, ago(days.readMessages + 100), 'pending'),
      ])
      .execute();
    const log = (id: string, createdAt: string) => ({
      id,
      root_id: 'lib',
      folder_id: 'lib',
      folder_name: 'lib',
      user_id: userId,
      action: 'collect',
      count: 1,
      detail: null,
      created_at: createdAt,
    });
    await db
      .insertInto('library_logs')
      .values([log('log-old', ago(days.libraryLogs + 1)), log('log-kept', ago(days.libraryLogs - 1))])
      .execute();

    await db
      .insertInto('alerts')
      .values({
        id: 'alert-1',
        user_id: userId,
        name: 'alert',
        type: 'search',
        content: '{}',
        library_id: null,
        schedule: '{}',
        recipients: '[]',
        no_update_no_mail: 0,
        enabled: 0,
        state: 'sent',
        watermark: 0,
        since: ago(500),
        last_run_at: ago(days.alertRuns + 50),
        last_run_id: 'run-last-kept',
        last_error: null,
        created_at: ago(500),
        updated_at: ago(500),
      })
      .execute();
    const run = (id: string, ranAt: string, state: 'pending' | 'done', mailState: 'sent' | 'pending') => ({
      id,
      alert_id: 'alert-1',
      user_id: userId,
      scheduled_for: ranAt,
      state,
      from_version: 0,
      to_version: null,
      since: ranAt,
      ran_at: ranAt,
      new_count: 1,
      changed_count: 0,
      reported: 1,
      omitted: 0,
      mail_state: mailState,
      mailed_at: null,
      error: null,
      claimed_by: null,
      claimed_until: null,
      mailed_to: null,
    });
    await db
      .insertInto('alert_runs')
      .values([
        run('run-old', ago(days.alertRuns + 1), 'done', 'sent'),
        run('run-kept', ago(days.alertRuns - 1), 'done', 'sent'),
        // held by another process (its claim far ahead), so the alert jobs of this app leave it alone
        {
          ...run('run-unfinished-kept', ago(days.alertRuns + 100), 'pending', 'pending'),
          claimed_by: 'elsewhere',
          claimed_until: '2999-01-01T00:00:00.000Z',
        },
        run('run-last-kept', ago(days.alertRuns + 50), 'done', 'sent'),
      ])
      .execute();
    await db
      .insertInto('alert_run_patents')
      .values([
        { run_id: 'run-old', rank: 1, publication_number: 'CN1A', changes: 1 },
        { run_id: 'run-kept', rank: 1, publication_number: 'CN1A', changes: 1 },
      ])
      .execute();

    const finished = (state: 'done' | 'failed' | 'running', finishedAt: string | null) => ({
      state,
      error: null,
      error_code: null,
      error_params: null,
      started_at: ago(1000),
      finished_at: finishedAt,
      created_at: ago(1000),
    });
    const check = (id: string, state: 'done' | 'failed' | 'running', finishedAt: string | null) => ({
      id,
      user_id: userId,
      title: id,
      source: 'text' as const,
      filename: null,
      text: 'x',
      chars: 1,
      lang: 'zh' as const,
      similarity: null,
      patents: 0,
      result: null,
      ...finished(state, finishedAt),
    });
    await db
      .insertInto('duplicate_checks')
      .values([
        check('dup-old', 'done', ago(days.finishedTasks + 1)),
        check('dup-failed-old', 'failed', ago(days.finishedTasks + 1)),
        check('dup-kept', 'done', ago(days.finishedTasks - 1)),
        check('dup-running-kept', 'running', null),
      ])
      .execute();
    const evaluation = (id: string, state: 'done' | 'running', finishedAt: string | null) => ({
      id,
      user_id: userId,
      title: id,
      kind: 'claims' as const,
      origin: 'preAssessment' as const,
      text: 'x',
      application: null,
      applicant: null,
      chars: 1,
      priority_date: null,
      publication_number: null,
      lang: 'zh' as const,
      stage: null,
      progress: 0,
      novelty: null,
      inventiveness: null,
      features: 0,
      documents: 0,
      result: null,
      ...finished(state, finishedAt),
    });
    await db
      .insertInto('pre_evaluations')
      .values([
        evaluation('pre-old', 'done', ago(days.finishedTasks + 1)),
        evaluation('pre-kept', 'done', ago(days.finishedTasks - 1)),
        evaluation('pre-running-kept', 'running', null),
      ])
      .execute();
    const exportsDir = path.join(t.context.config.dataDir, 'exports');
    await mkdir(exportsDir, { recursive: true });
    const fileOf = async (id: string) => {
      const file = path.join(exportsDir, `${id}.xlsx`);
      await writeFile(file, 'xlsx');
      return file;
    };
    const task = async (
      id: string,
      state: 'done' | 'cancelled' | 'running',
      total: number,
      finishedAt: string | null,
      expiresAt: string | null,
      withFile: boolean,
    ) => ({
      id,
      user_id: userId,
      title: id,
      format: 'xlsx',
      filename: `${id}.xlsx`,
      request: '{}',
      done: total,
      total,
      size: null,
      file_path: withFile ? await fileOf(id) : null,
      expires_at: expiresAt,
      ...finished(state === 'cancelled' ? 'done' : state, finishedAt),
      state,
    });
    const exportedBefore = await t.context.services.exports.exportedRows(userId);
    await db
      .insertInto('download_tasks')
      .values([
        // finished 181 days ago, its file past its 7 days long since (the expiry job missed it)
        await task('dl-old', 'done', 7, ago(days.finishedTasks + 1), ago(days.finishedTasks - 6), true),
        await task('dl-cancelled-old', 'cancelled', 0, ago(days.finishedTasks + 10), null, false),
        await task('dl-kept', 'done', 5, ago(days.finishedTasks - 1), ago(days.finishedTasks - 8), true),
        // finished long ago but its file still within its days (EXPORT_FILE_DAYS longer than the retention)
        await task('dl-unexpired-kept', 'done', 3, ago(days.finishedTasks + 1), ago(-10), true),
        await task('dl-running-kept', 'running', 2, null, null, false),
      ])
      .execute();
    expect(await t.context.services.exports.exportedRows(userId)).toBe(exportedBefore + 7 + 5 + 3);

    // The job as composed (the app's days), run by itself at its time: the export files' own expiry
    // job, due at the same hour, would otherwise free dl-old's file first.
    const job = historyRetentionJob(t.context.repositories.historyRetention, {
      retention: t.context.config.retention,
      batchSize: 2,
    });
    const result = await job.handler({}, { jobId: 'retention-test', attempt: 1, now: () => runAt });
    expect(result).toMatchObject({
      searchStates: 1,
      loginFailures: 2,
      imageSearches: 2,
      readMessages: 2,
      libraryLogs: 1,
      alertRuns: 1,
      duplicateChecks: 2,
      preEvaluations: 1,
      downloadTasks: 2,
      files: 1,
    });

    const keys = async <T extends 'search_states' | 'image_searches'>(table: T) =>
      (
        await db
          .selectFrom(table as 'search_states')
          .select('key')
          .orderBy('key')
          .execute()
      ).map((r) => r.key);
    const ids = async (
      table: 'messages' | 'library_logs' | 'alert_runs' | 'duplicate_checks' | 'pre_evaluations' | 'download_tasks',
    ) =>
      (
        await db
          .selectFrom(table as 'messages')
          .select('id')
          .orderBy('id')
          .execute()
      ).map((r) => r.id);
    expect(await keys('search_states')).toEqual(['state-kept']);
    expect((await db.selectFrom('login_failures').select('email').execute()).map((r) => r.email)).toEqual([
      'kept@example.com',
    ]);
    expect(await keys('image_searches')).toEqual(['img-owned-kept', 'img-visitor-kept']);
    expect(await ids('messages')).toEqual(['msg-open-invitation-kept', 'msg-read-kept', 'msg-unread-kept']);
    expect(await ids('library_logs')).toEqual(['log-kept']);
    expect(await ids('alert_runs')).toEqual(['run-kept', 'run-last-kept', 'run-unfinished-kept']);
    expect((await db.selectFrom('alert_run_patents').select('run_id').execute()).map((r) => r.run_id)).toEqual([
      'run-kept',
    ]);
    expect(await ids('duplicate_checks')).toEqual(['dup-kept', 'dup-running-kept']);
    expect(await ids('pre_evaluations')).toEqual(['pre-kept', 'pre-running-kept']);
    expect(await ids('download_tasks')).toEqual(['dl-kept', 'dl-running-kept', 'dl-unexpired-kept']);
    // The removed task's file is gone with it; the others stay.
    expect(existsSync(path.join(exportsDir, 'dl-old.xlsx'))).toBe(false);
    expect(existsSync(path.join(exportsDir, 'dl-kept.xlsx'))).toBe(true);
    expect(existsSync(path.join(exportsDir, 'dl-unexpired-kept.xlsx'))).toBe(true);
    // The removed export's 7 rows still count against the export quota.
    expect(await t.context.services.exports.exportedRows(userId)).toBe(exportedBefore + 7 + 5 + 3);
  });

  it('counts a search-state key from when it was last saved: saving the same state again renews it', async () => {
    const db = t.context.database.db;
    const key = await t.context.repositories.searchStates.save({ searchExpre: 'TI=(renewed)', page: 1, pageSize: 20 });
    const semantic = await t.context.repositories.semanticQueries.save({ searchContext: 'renewed text' });
    const longAgo = '2001-01-01T00:00:00.000Z';
    await db.updateTable('search_states').set({ created_at: longAgo }).where('key', 'in', [key, semantic]).execute();
    expect(await t.context.repositories.searchStates.save({ searchExpre: 'TI=(renewed)', page: 1, pageSize: 20 })).toBe(
      key,
    );
    expect(await t.context.repositories.semanticQueries.save({ searchContext: 'renewed text' })).toBe(semantic);
    const rows = await db
      .selectFrom('search_states')
      .select('created_at')
      .where('key', 'in', [key, semantic])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.created_at > longAgo).toBe(true);
  });

  it('deletes in batches until nothing old is left', async () => {
    // Far before the other test's rows, which must not be counted here.
    const cutoff = new Date('2001-01-01T00:00:00.000Z');
    for (let i = 0; i < 7; i += 1)
      await insertOperateHistory(new Date(cutoff.getTime() - (i + 1) * 1000), `batch-${i}`);
    await insertOperateHistory(new Date(cutoff.getTime() + 1000), 'after-cutoff');
    const repository = new HistoryRetentionRepository(t.context.database.db);
    expect(await repository.deleteCreatedBefore('operate_history', cutoff.toISOString(), 2)).toBe(7);
    // Login failures have no key: a batch ends at its last row's time, rows of the same instant with it.
    const at = (ms: number) => new Date(cutoff.getTime() + ms).toISOString();
    await t.context.database.db
      .insertInto('login_failures')
      .values(
        [-5000, -4000, -4000, -4000, -3000, -2000, -1000, 1000].map((ms, i) => ({ email: `b${i}@x`, at: at(ms) })),
      )
      .execute();
    expect(await repository.deleteLoginFailuresBefore(cutoff.toISOString(), 2)).toBe(7);
    expect(
      (
        await t.context.database.db.selectFrom('login_failures').select('at').where('email', 'like', 'b%@x').execute()
      ).map((r) => r.at),
    ).toEqual([at(1000)]);
    expect((await titles()).filter((title) => title.startsWith('batch-') || title === 'after-cutoff')).toEqual([
      'after-cutoff',
    ]);
  });
});
