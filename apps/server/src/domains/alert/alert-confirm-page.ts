import type { Language } from '@patlas/contracts';
import { escapeHtml } from './alert-mail.js';

/**
 * What the confirmation link shows (issue 41): `ask` the question with a button (the link itself
 * confirms nothing: mail scanners open links, a person presses the button, which POSTs the token);
 * `done` the address confirmed; `failed` why the link does not work.
 */
export type ConfirmPage =
  | { kind: 'ask'; email: string; ownerEmail: string; token: string; action: string }
  | { kind: 'done'; email: string; ownerEmail: string }
  | { kind: 'failed'; message: string };

const TEXT = {
  zh: {
    title: 'Patlas 专利预警：确认接收邮箱',
    ask: (email: string, owner: string) => `Patlas 用户 ${owner} 希望将专利预警邮件发送到 ${email}。`,
    askMore: '确认后，该用户设置的预警将把检索结果发送到此邮箱；如不同意，关闭本页即可。',
    button: '确认接收',
    done: (email: string, owner: string) => `已确认：${email} 将收到 Patlas 用户 ${owner} 设置的专利预警邮件。`,
    failed: '无法确认',
  },
  en: {
    title: 'Patlas alert: confirm this address',
    ask: (email: string, owner: string) =>
      `The Patlas user ${owner} would like to send patent alert e-mails to ${email}.`,
    askMore:
      'Once you confirm, the alerts this user sets up mail their results to this address. If you do not agree, close this page.',
    button: 'Confirm',
    done: (email: string, owner: string) =>
      `Confirmed: ${email} will receive the patent alert e-mails of the Patlas user ${owner}.`,
    failed: 'This address could not be confirmed',
  },
} as const;

/** The page as HTML in the visitor's language: no script (the CSP allows none), every value escaped. */
export function confirmPageHtml(page: ConfirmPage, lang: Language): string {
  const t = TEXT[lang];
  let body: string;
  switch (page.kind) {
    case 'ask':
      body = [
        `<p>${escapeHtml(t.ask(page.email, page.ownerEmail))}</p>`,
        `<p>${escapeHtml(t.askMore)}</p>`,
        `<form method="post" action="${escapeHtml(page.action)}">`,
        `<input type="hidden" name="token" value="${escapeHtml(page.token)}">`,
        `<button type="submit">${escapeHtml(t.button)}</button>`,
        '</form>',
      ].join('\n');
      break;
    case 'done':
      body = `<p data-state="confirmed">${escapeHtml(t.done(page.email, page.ownerEmail))}</p>`;
      break;
    default:
      body = `<p><strong>${escapeHtml(t.failed)}</strong></p>\n<p data-state="failed">${escapeHtml(page.message)}</p>`;
  }
  return [
    '<!doctype html>',
    `<html lang="${lang === 'en' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(t.title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.6}' +
      'button{font-size:1rem;padding:.5rem 1.5rem;cursor:pointer}</style>',
    `</head><body>\n<h1>${escapeHtml(t.title)}</h1>\n${body}\n</body></html>\n`,
  ].join('\n');
}
