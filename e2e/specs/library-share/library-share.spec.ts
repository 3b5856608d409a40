import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { ADMIN, apiCall, apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();

const LOCALES = [
  { locale: 'zh-CN', tag: 'zh', member: '成员', unavailable: '该专利库已被删除或归档，无法查看' },
  {
    locale: 'en-US',
    tag: 'en',
    member: 'Member',
    unavailable: 'The patent library has been deleted or archived, and cannot be viewed',
  },
] as const;

/** Issue 17 flow 3: a library shared with a second user, who accepts from the message centre and sees it. */
describe.runIf(runBrowser)('[LIBRARY][SHARE]: collaborative libraries', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: ApiSession;
  let recipient: ApiSession;
  let numbers: string[];

  const asOwner = <T>(path: string, body: unknown) =>
    apiCall<T>(server.baseUrl, owner.tokens.access_token, 'POST', path, body);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
    recipient = await apiLogin(server.baseUrl, ADMIN.email, ADMIN.password);
    const page = await asOwner<{ items: { publicationNumber: string }[] }>('/platform/data/search/query', {
      searchExpre: 'TI=(电池)',
      pageSize: 3,
    });
    numbers = page.items.map((item) => item.publicationNumber);
    expect(numbers).toHaveLength(3);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const { locale, tag, member, unavailable } of LOCALES) {
    it(`shares a library; the second user accepts from the message centre and opens it (${tag})`, async () => {
      const name = `协作电池库-${tag}`;
      const { folder } = await asOwner<{ folder: { id: string } }>('/product/archive/v2/save', {
        action: 'createFolder',
        name,
      });
      await asOwner('/product/archive/v2/save', {
        action: 'collect',
        folderIds: [folder.id],
        publicationNumbers: numbers,
      });

      const ownerPage = await newSignedInPage(browser, server.baseUrl, owner, {
        viewport: { width: 1366, height: 900 },
        locale,
        language: tag === 'en' ? 'en' : undefined,
      });
      const recipientPage = await newSignedInPage(browser, server.baseUrl, recipient, {
        viewport: { width: 1366, height: 900 },
        locale,
        language: tag === 'en' ? 'en' : undefined,
      });
      const errors: string[] = [];
      for (const page of [ownerPage, recipientPage]) page.on('pageerror', (e) => errors.push(e.message));

      // The owner shares from the library page: the recipient's e-mail, sent.
      await ownerPage.goto(`${server.baseUrl}/innovationSpace/collect?folder=${folder.id}`);
      await ownerPage.getByTestId('share-library').click();
      const dialog = ownerPage.locator('.ant-modal').filter({ hasText: name });
      const emails = dialog.getByRole('combobox');
      await emails.fill(ADMIN.email);
      await emails.press('Enter');
      await shot(ownerPage, `library-share-dialog-${tag}.png`);
      await dialog.locator('#share-library-send').click();
      await dialog.waitFor({ state: 'hidden' });

      // The recipient: an unread invitation in the header and the message centre; accepted there.
      await recipientPage.goto(`${server.baseUrl}/innovationSpace/myMsg`);
      const invitation = recipientPage.locator('tr', { hasText: name });
      await invitation.waitFor();
      await expect.poll(() => recipientPage.getByTestId('message-bell').innerText()).not.toBe('');
      await shot(recipientPage, `library-share-invitation-${tag}.png`);
      await invitation.getByTestId('message-accept').click();
      await expect.poll(() => invitation.getByTestId('message-accept').count()).toBe(0);

      // …and sees it among shared libraries, as a member, and opens it as a result page.
      await recipientPage.goto(`${server.baseUrl}/innovationSpace/collectCooperate`);
      const row = recipientPage.locator('[data-testid="shared-libraries"] tr', { hasText: name });
      await row.waitFor();
      expect(await row.innerText()).toContain(member);
      await shot(recipientPage, `library-share-cooperate-${tag}.png`);
      await row.getByRole('link', { name }).click();
      // The set's summary ("专题库共 3 件专利" / "… 3 patents"), then its rows.
      await expect.poll(() => recipientPage.getByTestId('result-total').innerText()).toMatch(/(^|\D)3(\D|$)/);
      await expect.poll(() => recipientPage.locator('.result-table .result-number').count()).toBe(3);
      await shot(recipientPage, `library-share-opened-${tag}.png`);

      // The owner archives it: the member is told the spec's sentence.
      await asOwner('/product/archive/v2/update', { action: 'archive', folderId: folder.id });
      await recipientPage.goto(`${server.baseUrl}/innovationSpace/collectCooperate`);
      await expect.poll(() => recipientPage.getByTestId('library-unavailable').allInnerTexts()).toContain(unavailable);
      await shot(recipientPage, `library-share-archived-${tag}.png`);

      expect(errors).toEqual([]);
      await ownerPage.context().close();
      await recipientPage.context().close();
    });
  }
});
