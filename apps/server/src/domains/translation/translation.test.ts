import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  reachableDialects,
  TestClock,
  testConfig,
  type AuthHeader,
  type TestApp,
} from '../../../test/helpers.js';
import { CHUNK_MAX_CHARS, splitIntoChunks } from '../../text/chunking.js';
import { createTranslationProvider } from './translation.provider.js';
import { BATCH_DELAY_MS, CHUNKS_PER_BATCH, TranslationService } from './translation.service.js';

interface Recorded {
  url: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/**
 * A real HTTP server on 127.0.0.1 speaking the LibreTranslate and the OpenAI chat-completions
 * protocols. It "translates" by wrapping the text in ‹target:…›, and fails any text containing FAIL.
 */
async function startFakeService(): Promise<{ url: string; requests: Recorded[]; server: Server }> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (part: Buffer) => (raw += part.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push({ url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/translate') {
        const q = String(body.q);
        if (q.includes('FAIL')) return res.writeHead(500).end('{"error":"boom"}');
        return res.end(JSON.stringify({ translatedText: `‹${String(body.target)}:${q.trim()}›` }));
      }
      if (req.url === '/v1/chat/completions') {
        if (req.headers.authorization !== 'Bearer sk-test') return res.writeHead(401).end('{}');
        const messages = body.messages as { role: string; content: string }[];
        const text = messages.find((m) => m.role === 'user')!.content;
        const into = /Simplified Chinese/.test(messages[0]!.content) ? 'zh' : 'en';
        return res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: `‹${into}:${text}›` } }] }));
      }
      res.writeHead(404).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests, server };
}

/** n English sentences of about 60 characters each. */
function sentences(n: number, tag = 'S'): string {
  return Array.from({ length: n }, (_, i) => `${tag}${i} the electrode comprises a lithium nickel oxide layer. `)
    .join('')
    .trimEnd();
}

describe('splitIntoChunks', () => {
  it('cuts at sentence ends into chunks of at most 6000 characters that join back to the text', () => {
    const text = sentences(400);
    const chunks = splitIntoChunks(text);
    expect(chunks.length).toBeGreaterThanOrEqual(4);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
    for (const chunk of chunks.slice(0, -1)) expect(chunk).toMatch(/layer\. $/);
    expect(chunks.join('')).toBe(text);
  });

  it('cuts Chinese at 。 and an over-long sentence without spaces at the limit', () => {
    const zh = '本发明公开了一种锂电池正极材料。'.repeat(800);
    const chunks = splitIntoChunks(zh);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
      expect(chunk.endsWith('。')).toBe(true);
    }
    expect(chunks.join('')).toBe(zh);
    const run = 'x'.repeat(13_000);
    expect(splitIntoChunks(run).map((c) => c.length)).toEqual([6000, 6000, 1000]);
    expect(splitIntoChunks('')).toEqual([]);
  });
});

