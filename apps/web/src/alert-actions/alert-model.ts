import {
  alertInputProblems,
  DEFAULT_ALERT_TIME_ZONE,
  formatErrorMessage,
  MAX_ALERT_NAME_LENGTH,
  type Alert,
  type AlertFrequency,
  type AlertInput,
  type AlertInputProblem,
  type AlertType,
  type ErrorCode,
  type Language,
} from '@patlas/contracts';

/**
 * How the alert dialog was opened: a new alert (perhaps prefilled by the page it was opened on), an
 * existing alert to edit, or a library folder's alert (saved through /collection/warn, which
 * creates it or updates the one the user already has).
 */
export type AlertOpening =
  | { kind: 'new'; preset?: AlertPreset }
  | { kind: 'edit'; alert: Alert }
  | { kind: 'library'; folderId: string; folderName: string; alert: Alert | null };

/** What an opener knows of the alert it suggests. */
export interface AlertPreset {
  type: AlertType;
  name?: string;
  expression?: string;
  /** Data sources as the result page wrote them (contracts sourceOffices). */
  source?: string;
  libraryId?: string;
  publicationNumbers?: readonly string[];
  /** The result page had filters, which an alert's expression does not carry: the form says so. */
  hasFiltersLeftOut?: boolean;
}

/** Data scope of a search alert; 'all' is the absence of one. */
export type AlertSourceChoice = 'all' | 'cn' | 'uncn' | (string & {});

/** The form's fields (what the user edits); `time` is HH:mm. */
export interface AlertFormValues {
  name: string;
  type: AlertType | undefined;
  expression: string;
  source: AlertSourceChoice;
  libraryId: string | undefined;
  numbers: string;
  frequency: AlertFrequency;
  weekday: number;
  monthDay: number;
  time: string;
  timeZone: string;
  recipients: string[];
  noUpdateNoMail: boolean;
}

export type AlertFormField = keyof AlertFormValues;

export const DEFAULT_ALERT_TIME = '08:00';
/** Monday (1 … 7 Sunday, as the contract numbers weekdays). */
export const DEFAULT_WEEKDAY = 1;
export const DEFAULT_MONTH_DAY = 1;

/** The browser's IANA time zone (a new alert's schedule runs in it), else the contract's default. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_ALERT_TIME_ZONE;
  } catch {
    return DEFAULT_ALERT_TIME_ZONE;
  }
}

/** Publication numbers as typed: spec 2 §5 separators (comma, space, line break; also ;、，), each once. */
export function splitNumbers(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[\s,;，；、]+/)) {
    const number = part.trim();
    const key = number.toUpperCase();
    if (!number || seen.has(key)) continue;
    seen.add(key);
    out.push(number);
  }
  return out;
}

const cut = (text: string) => text.trim().slice(0, MAX_ALERT_NAME_LENGTH);

/** The form's first values: the alert being edited, or a new one prefilled by its opener. */
export function initialFormValues(
  opening: AlertOpening,
  userEmail: string | undefined,
  timeZone: string = browserTimeZone(),
): AlertFormValues {
  const base: AlertFormValues = {
    name: '',
    type: undefined,
    expression: '',
    source: 'all',
    libraryId: undefined,
    numbers: '',
    frequency: 'weekly',
    weekday: DEFAULT_WEEKDAY,
    monthDay: DEFAULT_MONTH_DAY,
    time: DEFAULT_ALERT_TIME,
    timeZone,
    recipients: userEmail ? [userEmail] : [],
    noUpdateNoMail: true,
  };
  if (opening.kind === 'new') {
    const preset = opening.preset;
    if (!preset) return base;
    return {
      ...base,
      name: cut(preset.name ?? preset.expression ?? ''),
      type: preset.type,
      expression: preset.expression ?? '',
      source: preset.source ?? 'all',
      libraryId: preset.libraryId,
      numbers: (preset.publicationNumbers ?? []).join('\n'),
    };
  }
  const alert = opening.alert;
  if (opening.kind === 'library' && !opening.alert)
    return { ...base, name: cut(opening.folderName), type: 'library', libraryId: opening.folderId };
  if (alert) {
    return {
      ...base,
      name: alert.name,
      type: alert.type,
      expression: alert.content.expression ?? '',
      source: alert.content.source ?? 'all',
      libraryId: alert.content.libraryId,
      numbers: (alert.content.publicationNumbers ?? []).join('\n'),
      frequency: alert.schedule.frequency,
      weekday: alert.schedule.weekday ?? DEFAULT_WEEKDAY,
      monthDay: alert.schedule.monthDay ?? DEFAULT_MONTH_DAY,
      time: alert.schedule.time,
      // An alert keeps the zone it was made in; editing it elsewhere does not move its hour.
      timeZone: alert.schedule.timeZone,
      recipients: [...alert.recipients],
      noUpdateNoMail: alert.noUpdateNoMail,
      ...(opening.kind === 'library' ? { type: 'library' as const, libraryId: opening.folderId } : {}),
    };
  }
  return base;
}

