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

export interface ErrorData {
  code: string;
  field?: string;
  requestId?: string;
  span?: { start: number; end: number };
}
