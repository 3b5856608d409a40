import type { i18n as I18n } from 'i18next';
import { ENVELOPE_STATUS, type Language } from '@patlas/contracts';
import { ApiError, setAuthBridge, type AuthBridge, type ClientMessages } from '../api/client';
import { refreshTokens } from './api';
import { isTokenExpired, type Session, type SessionStore } from './session';

/** What calls made outside React (the client's refresh, the route guard) need: language and failure texts. */
export interface AuthCallContext {
  lang: Language;
  messages: ClientMessages;
}

export function callContextOf(i18n: I18n): AuthCallContext {
  return {
    lang: i18n.language === 'en' ? 'en' : 'zh',
    messages: {
      network: i18n.t('common:errors.network'),
      timeout: i18n.t('common:errors.timeout'),
      badResponse: (status) => i18n.t('common:errors.badResponse', { status }),
    },
  };
}

/** How long a lost refresh race waits for the winning tab's tokens to reach this tab's storage. */
const RACE_WAIT_MS = 10_000;
/** Refreshes answered 429 (rate limited) are tried again this many times, after growing pauses. */
const RATE_LIMIT_RETRIES = 3;
const RATE_LIMIT_PAUSE_MS = 1000;

/** Server code of a refresh that lost a race with another refresh of the same token (another tab). */
export const REFRESH_RACE_LOST_CODE = 'REFRESH_RACE_LOST';

export interface SessionBridgeOptions {
  /** The pause before retrying a rate-limited refresh (default: a timer); tests pass one that resolves at once. */
  delay?: (ms: number) => Promise<void>;
}

const timerDelay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The client's view of a session store: the token to send, one refresh shared by every request
 * that finds the token expired (a single promise), and the dialogs a 401 or a -3 answer opens.
 *
 * A refused refresh logs out only when the server says the session is gone (401). A 429 is tried
 * again after a pause; a lost race (409 REFRESH_RACE_LOST: another tab refreshed the same token a
 * moment earlier) takes the tokens that tab stores. Anything else fails the request and keeps the
 * session (issue 16 §2: any 4xx used to log out).
 */
export function createSessionBridge(
  store: SessionStore,
  context: () => AuthCallContext,
  options: SessionBridgeOptions = {},
): AuthBridge {
  const delay = options.delay ?? timerDelay;
  let inflight: Promise<string> | undefined;

  /** Resolves with the session once its access token is no longer `used` (another tab stored new tokens). */
  function sessionAfter(used: string): Promise<Session | undefined> {
    const changed = () => {
      const session = store.getSnapshot().session;
      return session?.token !== used ? { session } : undefined;
    };
    const now = changed();
    if (now) return Promise.resolve(now.session);
    return new Promise((resolve) => {
      const finish = (session: Session | undefined) => {
        clearTimeout(timer);
        unsubscribe();
        resolve(session);
      };
      const unsubscribe = store.subscribe(() => {
        const next = changed();
        if (next) finish(next.session);
      });
      // The other tab may never store anything (it failed too): give up, keeping the session.
      const timer = setTimeout(() => finish(store.getSnapshot().session), RACE_WAIT_MS);
    });
  }

  /**
   * One refresh with the refresh cookie. `expiredToken` is the access token being replaced: a lost
   * race waits until another tab's refresh has stored a different one.
   */
  async function refreshWith(expiredToken: string, attempt: number): Promise<string> {
    try {
      const tokens = await refreshTokens(context());
      store.saveTokens(tokens);
      return tokens.access_token;
    } catch (error) {
      // A network failure is not a refusal: the session is kept and the request fails as such.
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) {
        // Spec 1 §8 "Refresh failure: forced logout with dialog, go to /login".
        store.clear();
        store.interrupt({ kind: 'refreshFailed' });
        throw error;
      }
      // An idle IP session whose seat was taken meanwhile (spec 1 §4 "-3 triggers IP-login-maximum handling").
      if (error.envelopeStatus === ENVELOPE_STATUS.ipLimit) {
        bridge.onIpLimit(error);
        throw error;
      }
      if (error.status === 429 && attempt < RATE_LIMIT_RETRIES) {
        await delay(RATE_LIMIT_PAUSE_MS * 2 ** attempt);
        return refreshWith(expiredToken, attempt + 1);
      }
      if (error.code === REFRESH_RACE_LOST_CODE && attempt < RATE_LIMIT_RETRIES) {
        const session = await sessionAfter(expiredToken);
        if (!session) throw error;
        if (!isTokenExpired(session, store.now())) return session.token;
        // The other tab's tokens are stored but already due: its rotation set the cookie this refresh sends.
        if (session.token !== expiredToken && session.canRefresh) return refreshWith(session.token, attempt + 1);
      }
      throw error;
    }
  }

  async function runRefresh(): Promise<string> {
    const session = store.getSnapshot().session;
    if (!session?.canRefresh) {
      store.dropToken();
      store.interrupt({ kind: 'relogin', code: 'TOKEN_EXPIRED' });
      throw new ApiError('TOKEN_EXPIRED', context().messages.network, 401);
    }
    return refreshWith(session.token, 0);
  }

  const bridge: AuthBridge = {
    accessToken: () => store.getSnapshot().session?.token,
    needsRefresh() {
      const session = store.getSnapshot().session;
      return session !== undefined && isTokenExpired(session, store.now());
    },
    refresh() {
      inflight ??= runRefresh().finally(() => {
        inflight = undefined;
      });
      return inflight;
    },
    onUnauthorized(error) {
      // Spec 1 §4 "A 401 response logs the user out once": later 401s of the same moment change nothing.
      if (store.getSnapshot().interruption) return;
      store.dropToken();
      store.interrupt({ kind: 'relogin', code: error.code });
    },
    onIpLimit(error) {
      if (store.getSnapshot().interruption?.kind === 'ipLimit') return;
      store.interrupt({ kind: 'ipLimit', message: error.message });
    },
  };
  return bridge;
}

let installedContext: (() => AuthCallContext) | undefined;

/** Connects the API client to a session store; the guard and dialogs use the same call context. */
export function installSessionAuth(store: SessionStore, i18n: I18n): void {
  installedContext = () => callContextOf(i18n);
  setAuthBridge(createSessionBridge(store, installedContext));
}

/** The call context of the installed session (zh texts before anything is installed). */
export function currentCallContext(): AuthCallContext {
  if (installedContext) return installedContext();
  const network = '网络异常，请重试';
  return { lang: 'zh', messages: { network, timeout: network, badResponse: (status) => `HTTP ${status}` } };
}
