import { z } from 'zod';

/** DESIGN.md "The API": one envelope; status 1 success, 0 handled failure, -3 IP-login maximum. */
export const ENVELOPE_STATUS = { ok: 1, failure: 0, ipLimit: -3 } as const;

export interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number(), message: z.string(), data });
}

export const HealthSchema = z.object({
  patents: z.number().int(),
  version: z.string(),
  /** Optional services this installation has configured; the web app hides what is not (issue 14). */
  features: z.object({ translation: z.boolean(), rewrite: z.boolean() }),
});
export type Health = z.infer<typeof HealthSchema>;

// Issue 40 (responsiveness): how long the server's event loop was held, for operators and bench/.
/** GET /api/product/sys/event-loop?sinceMs= — the window's start, epoch ms (default: the last minute). */
export const EventLoopDelayQuerySchema = z.object({
  sinceMs: z.coerce.number().int().min(0).optional(),
});
/** How late a timer due every `resolutionMs` ran, over the window [fromMs, toMs]. */
export const EventLoopDelaySchema = z.object({
  fromMs: z.number(),
  toMs: z.number(),
  /** false: the samples kept (the last 30 minutes) begin after the asked start. */
  complete: z.boolean(),
  samples: z.number().int(),
  p50Ms: z.number(),
  p95Ms: z.number(),
  p99Ms: z.number(),
  maxMs: z.number(),
  resolutionMs: z.number(),
});
export type EventLoopDelay = z.infer<typeof EventLoopDelaySchema>;

export interface ErrorData {
  code: string;
  field?: string;
  requestId?: string;
  span?: { start: number; end: number };
}
