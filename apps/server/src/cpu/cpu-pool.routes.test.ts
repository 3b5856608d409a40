import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  type AuthHeader,
  type TestApp,
} from '../../test/helpers.js';
import { buildHeavyCheck, type HeavyCheck } from '../../test/heavy-check.js';
import { alignmentRecordOf, reportOf } from '../domains/duplicate/duplicate-report.js';

/**
 * Issue 40: a costly request must not hold the HTTP thread. /patent/check at its heaviest (a
 * 50,000-character text against ten patents with descriptions of 20,000 characters or more: seconds of
 * alignment) runs on the CPU pool; meanwhile another caller's GET /api/health is answered at once.
 * SQLite only: the point is the thread, not the database.
 */
describe('the CPU pool keeps the HTTP thread free', () => {
  let heavy: HeavyCheck;
  let body: { text: string; publicationNumbers: string[] };
  // What one check costs on this thread (how the route ran before the pool): the bounds below are
  // shares of it, so a slower machine loosens them alike. The input grows until one check costs
  // over a second here, so that a blocked thread stands out from a loaded machine's jitter.
  let inlineMs = 0;
  let t: TestApp;
  let user: AuthHeader;

  beforeAll(async () => {
    for (const descriptionChars of [20_000, 40_000, 80_000, 160_000]) {
      heavy = buildHeavyCheck(descriptionChars);
      const started = performance.now();
      reportOf(heavy.text, heavy.patents.map(alignmentRecordOf), heavy.patents.length, started);
      inlineMs = performance.now() - started;
      if (inlineMs > 1_000) break;
    }
    body = { text: heavy.text, publicationNumbers: heavy.patents.map((p) => p.publicationNumber) };
    t = await buildTestApp('sqlite', {
      cpu: { workers: 1, taskTimeoutMs: 180_000, costlyPerMinute: 100_000, formalReviewPerMinute: 100_000 },
    });
    await indexPatents(t, heavy.patents);
    user = await authHeader(t);
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers /api/health fast while a user loops on /patent/check', async () => {
    expect(inlineMs, 'the heavy input must cost seconds, or the test proves nothing').toBeGreaterThan(800);

    let isLooping = true;
    const loop = (async () => {
      try {
        for (let i = 0; i < 3; i++) {
          const res = await injectJson(t, 'POST', '/api/product/patent/check', body, user);
          expect(res.json(), res.body.slice(0, 300)).toMatchObject({ status: 1 });
          expect(res.json().data.patents).toHaveLength(heavy.patents.length);
        }
      } finally {
        isLooping = false;
      }
    })();
    // The time between two answers, the 10 ms pause included: a blocked event loop delays the
    // pause's timer as much as the request (with the alignment on this thread: a whole check).
    const gaps: number[] = [];
    let last = performance.now();
    while (isLooping) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 10));
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }
    await loop;
    gaps.sort((a, b) => a - b);
    const worst = gaps[gaps.length - 1]!;
    const median = gaps[Math.floor(gaps.length / 2)]!;
    const figures = `health every ${median.toFixed(0)} ms (median), worst ${worst.toFixed(0)} ms, n=${gaps.length}; one check inline ${inlineMs.toFixed(0)} ms`;
    console.log(`[cpu-pool test] ${figures}`);
    // Without the pool each gap spans a whole check (~inlineMs), and there are a handful of them.
    expect(gaps.length, figures).toBeGreaterThan(20);
    expect(median, figures).toBeLessThan(Math.max(60, inlineMs / 20));
    expect(worst, figures).toBeLessThan(inlineMs / 3);
  }, 180_000);
});

/**
 * Issue 40: each costly route answered at once has a per-user limit a minute
 * (COSTLY_RATE_LIMIT_PER_MINUTE, FORMAL_REVIEW_RATE_LIMIT_PER_MINUTE), refused with a zh/en message.
 */
describe('the costly routes are rate-limited per user', () => {
  let t: TestApp;
  let heavyUser: AuthHeader;
  let otherUser: AuthHeader;
  const COSTLY_ROUTES: { method: 'GET' | 'POST'; url: string; payload?: unknown }[] = [
    { method: 'POST', url: '/patent/check', payload: { text: '一种装置。', publicationNumbers: ['CN1234567A'] } },
    { method: 'POST', url: '/apply/pre/formal', payload: { claims: '1. 一种装置。' } },
    { method: 'POST', url: '/patentValue/download', payload: { publicationNumbers: ['CN1234567A'], format: 'xlsx' } },
    { method: 'GET', url: '/download/pdf?publicationNumber=CN1234567A' },
    { method: 'POST', url: '/export/docx?publicationNumber=CN1234567A', payload: {} },
    { method: 'GET', url: '/disclosurePaper/export?id=00000000-0000-4000-8000-000000000000' },
  ];

  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      cpu: { workers: 0, taskTimeoutMs: 180_000, costlyPerMinute: 2, formalReviewPerMinute: 2 },
    });
    heavyUser = await authHeader(t);
    otherUser = await authHeader(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it.each(COSTLY_ROUTES)(
    '$method $url: a third call within the minute is refused, for that user only',
    async (route) => {
      const call = (who: AuthHeader, lang = 'zh') =>
        injectJson(t, route.method, `/api/product${route.url}`, route.payload, who, lang);
      // Whatever the first two answer (these inputs are refused as not found or invalid), they count.
      for (let i = 0; i < 2; i++) expect((await call(heavyUser)).statusCode).not.toBe(429);
      const zh = await call(heavyUser);
      expect(zh.statusCode).toBe(429);
      expect(zh.json()).toMatchObject({ status: 0, data: { code: 'COSTLY_RATE_LIMITED' } });
      expect(zh.json().message).toMatch(/^操作过于频繁：此功能每位用户每分钟最多使用 2 次，请 \d+ 秒后再试$/);
      const en = await call(heavyUser, 'en');
      expect(en.json().message).toMatch(
        /^Too many requests: this feature may be used 2 times a minute per user; please try again in \d+ s$/,
      );
      // Another user is not held back by the first one's calls.
      expect((await call(otherUser)).statusCode).not.toBe(429);
    },
  );
});
