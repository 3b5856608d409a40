import { describe, expect, it } from 'vitest';
import { MAX_SEMANTIC_PAGE, readSemanticUrl, semanticResultPath, writeSemanticUrl } from './semantic-url-state';

describe('semantic URL state', () => {
  it('reads the key and the page, ignoring what the contract would refuse', () => {
    expect(readSemanticUrl(new URLSearchParams('tabName=semantics'))).toEqual({ key: undefined, page: 1 });
    expect(readSemanticUrl(new URLSearchParams('key=abcdefgh12&page=2'))).toEqual({ key: 'abcdefgh12', page: 2 });
    expect(readSemanticUrl(new URLSearchParams('key=short&page=2'))).toEqual({ key: undefined, page: 2 });
    expect(readSemanticUrl(new URLSearchParams('key=abcdefgh12&page=0')).page).toBe(1);
    expect(readSemanticUrl(new URLSearchParams('key=abcdefgh12&page=2.5')).page).toBe(1);
    expect(readSemanticUrl(new URLSearchParams('key=abcdefgh12&page=x')).page).toBe(1);
  });

  it('stops at the last page 1000 results can have', () => {
    expect(MAX_SEMANTIC_PAGE).toBe(50);
    expect(readSemanticUrl(new URLSearchParams('key=abcdefgh12&page=999')).page).toBe(50);
  });

  it('writes the tab, key and page, keeps other parameters, and drops key and page on clear', () => {
    const params = new URLSearchParams('tabName=quick&hid=h1');
    const written = writeSemanticUrl(params, { key: 'abcdefgh12', page: 3 });
    expect(written.toString()).toBe('tabName=semantics&hid=h1&key=abcdefgh12&page=3');
    expect(params.toString()).toBe('tabName=quick&hid=h1');
    expect(writeSemanticUrl(written, { key: undefined, page: 1 }).toString()).toBe('tabName=semantics&hid=h1');
  });

  it('links a stored search on the home page', () => {
    expect(semanticResultPath('abcdefgh12', 2)).toBe('/home?tabName=semantics&key=abcdefgh12&page=2');
    const reread = readSemanticUrl(new URL(semanticResultPath('abcdefgh12'), 'http://x').searchParams);
    expect(reread).toEqual({ key: 'abcdefgh12', page: 1 });
  });
});
