import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, apiSend, type ClientMessages } from './client';

const messages: ClientMessages = { network: 'net', timeout: 'slow', badResponse: (status) => `bad ${status}` };

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('unwraps a successful envelope and sends the UI language', async () => {
    const fetchMock = answer(200, { status: 1, message: '', data: { patents: 3 } });
    await expect(apiGet('/health', { lang: 'en', messages })).resolves.toEqual({ patents: 3 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/health');
    expect(new Headers(init.headers).get('Accept-Language')).toBe('en');
  });

  it('throws ApiError with the server code, message and HTTP status', async () => {
    answer(404, { status: 0, message: '未找到专利 X', data: { code: 'PATENT_NOT_FOUND' } });
    const error = await apiGet('/product/patent/detail', { lang: 'zh', messages, query: { pn: 'X' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'PATENT_NOT_FOUND', message: '未找到专利 X', status: 404 });
  });

  it('reports an answer that is not an envelope, and a network failure', async () => {
    answer(502, '<html>bad gateway</html>');
    await expect(apiGet('/health', { lang: 'zh', messages })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: 'bad 502',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiGet('/health', { lang: 'zh', messages })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 0,
    });
  });

  it('posts a JSON body', async () => {
    const fetchMock = answer(200, { status: 1, message: '', data: { ok: true } });
    await apiPost('/x', { a: 1 }, { lang: 'zh', messages });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends PATCH, PUT and DELETE with the same envelope rules', async () => {
    const fetchMock = answer(200, { status: 1, message: '', data: { id: 'r1' } });
    await expect(apiSend('PATCH', '/product/sys/roles/r1', { name: 'x' }, { lang: 'zh', messages })).resolves.toEqual({
      id: 'r1',
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/product/sys/roles/r1');
    expect(init.method).toBe('PATCH');
    expect(init.body).toBe('{"name":"x"}');
    answer(400, { status: 0, message: '内置角色不能修改或删除', data: { code: 'ROLE_BUILT_IN' } });
    await expect(apiSend('DELETE', '/product/sys/roles/r1', undefined, { lang: 'zh', messages })).rejects.toMatchObject(
      {
        code: 'ROLE_BUILT_IN',
        status: 400,
        envelopeStatus: 0,
      },
    );
  });
});