describe('TranslationService over a real HTTP service', () => {
  let fake: Awaited<ReturnType<typeof startFakeService>>;
  beforeAll(async () => {
    fake = await startFakeService();
  });
  afterAll(() => new Promise<void>((resolve) => fake.server.close(() => resolve())));

  it('sends LibreTranslate requests in batches of 5 chunks with 1000 ms between batches', async () => {
    fake.requests.length = 0;
    const delays: { ms: number; requestsSoFar: number }[] = [];
    const service = new TranslationService(
      createTranslationProvider({ url: fake.url, kind: 'libretranslate', apiKey: 'lt-key', model: 'unused' }),
      async (ms) => {
        delays.push({ ms, requestsSoFar: fake.requests.length });
      },
    );
    const texts = [sentences(600, 'A'), 'Short one.', sentences(600, 'B'), ''];
    texts.push(' \n ');
    const result = await service.translate('zh', texts, 'en');
    const chunkCount = fake.requests.length;
    expect(chunkCount).toBe(texts.slice(0, 4).reduce((n, t) => n + splitIntoChunks(t).length, 0));
    expect(chunkCount).toBeGreaterThan(2 * CHUNKS_PER_BATCH);
    for (const request of fake.requests) {
      expect(request.url).toBe('/translate');
      expect(request.body).toMatchObject({ source: 'auto', target: 'zh', format: 'text', api_key: 'lt-key' });
      expect(String(request.body.q).length).toBeLessThanOrEqual(CHUNK_MAX_CHARS);
    }
    // one pause before every batch but the first, each after exactly 5 more chunks went out
    expect(delays).toEqual(
      Array.from({ length: Math.ceil(chunkCount / CHUNKS_PER_BATCH) - 1 }, (_, i) => ({
        ms: BATCH_DELAY_MS,
        requestsSoFar: (i + 1) * CHUNKS_PER_BATCH,
      })),
    );
    expect(result.Error).toBeUndefined();
    expect(result.TargetTextList).toHaveLength(5);
    expect(result.TargetTextList[4]).toBe('');
    expect(result.TargetTextList[1]).toBe('‹zh:Short one.›');
    expect(result.TargetTextList[3]).toBe('');
    // text A comes back as its chunks' translations, in order
    const aChunks = splitIntoChunks(texts[0]!);
    expect(result.TargetTextList[0]!.startsWith(`‹zh:${aChunks[0]!.trim()}› ‹zh:`)).toBe(true);
    expect(result.TargetTextList[0]!.match(/‹zh:/g)).toHaveLength(aChunks.length);
  });

  it('skips a failed batch: its texts come back empty, the rest translated, Error says so', async () => {
    const service = new TranslationService(
      createTranslationProvider({ url: fake.url, kind: 'libretranslate', apiKey: undefined, model: 'unused' }),
      async () => undefined,
    );
    // batch 1: the five short texts; batch 2: the FAIL text and one more; batch 3: the last text
    const texts = ['One.', 'Two.', 'Three.', 'Four.', 'Five.', 'This will FAIL.', 'Six.', 'Seven.', 'Eight.'];
    texts.push('Nine.', 'Ten.');
    const en = await service.translate('en', texts, 'en');
    expect(en.TargetTextList).toEqual([
      '‹en:One.›',
      '‹en:Two.›',
      '‹en:Three.›',
      '‹en:Four.›',
      '‹en:Five.›',
      '',
      '',
      '',
      '',
      '',
      '‹en:Ten.›',
    ]);
    expect(en.Error).toBe(
      '1 of 3 translation batches failed and their texts are empty: translation service answered HTTP 500',
    );
    const zh = await service.translate('en', texts, 'zh');
    expect(zh.Error).toBe('1/3 批翻译失败，对应文本返回为空：translation service answered HTTP 500');
  });

  it('speaks the OpenAI chat-completions protocol with the key, the model and a patent-translation prompt', async () => {
    fake.requests.length = 0;
    const service = new TranslationService(
      createTranslationProvider({ url: `${fake.url}/v1/`, kind: 'openai', apiKey: 'sk-test', model: 'qwen2.5-7b' }),
      async () => undefined,
    );
    const result = await service.translate('en', ['一种电池。', '正极材料。'], 'en');
    expect(result).toEqual({ TargetTextList: ['‹en:一种电池。›', '‹en:正极材料。›'] });
    expect(fake.requests).toHaveLength(2);
    const request = fake.requests[0]!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.body.model).toBe('qwen2.5-7b');
    const [system] = request.body.messages as { role: string; content: string }[];
    expect(system!.role).toBe('system');
    expect(system!.content).toMatch(/patent translator/);
    expect(system!.content).toMatch(/English/);

    const wrongKey = new TranslationService(
      createTranslationProvider({ url: fake.url, kind: 'openai', apiKey: 'sk-wrong', model: 'm' }),
      async () => undefined,
    );
    const refused = await wrongKey.translate('zh', ['x'], 'en');
    expect(refused.TargetTextList).toEqual(['']);
    expect(refused.Error).toMatch(/HTTP 401/);
  });

  it('reads the service from TRANSLATE_* variables and rejects a bad kind', async () => {
    const { loadConfig } = await import('../../config.js');
    const config = loadConfig({
      TRANSLATE_URL: 'http://127.0.0.1:5000',
      TRANSLATE_KIND: 'openai',
      TRANSLATE_API_KEY: 'secret',
      TRANSLATE_DAILY_CHARS_PER_USER: '1000',
    });
    expect(config.translate).toEqual({
      url: 'http://127.0.0.1:5000',
      kind: 'openai',
      apiKey: 'secret',
      model: 'gpt-4o-mini',
      dailyCharsPerUser: 1000,
      dailyCharsPerAddress: 1_000_000,
      queryTimeoutMs: 3000,
    });
    expect(testConfig().translate.url).toBeUndefined();
    expect(() => loadConfig({ TRANSLATE_URL: 'http://x', TRANSLATE_KIND: 'deepl' })).toThrow(/TRANSLATE_KIND/);
    expect(() => loadConfig({ TRANSLATE_DAILY_CHARS_PER_ADDRESS: '0' })).toThrow(/TRANSLATE_DAILY_CHARS_PER_ADDRESS/);
  });
});

