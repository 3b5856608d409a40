import {
  ERROR_CODES,
  formatErrorMessage,
  formatQueryError,
  type ErrorCode,
  type Language,
  type TaskError,
} from '@patlas/contracts';
import { AppError, QueryAppError } from '../errors.js';

/**
 * What a failed task stores: the AppError's code and parameters, or `fallback` (the kind's "failed"
 * code) for anything unexpected, whose cause goes to the log and never to the user. A query error's
 * message is written once in the task's language: its text is the query package's, not the catalogue's.
 */
export function taskErrorOf(err: unknown, fallback: ErrorCode, lang: Language = 'zh'): TaskError {
  if (err instanceof QueryAppError) return { code: err.code, params: { message: formatQueryError(err.query, lang) } };
  if (err instanceof AppError) return { code: err.code, params: err.params };
  return { code: fallback, params: {} };
}

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}

/** The stored failure columns of a task. */
export interface StoredTaskError {
  error: string | null;
  error_code: string | null;
  error_params: string | null;
}

/**
 * A task's failure in the reader's language: its code's message, or the text stored by a task that
 * failed before errors were stored as codes (issue 40); null when it did not fail.
 */
export function taskErrorMessage(row: StoredTaskError, lang: Language): string | null {
  if (row.error_code !== null && isErrorCode(row.error_code)) {
    let params: Record<string, string | number> = {};
    try {
      params = row.error_params ? (JSON.parse(row.error_params) as Record<string, string | number>) : {};
    } catch {
      // A damaged parameter list leaves the message without its values rather than unreadable.
    }
    return formatErrorMessage(row.error_code, lang, params);
  }
  return row.error ?? row.error_code;
}
