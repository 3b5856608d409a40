import type { AddressInfo } from 'node:net';
import { MAX_UPLOAD_BYTES } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, productCalls, type TestApp, type TestUser } from '../../test/helpers.js';

/**
 * An upload over MAX_UPLOAD_BYTES sent over real HTTP (a browser's FormData, streamed): @fastify/multipart
 * only checks the cut as chunks arrive, so the file's first 10 MB reached the import as if whole and a
 * 20 MB workbook was refused as "save it as .xlsx". It must answer PAYLOAD_TOO_LARGE.
 */
describe('uploads over the size limit, over real HTTP', () => {
  let t: TestApp;
  let user: TestUser;
  let base: string;
  const { okData } = productCalls(
    () => t,
    () => user,
  );

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    user = await authHeader(t);
  }, 60_000);
  afterAll(async () => t?.close());

  it('answers a library import of a file over the limit PAYLOAD_TOO_LARGE, in the user language', async () => {
    const { folder } = (await okData('/archive/v2/save', { action: 'createFolder', name: '上限' })) as {
      folder: { id: string };
    };
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(MAX_UPLOAD_BYTES + 512 * 1024, 7)]), 'numbers.xlsx');
    const res = await fetch(`${base}/api/product/archive/v2/save?action=import&folderId=${folder.id}`, {
      method: 'POST',
      headers: { authorization: user.authorization, 'accept-language': 'en' },
      body: form,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      status: 0,
      message: 'The upload is too large',
      data: { code: 'PAYLOAD_TOO_LARGE' },
    });
  });
});
