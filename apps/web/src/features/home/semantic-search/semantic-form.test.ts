import { describe, expect, it } from 'vitest';
import { MAX_SEMANTIC_TEXT_LENGTH, SemanticSearchRequestSchema } from '@patlas/contracts';
import {
  checkText,
  emptyForm,
  findDuplicateSource,
  fromSemanticQuery,
  isDateOrderValid,
  toSemanticRequest,
} from './semantic-form';

const OFFICES = ['CN', 'US', 'EP', 'JP', 'TW', 'HK', 'MO'];

describe('semantic form rules', () => {
  it('asks for a text, refuses one under the minimum, and counts an over-long one without cutting it', () => {
    expect(checkText('')).toEqual({ kind: 'required' });
    expect(checkText('   \n ')).toEqual({ kind: 'required' });
    expect(checkText(' 锂 ')).toEqual({ kind: 'tooShort', min: 2 });
    expect(checkText('锂电池')).toBeUndefined();
    expect(checkText('电'.repeat(MAX_SEMANTIC_TEXT_LENGTH))).toBeUndefined();
    expect(checkText('电'.repeat(MAX_SEMANTIC_TEXT_LENGTH + 7))).toEqual({
      kind: 'tooLong',
      max: MAX_SEMANTIC_TEXT_LENGTH,
      length: MAX_SEMANTIC_TEXT_LENGTH + 7,
    });
  });

  it('finds an office selected twice, directly or through the 中国 / 非中国 scopes', () => {
    expect(findDuplicateSource([], OFFICES)).toBeUndefined();
    expect(findDuplicateSource(['CN', 'US', 'EP'], OFFICES)).toBeUndefined();
    expect(findDuplicateSource(['cn', 'uncn'], OFFICES)).toBeUndefined();
    expect(findDuplicateSource(['us', 'US'], OFFICES)).toBe('US');
    expect(findDuplicateSource(['cn', 'TW'], OFFICES)).toBe('TW');
    expect(findDuplicateSource(['CN', 'cn'], OFFICES)).toBe('CN');
    expect(findDuplicateSource(['uncn', 'JP'], OFFICES)).toBe('JP');
    expect(findDuplicateSource(['uncn', 'HK'], OFFICES)).toBeUndefined();
  });

  it('checks the order of the dates, either end open', () => {
    expect(isDateOrderValid(undefined, undefined)).toBe(true);
    expect(isDateOrderValid('2020-01-01', undefined)).toBe(true);
    expect(isDateOrderValid('2020-01-01', '2020-01-01')).toBe(true);
    expect(isDateOrderValid('2021-01-01', '2020-12-31')).toBe(false);
  });

  it('starts from the saved weights, or 3,3,3,3 when they are absent or unreadable', () => {
    expect(emptyForm('1,2,3,4').weights).toEqual([1, 2, 3, 4]);
    expect(emptyForm(undefined).weights).toEqual([3, 3, 3, 3]);
    expect(emptyForm('1,2').weights).toEqual([3, 3, 3, 3]);
    expect(emptyForm().mode).toBe('hybrid');
  });

  it('sends only the filters that are set, and a request the contract accepts', () => {
    const bare = toSemanticRequest({ ...emptyForm('3,3,3,3'), text: '一种锂电池负极材料' });
    expect(bare).toEqual({
      searchContext: '一种锂电池负极材料',
      ss_weights: '3,3,3,3',
      mode: 'hybrid',
      page: 1,
      pageSize: 20,
    });
    expect(SemanticSearchRequestSchema.safeParse(bare).success).toBe(true);

    const full = toSemanticRequest({
      text: '硅碳负极',
      dataSources: ['cn', 'US'],
      patentTypes: ['invention_grant'],
      dateType: 'PD',
      dateFrom: '2018-01-01',
      dateTo: undefined,
      weights: [5, 3, 0, 1],
      mode: 'vector',
    });
    expect(full).toMatchObject({
      ss_dataSources: ['cn', 'US'],
      ss_patentType: ['invention_grant'],
      ss_dateType: 'PD',
      ss_dateFrom: '2018-01-01',
      ss_weights: '5,3,0,1',
      mode: 'vector',
    });
    expect(full).not.toHaveProperty('ss_dateTo');
    expect(SemanticSearchRequestSchema.safeParse(full).success).toBe(true);
  });

  it('fills the form again from a stored query', () => {
    const values = fromSemanticQuery({
      searchContext: '正极片',
      ss_dataSources: ['CN'],
      ss_patentType: ['utility_model'],
      ss_dateType: 'AD',
      ss_dateFrom: '2019-05-01',
      ss_dateTo: '2020-05-01',
      ss_weights: '1,1,1,0',
      mode: 'bm25',
    });
    expect(values).toEqual({
      text: '正极片',
      dataSources: ['CN'],
      patentTypes: ['utility_model'],
      dateType: 'AD',
      dateFrom: '2019-05-01',
      dateTo: '2020-05-01',
      weights: [1, 1, 1, 0],
      mode: 'bm25',
    });
    expect(fromSemanticQuery({ searchContext: 'x' }, '2,2,2,2')).toMatchObject({
      weights: [2, 2, 2, 2],
      mode: 'hybrid',
    });
  });
});
