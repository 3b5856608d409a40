import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const LOCALES = [
  {
    locale: 'zh-CN',
    tag: 'zh',
    typed: '歌尔组',
    name: '歌尔组',
    create: '新建申请人组',
    nameLabel: '组名称',
    digits: '名称不能包含数字',
    find: '从标准化申请人中查找',
    first: '申请人 1',
    add: '添加 歌尔股份有限公司',
    save: /保\s*存/,
    unknown: /不是您的申请人组/,
  },
  {
    locale: 'en-US',
    tag: 'en',
    typed: 'goertek',
    name: 'GOERTEK',
    create: 'New applicant group',
    nameLabel: 'Group name',
    digits: 'The name may not contain digits',
    find: 'Find standardised applicants',
    first: 'Applicant 1',
    add: 'Add 歌尔股份有限公司',
    save: 'Save',
    unknown: /is not one of your applicant groups/,
  },
] as const;

interface Group {
  id: string;
  name: string;
  members: { name: string; variants: string[] }[];
}

/**
 * Issue 46 item 1: an applicant group made on /paeGroup from the standardised applicants (歌尔股份
 * with the spellings it merges) and searched as PA=@组名: the result is the group's names ORed.
 */
describe.runIf(runBrowser)('[APPLICANT-GROUP]: applicant groups made on their page and searched as PA=@组名', () => {
  const spec = signedInSpec();

  const groupsOf = async () =>
    (
      await apiCall<{ items: Group[] }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'GET',
        '/product/applicantgroup/list',
      )
    ).items;

  for (const lang of LOCALES) {
    it(`creates a group from the standardised applicants and searches it (${lang.tag})`, async () => {
      // A group left by an earlier run of this spec on the same data.
      for (const old of (await groupsOf()).filter((g) => g.name === lang.name))
        await apiCall(
          spec.server.baseUrl,
          spec.session.tokens.access_token,
          'DELETE',
          `/product/applicantgroup/delete/${old.id}`,
        );

      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1440, height: 900 },
        locale: lang.locale,
        language: lang.tag === 'en' ? 'en' : undefined,
      });
      await page.goto(`${spec.server.baseUrl}/paeGroup`);
      await page.waitForURL(/\/innovationSpace\/paeGroup/);
      await page.getByRole('button', { name: lang.create }).click();
      const dialog = page.getByRole('dialog');
      const name = dialog.getByRole('textbox', { name: lang.nameLabel });
      await name.fill('歌尔2');
      await dialog.getByText(lang.digits).waitFor();
      await name.fill(lang.typed);
      await expect.poll(() => name.inputValue()).toBe(lang.name);

      const finder = dialog.getByRole('searchbox', { name: lang.find });
      await finder.fill('歌尔');
      await finder.press('Enter');
      await dialog.getByRole('button', { name: lang.add }).click();
      // The empty first row gives way to the suggestion, which brings its spellings.
      await expect.poll(() => dialog.getByRole('textbox', { name: lang.first }).inputValue()).toBe('歌尔股份有限公司');
      await shot(page, `applicant-group-editor-${lang.tag}.png`);
      await dialog.getByRole('button', { name: lang.save }).click();

      const row = page.getByRole('row').filter({ hasText: `PA=@${lang.name}` });
      await row.waitFor();
      await shot(page, `applicant-group-list-${lang.tag}.png`);

      const group = (await groupsOf()).find((g) => g.name === lang.name);
      expect(group?.members.map((m) => m.name)).toEqual(['歌尔股份有限公司']);
      const names = group!.members.flatMap((m) => [m.name, ...m.variants]);
      expect(names).toContain('歌尔科技有限公司');

      // PA=@组名 finds what the names ORed find.
      const written = `PA=(${names.map((n) => `"${n}"`).join(' OR ')})`;
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(written)}`);
      const expected = await resultTotal(page);
      expect(expected).toBeGreaterThan(0);
      await page.goto(
        `${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(`PA=@${lang.typed}`)}`,
      );
      await expect.poll(() => resultTotal(page), { timeout: 60_000 }).toBe(expected);
      // The live parse under the editor writes the group out as the server searches it.
      const preview = page.getByTestId('expression-applicant-groups');
      await expect.poll(() => preview.innerText(), { timeout: 30_000 }).toContain('"歌尔科技有限公司"');
      await shot(page, `applicant-group-search-${lang.tag}.png`);

      // An unknown group is refused in the user's language.
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('PA=@没有这个组')}`);
      await page.getByText(lang.unknown).first().waitFor({ timeout: 60_000 });
      await shot(page, `applicant-group-unknown-${lang.tag}.png`);
      await page.context().close();
    });
  }
});
