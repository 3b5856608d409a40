import { describe, expect, it } from 'vitest';
import type { Message } from '@patlas/contracts';
import { messageLink } from './message-text';

function shareSearch(router: unknown): Message {
  return {
    id: 'm1',
    kind: 'shareSearch',
    category: 'share',
    sender: null,
    payload: { title: '电池检索', router },
    isRead: false,
    response: null,
    createdAt: '2026-11-27T08:00:00.000Z',
  };
}

describe('messageLink', () => {
  it('opens a shared search at its in-app router', () => {
    const router = '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0';
    expect(messageLink(shareSearch(router))).toBe(router);
  });

  it('opens nothing for a router that leaves the app (issue 41 §2)', () => {
    for (const router of [
      '/\\evil.example/login',
      '//evil.example',
      '/\\\\evil.example',
      '/%5Cevil.example',
      '/%2F%2Fevil.example',
      '/\t/evil.example',
      'https://evil.example',
      42,
    ]) {
      expect(messageLink(shareSearch(router)), String(router)).toBeUndefined();
    }
  });
});
