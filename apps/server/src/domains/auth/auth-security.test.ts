import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildTestApp, DIALECTS, isPostgresReachable, TestClock } from '../../../test/helpers.js';

/** Issue 16 §2: the authentication and session findings, one block each. */

const runs = await Promise.all(
  DIALECTS.map(async (d) => [d, d === 'sqlite' || (await isPostgresReachable())] as const),
);
const dialects = runs.filter(([, ok]) => ok).map(([d]) => d);

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
interface Envelope {
  status: number;
  message: string;
  data: Record<string, unknown> & { code?: string };
}

describe('TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY=1 used to parse as `true`: Fastify then took the left-most X-Forwarded-For entry.
    t = await buildTestApp('sqlite', { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
    const role = await t.context.repositories.roles.create({ name: 'proxy-ip-role', permissions: ['/search/quick'] });
    await t.context.repositories.tenants.create({
      code: 'proxied',
      name: 'Proxied campus',
      ipRanges: ['10.20.0.0/16'],
      ipRoleIds: [role.id],
      onlineCap: null,
    });
  });
  afterAll(async () => t.close());

  const canIpLogin = async (forwardedFor: string) =>
    (
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/platform/oauth/can/iplogin',
          remoteAddress: '192.0.2.1', // the reverse proxy
          headers: { 'x-forwarded-for': forwardedFor },
        })
      ).json() as Envelope
    ).data.canIpLogin;

  it('takes the address the one trusted proxy saw, not one the client wrote in front of it', async () => {
    // The client sent "X-Forwarded-For: 10.20.1.1"; the proxy appended the real address.
    expect(await canIpLogin('10.20.1.1, 198.51.100.7')).toBe(false);
    // A client inside the range, seen so by the proxy.
    expect(await canIpLogin('10.20.1.1')).toBe(true);
  });

  it('with a CIDR list, trusts X-Forwarded-For only from those proxies', async () => {
    const listed = await buildTestApp('sqlite', { trustProxy: loadConfig({ TRUST_PROXY: '192.0.2.0/24' }).trustProxy });
    try {
      await listed.context.repositories.tenants.create({
        code: 'listed',
        name: 'Listed campus',
        ipRanges: ['10.20.0.0/16'],
        ipRoleIds: [],
        onlineCap: null,
      });
      const ask = async (remoteAddress: string, forwardedFor: string) =>
        (
          (
            await listed.app.inject({
              method: 'GET',
              url: '/api/platform/oauth/can/iplogin',
              remoteAddress,
              headers: { 'x-forwarded-for': forwardedFor },
            })
          ).json() as Envelope
        ).data.canIpLogin;
      expect(await ask('192.0.2.1', '10.20.1.1')).toBe(true);
      // a client reaching the server directly cannot name an address
      expect(await ask('198.51.100.7', '10.20.1.1')).toBe(false);
    } finally {
      await listed.close();
    }
  });
});

export { dialects, TestClock };
