import { randomUUID } from 'node:crypto';
import { ERROR_CODES, formatErrorMessage } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, TestClock, type TestApp } from '../../test/helpers.js';
import { AppError } from '../errors.js';
import { taskErrorMessage, taskErrorOf } from './task-error.js';
import { NEW_TASK, type TaskRepository } from './task.repository.js';

describe('task errors', () => {
  it('stores an AppError as its code and parameters, anything else as the kind’s failed code', () => {
    expect(taskErrorOf(new AppError('REPORT_EMPTY_SET'), 'REPORT_FAILED')).toEqual({
      code: 'REPORT_EMPTY_SET',
      params: {},
    });
    expect(taskErrorOf(new AppError('REWRITE_PROVIDER_FAILED', { status: 500 }), 'REWRITE_FAILED')).toEqual({
      code: 'REWRITE_PROVIDER_FAILED',
      params: { status: 500 },
    });
    expect(taskErrorOf(new Error('disk full at /var/x'), 'DOWNLOAD_FAILED')).toEqual({
      code: 'DOWNLOAD_FAILED',
      params: {},
    });
  });

  it('shows a code in the reader’s language, and the text of a row failed before codes', () => {
    const coded = { error: null, error_code: 'REWRITE_PROVIDER_FAILED', error_params: '{"status":502}' };
    expect(taskErrorMessage(coded, 'zh')).toBe('语言模型服务出错（HTTP 502），请稍后重试');
    expect(taskErrorMessage(coded, 'en')).toBe('The language model service failed (HTTP 502); please try again later');
    const legacy = { error: '服务器在查重过程中停止，请重新查重', error_code: null, error_params: null };
    expect(taskErrorMessage(legacy, 'en')).toBe('服务器在查重过程中停止，请重新查重');
    expect(taskErrorMessage({ error: null, error_code: null, error_params: null }, 'zh')).toBeNull();
  });
});

describe.each(await reachableDialects())('task lifecycle on %s', (dialect) => {
  const clock = new TestClock();
  let t: TestApp;
  let userId: string;
  let tasks: TaskRepository<'duplicate'>;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    userId = (await authHeader(t)).userId;
    tasks = t.context.repositories.tasks.duplicate;
  }, 120_000);
  afterAll(async () => t?.close());

  /** A duplicate check as its service makes it (the kit's columns are the same for every kind). */
  const newCheck = async (): Promise<string> => {
    const id = randomUUID();
    await t.context.database.db
      .insertInto('duplicate_checks')
      .values({
        id,
        user_id: userId,
        title: 'kit',
        source: 'text',
        filename: null,
        text: '一种电池',
        chars: 4,
        lang: 'zh',
        ...NEW_TASK,
        similarity: null,
        patents: 0,
        result: null,
        created_at: clock.now().toISOString(),
      })
      .execute();
    return id;
  };
  const rowOf = (id: string) =>
    t.context.database.db.selectFrom('duplicate_checks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('claims a waiting task once, moves it only while running, and finishes it', async () => {
    const id = await newCheck();
    expect(await tasks.progress(id, { patents: 1 })).toBe(false);
    expect(await tasks.claim(id)).toBe(true);
    expect(await tasks.claim(id)).toBe(false);
    expect(await rowOf(id)).toMatchObject({ state: 'running', started_at: clock.now().toISOString() });
    expect(await tasks.progress(id, { patents: 2 })).toBe(true);
    clock.advance(5);
    expect(await tasks.finish(id, { patents: 3 })).toBe(true);
    expect(await rowOf(id)).toMatchObject({ state: 'done', patents: 3, finished_at: clock.now().toISOString() });
    // A finished task neither fails nor is cancelled nor finishes again.
    expect(await tasks.fail(id, { code: 'DUPLICATE_FAILED', params: {} })).toBe(false);
    expect(await tasks.cancel(id)).toBe(false);
    expect(await tasks.finish(id, {})).toBe(false);
    expect(await tasks.stateOf(id)).toBe('done');
  });

  it('fails with a code and parameters, and a reset clears the failure for a new run', async () => {
    const id = await newCheck();
    await tasks.claim(id);
    expect(await tasks.fail(id, { code: 'QUERY_INVALID', params: { message: 'x' } })).toBe(true);
    expect(await rowOf(id)).toMatchObject({
      state: 'failed',
      error: null,
      error_code: 'QUERY_INVALID',
      error_params: '{"message":"x"}',
    });
    expect(await tasks.reset(id, { patents: 0 }, ['waiting'])).toBe(false);
    expect(await tasks.reset(id, { patents: 0 })).toBe(true);
    expect(await rowOf(id)).toMatchObject({
      state: 'waiting',
      error: null,
      error_code: null,
      error_params: null,
      started_at: null,
      finished_at: null,
    });
  });

  it('cancels a waiting or running task, which then cannot be claimed or finished', async () => {
    const waiting = await newCheck();
    expect(await tasks.cancel(waiting)).toBe(true);
    expect(await tasks.claim(waiting)).toBe(false);
    const running = await newCheck();
    await tasks.claim(running);
    expect(await tasks.cancel(running)).toBe(true);
    expect(await tasks.progress(running, { patents: 1 })).toBe(false);
    expect(await tasks.finish(running, {})).toBe(false);
    expect(await tasks.stateOf(running)).toBe('cancelled');
  });

  it('fails only the running tasks as interrupted, in the reader’s language', async () => {
    const waiting = await newCheck();
    const running = await newCheck();
    await tasks.claim(running);
    expect(await tasks.failInterrupted()).toEqual([running]);
    expect(await tasks.stateOf(waiting)).toBe('waiting');
    const row = await rowOf(running);
    expect(row).toMatchObject({ state: 'failed', error_code: 'DUPLICATE_INTERRUPTED' });
    expect(taskErrorMessage(row, 'en')).toBe(ERROR_CODES.DUPLICATE_INTERRUPTED.en);
    expect(taskErrorMessage(row, 'zh')).toBe(formatErrorMessage('DUPLICATE_INTERRUPTED', 'zh'));
  });

  it('lists the files of tasks past their expiry', async () => {
    const exportTasks = t.context.repositories.tasks.export;
    const insert = async (expiresAt: string, file: string | null) => {
      const id = randomUUID();
      await t.context.database.db
        .insertInto('download_tasks')
        .values({
          id,
          user_id: userId,
          title: 'x',
          format: 'csv',
          filename: 'x.csv',
          request: '{}',
          ...NEW_TASK,
          state: 'done',
          done: 1,
          total: 1,
          size: 1,
          file_path: file,
          created_at: clock.now().toISOString(),
          expires_at: expiresAt,
        })
        .execute();
      return id;
    };
    const past = new Date(clock.now().getTime() - 1000).toISOString();
    const future = new Date(clock.now().getTime() + 1000).toISOString();
    const expired = await insert(past, '/tmp/expired.csv');
    await insert(future, '/tmp/kept.csv');
    await insert(past, null);
    expect(await exportTasks.filesPastExpiry(['file_path'])).toEqual([{ id: expired, file_path: '/tmp/expired.csv' }]);
  });
});