/** The form's values as the contract's alert input (only the chosen type's content). */
export function toAlertInput(values: AlertFormValues, enabled = true): AlertInput {
  const content: AlertInput['content'] =
    values.type === 'search'
      ? { expression: values.expression.trim(), ...(values.source === 'all' ? {} : { source: values.source }) }
      : values.type === 'library'
        ? values.libraryId
          ? { libraryId: values.libraryId }
          : {}
        : values.type === 'patents'
          ? { publicationNumbers: splitNumbers(values.numbers) }
          : {};
  return {
    name: values.name.trim(),
    type: values.type ?? null,
    content,
    schedule: {
      frequency: values.frequency,
      ...(values.frequency === 'weekly' ? { weekday: values.weekday } : { monthDay: values.monthDay }),
      time: values.time,
      timeZone: values.timeZone,
    },
    recipients: values.recipients.map((r) => r.trim()).filter(Boolean),
    noUpdateNoMail: values.noUpdateNoMail,
    enabled,
  };
}

/** The form field a contract field's problem is shown under (content: the chosen type's input). */
export function formFieldOf(field: AlertInputProblem['field'], type: AlertType | undefined): AlertFormField {
  if (field === 'content') return type === 'library' ? 'libraryId' : type === 'patents' ? 'numbers' : 'expression';
  if (field === 'schedule') return 'time';
  return field;
}

/**
 * The spec 2 §5 problems of the form as it stands, in the user's language, by form field: the
 * first problem of each field (the one the form shows). The same checks run on the server.
 */
export function formProblems(values: AlertFormValues, lang: Language): Partial<Record<AlertFormField, string>> {
  const input = toAlertInput(values);
  const out: Partial<Record<AlertFormField, string>> = {};
  for (const problem of alertInputProblems({
    name: values.name,
    type: values.type ?? null,
    content: input.content,
    schedule: input.schedule,
    recipients: values.recipients,
  })) {
    const field = formFieldOf(problem.field, values.type);
    out[field] ??= formatErrorMessage(problem.code, lang, problem.params);
  }
  return out;
}

/** Server codes that belong to one field of the form (the rest are shown above the form). */
const SERVER_FIELD_CODES: Partial<Record<ErrorCode, AlertInputProblem['field']>> = {
  ALERT_NAME_REQUIRED: 'name',
  ALERT_NAME_TOO_LONG: 'name',
  ALERT_TYPE_REQUIRED: 'type',
  ALERT_CONTENT_REQUIRED: 'content',
  ALERT_NO_HITS: 'content',
  ALERT_TOO_MANY_PATENTS: 'content',
  ALERT_EMAIL_REQUIRED: 'recipients',
  ALERT_EMAIL_INVALID: 'recipients',
  ALERT_TOO_MANY_EMAILS: 'recipients',
  EMAIL_DUPLICATED: 'recipients',
  // Issue 41: too many new recipients to confirm today.
  ALERT_CONFIRMATION_LIMIT: 'recipients',
  ALERT_RECIPIENT_CONFIRMATION_LIMIT: 'recipients',
  ALERT_SCHEDULE_INVALID: 'schedule',
  ALERT_TIME_ZONE_INVALID: 'schedule',
};

/** The form field a server error code is about, if any (its message is then shown under it). */
export function serverErrorField(code: string, type: AlertType | undefined): AlertFormField | undefined {
  const field = (SERVER_FIELD_CODES as Record<string, AlertInputProblem['field'] | undefined>)[code];
  if (code.startsWith('QUERY_')) return 'expression';
  return field ? formFieldOf(field, type) : undefined;
}
