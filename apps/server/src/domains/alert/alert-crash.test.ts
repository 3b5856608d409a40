import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AlertInput, Patent } from '@patlas/contracts';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { authHeader, injectJson, testConfig } from '../../../test/helpers.js';
import { ServerProcess, waitFor } from '../../../test/server-process.js';
import { runImport } from '../patent/index.js';

const ALERTS = 6;
/** The mail the first server is killed on: the SMTP server has read it but never answers. */
const HELD = 3;

const record = (n: number): Patent => ({
  publicationNumber: `CN1300000${String(n).padStart(2, '0')}A`,
  country: 'CN',
  kind: 'A',
  title: { lang: 'zh', text: `一种钠离子电池${n}` },
});

/**
 * An SMTP server that counts the mails it accepted per recipient; while `hold` is set, the HELD-th
 * mail is read but never acknowledged (the sending process is killed waiting for the answer).
 */
class SlowSink {
  readonly accepted: string[] = [];
  hold = true;
  onHeld: (() => void) | undefined;
  private seen = 0;
  readonly server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData: (stream, session, callback) => {
      stream.resume();
      stream.on('end', () => {
        this.seen++;
        if (this.hold && this.seen === HELD) {
          this.onHeld?.();
          return; // no answer: not accepted
        }
        this.accepted.push(...session.envelope.rcptTo.map((r) => r.address));
        callback();
      });
    },
  });
  url = '';
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }
}

/**
 * Issue 19 "Crash safety": the server killed (-9) while it mails the runs of due alerts, then
 * started again: every due alert's mail arrives once, none twice.
 */
describe('alert runs cut short by kill -9', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  const sink = new SlowSink();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-alert-crash-'));
    await sink.start();
    // The alerts are made beforehand by an app on the same files, with a data version to report.
    const { app, context } = await buildApp(
      testConfig({ dataDir, db: { kind: 'sqlite', file: path.join(dataDir, 'patlas.db') } }),
    );
    try {
      const file = (name: string, records: Patent[]) => {
        const at = path.join(dataDir, name);
        writeFileSync(at, records.map((r) => JSON.stringify(r)).join('\n'));
        return at;
      };
      await runImport(context, [file('first.jsonl', [record(0)])]);
      const user = await authHeader({ app, context });
      for (let i = 0; i < ALERTS; i++) {
        const input: AlertInput = {
          name: `钠电池 ${i}`,
          type: 'search',
          content: { expression: 'TI=钠离子电池' },
          schedule: { frequency: 'weekly', weekday: 1, time: '09:00', timeZone: 'Asia/Shanghai' },
          recipients: [`reader${i}@example.com`],
        };
        const res = await injectJson({ app, context }, 'POST', '/api/product/warn/addWarnInfo', input, user);
        expect(res.json(), res.body).toMatchObject({ status: 1 });
      }
      // The readers confirmed their addresses, as the link of their confirmation mail does (issue 41).
      await context.database.db
        .updateTable('alert_recipients')
        .set({ confirmed_at: new Date().toISOString(), token_hash: null, token_expires_at: null })
        .where('user_id', '=', user.userId)
        .execute();
      await runImport(context, [file('second.jsonl', [record(1), record(2)])]);
      // Every alert due now.
      for (const alert of await context.repositories.alerts.listOwned(user.userId)) {
        await context.repositories.alerts.update(alert.id, {
          next_run_at: new Date(Date.now() - 60_000).toISOString(),
        });
      }
    } finally {
      await app.close();
    }
  }, 120_000);
  afterAll(async () => {
    await server?.crash();
    await new Promise<void>((resolve) => sink.server.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('mails every due alert once after a restart', async () => {
    const env = { SMTP_URL: sink.url, JOB_POLL_MS: '100', MAIL_FROM: 'Patlas <alerts@patlas.test>' };
    const held = new Promise<void>((resolve) => (sink.onHeld = resolve));
    server = await ServerProcess.start(dataDir, env);
    await held;
    expect(sink.accepted).toHaveLength(HELD - 1);
    await server.crash();

    sink.hold = false;
    server = await ServerProcess.start(dataDir, env);
    const expected = Array.from({ length: ALERTS }, (_, i) => `reader${i}@example.com`).sort();
    await waitFor(
      'every alert mailed',
      async () => (new Set(sink.accepted).size === ALERTS ? true : undefined),
      60_000,
    );
    await server.stop();
    server = undefined;

    // Every run finished, mailed once: nothing is left to send another copy.
    const { app, context } = await buildApp(
      testConfig({ dataDir, db: { kind: 'sqlite', file: path.join(dataDir, 'patlas.db') } }),
    );
    try {
      const runs = await context.repositories.alerts.unfinishedRuns(100);
      expect(runs).toEqual([]);
    } finally {
      await app.close();
    }
    expect([...sink.accepted].sort()).toEqual(expected);
  }, 180_000);
});
