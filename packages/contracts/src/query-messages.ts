/**
 * The zh/en text of the search-expression error codes (packages/query errors.ts), so the web
 * editor shows while typing the same message the server returns after submit. Spec 1 §8
 * "Search" wording where the spec has it: expression exceeds the character limit; expression
 * incorrect; adjust logic complexity or remove unneeded parentheses/NOT; no valid text information.
 * Every message names the column (1-based): `{col}` is filled from the error's span.
 */
import type { QueryError, QueryErrorCode } from '@patlas/query';
import type { Language } from './error-codes.js';

export interface QueryMessage {
  readonly zh: string;
  readonly en: string;
}

export const QUERY_MESSAGES: Readonly<Record<QueryErrorCode, QueryMessage>> = {
  QUERY_TOO_LONG: {
    zh: '检索式超出字数限制：最多 {max} 个字符，当前 {length} 个，从第 {col} 列起超出',
    en: 'The expression exceeds the character limit: at most {max} characters, this one has {length}; the excess starts at column {col}',
  },
  QUERY_EMPTY: {
    zh: '检索式有误：第 {col} 列，检索式为空，请输入检索词',
    en: 'Expression incorrect at column {col}: the expression is empty, please enter a search term',
  },
  QUERY_UNBALANCED_PARENS: {
    zh: '检索式有误：第 {col} 列的括号“{paren}”不匹配',
    en: 'Expression incorrect: unbalanced parenthesis "{paren}" at column {col}',
  },
  QUERY_UNCLOSED_QUOTE: {
    zh: '检索式有误：第 {col} 列的引号未闭合',
    en: 'Expression incorrect: the quotation mark at column {col} is not closed',
  },
  QUERY_UNEXPECTED_TOKEN: {
    zh: '检索式有误：第 {col} 列的“{token}”不应出现在此处',
    en: 'Expression incorrect: unexpected "{token}" at column {col}',
  },
  QUERY_MISSING_OPERAND: {
    zh: '检索式有误：第 {col} 列的“{after}”后缺少检索词',
    en: 'Expression incorrect: a search term is missing after "{after}" at column {col}',
  },
  QUERY_UNKNOWN_FIELD: {
    zh: '检索式有误：第 {col} 列的字段“{field}”不存在',
    en: 'Expression incorrect: unknown field "{field}" at column {col}',
  },
  QUERY_FIELD_OPERATOR: {
    zh: '检索式有误：第 {col} 列，字段 {field} 不支持“{operator}”',
    en: 'Expression incorrect at column {col}: field {field} does not accept "{operator}"',
  },
  QUERY_BAD_DATE: {
    zh: '检索式有误：第 {col} 列的日期“{value}”无效，请使用 YYYYMMDD、YYYY-MM-DD、YYYY.MM.DD、YYYYMM 或 YYYY 格式',
    en: 'Expression incorrect: invalid date "{value}" at column {col}; use YYYYMMDD, YYYY-MM-DD, YYYY.MM.DD, YYYYMM or YYYY',
  },
  QUERY_BAD_NUMBER: {
    zh: '检索式有误：第 {col} 列的数值“{value}”无效，字段 {field} 只接受数字',
    en: 'Expression incorrect: invalid number "{value}" at column {col}; field {field} accepts numbers only',
  },
  QUERY_BAD_RANGE: {
    zh: '检索式有误：第 {col} 列的范围 {from} 至 {to} 无效，起始值不能大于结束值，且至少给出一端',
    en: 'Expression incorrect: invalid range {from} to {to} at column {col}; the start must not exceed the end and at least one end is needed',
  },
  QUERY_BAD_DISTANCE: {
    zh: '检索式有误：第 {col} 列的位置算符“{operator}”距离须在 {min} 到 {max} 之间',
    en: 'Expression incorrect: the distance of "{operator}" at column {col} must be between {min} and {max}',
  },
  QUERY_PROXIMITY_OPERAND: {
    zh: '检索式有误：第 {col} 列，位置算符“{operator}”两侧只能各是一个检索词或短语',
    en: 'Expression incorrect at column {col}: each side of "{operator}" must be a single term or phrase',
  },
  QUERY_PROXIMITY_FIELDS: {
    zh: '检索式有误：第 {col} 列，位置算符“{operator}”两侧须在同一字段，例如 TI=(电池 W/5 正极)',
    en: 'Expression incorrect at column {col}: both sides of "{operator}" must be in the same field, e.g. TI=(battery W/5 cathode)',
  },
  QUERY_TERM_TOO_SHORT: {
    zh: '检索式有误：第 {col} 列的检索词“{value}”过短，至少需要 {min} 个有效字符',
    en: 'Expression incorrect: the term "{value}" at column {col} is too short; at least {min} characters are needed',
  },
  QUERY_NO_VALID_TEXT: {
    zh: '第 {col} 列的“{value}”无有效文本信息',
    en: 'No valid text information in "{value}" at column {col}',
  },
  QUERY_TOO_COMPLEX: {
    zh: '请调整逻辑复杂度或去除不必要的括号/NOT：检索项超过 {max} 个（第 {col} 列起）',
    en: 'Adjust logic complexity or remove unneeded parentheses/NOT: more than {max} terms (from column {col})',
  },
  QUERY_TOO_DEEP: {
    zh: '请调整逻辑复杂度或去除不必要的括号/NOT：第 {col} 列嵌套超过 {max} 层',
    en: 'Adjust logic complexity or remove unneeded parentheses/NOT: nesting deeper than {max} levels at column {col}',
  },
  QUERY_TOO_MANY_PROXIMITY: {
    zh: '检索式过于复杂：位置算符（W/n、N/n、同句、同段等）最多 {max} 个，第 {col} 列起超出；请减少位置算符，或将部分改为 AND 后分次检索',
    en: 'Expression too complex: at most {max} proximity operators (W/n, N/n, S, P…) are allowed, the excess starts at column {col}; use fewer proximity operators, or replace some with AND and search in parts',
  },
  QUERY_TOO_MANY_EXPANSIONS: {
    zh: '检索式过于复杂：截词共可扩展为超过 {max} 个词，第 {col} 列的“{term}”处超出；请为截词多输入几个字符，或减少截词',
    en: 'Expression too complex: the truncations expand to more than {max} words in all, the excess starts at "{term}" at column {col}; type more characters before the wildcards or use fewer truncations',
  },
  QUERY_REFERENCE_IN_FIELD: {
    zh: '检索式有误：第 {col} 列的“{ref}”是一条检索历史，不能写在字段 {field} 里，请写成 {ref} AND {field}=(…)',
    en: 'Expression incorrect at column {col}: "{ref}" is a search-history entry and cannot be inside field {field}; write {ref} AND {field}=(…)',
  },
  QUERY_REFERENCE_NOT_FOUND: {
    zh: '检索式有误：第 {col} 列的 #{no} 不是您的检索历史（检索历史中没有序号为 {no} 的记录）',
    en: 'Expression incorrect at column {col}: #{no} is not in your search history (no entry numbered {no})',
  },
  QUERY_REFERENCE_CYCLE: {
    zh: '检索式有误：第 {col} 列引用的检索历史形成循环（#{no} 又引用了自身）',
    en: 'Expression incorrect at column {col}: the history entries referenced there form a cycle (#{no} refers back to itself)',
  },
  QUERY_REFERENCE_UNUSABLE: {
    zh: '检索式有误：第 {col} 列的 #{no} 不能用于检索式：{reason}',
    en: 'Expression incorrect at column {col}: #{no} cannot be used in an expression: {reason}',
  },
  QUERY_REFERENCE_UNSUPPORTED: {
    zh: '检索式有误：第 {col} 列的 #{no} 是检索历史引用，此处不能使用，请在检索框中检索',
    en: 'Expression incorrect at column {col}: the history reference #{no} cannot be used here; search it in a search box',
  },
  QUERY_APPLICANT_GROUP_NOT_FOUND: {
    zh: '检索式有误：第 {col} 列的“@{name}”不是您的申请人组（请在“申请人组”中创建，或确认他人分享给您的申请人组）',
    en: 'Expression incorrect at column {col}: "@{name}" is not one of your applicant groups (create it under Applicant groups, or accept one shared with you)',
  },
  QUERY_COMPANY_INFO_MISSING: {
    zh: '检索式有误：第 {col} 列的 {field} 需要企业信息表，但尚未导入企业信息（请管理员在“数据导入”页上传企业信息表）',
    en: 'Expression incorrect at column {col}: {field} needs the company information file, but no company information has been imported (an operator uploads it on the Data import page)',
  },
  QUERY_LISTED_VALUE: {
    zh: '检索式有误：第 {col} 列的“{value}”不是 {field} 的取值，请写 是 或 否',
    en: 'Expression incorrect at column {col}: "{value}" is not a value of {field}; write yes or no',
  },
  QUERY_SEMANTIC_TOP: {
    zh: '检索式有误：第 {col} 列的 SEM/{top} 条数须在 {min} 到 {max} 之间（不写时为 {default}）',
    en: 'Expression incorrect at column {col}: the number in SEM/{top} must be from {min} to {max} (default {default})',
  },
  QUERY_SEMANTIC_TEXT: {
    zh: '检索式有误：第 {col} 列的 SEM=(…) 需要一段至少 {min} 个字符的有效文本',
    en: 'Expression incorrect at column {col}: SEM=(…) needs a text of at least {min} characters with letters, digits or Chinese',
  },
  QUERY_SEMANTIC_UNSUPPORTED: {
    zh: '检索式有误：第 {col} 列的 SEM=(…) 语义条件此处不能使用，请在检索框中检索',
    en: 'Expression incorrect at column {col}: the semantic condition SEM=(…) cannot be used here; search it in a search box',
  },
};

/** The localised message of a query error, with `{col}` (1-based) and the error's params filled in. */
export function formatQueryError(error: QueryError, lang: Language): string {
  const params: Record<string, string | number> = { ...error.params, col: error.span.start + 1 };
  return QUERY_MESSAGES[error.code][lang].replace(/\{(\w+)\}/g, (_, name: string) =>
    params[name] === undefined ? '' : String(params[name]),
  );
}
