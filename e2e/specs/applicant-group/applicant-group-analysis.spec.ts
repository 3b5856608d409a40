import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();
// The demo corpus's records with applicants are mostly US grants (as the analysis spec searches).
const EXPRESSION = 'TI=(system OR method OR device OR apparatus)';
const GROUPS = ['头部申请人', 'RUNNERUP'] as const;

const LOCALES = [
  { locale: 'zh-CN', tag: 'zh', title: '申请人组' },
  { locale: 'en-US', tag: 'en', title: 'Applicant groups' },
] as const;

interface Group {
  id: string;
  name: string;
}

/**
 * Issue 46 item 1: applicant groups as an analysis dimension. Two groups made of the set's top
 * applicants; the chart counts the set per group, and a group's count opens the result page of the
 * expression AND PA=@组名 with that total.
 */
describe.runIf(runBrowser)('[APPLICANT-GROUP-ANALYSIS]: the result set counted per applicant group', () => {
  const spec = signedInSpec();
  const api = <T>(method: string, path: string, body?: unknown) =>
    apiCall<T>(spec.server.baseUrl, spec.session.tokens.access_token, method, `/product${path}`, body);

  beforeAll(async () => {
    // Groups left by an earlier run on the same data.
    const { items } = await api<{ items: Group[] }>('GET', '/applicantgroup/list');
    for (const old of items.filter((g) => (GROUPS as readonly string[]).includes(g.name)))
      await api('DELETE', `/applicantgroup/delete/${old.id}`);
    const ranking = await api<{ result: { buckets: { key: string }[] } }>('POST', '/search/analyze', {
      searchExpre: EXPRESSION,
      mergeApplicants: false,
      analysis: { kind: 'terms', dimension: 'applicant', limit: 2 },
    });
    const [first, second] = ranking.result.buckets;
    expect(second).toBeDefined();
    await api('POST', '/applicantgroup/insert', { name: GROUPS[0], members: [{ name: first!.key, variants: [] }] });
    await api('POST', '/applicantgroup/insert', { name: GROUPS[1], members: [{ name: second!.key, variants: [] }] });
  });

  for (const lang of LOCALES) {
    it(`charts the groups and opens one as the expression AND PA=@组名 (${lang.tag})`, async () => {
      const expected = await api<{ groups: { name: string; count: number }[] }>(
        'POST',
        '/search/analy/applicantGroup',
        {
          searchExpre: EXPRESSION,
        },
      );
      const top = expected.groups.find((g) => g.name === GROUPS[0]);
      expect(top?.count).toBeGreaterThan(0);

      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      const url = `${spec.server.baseUrl}/innovationSpace/searchResult/analysis?q=${encodeURIComponent(EXPRESSION)}&chart=applicantGroupRank`;
      await page.goto(url);
      await expect
        .poll(() => page.getByTestId('analysis-chart-title').innerText(), { timeout: 60_000 })
        .toBe(lang.title);
      await page.locator('[data-testid="analysis-chart"][data-chart="applicantGroupRank"] canvas').first().waitFor();
      await shot(page, `applicant-group-analysis-bar-${lang.tag}.png`);

      await page.goto(`${url}&type=table`);
      const row = page.locator('.analysis-table tbody tr.ant-table-row').filter({ hasText: GROUPS[0] });
      await row.waitFor({ timeout: 60_000 });
      expect(Number((await row.locator('td').nth(1).innerText()).replace(/,/g, ''))).toBe(top!.count);
      await shot(page, `applicant-group-analysis-table-${lang.tag}.png`);

      await row.getByTestId('analysis-cell-link').click();
      await page.waitForURL(/\/innovationSpace\/searchResult\?/, { timeout: 60_000 });
      expect(new URL(page.url()).searchParams.get('q')).toBe(`(${EXPRESSION}) AND PA=@${GROUPS[0]}`);
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(top!.count);
      await shot(page, `applicant-group-analysis-jump-${lang.tag}.png`);
      await page.context().close();
    });
  }
});
