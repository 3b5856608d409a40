import { parseExpression, QUERY_ERROR_CODES, type QueryError } from '@patlas/query';
import { describe, expect, it } from 'vitest';
import { formatQueryError, QUERY_MESSAGES } from './query-messages.js';

function firstError(text: string): QueryError {
  const result = parseExpression(text);
  if (result.ok || !result.errors[0]) throw new Error(`expected ${text} to be refused`);
  return result.errors[0];
}

describe('query messages', () => {
  it('has zh and en text naming the column for every query error code', () => {
    expect(Object.keys(QUERY_MESSAGES).sort()).toEqual([...QUERY_ERROR_CODES].sort());
    for (const code of QUERY_ERROR_CODES) {
      expect(QUERY_MESSAGES[code].zh).toContain('第 {col} 列');
      expect(QUERY_MESSAGES[code].en).toContain('column {col}');
    }
  });

  it('formats an error in Chinese and English with a 1-based column', () => {
    const error = firstError('TI=(电池 OR 正极');
    expect(formatQueryError(error, 'zh')).toBe('检索式有误：第 4 列的括号“(”不匹配');
    expect(formatQueryError(error, 'en')).toBe('Expression incorrect: unbalanced parenthesis "(" at column 4');
  });

  it('uses the spec words for the length limit and complexity', () => {
    const tooLong = firstError('a'.repeat(50_001));
    expect(formatQueryError(tooLong, 'zh')).toBe(
      '检索式超出字数限制：最多 50000 个字符，当前 50001 个，从第 50001 列起超出',
    );
    const tooDeep = firstError('('.repeat(40) + '电池' + ')'.repeat(40));
    expect(formatQueryError(tooDeep, 'zh')).toBe('请调整逻辑复杂度或去除不必要的括号/NOT：第 33 列嵌套超过 32 层');
    expect(formatQueryError(tooDeep, 'en')).toBe(
      'Adjust logic complexity or remove unneeded parentheses/NOT: nesting deeper than 32 levels at column 33',
    );
  });

  it('fills field and value placeholders', () => {
    expect(formatQueryError(firstError('AD=2018-02-30'), 'zh')).toBe(
      '检索式有误：第 4 列的日期“2018-02-30”无效，请使用 YYYYMMDD、YYYY-MM-DD、YYYY.MM.DD、YYYYMM 或 YYYY 格式',
    );
    expect(formatQueryError(firstError('XX=电池'), 'en')).toBe('Expression incorrect: unknown field "XX" at column 1');
  });
});
