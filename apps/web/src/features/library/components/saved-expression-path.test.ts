import type { SavedExpression } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import { SEARCH_RESULT_PATH } from '../../../app/paths';
import { decodeResultState } from '../../../search-state/search-url-state';
import { savedExpressionAsOfPath, savedExpressionPath } from './SavedExpressionsTab';

const saved = (over: Partial<SavedExpression>): SavedExpression => ({
  id: 'e1',
  name: '锂电池',
  state: { searchExpre: 'TI=锂电池', page: 3, source: 'cn' },
  expression: 'TI=锂电池',
  total: 3,
  createdAt: '2026-12-01T00:00:00.000Z',
  updatedAt: '2026-12-01T00:00:00.000Z',
  ...over,
});
const stateOf = (path: string) => {
  expect(path.startsWith(`${SEARCH_RESULT_PATH}?`)).toBe(true);
  return decodeResultState(new URLSearchParams(path.slice(path.indexOf('?') + 1)));
};

/** Issue 48 item 5: a saved search expression reopened as of the data version it ran against. */
describe('savedExpressionAsOfPath', () => {
  it('reopens the saved state, first page, as of its data version', () => {
    const state = stateOf(savedExpressionAsOfPath(saved({ dataVersion: 4 }))!);
    expect(state).toMatchObject({ expression: 'TI=锂电池', page: 1, asOf: 4 });
    expect(stateOf(savedExpressionPath(saved({ dataVersion: 4 }))).asOf).toBeUndefined();
  });

  it('has no link for an expression saved before versions were kept', () => {
    expect(savedExpressionAsOfPath(saved({}))).toBeUndefined();
  });
});
