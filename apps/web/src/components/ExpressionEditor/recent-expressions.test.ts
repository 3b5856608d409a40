import { describe, expect, it } from 'vitest';
import { createProductStorage } from '../../storage/storage';
import {
  forgetExpression,
  loadRecentExpressions,
  MAX_RECENT_EXPRESSIONS,
  rememberExpression,
  suggestExpressions,
} from './recent-expressions';

function memoryStorage() {
  const map = new Map<string, string>();
  const backend: Storage = {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
  return { map, storage: createProductStorage({ product: 'patlas', version: '1', backend: () => backend }) };
}

describe('recent expressions', () => {
  it('keeps the last 20, newest first, without duplicates', () => {
    const { storage } = memoryStorage();
    for (let i = 0; i < 25; i += 1) rememberExpression(storage, `TI=(e${i})`);
    rememberExpression(storage, '  TI=(e10)  ');
    const recent = loadRecentExpressions(storage);
    expect(recent).toHaveLength(MAX_RECENT_EXPRESSIONS);
    expect(recent.slice(0, 3)).toEqual(['TI=(e10)', 'TI=(e24)', 'TI=(e23)']);
    expect(recent.filter((e) => e === 'TI=(e10)')).toHaveLength(1);
    expect(recent).not.toContain('TI=(e4)');
  });

  it('ignores blank expressions and unreadable stored values', () => {
    const { storage, map } = memoryStorage();
    expect(rememberExpression(storage, '   ')).toEqual([]);
    map.set('patlas:1:recentExpressions', JSON.stringify({ v: ['ok', 3, '', null] }));
    expect(loadRecentExpressions(storage)).toEqual(['ok']);
    map.set('patlas:1:recentExpressions', JSON.stringify({ v: 'not a list' }));
    expect(loadRecentExpressions(storage)).toEqual([]);
  });

  it('forgets one expression', () => {
    const { storage } = memoryStorage();
    rememberExpression(storage, 'a');
    rememberExpression(storage, 'b');
    expect(forgetExpression(storage, 'a')).toEqual(['b']);
    expect(loadRecentExpressions(storage)).toEqual(['b']);
  });

  it('suggests what contains the typed text, case-insensitively, not the text itself', () => {
    const recent = ['TI=(电池) AND PD>=2020', 'ti=(Battery)', 'PA=(华为)', 'TI=(电池)'];
    expect(suggestExpressions(recent, '电池')).toEqual(['TI=(电池) AND PD>=2020', 'TI=(电池)']);
    expect(suggestExpressions(recent, 'TI=(电池)')).toEqual(['TI=(电池) AND PD>=2020']);
    expect(suggestExpressions(recent, 'BATTERY')).toEqual(['ti=(Battery)']);
    expect(suggestExpressions(recent, '')).toEqual(recent);
  });
});
