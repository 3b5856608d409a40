import { systemEndpoints } from '@patlas/contracts';
import { useCallback } from 'react';
import { call } from '../../api/endpoint-call';
import { useApiContext } from '../../api/useApiContext';
import { isTokenExpired } from '../../session/session';
import { useSessionStore } from '../../session/useSession';

/**
 * The access token for the uploader's own requests (multipart bodies do not go through the JSON
 * client). A long upload may outlive the token: an expired one is renewed first by one ordinary
 * call, which refreshes it the shared way (one refresh for every waiting request).
 */
export function useUploadToken(): () => Promise<string | undefined> {
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  return useCallback(async () => {
    const session = store.getSnapshot().session;
    if (session && isTokenExpired(session, store.now())) {
      await call(systemEndpoints.health, {}, { lang, messages }).catch(() => undefined);
    }
    return store.getSnapshot().session?.token;
  }, [store, lang, messages]);
}
