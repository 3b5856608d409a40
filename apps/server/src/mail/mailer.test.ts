import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.js';
import { decodeHeader, MailCatcher } from '../../test/mail-catcher.js';
import { createMailer } from './mailer.js';
import { registrationMail } from './templates/account-mails.js';

function recordingLog() {
  const lines: { obj: object; msg: string }[] = [];
  return { lines, info: (obj: object, msg: string) => lines.push({ obj, msg }) };
}

const mail = registrationMail({
  fullname: '王五 <b>',
  link: 'http://localhost:8080/resetPassword?token=abc&mode=register',
  ttlSeconds: 86_400,
  lang: 'zh',
});

describe('mailer', () => {
  let smtp: MailCatcher;
  let outboxDir: string;
  beforeAll(async () => {
    smtp = await MailCatcher.start();
    outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'patlas-mail-')), 'outbox');
  });
  afterAll(async () => {
    await smtp.close();
    rmSync(path.dirname(outboxDir), { recursive: true, force: true });
  });

  it('sends over SMTP: UTF-8 subject and body arrive intact, the name is escaped in the HTML part', async () => {
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'Patlas <no-reply@example.org>', outboxDir },
      recordingLog(),
    );
    const delivery = await mailer.send({ to: 'wang@example.com', ...mail });
    mailer.close();
    expect(delivery.kind).toBe('smtp');
    await smtp.waitFor(1);
    const received = smtp.to('wang@example.com')[0];
    expect(received?.from).toBe('no-reply@example.org');
    expect(received?.subject).toBe('Patlas 账号激活：请设置密码');
    expect(received?.text).toContain('王五 <b>，您好');
    expect(received?.text).toContain('http://localhost:8080/resetPassword?token=abc&mode=register');
    expect(received?.html).toContain('王五 &#60;b&#62;');
    expect(received?.html).toContain('href="http://localhost:8080/resetPassword?token=abc&#38;mode=register"');
  });

  it('without SMTP_URL writes .eml files to the outbox and says so in the log', async () => {
    const log = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Patlas <no-reply@localhost>', outboxDir }, log);
    expect(log.lines[0]?.msg).toMatch(/SMTP_URL is not set/);
    const delivery = await mailer.send({ to: 'wang@example.com', ...mail });
    mailer.close();
    expect(delivery.kind).toBe('file');
    const file = delivery.kind === 'file' ? delivery.file : '';
    expect(path.dirname(file)).toBe(outboxDir);
    expect(log.lines.at(-1)).toMatchObject({ obj: { file, to: 'wang@example.com' } });
    const raw = readFileSync(file, 'utf8');
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(decodeHeader(/^Subject: (.*)$/m.exec(unfolded)?.[1] ?? '')).toBe('Patlas 账号激活：请设置密码');
    expect(raw).toMatch(/^To: wang@example\.com$/m);
  });

  it('lets a fresh install without SMTP finish a registration from the .eml file', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/platform/oauth/tryout/account/PCRegister',
        payload: { email: 'first@example.com', fullname: 'First' },
      });
      expect(response.json()).toMatchObject({ status: 1 });
      const outbox = path.join(t.context.config.dataDir, 'outbox');
      const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const raw = readFileSync(path.join(outbox, files[0]!), 'utf8');
      // Soft line breaks of quoted-printable may split the link; join them before reading it.
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const token = /\/resetPassword\?token=([A-Za-z0-9_-]+)&mode=register/.exec(text)?.[1];
      expect(token).toBeDefined();
      expect(text).toContain(`${t.context.config.publicUrl}/resetPassword?token=`);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/platform/oauth/reset/password',
        payload: { token, password: 'from-the-outbox' },
      });
      expect(reset.json()).toMatchObject({ status: 1 });
    } finally {
      await t.close();
    }
  });
});
