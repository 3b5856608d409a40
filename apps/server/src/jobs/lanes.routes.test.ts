import { formatErrorMessage, MAX_ACTIVE_TASKS_PER_USER, type DownloadTask, type Patent } from '@patlas/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  reachableDialects,
  testConfig,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../test/helpers.js';
import { buildCnPatent } from '../../test/factories.js';

/** A small deterministic random source (mulberry32): the same corpus on every run. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const random = randomSource(40);
/** Sentences of random Chinese characters; patents and checked texts share them, so every check finds and aligns many. */
const SENTENCES = Array.from({ length: 3_000 }, () =>
  Array.from({ length: 18 + Math.floor(random() * 20) }, () =>
    String.fromCharCode(0x4e00 + Math.floor(random() * 3_000)),
  ).join(''),
);
const textOf = (sentences: number) =>
  Array.from({ length: sentences }, () => `${SENTENCES[Math.floor(random() * SENTENCES.length)]}。`).join('');
const PATENTS = 150;
const corpus: Patent[] = Array.from({ length: PATENTS }, (_, i) =>
  buildCnPatent({
    publicationNumber: `CN4${String(i).padStart(8, '0')}A`,
    applicationNumber: `CN2021${String(i).padStart(8, '0')}.1`,
    title: { lang: 'zh', text: `一种储能装置，编号${i}` },
    abstract: { lang: 'zh', text: textOf(6) },
    claims: { lang: 'zh', text: textOf(15) },
    description: { lang: 'zh', text: textOf(40) },
  }),
);

/**
 * Issue 40's finding, over HTTP with the real services: one user's queue of duplicate checks held
 * another user's 5-row export for over a minute. Each check here takes real time (a search per
 * part of a ~6,000-character text, then the sentence alignment with ~150 candidates: about a
 * second on a quiet 2-core machine, several under load), and the worker polls as in production.
 */
describe.each(await reachableDialects())('job lanes over HTTP on %s', (dialect) => {
  let t: TestApp;
  let checker: TestUser;
  let exporter: TestUser;

  const call = (url: string, payload: unknown, who: AuthHeader, lang = 'zh') =>
    injectJson(t, 'POST', `/api/product${url}`, payload, who, lang);
  const okData = async (url: string, payload: unknown, who: AuthHeader) => {
    const res = await call(url, payload, who);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data;
  };
  const checkStates = async () =>
    ((await okData('/patent/getRepeatList', { pageSize: 100 }, checker)).items as { state: string }[]).map(
      (c) => c.state,
    );

  beforeAll(async () => {
    const base = testConfig();
    // Searches on the search workers, as in production (the tests' default runs them on this thread).
    t = await buildTestApp(dialect, { search: { ...base.search, workers: 2 } });
    await indexPatents(t, corpus);
    await t.context.searchReady();
    checker = await authHeader(t);
    exporter = await authHeader(t);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  }, 120_000);

  it("finishes another user's 5-row export within 10 s while one user's checks fill the queue, and caps that user", async () => {
    // The checker queues checks up to the cap; the next is refused in the user's language and leaves nothing behind.
    for (let i = 0; i < MAX_ACTIVE_TASKS_PER_USER; i += 1) {
      await okData('/patent/repeat', { text: textOf(200) }, checker);
    }
    for (const lang of ['zh', 'en'] as const) {
      const refused = await call('/patent/repeat', { text: textOf(200) }, checker, lang);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        status: 0,
        data: { code: 'TASK_USER_LIMIT' },
        message: formatErrorMessage('TASK_USER_LIMIT', lang, {
          count: MAX_ACTIVE_TASKS_PER_USER,
          limit: MAX_ACTIVE_TASKS_PER_USER,
        }),
      });
    }
    expect(await checkStates()).toEqual(Array(MAX_ACTIVE_TASKS_PER_USER).fill('waiting'));

    t.context.jobs.worker.start();
    // The first check is under way before the other user asks.
    while (!(await checkStates()).includes('running')) await new Promise((resolve) => setTimeout(resolve, 50));

    const asked = performance.now();
    const task = (
      await okData(
        '/download/task',
        {
          target: { kind: 'results', query: { searchExpre: 'TI=储能' }, rows: { mode: 'first', count: 5 } },
          fields: ['publicationNumber', 'title'],
          format: 'xlsx',
        },
        exporter,
      )
    ).task as DownloadTask;
    let current = task;
    // Bounded far above the 10 s asked for, so that the old single line (a minute or more) fails on the figure.
    while (current.state === 'waiting' || current.state === 'running') {
      if (performance.now() - asked > 180_000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const list = (await okData('/download/list', { pageSize: 100 }, exporter)) as { items: DownloadTask[] };
      current = list.items.find((item) => item.id === task.id)!;
    }
    const exportMs = performance.now() - asked;
    const statesThen = await checkStates();
    expect(current.state, JSON.stringify(current)).toBe('done');
    // The export went ahead of the checker's queue instead of behind it …
    expect(statesThen.filter((s) => s === 'waiting').length).toBeGreaterThan(0);
    // … and was done within the time asked for.
    expect(exportMs).toBeLessThan(10_000);

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/product/download/file/${task.id}`,
      headers: { authorization: exporter.authorization },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.actualRowCount).toBe(6);
  }, 300_000);
});
