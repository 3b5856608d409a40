import { z } from 'zod';
import type { ErrorCode } from './error-codes.js';
import { PagedSchema } from './history.js';
import { MAX_ALERT_PATENTS, MAX_ALERT_RECIPIENTS, MAX_EXPRESSION_LENGTH } from './limits.js';
import { SourceSelectionSchema } from './source-scope.js';
import { KeywordSchema } from './keyword.js';

/**
 * E-mail alerts (spec 2 §3 "Alert", §4 sending states, §5 validation, §7 /warn/* and
 * /collection/warn, §9 limits; issue 19). Shared by apps/server/src/domains/alert and
 * apps/web/src/features/alert. Paths are under /api/product.
 *
 * An alert watches a set of patents — a search expression's hits, a library folder, or a list of
 * publication numbers — and, on its schedule, reports what is new to the corpus and what changed
 * (legal status, legal events, family, citations) since its last run, by e-mail. Each run is kept;
 * its patents open on the result page as `set: { kind: 'alertRun', key: runId }`.
 */

// ---------------------------------------------------------------------------------------------
// Shared pieces

const IdSchema = z.string().min(1).max(64);

/** Spec 2 §3 "type (search expression / patent library / patent)". */
export const ALERT_TYPES = ['search', 'library', 'patents'] as const;
export const AlertTypeSchema = z.enum(ALERT_TYPES);
export type AlertType = z.infer<typeof AlertTypeSchema>;

/**
 * Spec 2 §4 "error, not sent, next send, sent":
 * - `nextSend`: waiting for its first run (nextRunAt says when);
 * - `sent`: its last run mailed its recipients;
 * - `notSent`: its last run mailed nothing (nothing changed and noUpdateNoMail is on);
 * - `error`: its last run failed (lastError says why; the next run tries again).
 * Switching off (`enabled` false) keeps the state; a switched-off alert has no nextRunAt.
 */
export const ALERT_STATES = ['error', 'notSent', 'nextSend', 'sent'] as const;
export const AlertStateSchema = z.enum(ALERT_STATES);
export type AlertState = z.infer<typeof AlertStateSchema>;

export const ALERT_FREQUENCIES = ['weekly', 'monthly'] as const;
export const AlertFrequencySchema = z.enum(ALERT_FREQUENCIES);
export type AlertFrequency = z.infer<typeof AlertFrequencySchema>;

/** The time zone a new alert's schedule starts with when the browser gives none. */
export const DEFAULT_ALERT_TIME_ZONE = 'Asia/Shanghai';
/** Longest alert name (spec 2 §5 "names at most 100"). */
export const MAX_ALERT_NAME_LENGTH = 100;
/** Patents a run's mail lists with title, applicant and date (the rest are behind the run's link). */
export const ALERT_MAIL_LISTED = 20;

/**
 * When an alert runs: weekly on `weekday` (1 Monday … 7 Sunday) or monthly on `monthDay` (1–31; in
 * a shorter month, its last day), at `time` (HH:mm, 24 h) in `timeZone` (IANA, e.g. Asia/Shanghai).
 */
export const AlertScheduleSchema = z.object({
  frequency: AlertFrequencySchema,
  weekday: z.number().int().min(1).max(7).optional(),
  monthDay: z.number().int().min(1).max(31).optional(),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm'),
  timeZone: z.string().min(1).max(64).default(DEFAULT_ALERT_TIME_ZONE),
});
export type AlertSchedule = z.infer<typeof AlertScheduleSchema>;
export type AlertScheduleInput = z.input<typeof AlertScheduleSchema>;

/**
 * What an alert watches, by type: `search` an expression (with its data scope, cn / uncn / all);
 * `library` a library folder (its id; its sub-folders are watched too); `patents` up to
 * MAX_ALERT_PATENTS publication numbers. Fields of the other types are ignored.
 */
