import { PatentSchema } from '@patlas/contracts';
import type { DrawingSource, ImportItem } from '../format.js';
import { repairPatentTexts } from './text-repair.js';

/** Removes undefined values, empty strings, empty arrays and empty objects, recursively. */
export function compact<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map((v: unknown) => compact(v)).filter((v: unknown) => !isEmpty(v)) as T;
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const cleaned = compact(v);
      if (!isEmpty(cleaned)) out[key] = cleaned;
    }
    return out as T;
  }
  return value;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/**
 * Validates a mapped record against PatentSchema and wraps it as an import item: a record that
 * fails becomes a bad-record item naming the failing fields, so reading can go on.
 */
export function toImportItem(
  record: unknown,
  file: string,
  line: number,
  drawingSources?: DrawingSource[],
): ImportItem {
  const parsed = PatentSchema.safeParse(compact(record));
  if (!parsed.success) {
    const reasons = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || 'record'}: ${issue.message}`);
    return { ok: false, file, line, error: `invalid record: ${reasons.join('; ')}` };
  }
  const repaired = repairPatentTexts(parsed.data);
  return drawingSources && drawingSources.length > 0
    ? { ok: true, record: repaired, file, line, drawingSources }
    : { ok: true, record: repaired, file, line };
}

/** A bad-record item from a thrown error. */
export function toErrorItem(err: unknown, file: string, line: number): ImportItem {
  return { ok: false, file, line, error: err instanceof Error ? err.message : String(err) };
}

/** A text in a language, or undefined when there is no text (so that an empty field is left out). */
export function localized(text: string | undefined, lang = 'en'): { lang: string; text: string } | undefined {
  const trimmed = text?.trim();
  return trimmed ? { lang, text: trimmed } : undefined;
}
