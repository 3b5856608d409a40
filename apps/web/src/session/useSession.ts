import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { hasPermission, type PermissionRule } from '@patlas/contracts';
import { useApiContext } from '../api/useApiContext';
import { LOGIN_PATH } from '../app/paths';
import { logout } from './login-flow';
import { appSession, type SessionSnapshot, type SessionStore } from './session';

/** The session store the app runs on; tests and the app itself use appSession. */
export const SessionContext = createContext<SessionStore>(appSession);

export function useSessionStore(): SessionStore {
  return useContext(SessionContext);
}

/** The current session and interruption, re-rendering on every change. */
export function useSession(): SessionSnapshot {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * Signed in with a personal account: IP-login visitors keep no history and save no custom config
 * (spec 1 §4), so recording and settings check this.
 */
export function usePersonalSession(): boolean {
  const { session } = useSession();
  return session !== undefined && session.loginType !== 'ip';
}

/** Whether the signed-in user's menu satisfies a rule (false for anonymous visitors unless the rule is empty). */
export function usePermission(rule: PermissionRule | false | undefined): boolean {
  const { session } = useSession();
  if (rule === undefined || rule === false) return true;
  return hasPermission(session?.menu ?? [], rule);
}

/** 退出登录: ends the session, drops cached data of the user, and opens the login page. */
export function useLogout(): () => Promise<void> {
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { lang, messages } = useApiContext();
  return useCallback(async () => {
    await logout(store, { lang, messages });
    queryClient.clear();
    await navigate(LOGIN_PATH);
  }, [store, queryClient, navigate, lang, messages]);
}
