import type { i18n as I18n } from 'i18next';
import type { Language } from '@patlas/contracts';
import { ApiError, setAuthBridge, type AuthBridge, type ClientMessages } from '../api/client';
import { refreshTokens } from './api';
import { isTokenExpired, type SessionStore } from './session';

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

/**
 * The client's view of a session store: the token to send, one refresh shared by every request
 * that finds the token expired (a single promise), and the dialogs a 401 or a -3 answer opens.
 */
export function createSessionBridge(store: SessionStore, context: () => AuthCallContext): AuthBridge {
  let inflight: Promise<string> | undefined;

  async function runRefresh(): Promise<string> {
    const session = store.getSnapshot().session;
    if (!session?.refreshToken) {
      store.dropToken();
      store.interrupt({ kind: 'relogin', code: 'TOKEN_EXPIRED' });
      throw new ApiError('TOKEN_EXPIRED', context().messages.network, 401);
    }
    try {
      const tokens = await refreshTokens(session.refreshToken, context());
      store.saveTokens(tokens);
      return tokens.access_token;
    } catch (error) {
      // Spec 1 §8 "Refresh failure: forced logout with dialog, go to /login". A network failure
      // is not a refusal: the session is kept and the request fails as a network error.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        store.clear();
        store.interrupt({ kind: 'refreshFailed' });
      }
      throw error;
    }
  }

  return {
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
