import {
  formatErrorMessage,
  MAX_REWRITE_DOCUMENT_LENGTH,
  MAX_REWRITE_TEXT_LENGTH,
  REWRITE_CHUNK_CHARS,
  type Rewrite,
  type RewriteDayLimit,
  type RewriteListResponse,
  type RewriteResponse,
} from '@patlas/contracts';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeRewrite,
  startFakeChatCompletions,
  type FakeChatCompletions,
} from '../../../test/fake-chat-completions.js';
import {
  authHeader,
  buildTestApp,
  injectJson,
  reachableDialects,
  TestClock,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { splitIntoChunks } from '../../text/chunking.js';
import { failInterruptedTasks } from '../../tasks/task.repository.js';
import { cleanAnswer, createRewriteProvider } from './rewrite.provider.js';

const PASSAGE_ZH = '本发明提供一种电池模组，包括壳体(10)和设置在壳体内的电芯组(20)，所述电芯组用于输出电能。';
const PASSAGE_EN = 'A battery module comprises a housing (10) and a cell stack (20) configured to deliver power.';
const LLM = { apiKey: 'sk-test', model: 'patent-writer-test', timeoutMs: 30_000, maxRetries: 2, retryBaseMs: 5 };
/** A small day so that the limit is reached with a few passages. */
const DAILY_CHARS = 5_000;

/** n Chinese sentences, about 30 characters each. */
function document(n: number): string {
  return Array.from({ length: n }, (_, i) => `第${i}段：所述散热板(3${i % 10})设置在壳体底部并用于导出热量。`).join('');
}

describe.each(await reachableDialects())('assisted writing API on %s', (dialect) => {
  let fake: FakeChatCompletions;
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  const clock = new TestClock(Date.parse('2026-03-10T23:30:00.000Z'));

  const call = (method: 'GET' | 'POST', url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') =>
    injectJson(t, method, `/api/product${url}`, payload, who, lang);
  const okData = async <T>(method: 'GET' | 'POST', url: string, payload: unknown, who: AuthHeader = owner) => {
    const res = await call(method, url, payload, who);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data as T;
  };
  const fails = async (url: string, payload: unknown, code: string, who: AuthHeader = owner, lang = 'zh') => {
    const res = await call('POST', url, payload, who, lang);
    expect(res.json(), res.body).toMatchObject({ status: 0, data: { code } });
    return { status: res.statusCode, message: (res.json() as { message: string }).message };
  };
  const rewriteText = async (payload: unknown, who: AuthHeader = owner) => {
    const answer = await okData<RewriteResponse>('POST', '/patent/rewrite/text', payload, who);
    // A second apart, so the history's newest-first order is the order of the calls.
    clock.advance(1);
    return answer;
  };
  const dayLimit = (who: AuthHeader = owner) =>
    okData<RewriteDayLimit>('GET', '/patent/rewrite/limit/day', undefined, who);

  beforeAll(async () => {
    fake = await startFakeChatCompletions({ apiKey: LLM.apiKey });
    t = await buildTestApp(
      dialect,
      { llm: { url: fake.url, ...LLM }, rewrite: { dailyChars: DAILY_CHARS } },
      { now: clock.now },
    );
    owner = await authHeader(t);
    stranger = await authHeader(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('rewrites a passage in each mode through the provider, keeping it in the history', async () => {
    for (const mode of ['rephrase', 'claim', 'expand', 'shorten'] as const) {
      fake.requests.length = 0;
      const { rewrite } = await rewriteText({ text: `  ${PASSAGE_ZH}\n`, mode });
      expect(rewrite).toMatchObject({
        kind: 'text',
        mode,
        language: 'zh',
        state: 'done',
        original: PASSAGE_ZH,
        result: fakeRewrite(mode, 'zh', PASSAGE_ZH),
        chars: PASSAGE_ZH.length,
        progress: { done: 1, total: 1 },
        error: null,
      });
      // One request: the key, the model, the mode's prompt and the passage as it was given (trimmed).
      expect(fake.requests).toHaveLength(1);
      const [request] = fake.requests;
      expect(request!.authorization).toBe('Bearer sk-test');
      expect(request!.body.model).toBe('patent-writer-test');
      const [system, user] = request!.body.messages;
      expect(system!.content.startsWith(`Mode: ${mode}.`)).toBe(true);
      expect(system!.content).toMatch(/reference sign/);
      expect(system!.content).toMatch(/Write the result in Simplified Chinese/);
      expect(user).toEqual({ role: 'user', content: PASSAGE_ZH });
    }
    // The rephrased passage keeps the reference signs and swaps words (包括 → 包含).
    const rephrased = fakeRewrite('rephrase', 'zh', PASSAGE_ZH);
    expect(rephrased).toContain('包含壳体(10)');

    const english = await rewriteText({ text: PASSAGE_EN, mode: 'rephrase' });
    expect(english.rewrite.language).toBe('en');
    expect(english.rewrite.result).toBe(
      'A battery module includes a housing (10) and a cell stack (20) arranged to deliver power.',
    );
    // A chosen language wins over the text's own.
    const into = await rewriteText({ text: PASSAGE_EN, mode: 'expand', language: 'zh' });
    expect(into.rewrite.language).toBe('zh');
    expect(fake.requests.at(-1)!.body.messages[0]!.content).toMatch(/Simplified Chinese/);

    const list = await okData<RewriteListResponse>('POST', '/patent/rewrite/list', {});
    expect(list.total).toBe(6);
    expect(list.items[0]).toMatchObject({ id: into.rewrite.id, mode: 'expand', state: 'done', truncated: false });
    const status = await okData<Rewrite>('GET', `/patent/rewrite/all/status?id=${english.rewrite.id}`, undefined);
    expect(status).toEqual(english.rewrite);
  });

  it('counts the day in characters (UTC), refuses past it, gives failed ones back and renews at midnight UTC', async () => {
    const user = await authHeader(t);
    const before = await dayLimit(user);
    expect(before).toMatchObject({ unit: 'chars', limit: DAILY_CHARS, used: 0, left: DAILY_CHARS, timeZone: 'UTC' });
    expect(before.resetsAt).toBe('2026-03-11T00:00:00.000Z');
    const passage = '所述壳体包括底板和侧板。'.repeat(200).slice(0, MAX_REWRITE_TEXT_LENGTH);
    for (let i = 0; i < 2; i += 1) {
      const { limit } = await rewriteText({ text: passage, mode: 'rephrase' }, user);
      expect(limit.used).toBe((i + 1) * passage.length);
    }
    expect((await dayLimit(user)).left).toBe(DAILY_CHARS - 2 * passage.length);
    // 1,000 left: a 2,000-character passage is refused with what is left and when it renews.
    const refused = await fails('/patent/rewrite/text', { text: passage }, 'REWRITE_DAILY_LIMIT_REACHED', user);
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(
      '今日辅助撰写额度不足：每日 5000 字，今日剩余 1000 字，本次需要 2000 字；额度于 2026-03-11 00:00 UTC 恢复',
    );
    const en = await fails('/patent/rewrite/all', { text: passage }, 'REWRITE_DAILY_LIMIT_REACHED', user, 'en');
    expect(en.message).toBe(
      'Not enough of today’s assisted-writing allowance: 5000 characters a day, 1000 left, this text needs 2000; it renews at 2026-03-11 00:00 UTC',
    );
    // A refused request leaves nothing behind; a failed rewrite gives its characters back.
    expect((await okData<RewriteListResponse>('POST', '/patent/rewrite/list', {}, user)).total).toBe(2);
    await fails('/patent/rewrite/text', { text: `${'短文'.repeat(100)}FAIL500` }, 'REWRITE_PROVIDER_FAILED', user);
    expect((await dayLimit(user)).used).toBe(2 * passage.length);
    // Deleting does not give characters back.
    const { items } = await okData<RewriteListResponse>('POST', '/patent/rewrite/list', { state: 'done' }, user);
    await okData('POST', '/patent/rewrite/delete', { ids: [items[0]!.id] }, user);
    expect((await dayLimit(user)).used).toBe(2 * passage.length);
    // Past midnight UTC the day starts again.
    clock.advance(31 * 60);
    const next = await dayLimit(user);
    expect(next).toMatchObject({ used: 0, left: DAILY_CHARS, resetsAt: '2026-03-12T00:00:00.000Z' });
    await rewriteText({ text: passage }, user);
  });

  it('counts each rewrite in the account’s writing quota and refuses past an operator’s limit', async () => {
    const user = await authHeader(t);
    await rewriteText({ text: PASSAGE_ZH }, user);
    await rewriteText({ text: PASSAGE_EN }, user);
    await fails('/patent/rewrite/text', { text: 'EMPTY answer' }, 'REWRITE_PROVIDER_BAD_ANSWER', user);
    const limits = await injectJson(t, 'POST', '/api/product/user/limit', {}, user);
    expect(limits.json().data.writing).toEqual({ limit: null, used: 2 });
    await t.context.repositories.users.update(user.userId, { quotas: { writing: 2 } });
    const quota = await fails('/patent/rewrite/text', { text: PASSAGE_ZH }, 'REWRITE_QUOTA_EXHAUSTED', user);
    expect(quota).toEqual({ status: 403, message: '当前剩余撰写次数为0（已用 2 / 2），请联系管理员' });
    expect((await dayLimit(user)).quota).toEqual({ limit: 2, used: 2 });
    await fails('/patent/rewrite/all', { text: document(10) }, 'REWRITE_QUOTA_EXHAUSTED', user);
  });

  it('refuses an empty text, an oversize one and a wrong mode, in zh and en', async () => {
    const empty = await fails('/patent/rewrite/text', { text: ' \n ' }, 'REWRITE_TEXT_EMPTY');
    expect(empty).toEqual({ status: 400, message: '请输入要改写的文本' });
    const long = 'x'.repeat(MAX_REWRITE_TEXT_LENGTH + 1);
    expect((await fails('/patent/rewrite/text', { text: long }, 'REWRITE_TEXT_TOO_LONG')).message).toBe(
      '已超过 2000 字符长度（当前 2001 个字符）；更长的文本请按全文改写',
    );
    expect((await fails('/patent/rewrite/text', { text: long }, 'REWRITE_TEXT_TOO_LONG', owner, 'en')).message).toBe(
      'Exceeded 2000 character length (2001 now); rewrite a longer text as a whole document',
    );
    const huge = 'y'.repeat(MAX_REWRITE_DOCUMENT_LENGTH + 1);
    expect((await fails('/patent/rewrite/all', { text: huge }, 'REWRITE_TEXT_TOO_LONG', owner, 'en')).message).toBe(
      'Exceeded 50000 character length (50001 now)',
    );
    await fails('/patent/rewrite/all', { text: '' }, 'REWRITE_TEXT_EMPTY');
    await fails('/patent/rewrite/text', { text: PASSAGE_ZH, mode: 'poem' }, 'VALIDATION_FAILED');
    await fails('/patent/rewrite/text', { text: PASSAGE_ZH, language: 'fr' }, 'VALIDATION_FAILED');
    await fails('/patent/rewrite/text', {}, 'VALIDATION_FAILED');
  });

  it('retries 429 and 500, then answers the provider’s failure as a clear message and records it', async () => {
    fake.requests.length = 0;
    fake.busyTimes = 1;
    const busy = await rewriteText({ text: '所述BUSY429装置包括外壳。' });
    expect(busy.rewrite.state).toBe('done');
    expect(fake.requests).toHaveLength(2);

    fake.requests.length = 0;
    const failed = await fails('/patent/rewrite/text', { text: '所述FAIL500装置。' }, 'REWRITE_PROVIDER_FAILED');
    expect(failed).toEqual({ status: 502, message: '语言模型服务出错（HTTP 500），请稍后重试' });
    // The first try and LLM_MAX_RETRIES (2) more.
    expect(fake.requests).toHaveLength(3);
    const { items } = await okData<RewriteListResponse>('POST', '/patent/rewrite/list', { state: 'failed' });
    expect(items[0]).toMatchObject({
      state: 'failed',
      error: '语言模型服务出错（HTTP 500），请稍后重试',
      result: null,
    });
    const en = await fails('/patent/rewrite/text', { text: 'FAIL500 now' }, 'REWRITE_PROVIDER_FAILED', owner, 'en');
    expect(en.message).toBe('The language model service failed (HTTP 500); please try again later');
    const bad = await fails('/patent/rewrite/text', { text: 'EMPTY' }, 'REWRITE_PROVIDER_BAD_ANSWER', owner, 'en');
    expect(bad.message).toBe(
      'The language model’s answer could not be used (no message content); please try again later',
    );
  });

  it('rewrites a document as a task in sentence pieces, the status showing its progress', async () => {
    // Its own account: a document takes most of a day's characters.
    const writer = await authHeader(t);
    const text = document(120);
    expect(text.length).toBeGreaterThan(MAX_REWRITE_TEXT_LENGTH);
    const chunks = splitIntoChunks(text, REWRITE_CHUNK_CHARS);
    expect(chunks.length).toBeGreaterThan(1);
    fake.requests.length = 0;
    const { rewrite, limit } = await okData<RewriteResponse>(
      'POST',
      '/patent/rewrite/all',
      {
        text,
        mode: 'rephrase',
        title: '散热结构',
      },
      writer,
    );
    expect(rewrite).toMatchObject({
      kind: 'all',
      state: 'waiting',
      title: '散热结构',
      progress: { done: 0, total: chunks.length },
    });
    expect(limit.used).toBeGreaterThanOrEqual(text.length);
    const waiting = await okData<Rewrite>('GET', `/patent/rewrite/all/status?id=${rewrite.id}`, undefined, writer);
    expect(waiting.state).toBe('waiting');
    await t.context.jobs.worker.runDueJobs();
    const done = await okData<Rewrite>('GET', `/patent/rewrite/all/status?id=${rewrite.id}`, undefined, writer);
    expect(done).toMatchObject({ state: 'done', progress: { done: chunks.length, total: chunks.length } });
    expect(done.result).toBe(chunks.map((c) => fakeRewrite('rephrase', 'zh', c.trim())).join(''));
    expect(done.result).toContain('布置在壳体底部并用来导出热量');
    // One request per piece, each told which part it is.
    expect(fake.requests).toHaveLength(chunks.length);
    expect(fake.requests[1]!.body.messages[0]!.content).toContain(`part 2 of ${chunks.length}`);
    for (const request of fake.requests) {
      expect(request.body.messages[1]!.content.length).toBeLessThanOrEqual(REWRITE_CHUNK_CHARS);
    }

    // A failing piece fails the document with the provider's message in the asker's language.
    const failing = await injectJson(
      t,
      'POST',
      '/api/product/patent/rewrite/all',
      { text: `${document(40)}FAIL500。${document(5)}` },
      writer,
      'en',
    );
    const id = (failing.json().data as RewriteResponse).rewrite.id;
    await t.context.jobs.worker.runDueJobs();
    // Stored as a code: shown in the language of whoever reads it.
    const status = (await call('GET', `/patent/rewrite/all/status?id=${id}`, undefined, writer, 'en')).json()
      .data as Rewrite;
    expect(status).toMatchObject({
      state: 'failed',
      error: 'The language model service failed (HTTP 500); please try again later',
    });
    const inChinese = await okData<Rewrite>('GET', `/patent/rewrite/all/status?id=${id}`, undefined, writer);
    expect(inChinese.error).toBe('语言模型服务出错（HTTP 500），请稍后重试');
  });

  it('finds rewrites by words, mode and state, and cuts long texts in the list', async () => {
    const user = await authHeader(t);
    const long = `${'所述冷却板设置在电芯下方。'.repeat(40)}`;
    const first = await rewriteText({ text: long, mode: 'shorten' }, user);
    await rewriteText({ text: PASSAGE_EN, mode: 'claim' }, user);
    await rewriteText({ text: 'Electrolyte 50% LiPF6.', mode: 'rephrase' }, user);
    const list = (body: unknown) => okData<RewriteListResponse>('POST', '/patent/rewrite/list', body, user);
    expect((await list({ keyword: 'HOUSING' })).items.map((i) => i.mode)).toEqual(['claim']);
    // The result is searched too ("characterised" is in the claim's result only); LIKE's % is a plain character.
    expect((await list({ keyword: 'characterised' })).total).toBe(1);
    expect((await list({ keyword: '50%' })).total).toBe(1);
    expect((await list({ keyword: '0%L' })).total).toBe(0);
    expect((await list({ mode: 'shorten' })).items[0]).toMatchObject({ id: first.rewrite.id, truncated: true });
    expect((await list({ mode: 'shorten' })).items[0]!.original).toHaveLength(300);
    const paged = await list({ page: 2, pageSize: 2 });
    expect([paged.total, paged.items.length]).toEqual([3, 1]);
  });

  it('exports one rewrite or several as Word or text, only the caller’s own', async () => {
    const user = await authHeader(t);
    const a = await rewriteText({ text: PASSAGE_ZH, mode: 'claim', title: '电池模组' }, user);
    const b = await rewriteText({ text: PASSAGE_EN, mode: 'rephrase' }, user);
    const exportOf = (body: unknown, who: AuthHeader = user, lang = 'zh') =>
      call('POST', '/patent/rewrite/export/text', body, who, lang);

    const docx = await exportOf({ ids: [a.rewrite.id, b.rewrite.id] });
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    const day = clock.now().toISOString().slice(0, 10).replace(/-/g, '');
    expect(docx.headers['content-disposition']).toContain(encodeURIComponent(`辅助撰写-${day}.docx`));
    const xml = await (await JSZip.loadAsync(docx.rawPayload)).file('word/document.xml')!.async('string');
    for (const expected of [
      '电池模组',
      '权利要求化',
      '原文',
      '改写结果',
      '1. 一种装置，其特征在于',
      'includes a housing (10)',
    ]) {
      expect(xml).toContain(expected);
    }
    expect(xml.indexOf('电池模组')).toBeLessThan(xml.indexOf('A battery module'));

    const txt = await exportOf({ ids: [b.rewrite.id], format: 'txt' }, user, 'en');
    expect(txt.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect([...txt.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = txt.rawPayload.subarray(3).toString('utf8');
    expect(text).toContain('Mode：Rephrase');
    expect(text).toContain(`【Original】\r\n${PASSAGE_EN}\r\n`);
    expect(text).toContain('【Result】\r\nA battery module includes a housing (10)');

    const stolen = await exportOf({ ids: [a.rewrite.id] }, stranger);
    expect(stolen.json()).toMatchObject({ status: 0, data: { code: 'REWRITE_NOT_FOUND' } });
    const mixed = await exportOf({ ids: [a.rewrite.id, 'no-such-id'] });
    expect(mixed.json()).toMatchObject({ status: 0, data: { code: 'REWRITE_NOT_FOUND' } });
    await fails('/patent/rewrite/export/text', { ids: [a.rewrite.id], format: 'pdf' }, 'VALIDATION_FAILED', user);
  });

  it('shows and changes only the caller’s own rewrites, behind the /assistedWriting permission', async () => {
    const { rewrite } = await rewriteText({ text: PASSAGE_ZH });
    const theirs = await call('GET', `/patent/rewrite/all/status?id=${rewrite.id}`, undefined, stranger);
    expect([theirs.statusCode, theirs.json().data.code]).toEqual([404, 'REWRITE_NOT_FOUND']);
    await fails('/patent/rewrite/delete', { ids: [rewrite.id] }, 'REWRITE_NOT_FOUND', stranger);
    const strangerList = await okData<RewriteListResponse>('POST', '/patent/rewrite/list', {}, stranger);
    expect(strangerList.items.some((i) => i.id === rewrite.id)).toBe(false);
    // The owner still has it; deleting it takes it out of the history and its status.
    await okData('POST', '/patent/rewrite/delete', { ids: [rewrite.id] });
    const gone = await call('GET', `/patent/rewrite/all/status?id=${rewrite.id}`, undefined, owner);
    expect(gone.json().data.code).toBe('REWRITE_NOT_FOUND');

    const anonymous = await call('GET', '/patent/rewrite/limit/day', undefined, null);
    expect(anonymous.statusCode).toBe(401);
    const noPermission = await authHeader(t, ['/search/quick']);
    for (const [method, url] of [
      ['POST', '/patent/rewrite/text'],
      ['POST', '/patent/rewrite/all'],
      ['GET', '/patent/rewrite/all/status?id=x'],
      ['GET', '/patent/rewrite/limit/day'],
      ['POST', '/patent/rewrite/list'],
      ['POST', '/patent/rewrite/export/text'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? { text: 'x', ids: ['x'] } : undefined, noPermission);
      expect([res.statusCode, res.json().data.code], url).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('fails a document that was running when the server stopped', async () => {
    const { rewrite } = await okData<RewriteResponse>('POST', '/patent/rewrite/all', { text: document(80) });
    await t.context.repositories.tasks.rewrite.update(rewrite.id, { state: 'running' });
    expect(await failInterruptedTasks([t.context.repositories.tasks.rewrite])).toEqual({ rewrite: [rewrite.id] });
    const status = await okData<Rewrite>('GET', `/patent/rewrite/all/status?id=${rewrite.id}`, undefined);
    expect(status).toMatchObject({ state: 'failed', error: '服务器在改写过程中停止，请重新提交' });
    // Its job, claimed later, finds it no longer waiting and leaves it.
    await t.context.jobs.worker.runDueJobs();
    expect((await okData<Rewrite>('GET', `/patent/rewrite/all/status?id=${rewrite.id}`, undefined)).state).toBe(
      'failed',
    );
  });
});

describe('assisted writing without LLM_URL, and a provider that times out or refuses', () => {
  /** One attempt of at most 1 s: SLOW is never answered. */
  const IMPATIENT_LLM = { url: '', apiKey: 'sk-right', model: 'm', timeoutMs: 1000, maxRetries: 0, retryBaseMs: 5 };
  let fake: FakeChatCompletions;
  let unconfigured: TestApp;
  let impatient: TestApp;
  beforeAll(async () => {
    fake = await startFakeChatCompletions({ apiKey: 'sk-right' });
    unconfigured = await buildTestApp('sqlite');
    IMPATIENT_LLM.url = `${fake.url}/v1/`;
    impatient = await buildTestApp('sqlite', { llm: IMPATIENT_LLM });
  }, 120_000);
  afterAll(async () => {
    await unconfigured?.close();
    await impatient?.close();
    await fake?.close();
  });

  it('answers every call REWRITE_NOT_CONFIGURED and says so in /api/health', async () => {
    const user = await authHeader(unconfigured);
    const calls = [
      ['POST', '/patent/rewrite/text', { text: PASSAGE_ZH }],
      ['POST', '/patent/rewrite/all', { text: PASSAGE_ZH }],
      ['GET', '/patent/rewrite/all/status?id=x', undefined],
      ['GET', '/patent/rewrite/limit/day', undefined],
      ['POST', '/patent/rewrite/list', {}],
      ['POST', '/patent/rewrite/delete', { ids: ['x'] }],
      ['POST', '/patent/rewrite/export/text', { ids: ['x'] }],
    ] as const;
    for (const [method, url, payload] of calls) {
      const zh = await injectJson(unconfigured, method, `/api/product${url}`, payload, user);
      expect([zh.statusCode, zh.json()], url).toEqual([
        503,
        {
          status: 0,
          message: '未配置辅助撰写服务：请管理员设置 LLM_URL（以及 LLM_API_KEY、LLM_MODEL）后重启',
          data: { code: 'REWRITE_NOT_CONFIGURED' },
        },
      ]);
    }
    const en = await injectJson(unconfigured, 'GET', '/api/product/patent/rewrite/limit/day', undefined, user, 'en');
    expect(en.json().message).toBe(
      'Assisted writing is not set up: ask the administrator to set LLM_URL (and LLM_API_KEY, LLM_MODEL) and restart',
    );
    const off = await unconfigured.app.inject({ method: 'GET', url: '/api/health' });
    expect(off.json().data.features).toEqual({ translation: false, rewrite: false });
    const on = await impatient.app.inject({ method: 'GET', url: '/api/health' });
    expect(on.json().data.features).toEqual({ translation: false, rewrite: true });
  });

  it('ends a passage the provider does not answer in time, and names a refused key', async () => {
    const user = await authHeader(impatient);
    const slow = await injectJson(impatient, 'POST', '/api/product/patent/rewrite/text', { text: 'SLOW one' }, user);
    expect([slow.statusCode, slow.json().message]).toEqual([504, '语言模型服务在 1 秒内未响应，请稍后重试或缩短文本']);
    // A wrong key is refused by the provider: not retried, named in the message.
    const wrongKey = createRewriteProvider({ ...IMPATIENT_LLM, apiKey: 'sk-wrong', maxRetries: 2 })!;
    const refused = await wrongKey.complete([{ role: 'user', content: PASSAGE_EN }]).catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 'REWRITE_PROVIDER_REFUSED', params: { status: 401 } });
    expect(formatErrorMessage('REWRITE_PROVIDER_REFUSED', 'en', { status: 401 })).toBe(
      'The language model service refused the request (HTTP 401); ask the administrator to check LLM_API_KEY and LLM_MODEL',
    );
    const limit = await injectJson(impatient, 'GET', '/api/product/patent/rewrite/limit/day', undefined, user);
    // It failed: nothing counted.
    expect(limit.json().data.used).toBe(0);
  });

  it('reads LLM_* and REWRITE_DAILY_CHARS, and cleans a model’s thinking and fences off its answer', async () => {
    const { loadConfig } = await import('../../config.js');
    const config = loadConfig({ LLM_URL: 'http://127.0.0.1:8000', LLM_API_KEY: 'k', REWRITE_DAILY_CHARS: '2000' });
    expect(config.llm).toEqual({
      url: 'http://127.0.0.1:8000',
      apiKey: 'k',
      model: 'gpt-4o-mini',
      timeoutMs: 90_000,
      maxRetries: 2,
      retryBaseMs: 1000,
    });
    expect(config.rewrite.dailyChars).toBe(2000);
    expect(() => loadConfig({ LLM_URL: 'ftp://x' })).toThrow(/LLM_URL/);
    expect(cleanAnswer('<think>plan</think>\n```text\n改写后的文本\n```')).toBe('改写后的文本');
  });
});
