import { z } from 'zod';
import type { ErrorCode } from './error-codes.js';

/**
 * The one state list of the durable tasks that produce a document (download tasks, reports,
 * duplicate checks, pre-evaluations, rewritten documents; issue 40). Stored as is; `expired` is
 * never stored: a done task whose file has passed its days shows it.
 */
export const TASK_STATES = ['waiting', 'running', 'done', 'failed', 'cancelled'] as const;
export const TaskStateSchema = z.enum(TASK_STATES);
export type TaskState = z.infer<typeof TaskStateSchema>;

/** A stored state and the one shown for a done task whose file expired. */
export const TASK_SHOWN_STATES = [...TASK_STATES, 'expired'] as const;
export type TaskShownState = (typeof TASK_SHOWN_STATES)[number];

/** States in which a task still changes by itself: a page polls while any of its tasks is in one. */
export const ACTIVE_TASK_STATES = ['waiting', 'running'] as const satisfies readonly TaskState[];

export function isActiveTaskState(state: string): boolean {
  return state === 'waiting' || state === 'running';
}

/** The states of a kind that cannot be cancelled: the task list without `cancelled`. */
export const UNCANCELLABLE_TASK_STATES = [
  'waiting',
  'running',
  'done',
  'failed',
] as const satisfies readonly TaskState[];

/** Why a task failed, as stored: a catalogue code and its message's parameters (translated when shown). */
export interface TaskError {
  code: ErrorCode;
  params: Record<string, string | number>;
}

/** The codes a task ends with when its process stopped under it, and when it failed unexpectedly. */
export const TASK_ERROR_CODES = {
  export: { interrupted: 'DOWNLOAD_INTERRUPTED', failed: 'DOWNLOAD_FAILED' },
  report: { interrupted: 'REPORT_INTERRUPTED', failed: 'REPORT_FAILED' },
  duplicate: { interrupted: 'DUPLICATE_INTERRUPTED', failed: 'DUPLICATE_FAILED' },
  preEvaluation: { interrupted: 'PRE_EVALUATION_INTERRUPTED', failed: 'PRE_EVALUATION_FAILED' },
  rewrite: { interrupted: 'REWRITE_INTERRUPTED', failed: 'REWRITE_FAILED' },
} as const satisfies Record<string, { interrupted: ErrorCode; failed: ErrorCode }>;
export type TaskKindName = keyof typeof TASK_ERROR_CODES;
