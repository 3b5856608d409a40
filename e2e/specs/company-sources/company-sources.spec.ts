import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { ADMIN, apiCall, apiLogin, newSignedInPage } from '../../fixtures/auth.js';
import { chooseOption, resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const LOCALES = [
  {
    locale: 'zh-CN',
    tag: 'zh',
    company: '申请人类型=大专院校 AND 申请人国别=香港',
    listed: '是否上市=否 AND 申请人国别=香港',
    notListed: '未上市',
    group: '中国港澳台',
  },
  {
    locale: 'en-US',
    tag: 'en',
    company: 'PA-TYPE=university AND PA-CC=HK',
    listed: 'PA-LISTED=no AND PA-CC=HK',
    notListed: 'Not listed',
    group: 'Hong Kong, Macao, Taiwan',
  },
] as const;

/** The operators' company information file (docs/company-fields.md): the HK applicant, not listed. */
const COMPANY_INFO = '企业名称,是否上市,企业类型,地区\n香港理工大学,否,大专院校,香港\n,是,,\n';
/** The e2e corpus's one applicant from Hong Kong: 香港理工大学 (a university). */
const HK_UNIVERSITY = 'CN111929899A';
const OFFICES = 'CC=(CN OR TW OR HK OR US)';

/**
 * Issue 46 items 4 and 6: company information fields (applicant type and country; listed or not from
 * the imported company information file, also shown on the detail page) searched from
 * the result page, and the data-source selector's 港澳台 group (cnOther) narrowing a result list.
 */
describe.runIf(runBrowser)('[SEARCH][COMPANY-SOURCES]: company fields and data-source groups', () => {
  const spec = signedInSpec();

  beforeAll(async () => {
    const admin = await apiLogin(spec.server.baseUrl, ADMIN.email, ADMIN.password);
    const form = new FormData();
    form.append('file', new Blob([COMPANY_INFO], { type: 'text/csv' }), '企业信息表.csv');
    const response = await fetch(`${spec.server.baseUrl}/api/platform/business/companyInfo/import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.tokens.access_token}` },
      body: form,
    });
    const imported = ((await response.json()) as { data: { companies: number; errors: { line: number }[] } }).data;
    expect(imported.companies).toBe(1);
    expect(imported.errors.map((e) => e.line)).toEqual([3]);
  });

  for (const lang of LOCALES) {
    it(`searches by applicant type and country, then by the 港澳台 group (${lang.tag})`, async () => {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      const results = (query: string) =>
        page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(query)}`);
      await results(lang.company);
      await page.locator(`tr[data-row-key="${HK_UNIVERSITY}"]`).waitFor({ timeout: 60_000 });
      expect(await resultTotal(page)).toBe(1);
      await shot(page, `company-field-${lang.tag}.png`);

      // Listed or not, from the imported company information file, searched and shown on the detail page.
      await results(lang.listed);
      await page.locator(`tr[data-row-key="${HK_UNIVERSITY}"]`).waitFor({ timeout: 60_000 });
      expect(await resultTotal(page)).toBe(1);
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchDetail?pn=${HK_UNIVERSITY}`);
      const info = page.locator('.patent-company-info', { hasText: lang.notListed });
      await info.first().waitFor({ timeout: 60_000 });
      // The applicant and the current owner (the same university) both carry it.
      await expect.poll(() => info.count(), { timeout: 60_000 }).toBe(2);
      await info.first().scrollIntoViewIfNeeded();
      await shot(page, `company-listed-${lang.tag}.png`);

      const { total } = await apiCall<{ total: number }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/platform/data/search/expression/total-hits',
        { searchExpre: OFFICES, source: 'cnOther' },
      );
      expect(total).toBeGreaterThan(0);
      await results(OFFICES);
      const all = await resultTotal(page);
      expect(all).toBeGreaterThan(total);
      const selector = page.getByTestId('source-selector');
      await chooseOption({
        open: () => selector.click(),
        option: page.locator('.ant-select-tree-title', { hasText: lang.group }),
        chosen: async () => new URL(page.url()).searchParams.get('source') === 'cnOther',
      });
      await page.keyboard.press('Escape');
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(total);
      await shot(page, `source-group-cnother-${lang.tag}.png`);
      await page.close();
    });
  }
});
