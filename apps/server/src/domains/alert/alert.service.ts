import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ALERT_CHANGE_KINDS,
  ALERT_CONFIRMATION_TTL_SECONDS,
  ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  ALERT_MAIL_LISTED,
  ALERT_TEST_MAIL_INTERVAL_SECONDS,
  ALERT_TEST_MAILS_PER_DAY,
  alertInputProblems,
  MAX_ALERT_RUN_HITS,
  type Alert,
  type AlertRecipient,
  type AlertChangeKind,
  type AlertContent,
  type AlertDetailsResponse,
  type AlertExportRequest,
  type AlertPage,
  type AlertResultCountResponse,
  type AlertRun,
  type AlertRunPage,
  type AlertSchedule,
  type DownloadTask,
  type ExportFieldId,
  type Language,
  formatErrorMessage,
} from '@patlas/contracts';
import type { SearchEngine } from '@patlas/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AlertInputSchema } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import type { MailThrottle } from '../../mail/mail-throttle.js';
import type { AccountAuthContext } from '../../kernel/access.plugin.js';
import type { Clock } from '../../kernel/clock.js';
import type { ExportService } from '../export/index.js';
import type { LibraryService } from '../library/index.js';
import { type DataVersionService, CHANGE_BITS, type PatentService } from '../patent/index.js';
import { toAppError, type SearchContext, type SearchService } from '../search/index.js';
import type { ConfirmPage } from './alert-confirm-page.js';
import { alertMail, alertTestMailSubject, recipientConfirmationMail, type MailPatent } from './alert-mail.js';
import type { AlertRepository, AlertRow, AlertRunRow } from './alert.repository.js';
import { nextRunAfter } from './alert-schedule.js';

type AlertInput = z.output<typeof AlertInputSchema>;

/**
 * A run's change kinds as the bit set alert_run_patents.changes stores: the same bits as the
 * data versions' changed fields (patent-changes.ts), by kind.
 */
export const KIND_BITS: Record<AlertChangeKind, number> = {
  new: CHANGE_BITS.new,
  legalStatus: CHANGE_BITS.legalStatus,
  legalEvent: CHANGE_BITS.legalEvents,
  family: CHANGE_BITS.family,
  citation: CHANGE_BITS.citations,
  other: CHANGE_BITS.other,
};
const FIELD_NAMES: [number, string][] = [
  [CHANGE_BITS.legalStatus, 'legalStatus'],
  [CHANGE_BITS.legalEvents, 'legalEvents'],
  [CHANGE_BITS.family, 'family'],
  [CHANGE_BITS.citations, 'citations'],
  [CHANGE_BITS.other, 'other'],
];

export function kindsOf(bits: number): AlertChangeKind[] {
  return ALERT_CHANGE_KINDS.filter((kind) => (bits & KIND_BITS[kind]) !== 0);
}

/** Spec 2 §6: alerts need the /warning menu permission (the routes, and a due alert's owner). */
export const ALERT_PERMISSION = '/warning';

/** The path of a recipient's confirmation link (GET shows the question, POST confirms). */
export const RECIPIENT_CONFIRM_PATH = '/api/product/warn/recipient/confirm';

