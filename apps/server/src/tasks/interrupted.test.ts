import { randomUUID } from 'node:crypto';
import { ERROR_CODES, TASK_ERROR_CODES, type TaskKindName } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import {
  authHeader,
  buildTestApp,
  injectJson,
  reachableDialects,
  testConfig,
  type TestApp,
  type TestUser,
} from '../../test/helpers.js';
import { NEW_TASK } from './task.repository.js';

/**
 * Issue 40: at start-up a document task of any kind found running lost the process that ran it; it
 * fails with its kind's "interrupted" code, shown in the language of whoever reads it.
 */
describe.each(await reachableDialects())('interrupted document tasks on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  const ids = {} as Record<TaskKindName, string>;
  let legacyId: string;

  beforeAll(async () => {
    // Assisted writing answers only with a language model configured; none is called here.
    const llm = { ...testConfig().llm, url: 'http://127.0.0.1:9/v1' };
    t = await buildTestApp(dialect, { llm });
    user = await authHeader(t);
    const db = t.context.database.db;
    const at = new Date().toISOString();
    const running = { ...NEW_TASK, state: 'running' as const, started_at: at };
    const common = { user_id: user.userId, created_at: at };
    ids.export = randomUUID();
    await db
      .insertInto('download_tasks')
      .values({
        ...common,
        ...running,
        id: ids.export,
        title: 'export',
        format: 'csv',
        filename: 'export.csv',
        request: JSON.stringify({ request: {}, lang: 'zh', caller: { userId: user.userId } }),
        done: 0,
        total: 1,
        size: null,
        file_path: null,
        expires_at: null,
      })
      .execute();
    ids.report = randomUUID();
    await db
      .insertInto('reports')
      .values({
        ...common,
        ...running,
        id: ids.report,
        title: 'report',
        lang: 'zh',
        request: JSON.stringify({ sections: ['summary'] }),
        origin: 'search',
        total: null,
        pdf_path: null,
        pdf_size: null,
        docx_path: null,
        docx_size: null,
        summary: null,
        took_ms: null,
        expires_at: '2999-01-01T00:00:00.000Z',
        deleted_at: null,
      })
      .execute();
    const check = (id: string) => ({
      ...common,
      id,
      title: 'check',
      source: 'text' as const,
      filename: null,
      text: '一种电池',
      chars: 4,
      lang: 'zh' as const,
      similarity: null,
      patents: 0,
      result: null,
    });
    ids.duplicate = randomUUID();
    await db
      .insertInto('duplicate_checks')
      .values({ ...check(ids.duplicate), ...running })
      .execute();
    // A check failed before errors were codes: its stored text still shows.
    legacyId = randomUUID();
    await db
      .insertInto('duplicate_checks')
      .values({ ...check(legacyId), ...NEW_TASK, state: 'failed', error: '查重失败，请重新查重' })
      .execute();
    ids.preEvaluation = randomUUID();
    await db
      .insertInto('pre_evaluations')
      .values({
        ...common,
        ...running,
        id: ids.preEvaluation,
        title: 'evaluation',
        kind: 'claims',
        origin: 'preAssessment',
        text: '1. 一种电池',
        application: null,
        applicant: null,
        chars: 7,
        priority_date: null,
        publication_number: null,
        lang: 'zh',
        stage: 'search',
        progress: 0.15,
        novelty: null,
        inventiveness: null,
        features: 1,
        documents: 0,
        result: null,
      })
      .execute();
    ids.rewrite = randomUUID();
    await db
      .insertInto('rewrites')
      .values({
        ...common,
        ...running,
        id: ids.rewrite,
        kind: 'all',
        mode: 'rephrase',
        language: 'zh',
        lang: 'zh',
        title: 'rewrite',
        original: '一种电池',
        result: null,
        chars: 4,
        result_chars: null,
        chunks_total: 1,
        chunks_done: 0,
        took_ms: null,
        deleted_at: null,
      })
      .execute();
  }, 120_000);
  afterAll(async () => t?.close());

  /** Each kind's own answer for its task, as its page reads it. */
  const shown = async (app: BuiltApp, kind: TaskKindName, id: string, lang: 'zh' | 'en') => {
    const get = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await injectJson(app, method, `/api/product${url}`, body, user, lang);
      expect(res.json(), `${kind} ${res.body}`).toMatchObject({ status: 1 });
      return res.json().data;
    };
    const inList = (items: { id: string; state: string; error: string | null }[]) => items.find((i) => i.id === id)!;
    switch (kind) {
      case 'export':
        return inList((await get('POST', '/download/list', { pageSize: 100 })).items);
      case 'report':
        return get('GET', `/report/patent/${id}`);
      case 'duplicate':
        return inList((await get('POST', '/patent/getRepeatList', { pageSize: 100 })).items);
      case 'preEvaluation':
        return (await get('GET', `/apply/pre/result/detail?id=${id}`)).evaluation;
      case 'rewrite':
        return get('GET', `/patent/rewrite/all/status?id=${id}`);
    }
  };

  it('fails a running task of every kind at start-up with its code, shown in zh and in en', async () => {
    const restarted = await buildApp(t.context.config);
    try {
      for (const kind of Object.keys(ids) as TaskKindName[]) {
        const code = TASK_ERROR_CODES[kind].interrupted;
        const row = await restarted.context.repositories.tasks[kind].find(ids[kind]);
        expect(row, kind).toMatchObject({ state: 'failed', error: null, error_code: code });
        const zh = await shown(restarted, kind, ids[kind], 'zh');
        const en = await shown(restarted, kind, ids[kind], 'en');
        expect(zh, kind).toMatchObject({ state: 'failed', error: ERROR_CODES[code].zh });
        expect(en, kind).toMatchObject({ state: 'failed', error: ERROR_CODES[code].en });
      }
      // A pre-evaluation stopped in a stage shows none once failed.
      expect(await shown(restarted, 'preEvaluation', ids.preEvaluation, 'en')).toMatchObject({ stage: null });
      // A row failed before codes keeps its text in every language.
      expect(await shown(restarted, 'duplicate', legacyId, 'en')).toMatchObject({ error: '查重失败，请重新查重' });
    } finally {
      await restarted.app.close();
    }
  }, 120_000);
});
