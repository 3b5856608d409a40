/**
 * The one catalogue of error codes (STYLE.md "Error model"). Codes are stable and never renamed.
 * `{name}` placeholders are filled from AppError params. Spec wording is kept verbatim where the spec has it.
 */
export interface ErrorCodeRow {
  http: number;
  status: number;
  zh: string;
  en: string;
}

export const ERROR_CODES = {
  VALIDATION_FAILED: {
    http: 400,
    status: 0,
    zh: '参数错误：{field} {reason}',
    en: 'Invalid parameter: {field} {reason}',
  },
  NOT_FOUND: { http: 404, status: 0, zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  ROUTE_NOT_FOUND: { http: 404, status: 0, zh: '接口不存在：{method} {url}', en: 'No such endpoint: {method} {url}' },
  PATENT_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '未找到专利 {pn}：本库未收录该号码',
    en: 'Patent {pn} not found: this number is not in the database',
  },
  PATENT_NUMBER_INVALID: {
    http: 400,
    status: 0,
    zh: '无法识别的专利号：{pn}',
    en: 'Unrecognised patent number: {pn}',
  },
  DRAWING_NOT_FOUND: { http: 404, status: 0, zh: '附图不存在', en: 'Drawing not found' },
  PAYLOAD_TOO_LARGE: { http: 413, status: 0, zh: '上传内容过大', en: 'The upload is too large' },
  RATE_LIMITED: {
    http: 429,
    status: 0,
    zh: '当前网络繁忙，请稍后再试',
    en: 'Current network is busy, please try again later',
  },
  /** Unknown errors: the message never carries the cause; the request id lets operators find the log line. */
  INTERNAL: {
    http: 500,
    status: 0,
    zh: '服务器内部错误，请稍后重试（请求编号 {requestId}）',
    en: 'Internal server error, please try again later (request id {requestId})',
  },
  /** A search expression the query package refused; the message is the query error's own (with its column). */
  QUERY_INVALID: { http: 400, status: 0, zh: '{message}', en: '{message}' },
  SORT_TOO_MANY_HITS: {
    http: 400,
    status: 0,
    zh: '检索结果超过 {max} 条，无法排序，请缩小检索范围',
    en: 'More than {max} results cannot be sorted; please narrow the search',
  },
  PAGE_TOO_DEEP: { http: 400, status: 0, zh: '最多可翻到第 {max} 页', en: 'Pages beyond {max} cannot be shown' },
  PAGE_SIZE_INVALID: { http: 400, status: 0, zh: '每页条数不合法', en: 'Invalid page size' },
  FIELD_UNKNOWN: {
    http: 400,
    status: 0,
    zh: '检索式有误：未知字段 {field}',
    en: 'Expression incorrect: unknown field {field}',
  },
  RANGE_INVALID: {
    http: 400,
    status: 0,
    zh: '检索式有误：字段 {field} 的范围不合法',
    en: 'Expression incorrect: invalid range on field {field}',
  },
  WILDCARD_TOO_BROAD: {
    http: 400,
    status: 0,
    zh: '截词“{term}”匹配的词过多，请输入更多字符',
    en: 'The truncated term "{term}" matches too many words; please type more characters',
  },
  QUERY_UNSUPPORTED: {
    http: 400,
    status: 0,
    zh: '请调整逻辑复杂度或去除不必要的括号/NOT',
    en: 'Please adjust the logic complexity or remove unneeded parentheses/NOT',
  },
  /** Spec 1 §5 / §9: "Analysis or merge over 1 million patents is refused". */
  MERGE_TOO_MANY: {
    http: 400,
    status: 0,
    zh: '检索结果超过 {max} 条，无法合并，请缩小检索范围',
    en: 'More than {max} results cannot be merged; please narrow the search',
  },
  SEARCH_STATE_NOT_FOUND: {
    http: 404,
    status: 0,
    zh: '检索条件已失效，请重新检索',
    en: 'This saved search state no longer exists; please search again',
  },
  SERVICE_UNAVAILABLE: {
    http: 503,
    status: 0,
    zh: '服务正在关闭，请稍后重试',
    en: 'The service is shutting down, please retry shortly',
  },
} as const satisfies Record<string, ErrorCodeRow>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type Language = 'zh' | 'en';

/** Fills `{name}` placeholders of a catalogue message in the given language. */
export function formatErrorMessage(
  code: ErrorCode,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const template: string = ERROR_CODES[code][lang];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => (params[name] === undefined ? '' : String(params[name])));
}