export const AlertContentSchema = z.object({
  expression: z.string().max(MAX_EXPRESSION_LENGTH).optional(),
  source: SourceSelectionSchema.optional(),
  libraryId: IdSchema.optional(),
  /** More than MAX_ALERT_PATENTS is refused with its message (ALERT_TOO_MANY_PATENTS), not here. */
  publicationNumbers: z.array(z.string().trim().max(64)).max(100_000).optional(),
});
export type AlertContent = z.infer<typeof AlertContentSchema>;

/**
 * What an alert holds as sent by the create and edit forms. Required fields and their spec
 * messages (name, type, content, e-mail; e-mail format; at most 5; 0 hits; 1,000 numbers) are
 * checked by the server with their own error codes (see alertInputProblems), so the schema lets
 * empty values through.
 */
export const AlertInputSchema = z.object({
  name: z.string().max(1000).default(''),
  type: AlertTypeSchema.nullish(),
  content: AlertContentSchema.default({}),
  schedule: AlertScheduleSchema,
  recipients: z.array(z.string().max(320)).max(100).default([]),
  /** Spec 2 §3 "no-update-no-notify": no mail for a run that found nothing. */
  noUpdateNoMail: z.boolean().default(true),
  enabled: z.boolean().default(true),
});
export type AlertInput = z.input<typeof AlertInputSchema>;

/**
 * Issue 41: who may receive an alert's mails. `own` the owner's account address; `confirmed` an
 * address whose holder opened the confirmation link mailed to it; `pending` not confirmed yet —
 * it received that one confirmation mail (or will, when the alert is saved again after the link
 * expired) and receives no alert mail until confirmed.
 */
export const ALERT_RECIPIENT_STATES = ['own', 'confirmed', 'pending'] as const;
export const AlertRecipientStateSchema = z.enum(ALERT_RECIPIENT_STATES);
export type AlertRecipientState = z.infer<typeof AlertRecipientStateSchema>;
export const AlertRecipientSchema = z.object({ email: z.string(), state: AlertRecipientStateSchema });
export type AlertRecipient = z.infer<typeof AlertRecipientSchema>;