/** The owner of alerts as a run sees them (issue 41). */
export interface AlertOwner {
  /** The account's address: their alerts may always mail it. */
  email: string;
  /** Not disabled, and a role still grants the /warning permission: otherwise their due alerts mail nothing. */
  isActive: boolean;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** How long a worker holds a run it evaluates and mails (a crashed process's claims are released at start). */
const RUN_CLAIM_MS = 10 * 60_000;
/** Due alerts turned into runs per query. */
const DUE_BATCH = 500;

export interface AlertServiceDeps {
  repository: AlertRepository;
  versions: DataVersionService;
  patents: PatentService;
  search: SearchService;
  engine: SearchEngine;
  library: LibraryService;
  exports: ExportService;
  mailer: Mailer;
  /** Caps the recipients' confirmation mails per owner and per address (issue 41). */
  throttle: MailThrottle;
  /** Issue 41: alerts per account (ALERT_MAX_PER_USER) and confirmation mails per account and 24 hours (ALERT_CONFIRMATIONS_PER_DAY). */
  limits: { maxPerUser: number; confirmationsPerDay: number };
  /** The owner's address and whether they may still use alerts; undefined once the account is gone. */
  owner: (userId: string) => Promise<AlertOwner | undefined>;
  /** Mailed links start with it (PUBLIC_URL). */
  publicUrl: string;
  /** The owner's interface language (their account settings): the mail's language. */
  userLanguage: (userId: string) => Promise<Language>;
  /** Queues a job that evaluates and mails due and unfinished runs (alert.job.ts). */
  enqueueRuns: (uniqueKey: string) => Promise<void>;
  now: Clock;
  log: FastifyBaseLogger;
}

/** One patent found by a run, before it is ordered and kept. */
interface Found {
  publicationNumber: string;
  bits: number;
  publicationDate?: string | undefined;
}

export class AlertService {
  /** This process, as it claims runs. */
  readonly workerId = `alerts:${process.pid}:${randomBytes(4).toString('hex')}`;
  /** The changes between two versions, read once per tick: due alerts mostly share their watermark. */
  private changesCache = new Map<string, Promise<Map<string, number>>>();

  constructor(private readonly deps: AlertServiceDeps) {}

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  // -------------------------------------------------------------------------------------------
  // CRUD

  /** Spec 2 §5 checks: the shared ones, then those needing the database (0 hits, the library). */
  private async check(userId: string, input: AlertInput, lang: Language): Promise<AlertContent> {
    const [problem] = alertInputProblems(input);
    if (problem) throw new AppError(problem.code, problem.params ?? {}, { field: problem.field });
    const content = input.content;
    switch (input.type) {
      case 'search': {
        const expression = content.expression!.trim();
        const { total } = await this.deps.search.totalHits(expression, content.source, 0, lang, { userId });
        if (total === 0) throw new AppError('ALERT_NO_HITS', {}, { field: 'content' });
        return { expression, ...(content.source ? { source: content.source } : {}) };
      }
      case 'library': {
        await this.deps.library.watchedPatents(content.libraryId!, userId, this.nowIso());
        return { libraryId: content.libraryId! };
      }
      default: {
        const numbers = [...new Set(content.publicationNumbers!.map((n) => n.trim()).filter(Boolean))];
        return { publicationNumbers: numbers };
      }
    }
  }

  private async own(userId: string, id: string): Promise<AlertRow> {
    const row = await this.deps.repository.find(id);
    if (!row || row.user_id !== userId) throw new AppError('ALERT_NOT_FOUND');
    return row;
  }

  async add(auth: AccountAuthContext, input: AlertInput, lang: Language): Promise<Alert> {
    const userId = auth.userId;
    const content = await this.check(userId, input, lang);
    const max = this.deps.limits.maxPerUser;
    if ((await this.deps.repository.countOwned(userId)) >= max) throw new AppError('ALERT_LIMIT_REACHED', { max });
    const recipients = this.recipientsOf(input.recipients);
    const confirmations = await this.reserveConfirmations(userId, recipients);
    const at = this.nowIso();
    const schedule = input.schedule;
    const row: AlertRow = {
      id: randomUUID(),
      user_id: userId,
      name: input.name.trim(),
      type: input.type!,
      content: JSON.stringify(content),
      library_id: input.type === 'library' ? content.libraryId! : null,
      schedule: JSON.stringify(schedule),
      recipients: JSON.stringify(recipients),
      no_update_no_mail: input.noUpdateNoMail ? 1 : 0,
      enabled: input.enabled ? 1 : 0,
      state: 'nextSend',
      // The first run reports what changes from now on.
      watermark: await this.deps.versions.watermark(),
      since: at,
      last_run_at: null,
      next_run_at: input.enabled ? nextRunAfter(schedule, this.deps.now()).toISOString() : null,
      last_run_id: null,
      last_error: null,
      created_at: at,
      updated_at: at,
    };
    await this.deps.repository.insert(row);
    await this.sendConfirmations(userId, confirmations);
    return this.alertOf(row);
  }

  async update(auth: AccountAuthContext, id: string, input: AlertInput, lang: Language): Promise<Alert> {
    const row = await this.own(auth.userId, id);
    const content = await this.check(auth.userId, input, lang);
    const recipients = this.recipientsOf(input.recipients);
    const confirmations = await this.reserveConfirmations(auth.userId, recipients);
    const patch = {
      name: input.name.trim(),
      type: input.type!,
      content: JSON.stringify(content),
      library_id: input.type === 'library' ? content.libraryId! : null,
      schedule: JSON.stringify(input.schedule),
      recipients: JSON.stringify(recipients),
      no_update_no_mail: input.noUpdateNoMail ? 1 : 0,
      enabled: input.enabled ? 1 : 0,
      next_run_at: input.enabled ? nextRunAfter(input.schedule, this.deps.now()).toISOString() : null,
      updated_at: this.nowIso(),
    };
    await this.deps.repository.update(row.id, patch);
    await this.sendConfirmations(auth.userId, confirmations);
    return this.alertOf({ ...row, ...patch });
  }

  // -------------------------------------------------------------------------------------------
  // Recipients (issue 41): the owner's own address, or addresses confirmed by their holder

  /** Each recipient's state for the owner's alerts: read once, applied to any of them. */
  private async recipientView(userId: string): Promise<(recipients: readonly string[]) => AlertRecipient[]> {
    const own = (await this.deps.owner(userId))?.email.toLowerCase();
    const confirmed = new Set(
      (await this.deps.repository.recipients(userId)).filter((r) => r.confirmed_at !== null).map((r) => r.email),
    );
    return (recipients) =>
      recipients.map((email) => {
        const key = email.toLowerCase();
        return { email, state: key === own ? 'own' : confirmed.has(key) ? 'confirmed' : 'pending' };
      });
  }

  /**
   * The confirmation mails saving these recipients needs — one for each address that is neither
   * the owner's nor confirmed and has no link still valid — counted against the owner's and each
   * address's allowance before anything is stored; over one, the save is refused.
   */
  private async reserveConfirmations(userId: string, recipients: readonly string[]) {
    const view = await this.recipientView(userId);
    const pending = view(recipients)
      .filter((r) => r.state === 'pending')
      .map((r) => r.email.toLowerCase());
    if (pending.length === 0) return [];
    const now = this.nowIso();
    const rows = new Map((await this.deps.repository.recipients(userId, pending)).map((r) => [r.email, r]));
    const due = pending.filter((email) => {
      const row = rows.get(email);
      return !row?.token_hash || !row.token_expires_at || row.token_expires_at <= now;
    });
    const reserved: { email: string; id: string }[] = [];
    for (const email of due) {
      const reservation = await this.deps.throttle.reserve('alert-confirm', email, {
        perAddress: [{ seconds: 86_400, max: ALERT_CONFIRMATIONS_PER_ADDRESS_PER_DAY }],
        perUser: { userId, windows: [{ seconds: 86_400, max: this.deps.limits.confirmationsPerDay }] },
      });
      if (!reservation.ok) {
        for (const r of reserved) await this.deps.throttle.release(r.id);
        throw reservation.refusal.scope === 'user'
          ? new AppError(
              'ALERT_CONFIRMATION_LIMIT',
              { max: this.deps.limits.confirmationsPerDay },
              { field: 'recipients' },
            )
          : new AppError('ALERT_RECIPIENT_CONFIRMATION_LIMIT', { email }, { field: 'recipients' });
      }
      reserved.push({ email, id: reservation.id });
    }
    return reserved;
  }

  /**
   * Mails each reserved address its confirmation link (a new link replaces an older one). A mail
   * that fails is logged and its link dropped: saving the alert again sends a new one.
   */
  private async sendConfirmations(userId: string, reserved: readonly { email: string; id: string }[]) {
    if (reserved.length === 0) return;
    const owner = await this.deps.owner(userId);
    if (!owner) return;
    const lang = await this.deps.userLanguage(userId);
    const base = this.deps.publicUrl.replace(/\/+$/, '');
    for (const { email, id } of reserved) {
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const now = this.deps.now();
      const expiresAt = new Date(now.getTime() + ALERT_CONFIRMATION_TTL_SECONDS * 1000).toISOString();
      await this.deps.repository.setRecipientToken(userId, email, tokenHash, expiresAt, now.toISOString());
      const link = `${base}${RECIPIENT_CONFIRM_PATH}?${new URLSearchParams({ token }).toString()}`;
      try {
        await this.deps.mailer.send({
          to: email,
          ...recipientConfirmationMail({
            lang,
            ownerEmail: owner.email,
            link,
            ttlSeconds: ALERT_CONFIRMATION_TTL_SECONDS,
          }),
        });
      } catch (err) {
        this.deps.log.warn({ err, userId }, 'alert recipient confirmation mail failed');
        await this.deps.repository.clearRecipientToken(userId, email, tokenHash);
        await this.deps.throttle.release(id);
      }
    }
  }

  /** The recipient and owner of a confirmation link that still works; AppError otherwise. */
  private async recipientOfToken(token: string) {
    const tokenHash = hashToken(token);
    const row = await this.deps.repository.findRecipientByToken(tokenHash);
    if (!row || row.confirmed_at !== null) throw new AppError('ALERT_CONFIRMATION_INVALID');
    if (!row.token_expires_at || row.token_expires_at <= this.nowIso())
      throw new AppError('ALERT_CONFIRMATION_EXPIRED');
    const owner = await this.deps.owner(row.user_id);
    if (!owner) throw new AppError('ALERT_CONFIRMATION_INVALID');
    return { row, owner, tokenHash };
  }

  /** GET of a confirmation link: the question to confirm (nothing changes yet: mail scanners open links too). */
  async confirmationQuestion(token: string, action: string, lang: Language): Promise<ConfirmPage> {
    try {
      const { row, owner } = await this.recipientOfToken(token);
      return { kind: 'ask', email: row.email, ownerEmail: owner.email, token, action };
    } catch (err) {
      if (err instanceof AppError) return { kind: 'failed', message: formatMessage(err, lang) };
      throw err;
    }
  }

  /** The holder of an address confirmed it: the owner's alerts mail it from their next run. */
  async confirmRecipient(token: string): Promise<{ email: string; ownerEmail: string }> {
    const { row, owner, tokenHash } = await this.recipientOfToken(token);
    if (!(await this.deps.repository.confirmRecipient(row.id, tokenHash, this.nowIso()))) {
      throw new AppError('ALERT_CONFIRMATION_INVALID');
    }
    this.deps.log.info({ userId: row.user_id }, 'alert recipient confirmed');
    return { email: row.email, ownerEmail: owner.email };
  }

  /** /collection/warn: the caller's alert of a library folder, created or updated. */
  async saveLibraryAlert(
    auth: AccountAuthContext,
    input: Omit<AlertInput, 'type' | 'content'> & { folderId: string },
    lang: Language,
  ): Promise<Alert> {
    const existing = await this.deps.repository.findByLibrary(auth.userId, input.folderId);
    const name = input.name.trim() || (await this.deps.library.folderName(input.folderId, auth.userId)) || '';
    const full: AlertInput = { ...input, name, type: 'library', content: { libraryId: input.folderId } };
    return existing ? this.update(auth, existing.id, full, lang) : this.add(auth, full, lang);
  }

  /** Switches on or off (`enabled` absent: the opposite of now). Switched on, the next run is planned anew. */
  async setEnabled(auth: AccountAuthContext, id: string, enabled?: boolean): Promise<Alert> {
    const row = await this.own(auth.userId, id);
    const on = enabled ?? row.enabled !== 1;
    const schedule = JSON.parse(row.schedule) as AlertSchedule;
    const patch = {
      enabled: on ? 1 : 0,
      next_run_at: on ? nextRunAfter(schedule, this.deps.now()).toISOString() : null,
      updated_at: this.nowIso(),
    };
    await this.deps.repository.update(id, patch);
    return this.alertOf({ ...row, ...patch });
  }

  /**
   * Issue 43: "send a test mail now" — the alert's mail as its latest evaluated run made it (an
   * empty one before any run), through the real mailer, to the caller's own address only (no
   * recipient confirmed or not is mailed), marked as a test; capped per account.
   */
  async sendTestMail(auth: AccountAuthContext, id: string): Promise<{ sentTo: string }> {
    const alert = await this.own(auth.userId, id);
    const owner = await this.deps.owner(auth.userId);
    if (!owner?.email) throw new AppError('ALERT_SKIPPED_NO_RECIPIENT');
    const reservation = await this.deps.throttle.reserve('alert-test', owner.email, {
      perAddress: [{ seconds: ALERT_TEST_MAIL_INTERVAL_SECONDS, max: 1 }],
      perUser: {
        userId: auth.userId,
        windows: [
          { seconds: ALERT_TEST_MAIL_INTERVAL_SECONDS, max: 1 },
          { seconds: 86_400, max: ALERT_TEST_MAILS_PER_DAY },
        ],
      },
    });
    if (!reservation.ok) {
      const { refusal } = reservation;
      throw refusal.window.seconds <= ALERT_TEST_MAIL_INTERVAL_SECONDS
        ? new AppError('ALERT_TEST_MAIL_TOO_SOON', { seconds: refusal.retryAfterSeconds })
        : new AppError('ALERT_TEST_MAIL_LIMIT', { max: refusal.window.max });
    }
    const lang = await this.deps.userLanguage(auth.userId);
    const { rows } = await this.deps.repository.pageRuns(alert.id, 1, 20);
    const latest = rows.find((r) => r.state !== 'pending');
    const mail = latest
      ? await this.mailOf(latest, alert, lang)
      : alertMail({
          lang,
          alertName: alert.name,
          newCount: 0,
          changedCount: 0,
          omitted: 0,
          patents: [],
          runUrl: `${this.deps.publicUrl.replace(/\/+$/, '')}/warning`,
          patentUrl: () => '',
        });
    try {
      await this.deps.mailer.send({ ...mail, subject: alertTestMailSubject(lang), to: owner.email });
    } catch (err) {
      await this.deps.throttle.release(reservation.id);
      this.deps.log.warn({ err, alertId: alert.id }, 'alert test mail failed');
      throw new AppError('ALERT_TEST_MAIL_FAILED');
    }
    return { sentTo: owner.email };
  }

  async remove(auth: AccountAuthContext, id: string): Promise<void> {
    await this.own(auth.userId, id);
    await this.deps.repository.delete(id);
  }

  async list(
    auth: AccountAuthContext,
    query: {
      keyword?: string | undefined;
      type?: string | undefined;
      libraryId?: string | undefined;
      page: number;
      pageSize: number;
    },
  ): Promise<AlertPage> {
    const { total, rows } = await this.deps.repository.page(auth.userId, query, query.page, query.pageSize);
    const view = await this.recipientView(auth.userId);
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      items: await Promise.all(rows.map((r) => this.alertOf(r, view))),
    };
  }

  async runs(auth: AccountAuthContext, id: string, page: number, pageSize: number): Promise<AlertRunPage> {
    const row = await this.own(auth.userId, id);
    const { total, rows } = await this.deps.repository.pageRuns(id, page, pageSize);
    const lang = await this.deps.userLanguage(auth.userId);
    return { total, page, pageSize, items: rows.map((r) => this.runOf(r, lang)), alert: await this.alertOf(row) };
  }

  async resultCount(auth: AccountAuthContext, alertIds?: string[]): Promise<AlertResultCountResponse> {
    const alerts = await this.deps.repository.listOwned(auth.userId, alertIds);
    const totals = new Map(
      (await this.deps.repository.runTotals(alerts.map((a) => a.id))).map((t) => [t.alert_id, t] as const),
    );
    const items = alerts.map((a) => {
      const t = totals.get(a.id);
      return {
        alertId: a.id,
        runs: Number(t?.runs ?? 0),
        newCount: Number(t?.new_count ?? 0),
        changedCount: Number(t?.changed_count ?? 0),
        lastRunId: a.last_run_id,
      };
    });
    return {
      items,
      runs: items.reduce((n, i) => n + i.runs, 0),
      newCount: items.reduce((n, i) => n + i.newCount, 0),
      changedCount: items.reduce((n, i) => n + i.changedCount, 0),
    };
  }

  private async ownRun(userId: string | null, runId: string): Promise<{ run: AlertRunRow; alert: AlertRow }> {
    const run = await this.deps.repository.findRun(runId);
    if (!run || userId === null || run.user_id !== userId) throw new AppError('ALERT_RUN_NOT_FOUND');
    const alert = await this.deps.repository.find(run.alert_id);
    if (!alert) throw new AppError('ALERT_RUN_NOT_FOUND');
    return { run, alert };
  }

  async details(
    auth: AccountAuthContext,
    query: { runId: string; change?: AlertChangeKind | undefined; page: number; pageSize: number },
  ): Promise<AlertDetailsResponse> {
    const { run, alert } = await this.ownRun(auth.userId, query.runId);
    const mask = query.change ? KIND_BITS[query.change] : undefined;
    const total = await this.deps.repository.countRunPatents(run.id, mask);
    const rows = await this.deps.repository.runPatents(run.id, {
      ...(mask ? { mask } : {}),
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    const hits = new Map(
      (await this.deps.engine.get(rows.map((r) => r.publication_number))).map((h) => [h.publicationNumber, h]),
    );
    const lang = await this.deps.userLanguage(auth.userId);
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      items: rows.map((r) => {
        const hit = hits.get(r.publication_number);
        return {
          publicationNumber: r.publication_number,
          rank: r.rank,
          changes: kindsOf(r.changes),
          changedFields:
            r.changes & CHANGE_BITS.new ? [] : FIELD_NAMES.filter(([bit]) => r.changes & bit).map(([, n]) => n),
          ...(hit?.title ? { title: hit.title } : {}),
          applicants: hit?.applicants ?? [],
          ...(hit?.applicationDate ? { applicationDate: hit.applicationDate } : {}),
          ...(hit?.publicationDate ? { publicationDate: hit.publicationDate } : {}),
          ...(hit?.legalStatus ? { legalStatus: hit.legalStatus } : {}),
        };
      }),
      run: this.runOf(run, lang),
      alert: await this.alertOf(alert),
      set: { kind: 'alertRun', key: run.id },
    };
  }

  /** /download/warnResult: the run's patents as a download task of the export service. */
  async exportRun(auth: AccountAuthContext, request: AlertExportRequest, lang: Language): Promise<DownloadTask> {
    const { run, alert } = await this.ownRun(auth.userId, request.runId);
    if (run.reported === 0) throw new AppError('EXPORT_NOTHING');
    const fields = (request.fields ?? (await this.deps.exports.fields(auth, lang)).selected) as ExportFieldId[];
    return this.deps.exports.createTask(
      auth,
      {
        target: {
          kind: 'results',
          query: { searchExpre: '', set: { kind: 'alertRun', key: run.id }, filters: [], mergeType: 0 },
          rows: { mode: 'first', count: run.reported },
        },
        fields,
        format: request.format ?? 'xlsx',
        ...(request.filename ? { filename: request.filename } : {}),
        title: `${alert.name} ${run.ran_at.slice(0, 10)}`,
      },
      lang,
    );
  }

  // -------------------------------------------------------------------------------------------
  // Runs

  /**
   * At start: import versions and run claims a previous process left behind (it is gone, as for
   * interrupted imports) are closed and released, and a job finishes the runs it left unfinished.
   */
  async recover(): Promise<void> {
    await this.deps.versions.closeUnfinished(this.nowIso());
    const released = await this.deps.repository.releaseClaims();
    if (released > 0) this.deps.log.warn({ runs: released }, 'alert runs interrupted by the restart: resumed');
    await this.deps.enqueueRuns(`alert-runs:${this.workerId}`);
  }

  /**
   * The scheduler's tick: a run for every due alert (one per alert and scheduled time), its next
   * run planned; then every unfinished run evaluated and mailed. Answers the runs finished.
   */
  async tick(): Promise<{ created: number; finished: number; mailed: number }> {
    this.changesCache = new Map();
    let created = 0;
    for (;;) {
      const due = await this.deps.repository.due(this.nowIso(), DUE_BATCH);
      if (due.length === 0) break;
      for (const alert of due) if (await this.createRun(alert)) created++;
      if (due.length < DUE_BATCH) break;
    }
    const { finished, mailed } = await this.processUnfinished();
    this.changesCache = new Map();
    return { created, finished, mailed };
  }

  private async createRun(alert: AlertRow): Promise<boolean> {
    const now = this.deps.now();
    const scheduledFor = alert.next_run_at!;
    const schedule = JSON.parse(alert.schedule) as AlertSchedule;
    // A server down for weeks runs once for the last missed time, then keeps to the schedule.
    const after = new Date(Math.max(now.getTime(), Date.parse(scheduledFor)));
    return this.deps.repository.createRun(
      {
        id: randomUUID(),
        alert_id: alert.id,
        user_id: alert.user_id,
        scheduled_for: scheduledFor,
        state: 'pending',
        from_version: alert.watermark,
        to_version: null,
        since: alert.since,
        ran_at: now.toISOString(),
        new_count: 0,
        changed_count: 0,
        reported: 0,
        omitted: 0,
        mail_state: 'pending',
        mailed_at: null,
        error: null,
        claimed_by: null,
        claimed_until: null,
        mailed_to: null,
      },
      { next_run_at: nextRunAfter(schedule, after).toISOString() },
    );
  }

  private async processUnfinished(): Promise<{ finished: number; mailed: number }> {
    let finished = 0;
    let mailed = 0;
    const seen = new Set<string>();
    for (;;) {
      const runs = (await this.deps.repository.unfinishedRuns(200)).filter((r) => !seen.has(r.id));
      if (runs.length === 0) break;
      for (const run of runs) {
        seen.add(run.id);
        const now = this.deps.now();
        const claimed = await this.deps.repository.claimRun(
          run.id,
          this.workerId,
          now.toISOString(),
          new Date(now.getTime() + RUN_CLAIM_MS).toISOString(),
        );
        if (!claimed) continue;
        const outcome = await this.processRun(run.id);
        finished++;
        if (outcome === 'sent') mailed++;
      }
    }
    return { finished, mailed };
  }

  /**
   * Evaluates (unless done before a crash) and mails (unless sent) one claimed run: one mail to
   * each recipient who may receive it (issue 41: the owner's address or a confirmed one), none at
   * all when the owner is disabled or lost the /warning permission (the run is kept as skipped).
   */
  private async processRun(runId: string): Promise<AlertRunRow['mail_state']> {
    let run = (await this.deps.repository.findRun(runId))!;
    const alert = await this.deps.repository.find(run.alert_id);
    if (!alert) return 'skipped'; // deleted meanwhile: the run went with it
    const lang = await this.deps.userLanguage(alert.user_id);
    let recipients: string[] = [];
    if (run.mail_state !== 'sent' && run.mail_state !== 'skipped') {
      const owner = await this.deps.owner(alert.user_id);
      const skip = async (code: 'ALERT_SKIPPED_OWNER_INACTIVE' | 'ALERT_SKIPPED_NO_RECIPIENT') => {
        this.deps.log.info({ alertId: alert.id, runId, reason: code }, 'alert run mails nothing');
        await this.finish(run, alert, { mail_state: 'skipped', error: formatErrorMessage(code, lang) }, 'notSent');
        return 'skipped' as const;
      };
      if (!owner?.isActive) return skip('ALERT_SKIPPED_OWNER_INACTIVE');
      const view = await this.recipientView(alert.user_id);
      recipients = view(JSON.parse(alert.recipients) as string[])
        .filter((r) => r.state !== 'pending')
        .map((r) => r.email);
      if (recipients.length === 0) return skip('ALERT_SKIPPED_NO_RECIPIENT');
    }
    if (run.state === 'pending') {
      try {
        await this.evaluate(run, alert, lang);
      } catch (err) {
        const message = this.messageOf(toAppError(err), lang, 'ALERT_RUN_FAILED');
        this.deps.log.warn({ err, alertId: alert.id, runId }, 'alert run failed');
        await this.finish(run, alert, { mail_state: 'failed', error: message }, 'error');
        return 'failed';
      }
      run = (await this.deps.repository.findRun(runId))!;
    }
    const total = run.new_count + run.changed_count;
    if (run.mail_state === 'sent' || run.mail_state === 'skipped') {
      await this.finish(run, alert, {}, run.mail_state === 'sent' ? 'sent' : 'notSent');
      return run.mail_state;
    }
    if (total === 0 && alert.no_update_no_mail === 1) {
      await this.finish(run, alert, { mail_state: 'skipped' }, 'notSent');
      return 'skipped';
    }
    // Marked before sending: a crash between the SMTP server's "accepted" and the update below
    // sends that mail again with the same Message-ID (the run's idempotency key and the recipient)
    // for the reader to drop; the recipients mailed before it are not mailed again.
    await this.deps.repository.updateRun(run.id, { mail_state: 'sending' });
    const mailed = new Set(run.mailed_to ? (JSON.parse(run.mailed_to) as string[]) : []);
    const mail = await this.mailOf(run, alert, lang);
    const key = `${alert.id}-${run.scheduled_for.replace(/[^0-9]/g, '')}`;
    let failed = false;
    // One mail per recipient: no recipient sees the others' addresses.
    for (const to of recipients) {
      if (mailed.has(to)) continue;
      try {
        await this.deps.mailer.send({
          ...mail,
          to,
          messageId: `<alert-${key}-${hashToken(to.toLowerCase()).slice(0, 12)}@patlas>`,
        });
      } catch (err) {
        // The SMTP server's answer names internal hosts and ports: the log keeps it, the owner sees a code's message.
        this.deps.log.warn({ err, alertId: alert.id, runId }, 'alert mail failed');
        failed = true;
        continue;
      }
      mailed.add(to);
      await this.deps.repository.updateRun(run.id, { mailed_to: JSON.stringify([...mailed]) });
    }
    if (failed) {
      const message = formatErrorMessage('ALERT_MAIL_FAILED', lang);
      await this.finish(run, alert, { mail_state: 'failed', error: message }, 'error');
      return 'failed';
    }
    await this.finish(run, alert, { mail_state: 'sent', mailed_at: this.nowIso() }, 'sent');
    return 'sent';
  }

  private messageOf(err: unknown, lang: Language, fallback: 'ALERT_RUN_FAILED'): string {
    if (err instanceof AppError) {
      return formatMessage(err, lang);
    }
    return formatMessage(new AppError(fallback, { reason: err instanceof Error ? err.message : String(err) }), lang);
  }

  /** The run done; the alert's state, last run and (when it succeeded) watermark follow it. */
  private async finish(
    run: AlertRunRow,
    alert: AlertRow,
    patch: Partial<Pick<AlertRunRow, 'mail_state' | 'mailed_at' | 'error'>>,
    state: AlertRow['state'],
  ): Promise<void> {
    await this.deps.repository.updateRun(run.id, { ...patch, state: 'done', claimed_by: null, claimed_until: null });
    const succeeded = state !== 'error';
    await this.deps.repository.update(alert.id, {
      state,
      last_run_at: run.ran_at,
      last_run_id: run.id,
      last_error: succeeded ? null : (patch.error ?? null),
      // A failed run reports its changes again next time.
      ...(succeeded && run.to_version !== null
        ? { watermark: Math.max(alert.watermark, run.to_version), since: run.ran_at }
        : {}),
    });
  }

  /** What changed for the alert's patents between its watermark and now, kept with the run. */
  private async evaluate(run: AlertRunRow, alert: AlertRow, lang: Language): Promise<void> {
    const toVersion = await this.deps.versions.watermark();
    const key = `${run.from_version}:${toVersion}`;
    let changes = this.changesCache.get(key);
    if (!changes) {
      changes = this.deps.versions.changesBetween(run.from_version, toVersion);
      this.changesCache.set(key, changes);
      changes.catch(() => this.changesCache.delete(key));
    }
    return this.evaluateChanges(run, alert, lang, toVersion, await changes);
  }

  private async evaluateChanges(
    run: AlertRunRow,
    alert: AlertRow,
    lang: Language,
    toVersion: number,
    changes: Map<string, number>,
  ): Promise<void> {
    const content = JSON.parse(alert.content) as AlertContent;
    const context: SearchContext = { userId: alert.user_id };
    let found: Found[];
    let total: number;
    let newCount: number;
    if (alert.type === 'search') {
      ({ found, total, newCount } = await this.searchChanges(content, changes, lang, context));
    } else {
      const watched =
        alert.type === 'library'
          ? await this.deps.library.watchedPatents(content.libraryId!, alert.user_id, run.since)
          : {
              numbers: Object.values(await this.deps.patents.resolveHeldNumbers(content.publicationNumbers ?? [])),
              addedSince: [],
            };
      found = await this.watchedChanges(watched.numbers, watched.addedSince, changes);
      total = found.length;
      newCount = found.filter((f) => f.bits & CHANGE_BITS.new).length;
    }
    // New first, then changed; newest publication first; numbers last to keep runs repeatable.
    found.sort(
      (a, b) =>
        (b.bits & CHANGE_BITS.new) - (a.bits & CHANGE_BITS.new) ||
        (b.publicationDate ?? '').localeCompare(a.publicationDate ?? '') ||
        a.publicationNumber.localeCompare(b.publicationNumber),
    );
    const kept = found.slice(0, MAX_ALERT_RUN_HITS);
    await this.deps.repository.saveRunPatents(
      run.id,
      kept.map((f, i) => ({ rank: i + 1, publication_number: f.publicationNumber, changes: f.bits })),
      {
        state: 'evaluated',
        to_version: toVersion,
        new_count: newCount,
        changed_count: total - newCount,
        reported: kept.length,
        omitted: total - kept.length,
      },
    );
  }

  /** A search alert: the records an import added or changed since the last run that match its expression. */
  private async searchChanges(
    content: AlertContent,
    changes: Map<string, number>,
    lang: Language,
    context: SearchContext,
  ): Promise<{ found: Found[]; total: number; newCount: number }> {
    if (changes.size === 0) return { found: [], total: 0, newCount: 0 };
    const { ast, options } = await this.deps.search.scope(
      { searchExpre: content.expression ?? '', ...(content.source ? { source: content.source } : {}) },
      lang,
      context,
    );
    try {
      const within = [...changes.keys()];
      const sample = await this.deps.engine.texts(ast, { ...options, within }, { limit: MAX_ALERT_RUN_HITS });
      const fresh = within.filter((pn) => (changes.get(pn)! & CHANGE_BITS.new) !== 0);
      // Exact even when the hits are more than a run keeps.
      const newCount = sample.sampled
        ? fresh.length === 0
          ? 0
          : await this.deps.engine.count(ast, { ...options, within: fresh })
        : sample.docs.filter((d) => (changes.get(d.publicationNumber) ?? 0) & CHANGE_BITS.new).length;
      return {
        found: sample.docs.map((d) => ({
          publicationNumber: d.publicationNumber,
          bits: changes.get(d.publicationNumber) ?? CHANGE_BITS.other,
          publicationDate: d.publicationDate,
        })),
        total: sample.total,
        newCount,
      };
    } catch (err) {
      throw toAppError(err);
    }
  }

  /**
   * A library or a list of numbers: the watched patents that changed or were newly collected,
   * new family members of them, and records newly citing them.
   */
  private async watchedChanges(
    numbers: readonly string[],
    addedSince: readonly string[],
    changes: Map<string, number>,
  ): Promise<Found[]> {
    const watched = new Set(numbers);
    const bits = new Map<string, number>();
    const mark = (pn: string, bit: number) => bits.set(pn, (bits.get(pn) ?? 0) | bit);
    for (const pn of watched) {
      const changed = changes.get(pn);
      if (changed) mark(pn, changed);
    }
    for (const pn of addedSince) if (watched.has(pn)) mark(pn, CHANGE_BITS.new);
    const fresh = [...changes].filter(([, b]) => b & CHANGE_BITS.new).map(([pn]) => pn);
    if (watched.size > 0 && changes.size > 0) {
      if (fresh.length > 0) {
        const freshSet = new Set(fresh);
        for (const member of await this.deps.engine.expandFamily([...watched])) {
          if (!watched.has(member) && freshSet.has(member)) mark(member, CHANGE_BITS.family);
        }
      }
      const records = [...(await this.deps.patents.getByPublicationNumbers([...watched])).values()];
      for (const [citing] of await this.deps.patents.citingOf(records)) {
        if (!watched.has(citing) && changes.has(citing)) mark(citing, CHANGE_BITS.citations);
      }
    }
    const dates = new Map<string, string | undefined>();
    const pns = [...bits.keys()];
    for (let i = 0; i < pns.length; i += 1000) {
      for (const hit of await this.deps.engine.get(pns.slice(i, i + 1000)))
        dates.set(hit.publicationNumber, hit.publicationDate);
    }
    return pns.map((pn) => ({ publicationNumber: pn, bits: bits.get(pn)!, publicationDate: dates.get(pn) }));
  }

  private async mailOf(run: AlertRunRow, alert: AlertRow, lang: Language) {
    const rows = await this.deps.repository.runPatents(run.id, { limit: ALERT_MAIL_LISTED, offset: 0 });
    const hits = new Map(
      (await this.deps.engine.get(rows.map((r) => r.publication_number))).map((h) => [h.publicationNumber, h]),
    );
    const patents: MailPatent[] = rows.map((r) => {
      const hit = hits.get(r.publication_number);
      return {
        publicationNumber: r.publication_number,
        title: hit?.title,
        applicants: hit?.applicants ?? [],
        publicationDate: hit?.publicationDate,
        changes: kindsOf(r.changes),
      };
    });
    const base = this.deps.publicUrl.replace(/\/+$/, '');
    return alertMail({
      lang,
      alertName: alert.name,
      newCount: run.new_count,
      changedCount: run.changed_count,
      omitted: run.omitted,
      patents,
      runUrl: `${base}${alertRunPath(run.id)}`,
      patentUrl: (pn) => `${base}/innovationSpace/searchDetail?${new URLSearchParams({ pn }).toString()}`,
    });
  }

  // -------------------------------------------------------------------------------------------
  // DTOs

  private recipientsOf(recipients: string[]): string[] {
    return [...new Set(recipients.map((r) => r.trim()).filter(Boolean))];
  }

  private runOf(row: AlertRunRow, _lang: Language): AlertRun {
    return {
      id: row.id,
      alertId: row.alert_id,
      scheduledFor: row.scheduled_for,
      ranAt: row.ran_at,
      newCount: row.new_count,
      changedCount: row.changed_count,
      reported: row.reported,
      omitted: row.omitted,
      // 'sending' is a crash's leftover until the run is resumed: still pending to the user.
      mailState: row.mail_state === 'sending' ? 'pending' : row.mail_state,
      mailedAt: row.mailed_at,
      error: row.error,
      dataVersion: row.to_version === null ? null : Number(row.to_version),
    };
  }

  private async alertOf(row: AlertRow, view?: (recipients: readonly string[]) => AlertRecipient[]): Promise<Alert> {
    const content = JSON.parse(row.content) as AlertContent;
    const recipients = JSON.parse(row.recipients) as string[];
    const recipientStates = (view ?? (await this.recipientView(row.user_id)))(recipients);
    const libraryName =
      row.type === 'library' && content.libraryId
        ? await this.deps.library.folderName(content.libraryId, row.user_id)
        : undefined;
    const lastRun = row.last_run_id ? await this.deps.repository.findRun(row.last_run_id) : undefined;
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      content: { ...content, ...(libraryName ? { libraryName } : {}) },
      schedule: JSON.parse(row.schedule) as AlertSchedule,
      recipients,
      recipientStates,
      noUpdateNoMail: row.no_update_no_mail === 1,
      enabled: row.enabled === 1,
      state: row.state,
      lastRunAt: row.last_run_at,
      nextRunAt: row.enabled === 1 ? row.next_run_at : null,
      lastError: row.last_error,
      lastRun: lastRun ? { id: lastRun.id, newCount: lastRun.new_count, changedCount: lastRun.changed_count } : null,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}

/** The result page of a run's patents (the web app's set parameter `alertRun:<id>`). */
export function alertRunPath(runId: string): string {
  return `/innovationSpace/searchResult?${new URLSearchParams({ set: `alertRun:${runId}` }).toString()}`;
}

function formatMessage(err: AppError, lang: Language): string {
  return formatErrorMessage(err.code, lang, err.params);
}
