import { PatentSchema } from '@patlas/contracts';
import type { ZodError } from 'zod';
import type { ImportItem } from '../format.js';
import { repairPatentTexts } from './text-repair.js';

/** One readable line per schema problem, e.g. `applicationDate: YYYY-MM-DD (got "2018-7-3")`. */
export function describeZodError(error: ZodError, input?: unknown): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      const got = valueAt(input, issue.path);
      const shown = got === undefined ? '' : ` (got ${JSON.stringify(got)?.slice(0, 80)})`;
      return `${path || 'record'}: ${issue.message}${shown}`;
    })
    .join('; ');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Checks a built record against the canonical schema and wraps it as an ImportItem, so every
 * format reports a bad record the same way (with its file and line) and goes on reading.
 */
export function validateRecord(candidate: unknown, file: string, line: number): ImportItem {
  const parsed = PatentSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, record: repairPatentTexts(parsed.data), file, line };
  return { ok: false, file, line, error: describeZodError(parsed.error, candidate) };
}

/** Drops undefined, empty-string and empty-array fields so partial records stay small and valid. */
export function compact<T extends object>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || field === '') continue;
    if (Array.isArray(field) && field.length === 0) continue;
    out[key] = field;
  }
  return out as T;
}
