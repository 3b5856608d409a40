import { MAX_ACTIVE_TASKS_PER_USER } from '@patlas/contracts';
import { z } from 'zod';
import type { JobLane } from './lanes.js';

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
  /** The app clock (tests move it instead of sleeping). */
  now: () => Date;
}

/**
 * A kind of job: how to check its payload, what to run, how often to try. A recurring job has a
 * `schedule`; the queue keeps exactly one queued/running job of that kind (its unique key is the
 * kind) and, when a run ends (done or finally failed), queues the next one at `schedule(now)`.
 */
export interface JobDefinition<P = unknown> {
  readonly kind: string;
  readonly payloadSchema: z.ZodType<P>;
  /** Method syntax on purpose: definitions of any payload type share one registry. */
  handler(payload: P, context: JobContext): Promise<unknown>;
  readonly maxAttempts: number;
  /** First retry after this many seconds, doubling with each further attempt (capped at an hour). */
  readonly backoffSeconds: number;
  /** How long a claimed job stays locked to its worker; a lock that ran out means the worker died. */
  readonly lockSeconds: number;
  readonly schedule?: (after: Date) => Date;
  /** The lane whose slots run this kind (jobs/lanes.ts). */
  readonly lane: JobLane;
  /** Jobs of this kind one user may have waiting or running (enqueued with a userId). */
  readonly userLimit: number;
}

export interface JobSpec<P> {
  kind: string;
  /** Checked on enqueue and again on run (a stored payload may predate a change). */
  payloadSchema?: z.ZodType<P>;
  handler: (payload: P, context: JobContext) => Promise<unknown>;
  maxAttempts?: number;
  backoffSeconds?: number;
  lockSeconds?: number;
  schedule?: (after: Date) => Date;
  /** Default 'system': users' tasks name their lane. */
  lane?: JobLane;
  userLimit?: number;
}

export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_SECONDS = 30;
export const DEFAULT_LOCK_SECONDS = 600;
const MAX_BACKOFF_SECONDS = 3600;

export function defineJob<P = Record<string, never>>(spec: JobSpec<P>): JobDefinition<P> {
  if (!/^[a-z][a-z0-9-]{0,99}$/.test(spec.kind)) throw new Error(`Invalid job kind "${spec.kind}"`);
  const maxAttempts = spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error(`Job ${spec.kind}: maxAttempts must be ≥ 1`);
  const { handler } = spec;
  return {
    kind: spec.kind,
    payloadSchema: spec.payloadSchema ?? (z.object({}).strict() as unknown as z.ZodType<P>),
    handler: (payload, context) => handler(payload, context),
    maxAttempts,
    backoffSeconds: spec.backoffSeconds ?? DEFAULT_BACKOFF_SECONDS,
    lockSeconds: spec.lockSeconds ?? DEFAULT_LOCK_SECONDS,
    lane: spec.lane ?? 'system',
    userLimit: spec.userLimit ?? MAX_ACTIVE_TASKS_PER_USER,
    ...(spec.schedule ? { schedule: spec.schedule } : {}),
  };
}

/** Delay before retry number `attempt` (the attempt that just failed): base, 2×base, 4×base … at most an hour. */
export function backoffSecondsFor(definition: Pick<JobDefinition, 'backoffSeconds'>, attempt: number): number {
  return Math.min(definition.backoffSeconds * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_SECONDS);
}