export const AlertSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: AlertTypeSchema,
  content: z.object({
    expression: z.string().optional(),
    source: SourceSelectionSchema.optional(),
    libraryId: z.string().optional(),
    /** The watched library's name now (library alerts), absent once the library is gone. */
    libraryName: z.string().optional(),
    publicationNumbers: z.array(z.string()).optional(),
  }),
  schedule: AlertScheduleSchema,
  recipients: z.array(z.string()),
  /** Each of `recipients`, in the same order, with whether it may receive the alert's mails (issue 41). */
  recipientStates: z.array(AlertRecipientSchema),
  noUpdateNoMail: z.boolean(),
  enabled: z.boolean(),
  state: AlertStateSchema,
  lastRunAt: z.string().nullable(),
  /** null when switched off. */
  nextRunAt: z.string().nullable(),
  /** The last run's failure in the owner's language (state error). */
  lastError: z.string().nullable(),
  /** The last run's figures, when it ran. */
  lastRun: z.object({ id: z.string(), newCount: z.number().int(), changedCount: z.number().int() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;

// ---------------------------------------------------------------------------------------------
// POST /warn/addWarnInfo, /warn/updateWarnInfo, /collection/warn

export const AlertAddRequestSchema = AlertInputSchema;
export type AlertAddRequest = AlertInput;
/** The whole alert again (the edit form sends every field). */
export const AlertUpdateRequestSchema = AlertInputSchema.extend({ id: IdSchema });
export type AlertUpdateRequest = z.input<typeof AlertUpdateRequestSchema>;
/**
 * The alert of a library (the library page's "alert" button): creates it, or updates the caller's
 * alert of that folder when there is one. Type `library`, content `{ libraryId: folderId }`; name
 * defaults to the folder's name.
 */
export const LibraryAlertRequestSchema = AlertInputSchema.omit({ type: true, content: true }).extend({
  folderId: IdSchema,
});
export type LibraryAlertRequest = z.input<typeof LibraryAlertRequestSchema>;
export const AlertResponseSchema = z.object({ alert: AlertSchema });
export type AlertResponse = z.infer<typeof AlertResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET and POST /warn/recipient/confirm (issue 41): the link mailed to a recipient who is not the
// owner. GET answers an HTML page asking to confirm (opening the link changes nothing); POST with
// the token (the page's form, or JSON) confirms the address for the owner's alerts.

export const AlertRecipientConfirmRequestSchema = z.object({ token: z.string().min(1).max(200) });
export type AlertRecipientConfirmRequest = z.input<typeof AlertRecipientConfirmRequestSchema>;
export const AlertRecipientConfirmResponseSchema = z.object({
  email: z.string(),
  /** The account address of the alerts' owner. */
  ownerEmail: z.string(),
  confirmed: z.literal(true),
});
export type AlertRecipientConfirmResponse = z.infer<typeof AlertRecipientConfirmResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /warn/getWarnList

export const AlertListRequestSchema = z.object({
  /** Name or expression keyword. */
  keyword: KeywordSchema.optional(),
  type: AlertTypeSchema.optional(),
  /** Only the alert of this library folder (the library page asks whether it has one). */
  libraryId: IdSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AlertListRequest = z.input<typeof AlertListRequestSchema>;
/** The caller's alerts, newest first. */
export const AlertPageSchema = PagedSchema(AlertSchema);
export type AlertPage = z.infer<typeof AlertPageSchema>;

// ---------------------------------------------------------------------------------------------
// GET /warn/change/warn/status/{id}, GET /warn/deleteWarnInfo/{id}

export const AlertIdParamsSchema = z.object({ id: IdSchema });
/** Switches the alert on or off (the opposite of now); `?enabled=true|false` sets it instead. */
export const AlertStatusQuerySchema = z.object({ enabled: z.enum(['true', 'false']).optional() });
export const AlertDeleteResponseSchema = z.object({ deleted: z.literal(true) });
/**
 * Issue 43: "send a test mail now" — the alert's mail as its latest run made it (or an empty one
 * before any run), to the caller's own address only, at once.
 */
export const AlertTestMailResponseSchema = z.object({ sentTo: z.string() });
export type AlertTestMailResponse = z.infer<typeof AlertTestMailResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Runs: GET /warn/getWarnResultList/{id}, POST /warn/getWarnResultCount, POST /warn/getWarnDetails

/**
 * What changed for a patent of a run: `new` new to the corpus since the last run (or, in a
 * library, newly collected into it); `legalStatus` its legal status; `legalEvent` new legal events;
 * `family` a new family member; `citation` a new citation (a new record citing it, or new
 * references of its own); `other` any other field.
 */
export const ALERT_CHANGE_KINDS = ['new', 'legalStatus', 'legalEvent', 'family', 'citation', 'other'] as const;
export const AlertChangeKindSchema = z.enum(ALERT_CHANGE_KINDS);
export type AlertChangeKind = z.infer<typeof AlertChangeKindSchema>;

/**
 * How a run's mail went: sent, skipped (nothing to report and noUpdateNoMail; or, with `error`
 * saying why, an owner disabled or without the /warning permission, or no confirmed recipient —
 * issue 41), failed, or pending.
 */
export const ALERT_MAIL_STATES = ['pending', 'sent', 'skipped', 'failed'] as const;
export const AlertMailStateSchema = z.enum(ALERT_MAIL_STATES);
export type AlertMailState = z.infer<typeof AlertMailStateSchema>;

export const AlertRunSchema = z.object({
  id: z.string(),
  alertId: z.string(),
  /** The scheduled time the run was for (one run per alert and scheduled time). */
  scheduledFor: z.string(),
  ranAt: z.string(),
  /** Patents new since the previous run. */
  newCount: z.number().int(),
  /** Patents changed (not new) since the previous run. */
  changedCount: z.number().int(),
  /** Patents kept with the run: newCount + changedCount, at most MAX_ALERT_RUN_HITS. */
  reported: z.number().int(),
  /** Beyond MAX_ALERT_RUN_HITS: counted, not kept. */
  omitted: z.number().int(),
  mailState: AlertMailStateSchema,
  mailedAt: z.string().nullable(),
  /** The run's failure, or why a skipped run mailed nothing, in the owner's language. */
  error: z.string().nullable(),
  /**
   * Issue 48 item 5: the data version the run compared up to (its search ran against it; a search's
   * `asOf`); null before the run was evaluated.
   */
  dataVersion: z.number().int().nullable().optional(),
});
export type AlertRun = z.infer<typeof AlertRunSchema>;

export const AlertRunListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/** An alert's runs, newest first. */
export const AlertRunPageSchema = PagedSchema(AlertRunSchema).extend({ alert: AlertSchema });
export type AlertRunPage = z.infer<typeof AlertRunPageSchema>;

/** Figures of the caller's alerts (all, or those named). */
export const AlertResultCountRequestSchema = z.object({ alertIds: z.array(IdSchema).max(1000).optional() });
export const AlertResultCountSchema = z.object({
  alertId: z.string(),
  runs: z.number().int(),
  /** Over all runs. */
  newCount: z.number().int(),
  changedCount: z.number().int(),
  lastRunId: z.string().nullable(),
});
export const AlertResultCountResponseSchema = z.object({
  items: z.array(AlertResultCountSchema),
  /** Over every listed alert. */
  runs: z.number().int(),
  newCount: z.number().int(),
  changedCount: z.number().int(),
});
export type AlertResultCountResponse = z.infer<typeof AlertResultCountResponseSchema>;

/** A run's patents in report order (new first, then changed; by publication date, newest first). */
export const AlertDetailsRequestSchema = z.object({
  runId: IdSchema,
  /** Only patents with this change. */
  change: AlertChangeKindSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AlertDetailsRequest = z.input<typeof AlertDetailsRequestSchema>;

export const AlertRunPatentSchema = z.object({
  publicationNumber: z.string(),
  /** 1-based position in the run (the result page's default order). */
  rank: z.number().int(),
  changes: z.array(AlertChangeKindSchema),
  /**
   * The record's fields that the imports since the previous run changed (legalStatus, legalEvents,
   * family, citations, other); empty for a new record.
   */
  changedFields: z.array(z.string()),
  title: z.string().optional(),
  applicants: z.array(z.string()),
  applicationDate: z.string().optional(),
  publicationDate: z.string().optional(),
  legalStatus: z.string().optional(),
});
export type AlertRunPatent = z.infer<typeof AlertRunPatentSchema>;

export const AlertDetailsResponseSchema = PagedSchema(AlertRunPatentSchema).extend({
  run: AlertRunSchema,
  alert: AlertSchema,
  /** Opens the run's patents on the result page: `set: { kind: 'alertRun', key: run.id }`. */
  set: z.object({ kind: z.literal('alertRun'), key: z.string() }),
});
export type AlertDetailsResponse = z.infer<typeof AlertDetailsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// /download/warnResult: a run's patents as an export (the export service's results target over
// `set: { kind: 'alertRun', key: runId }`); answers like POST /download/task (a download task).

export const AlertExportRequestSchema = z.object({
  runId: IdSchema,
  /** Export field ids (export.ts EXPORT_FIELD_IDS); absent: the user's last export fields. */
  fields: z.array(z.string().max(64)).min(1).max(100).optional(),
  format: z.enum(['xlsx', 'csv', 'docx', 'pdf']).default('xlsx'),
  filename: z.string().max(100).optional(),
});
export type AlertExportRequest = z.input<typeof AlertExportRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Validation shared by the form and the server (spec 2 §5)

export interface AlertInputProblem {
  /** The form field: name, type, content, recipients, schedule. */
  field: 'name' | 'type' | 'content' | 'recipients' | 'schedule';
  code: ErrorCode;
  params?: Record<string, string | number>;
}

/** Like the e-mail rule of the shared forms: something@host.tld, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The spec's checks that need no database, in form order; the first is what the form shows. The
 * server adds the two that need it: a search expression with 0 hits (ALERT_NO_HITS) and a library
 * the caller cannot open.
 */
export function alertInputProblems(input: {
  name?: string | null;
  type?: AlertType | null;
  content?: AlertContent;
  schedule?: Partial<AlertScheduleInput>;
  recipients?: string[];
}): AlertInputProblem[] {
  const problems: AlertInputProblem[] = [];
  const name = (input.name ?? '').trim();
  if (!name) problems.push({ field: 'name', code: 'ALERT_NAME_REQUIRED' });
  else if (name.length > MAX_ALERT_NAME_LENGTH)
    problems.push({ field: 'name', code: 'ALERT_NAME_TOO_LONG', params: { max: MAX_ALERT_NAME_LENGTH } });
  if (!input.type) problems.push({ field: 'type', code: 'ALERT_TYPE_REQUIRED' });
  const content = input.content ?? {};
  if (input.type === 'search' && !(content.expression ?? '').trim())
    problems.push({ field: 'content', code: 'ALERT_CONTENT_REQUIRED' });
  if (input.type === 'library' && !content.libraryId)
    problems.push({ field: 'content', code: 'ALERT_CONTENT_REQUIRED' });
  if (input.type === 'patents') {
    const numbers = new Set((content.publicationNumbers ?? []).map((n) => n.trim()).filter(Boolean));
    if (numbers.size === 0) problems.push({ field: 'content', code: 'ALERT_CONTENT_REQUIRED' });
    else if (numbers.size > MAX_ALERT_PATENTS)
      problems.push({
        field: 'content',
        code: 'ALERT_TOO_MANY_PATENTS',
        params: { max: MAX_ALERT_PATENTS, count: numbers.size },
      });
  }
  const recipients = (input.recipients ?? []).map((r) => r.trim()).filter(Boolean);
  if (recipients.length === 0) problems.push({ field: 'recipients', code: 'ALERT_EMAIL_REQUIRED' });
  else if (recipients.length > MAX_ALERT_RECIPIENTS)
    problems.push({ field: 'recipients', code: 'ALERT_TOO_MANY_EMAILS', params: { max: MAX_ALERT_RECIPIENTS } });
  else {
    const bad = recipients.find((r) => !EMAIL_PATTERN.test(r) || r.length > 254);
    if (bad) problems.push({ field: 'recipients', code: 'ALERT_EMAIL_INVALID', params: { email: bad } });
    const seen = new Set<string>();
    const twice = recipients.find((r) => (seen.has(r.toLowerCase()) ? true : (seen.add(r.toLowerCase()), false)));
    if (!bad && twice) problems.push({ field: 'recipients', code: 'EMAIL_DUPLICATED', params: { email: twice } });
  }
  const schedule = input.schedule ?? {};
  if (schedule.frequency === 'weekly' && !schedule.weekday)
    problems.push({ field: 'schedule', code: 'ALERT_SCHEDULE_INVALID' });
  else if (schedule.frequency === 'monthly' && !schedule.monthDay)
    problems.push({ field: 'schedule', code: 'ALERT_SCHEDULE_INVALID' });
  else if (schedule.timeZone && !isValidTimeZone(schedule.timeZone))
    problems.push({ field: 'schedule', code: 'ALERT_TIME_ZONE_INVALID', params: { timeZone: schedule.timeZone } });
  return problems;
}
