import { configure, fireEvent } from '@testing-library/react';
import { vi } from 'vitest';
import { ALL_PERMISSIONS, type Language, type LoginType } from '@patlas/contracts';
import { createQueryClient } from '../api/query-client';
import { appSession, SESSION_NAMES } from '../session/session';
import { installSessionAuth } from '../session/session-bridge';
import { createI18n } from '../i18n/setup';
import { appStorage } from '../storage/app-storage';

// antd renders slowly in jsdom; the first lazy page import also takes a while.
configure({ asyncUtilTimeout: 15_000 });

/** What jsdom lacks and antd needs (responsive observers, media queries). */
export function installDomShims(): void {
  // jsdom throws "Not implemented" for pseudo-element styles, which antd asks for to measure scrollbars.
  // Wrapped once per window: every renderApp calls this, and stacked wrappers cost on each style lookup.
  const shimmed = window as Window & { patlasStyleShim?: true };
  if (!shimmed.patlasStyleShim) {
    const getComputedStyle = window.getComputedStyle.bind(window);
    window.getComputedStyle = (element: Element) => getComputedStyle(element);
    shimmed.patlasStyleShim = true;
  }
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  }
}

export interface FakeResponse {
  status: number;
  body: unknown;
  /** Headers besides Content-Type (Retry-After…). */
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The JSON body, parsed; undefined for none. */
  body: unknown;
}

/** Stubs fetch with a function of the requested URL (and the request); records the requests. */
export function stubFetch(answer: (url: URL, request: RecordedRequest) => FakeResponse) {
  const calls: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedRequest = { url, method: init?.method ?? 'GET', headers: new Headers(init?.headers), body };
    calls.push(request);
    const { status, body: answerBody, headers } = answer(url, request);
    return new Response(JSON.stringify(answerBody), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A stored session as a login leaves it; every field has a default. */
export interface SeedSession {
  token?: string;
  /** false: the refresh cookie has run out (no refresh can renew the session). */
  canRefresh?: boolean;
  /** Absolute expiry of the access token, epoch ms; default an hour from now. */
  expiresAt?: number;
  menu?: readonly string[];
  loginType?: LoginType;
  nickName?: string;
  email?: string;
}

export const TEST_TOKEN = 'test-access-token';

/**
 * Stores a logged-in session (default: every permission, the operators' one included) the way a
 * login does, and makes the app's session store read it.
 */
export function seedSession(seed: SeedSession = {}): void {
  appStorage.set(SESSION_NAMES.token, seed.token ?? TEST_TOKEN);
  const expiresAt = seed.expiresAt ?? Date.now() + 3_600_000;
  if (seed.canRefresh !== false) appStorage.set(SESSION_NAMES.refreshExpiresAt, expiresAt + 3_600_000);
  appStorage.set(SESSION_NAMES.expiresAt, expiresAt);
  appStorage.set(SESSION_NAMES.loginType, seed.loginType ?? 'password');
  appStorage.set(SESSION_NAMES.tenantCode, 'default');
  appStorage.set(SESSION_NAMES.userId, 'u-test');
  appStorage.set(SESSION_NAMES.nickName, seed.nickName ?? '测试用户');
  appStorage.set(SESSION_NAMES.email, seed.email ?? 'demo@patlas.local');
  appStorage.set(SESSION_NAMES.menu, [...(seed.menu ?? ALL_PERMISSIONS)]);
  appSession.reload();
}

export interface RenderAppOptions {
  /** The session to start with: a seed (default: logged in with every permission) or null for a visitor. */
  session?: SeedSession | null;
  /** Keep the app's retry policy (query-client.ts) instead of none: tests of retries. */
  appRetries?: boolean;
}

/**
 * What the app sets up around its router, as main.tsx does: the DOM shims, the UI language, the
 * session (seeded or none) with its auth calls, and a query client. Shared by renderApp and renderPage.
 */
export function setUpAppContext(lang: Language, options: RenderAppOptions) {
  installDomShims();
  const i18n = createI18n(lang);
  appSession.resolveInterruption();
  if (options.session === null) appSession.clear();
  else seedSession(options.session);
  installSessionAuth(appSession, i18n);
  const queryClient = createQueryClient();
  if (!options.appRetries) {
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  }
  return { i18n, queryClient };
}

/** Enter as a keyboard sends it: rc-input ignores a second Enter until the key has come up. */
export function pressEnter(element: Element): void {
  fireEvent.keyDown(element, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(element, { key: 'Enter', code: 'Enter', keyCode: 13 });
}