describe('POST /api/product/search/translation and /translate', () => {
  let fake: Awaited<ReturnType<typeof startFakeService>>;
  let configured: Awaited<ReturnType<typeof buildTestApp>>;
  let unconfigured: Awaited<ReturnType<typeof buildTestApp>>;
  let searcher: AuthHeader;
  const delays: number[] = [];
  beforeAll(async () => {
    fake = await startFakeService();
    configured = await buildTestApp(
      'sqlite',
      { translate: { ...testConfig().translate, url: fake.url, kind: 'libretranslate' } },
      { translationDelay: async (ms) => void delays.push(ms) },
    );
    unconfigured = await buildTestApp('sqlite');
    searcher = await authHeader(configured, ['/search/quick']);
  });
  afterAll(async () => {
    await configured.close();
    await unconfigured.close();
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  it('translates through the configured service on both paths', async () => {
    for (const url of ['/api/product/search/translation', '/api/product/translate']) {
      const response = await configured.app.inject({
        method: 'POST',
        url,
        headers: searcher,
        payload: { language: 'en', texts: ['一种锂电池。', 'Claim 1.'] },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.json()).toEqual({
        status: 1,
        message: '',
        data: { TargetTextList: ['‹en:一种锂电池。›', '‹en:Claim 1.›'] },
      });
    }
  });

  it('tells the web app in /api/health whether translation is configured', async () => {
    const on = await configured.app.inject({ method: 'GET', url: '/api/health' });
    expect(on.json().data.features).toEqual({ translation: true, rewrite: false });
    const off = await unconfigured.app.inject({ method: 'GET', url: '/api/health' });
    expect(off.json().data.features).toEqual({ translation: false, rewrite: false });
  });

  it('answers status 0 with a clear zh or en message when no service is configured', async () => {
    const headers = await authHeader(unconfigured, ['/search/result']);
    const payload = { language: 'zh', texts: ['A battery.'] };
    const zh = await unconfigured.app.inject({ method: 'POST', url: '/api/product/translate', headers, payload });
    expect(zh.statusCode).toBe(503);
    expect(zh.json()).toEqual({
      status: 0,
      message: '未配置翻译服务：请管理员设置 TRANSLATE_URL 后重试',
      data: { code: 'TRANSLATION_NOT_CONFIGURED' },
    });
    const en = await unconfigured.app.inject({
      method: 'POST',
      url: '/api/product/search/translation',
      headers: { ...headers, 'accept-language': 'en' },
      payload,
    });
    expect(en.json().message).toBe('No translation service is configured: ask the administrator to set TRANSLATE_URL');
  });

  it('needs a search permission', async () => {
    const payload = { language: 'zh', texts: ['A battery.'] };
    const anonymous = await configured.app.inject({ method: 'POST', url: '/api/product/translate', payload });
    expect(anonymous.statusCode).toBe(401);
    const noSearch = await authHeader(configured, ['/searchHistory']);
    const forbidden = await configured.app.inject({
      method: 'POST',
      url: '/api/product/translate',
      headers: noSearch,
      payload,
    });
    expect([forbidden.statusCode, forbidden.json().data.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('validates the language, the number of texts and the total length', async () => {
    const bad = [
      { language: 'fr', texts: ['x'] },
      { language: 'zh', texts: [] },
      { language: 'zh', texts: Array.from({ length: 101 }, () => 'x') },
      { language: 'zh', texts: ['x'.repeat(30_000), 'y'.repeat(20_001)] },
    ];
    for (const payload of bad) {
      const response = await configured.app.inject({
        method: 'POST',
        url: '/api/product/translate',
        headers: searcher,
        payload,
      });
      expect([response.statusCode, response.json().data.code], JSON.stringify(payload).slice(0, 60)).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
    }
    fake.requests.length = 0;
    const atLimit = await configured.app.inject({
      method: 'POST',
      url: '/api/product/translate',
      headers: searcher,
      payload: { language: 'zh', texts: Array.from({ length: 100 }, (_, i) => `T${i}.`) },
    });
    expect(atLimit.json().data.TargetTextList).toHaveLength(100);
    expect(fake.requests).toHaveLength(100);
    expect(delays).toEqual(Array.from({ length: 19 }, () => BATCH_DELAY_MS));
  });
});

describe.each(await reachableDialects())('the daily translation budget (%s)', (dialect) => {
  let fake: Awaited<ReturnType<typeof startFakeService>>;
  let t: TestApp;
  const clock = new TestClock(Date.parse('2026-03-10T23:00:00.000Z'));
  const translate = (texts: string[], headers: Record<string, string>, remoteAddress = '127.0.0.1', lang = 'zh') =>
    t.app.inject({
      method: 'POST',
      url: '/api/product/translate',
      headers: { ...headers, 'accept-language': lang },
      remoteAddress,
      payload: { language: 'en', texts },
    });
  /** An IP-login visitor's bearer header (a session of no account, from `ip`). */
  const ipVisitor = async (ip: string) => {
    const tenant = (await t.context.repositories.tenants.findByCode('budget-campus'))!;
    const tokens = await t.context.services.sessions.open({ userId: null, tenantId: tenant.id, loginType: 'ip', ip });
    return { authorization: `Bearer ${tokens.accessToken}` };
  };

  beforeAll(async () => {
    fake = await startFakeService();
    t = await buildTestApp(
      dialect,
      {
        translate: {
          ...testConfig().translate,
          url: fake.url,
          kind: 'libretranslate',
          dailyCharsPerUser: 30,
          dailyCharsPerAddress: 20,
        },
      },
      { now: clock.now, translationDelay: async () => undefined },
    );
    const role = await t.context.repositories.roles.create({
      name: `ip-translate-${dialect}`,
      permissions: ['/search/quick'],
    });
    await t.context.repositories.tenants.create({
      code: 'budget-campus',
      name: 'Budget campus',
      ipRanges: ['10.30.0.0/16'],
      ipRoleIds: [role.id],
      onlineCap: null,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => fake.server.close(() => resolve()));
  });

  it('counts an account’s characters per UTC day and refuses, sending nothing, once they would pass the limit', async () => {
    const user = await authHeader(t, ['/search/quick']);
    expect((await translate(['0123456789'], user)).json().status).toBe(1);
    expect((await translate(['abcdefghijklmno'], user)).json().status).toBe(1);
    const sent = fake.requests.length;
    const zh = await translate(['0123456789'], user);
    expect(zh.statusCode).toBe(429);
    expect(zh.json()).toEqual({
      status: 0,
      message: '今日翻译额度不足：每日 30 字符，今日剩余 5 字符，本次需要 10 字符；额度于 2026-03-11 00:00 UTC 恢复',
      data: { code: 'TRANSLATION_DAILY_LIMIT_REACHED' },
    });
    const en = await translate(['0123456789'], user, '127.0.0.1', 'en');
    expect(en.json().message).toBe(
      'Not enough of today’s translation allowance: 30 characters a day, 5 left, this call needs 10; it renews at 2026-03-11 00:00 UTC',
    );
    expect(fake.requests.length).toBe(sent);
    // a call larger than the whole day's allowance is refused as well
    expect((await translate(['x'.repeat(31)], await authHeader(t, ['/search/quick']))).statusCode).toBe(429);
    // another account has its own day; blank texts cost nothing
    const other = await authHeader(t, ['/search/quick']);
    expect((await translate(['0123456789', '  '], other)).json().status).toBe(1);
    // the next UTC day starts afresh
    clock.advance(5400);
    expect((await translate(['0123456789'], user)).json().status).toBe(1);
  });

  it('gives back the characters of batches that failed', async () => {
    const user = await authHeader(t, ['/search/quick']);
    const failed = await translate(['This will FAIL.', 'abcde'], user);
    expect(failed.json().data.Error).toMatch(/HTTP 500/);
    // 'abcde' (its batch failed with it) and the 15 characters of the failed text are back: 30 left
    expect((await translate(['x'.repeat(30)], user)).json().status).toBe(1);
    expect((await translate(['x'], user)).statusCode).toBe(429);
  });

  it('lets two calls at once pass the limit together only as far as it goes', async () => {
    const user = await authHeader(t, ['/search/quick']);
    const answers = await Promise.all([translate(['a'.repeat(20)], user), translate(['b'.repeat(20)], user)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429]);
  });

  it('counts visitors without an account by their address, all visitors of one address together', async () => {
    const first = await ipVisitor('10.30.0.5');
    const second = await ipVisitor('10.30.0.5');
    expect((await translate(['y'.repeat(15)], first, '10.30.0.5')).json().status).toBe(1);
    const refused = await translate(['z'.repeat(10)], second, '10.30.0.5');
    expect([refused.statusCode, refused.json().data.code]).toEqual([429, 'TRANSLATION_DAILY_LIMIT_REACHED']);
    expect(refused.json().message).toContain('每日 20 字符，今日剩余 5 字符');
    // another address has its own allowance
    const elsewhere = await ipVisitor('10.30.0.6');
    expect((await translate(['z'.repeat(10)], elsewhere, '10.30.0.6')).json().status).toBe(1);
  });
});
