import { describe, expect, it } from 'vitest';
import { mapCanonicalHeader, parseLooseDate } from './csv-columns.js';

describe('parseLooseDate', () => {
  it.each([
    ['2018-07-30', '2018-07-30'],
    ['2018.07.30', '2018-07-30'],
    ['20180730', '2018-07-30'],
    ['2018/7/3', '2018-07-03'],
    ['2018年7月30日', '2018-07-30'],
    ['2018-07-30 00:00:00', '2018-07-30'],
    ['43311', '2018-07-30'],
  ])('%s → %s', (value, iso) => {
    expect(parseLooseDate(value)).toBe(iso);
  });

  it('returns null for impossible dates and undefined for empty cells', () => {
    expect(parseLooseDate('2018-02-30')).toBeNull();
    expect(parseLooseDate('July 2018')).toBeNull();
    expect(parseLooseDate('  ')).toBeUndefined();
  });
});

describe('mapCanonicalHeader', () => {
  it('maps English, snake_case and Chinese headers and lists unknown ones', () => {
    const header = mapCanonicalHeader([
      '公开（公告）号',
      'publication_date',
      '申请(专利权)人',
      'IPC分类号',
      '备注',
      'Title',
    ]);
    expect(header.columns).toEqual(['publicationNumber', 'publicationDate', 'applicants', 'ipc', undefined, 'title']);
    expect(header.unknown).toEqual(['备注']);
  });
});
