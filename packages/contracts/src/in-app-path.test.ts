import { describe, expect, it } from 'vitest';
import { isInAppPath } from './in-app-path.js';
import { ShareSearchRequestSchema } from './collaboration.js';

describe('isInAppPath', () => {
  it('accepts the addresses the app writes: a path with its query and fragment', () => {
    for (const path of [
      '/',
      '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0&page=2&sort=pd',
      '/innovationSpace/collect?folderId=abc#top',
      '/search/result?q=a%5Cb',
      '/patent/CN1234567A/detail',
      '/analysis/%E7%94%B5%E6%B1%A0',
    ]) {
      expect(isInAppPath(path), path).toBe(true);
    }
  });

  it('refuses /\\evil.example/login and every other way out of the origin', () => {
    for (const path of [
      '/\\evil.example/login',
      '/\\\\evil.example',
      '\\\\evil.example',
      '//evil.example/login',
      '///evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
      'evil.example/login',
      '',
      ' /innovationSpace',
      '/\t/evil.example',
      '/\n/evil.example',
      '/innovationSpace\r\n/x',
      '/x?q=\u0000',
      '/\u007f/evil.example',
      '/%2F%2Fevil.example',
      '/%2fevil.example',
      '/%5Cevil.example',
      '/%5cevil.example/login',
      '/%252F%252Fevil.example',
      '/%25252F%25252Fevil.example',
      '/a\\..\\..\\evil',
      '/%E0%A4%A',
      '/%09/evil.example',
    ]) {
      expect(isInAppPath(path), JSON.stringify(path)).toBe(false);
    }
    expect(isInAppPath(undefined)).toBe(false);
    expect(isInAppPath(42)).toBe(false);
  });

  it('is what a shared search’s router must be', () => {
    const share = { emails: ['a@b.test'], title: 't' };
    expect(ShareSearchRequestSchema.safeParse({ ...share, router: '/\\evil.example/login' }).success).toBe(false);
    expect(ShareSearchRequestSchema.safeParse({ ...share, router: '/innovationSpace/searchResult?q=a' }).success).toBe(
      true,
    );
  });
});
