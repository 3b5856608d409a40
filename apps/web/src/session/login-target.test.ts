import { describe, expect, it } from 'vitest';
import { QUICK_SEARCH_PATH } from '../app/paths';
import { isSafeRedirect, targetAfterLogin } from './login-target';

describe('the page a login returns to', () => {
  it('is only an in-app path, never another origin nor the login page (issue 41)', () => {
    for (const unsafe of [
      '//evil.example',
      '/\\evil.example/login',
      '/\t/evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/login?redirect=/home',
      '',
      null,
      undefined,
    ]) {
      expect(isSafeRedirect(unsafe), String(unsafe)).toBe(false);
      const params = new URLSearchParams();
      if (typeof unsafe === 'string') params.set('redirect', unsafe);
      expect(targetAfterLogin(params)).toBe(QUICK_SEARCH_PATH);
    }
    expect(isSafeRedirect('/innovationSpace/searchResult?q=TI%3D(%E7%94%B5%E6%B1%A0)')).toBe(true);
    expect(targetAfterLogin(new URLSearchParams({ redirect: '/innovationSpace/history' }))).toBe(
      '/innovationSpace/history',
    );
  });
});
