/**
 * A browser session as the web app keeps it after a login, made over the API (captcha answered through
 * the server's test hook, so the server runs with NODE_ENV=test): the local storage entries and the
 * refresh cookie (names of apps/web/src/session/session.ts and storage/; e2e/fixtures/auth.ts does the
 * same for the end-to-end specs).
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto';

interface Envelope<T> {
  status: number;
  message: string;
  data: T;
}

interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  tenantCode: string;
  loginType: string;
}

export interface BrowserSession {
  localStorage: { name: string; value: string }[];
  cookies: {
    name: string;
    value: string;
    domain: string;
    path: string;
    expires: number;
    httpOnly: boolean;
    secure: boolean;
    sameSite: 'Strict';
  }[];
}

async function call<T>(baseUrl: string, apiPath: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl}/api${apiPath}`, {
    ...init,
    headers: {
      Accept: 'application/json',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const body = (await res.json()) as Envelope<T>;
  if (body.status !== 1) throw new Error(`${apiPath}: ${res.status} ${body.message}`);
  return body.data;
}

/** The password as the web app sends it: AES-256-GCM with key SHA-256(uuid), base64(nonce ‖ ciphertext ‖ tag). */
function encryptPassword(plain: string, uuid: string): string {
  const key = createHash('sha256').update(uuid, 'utf8').digest();
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64');
}

/** Logs in over the API and returns what the browser holds afterwards. */
export async function browserSession(baseUrl: string, email: string, password: string): Promise<BrowserSession> {
  const { uuid } = await call<{ uuid: string }>(baseUrl, '/platform/oauth/captcha');
  const { answer } = await call<{ answer: string }>(baseUrl, `/platform/oauth/captcha/test-answer?uuid=${uuid}`);
  const tokens = await call<Tokens>(baseUrl, '/platform/oauth/email/token', {
    method: 'POST',
    body: JSON.stringify({
      email,
      password: encryptPassword(password, uuid),
      verify_code: answer,
      uuid,
      crowd_out: true,
    }),
  });
  const auth = { Authorization: `Bearer ${tokens.access_token}` };
  const info = await call<{ userId: string; fullname: string; email: string; userCustomConfig: unknown }>(
    baseUrl,
    '/product/user/info',
    { method: 'POST', headers: auth, body: '{}' },
  );
  const { menu } = await call<{ menu: string[] }>(baseUrl, '/product/user/menu', {
    method: 'POST',
    headers: auth,
    body: '{}',
  });
  const now = Date.now();
  const expiresMs = tokens.expires_in * 1000;
  const entries: Record<string, { v: unknown }> = {
    tempToken: { v: tokens.access_token },
    refreshExpiresAt: { v: now + 2 * expiresMs },
    expiresIn: { v: now + expiresMs },
    loginType: { v: tokens.loginType },
    tenantCode: { v: tokens.tenantCode },
    userId: { v: info.userId },
    nickName: { v: info.fullname },
    email: { v: info.email },
    userCustomConfig: { v: info.userCustomConfig },
    _menu: { v: menu },
  };
  return {
    localStorage: [
      { name: 'patlas:version', value: '1' },
      ...Object.entries(entries).map(([name, value]) => ({ name: `patlas:1:${name}`, value: JSON.stringify(value) })),
    ],
    cookies: [
      {
        name: 'patlas_refresh',
        value: tokens.refresh_token,
        domain: new URL(baseUrl).hostname,
        path: '/api/platform',
        expires: Math.floor(now / 1000) + 2 * tokens.expires_in,
        httpOnly: true,
        secure: false,
        sameSite: 'Strict',
      },
    ],
  };
}
