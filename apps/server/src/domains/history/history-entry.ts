import { SearchHistoryEntrySchema, type Language, type SearchHistoryEntry } from '@patlas/contracts';
import type { z } from 'zod';
import type { ResultPageSearch } from '../search/index.js';

/**
 * Reading a search-history entry (spec 1 §3) from the JSON a client saves or a spreadsheet row
 * holds, with the first problem as a short reason naming the field, in the user's language.
 */
export type EntryReading = { ok: true; entry: SearchHistoryEntry } | { ok: false; reason: string };

const REASONS: Record<Language, Record<string, string> & { missing: string; other: string }> = {
  zh: {
    missing: '缺失',
    invalid_type: '类型不正确',
    too_small: '过短、过小或为空',
    too_big: '过长或过大',
    invalid_format: '格式不正确',
    invalid_value: '取值不在允许范围内',
    invalid_union: '取值不在允许范围内',
    unrecognized_keys: '包含不允许的字段',
    other: '不合法',
  },
  en: {
    missing: 'is missing',
    invalid_type: 'has the wrong type',
    too_small: 'is too short, too small or empty',
    too_big: 'is too long or too large',
    invalid_format: 'has an invalid format',
    invalid_value: 'is not an allowed value',
    invalid_union: 'is not an allowed value',
    unrecognized_keys: 'contains fields that are not allowed',
    other: 'is invalid',
  },
};

const WHOLE: Record<Language, { json: string; object: string }> = {
  zh: { json: '内容不是有效的 JSON', object: '内容应为一个 JSON 对象' },
  en: { json: 'the content is not valid JSON', object: 'the content must be a JSON object' },
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** `state.filters.0.field 取值不在允许范围内` / `resultTotal is missing`. */
export function describeIssue(issue: z.core.$ZodIssue, input: unknown, lang: Language): string {
  const field = issue.path.map(String).join('.') || (lang === 'zh' ? '内容' : 'content');
  const isMissing = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
  const table = REASONS[lang];
  const reason = isMissing ? table.missing : (table[issue.code] ?? table.other);
  return `${field} ${reason}`;
}

/** Validates an already parsed value as an entry. */
export function readEntryValue(value: unknown, lang: Language): EntryReading {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: WHOLE[lang].object };
  }
  const parsed = SearchHistoryEntrySchema.safeParse(value);
  if (parsed.success) return { ok: true, entry: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, reason: issue ? describeIssue(issue, value, lang) : REASONS[lang].other };
}

/** Parses JSON text and validates it as an entry. */
export function readEntryJson(text: string, lang: Language): EntryReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: WHOLE[lang].json };
  }
  return readEntryValue(value, lang);
}

/**
 * The entry of a result-page action (spec 1 §3 fields) as the result page built it (web
 * history-recording/recording.ts buildEntry): the page's state, the action, the total found and
 * the expression that ran; `state` restores the page exactly, `router` reopens it.
 */
export function resultPageEntry(page: ResultPageSearch): SearchHistoryEntry {
  const { state, action, total, expression, dataVersion } = page;
  const filters = state.filters ?? [];
  return {
    exp: state.searchExpre,
    searchExpression: state.searchExpre,
    ...(expression ? { realExpression: expression } : {}),
    operationName: action.action,
    operationValue: action.value,
    resultTotal: String(total),
    pageType: 'searchResult',
    ...(state.source ? { sources: state.source } : {}),
    mergeRules: state.mergeType ?? 0,
    ...(state.viewMode ? { viewMode: state.viewMode } : {}),
    isOrder: state.sort !== undefined && state.sort.field !== 'relevance',
    filterArrs: filters.map((f) => ({ field: f.field, values: [...f.values] })),
    isFilter: filters.length > 0,
    router: action.router,
    state,
    ...(action.removedFilter ? { delFilterObj: { ...action.removedFilter } } : {}),
    ...(dataVersion !== undefined ? { dataVersion } : {}),
  };
}
