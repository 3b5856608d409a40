import { describe, expect, it } from 'vitest';
import { filtersQuery } from './api';

describe('image search filters as the upload query string', () => {
  it('writes the Locarno codes comma-separated and the date range with its field; empty parts are left out', () => {
    expect(filtersQuery({})).toEqual({});
    expect(filtersQuery({ locarno: [], dateField: 'application' })).toEqual({});
    expect(filtersQuery({ locarno: ['14', '28-03'] })).toEqual({ locarno: '14,28-03' });
    expect(filtersQuery({ dateFrom: '2021-01-01' })).toEqual({ dateField: 'publication', dateFrom: '2021-01-01' });
    expect(filtersQuery({ dateField: 'application', dateTo: '2019-12-31', locarno: ['02'] })).toEqual({
      locarno: '02',
      dateField: 'application',
      dateTo: '2019-12-31',
    });
  });
});
