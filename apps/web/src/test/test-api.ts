import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** Path after /api, e.g. /product/user/info */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type ApiAnswer =
  | { status?: number; envelope: { status: number; message: string; data: unknown } }
  /** A call the server never answers (until the caller aborts it). */
  | { hang: true };

/** The envelope of a success. */
export function ok(data: unknown): ApiAnswer {
  return { envelope: { status: 1, message: '', data } };
}

/** A handled failure with the server's message. */
export function failure(message: string, code: string, http = 400): ApiAnswer {
  return { status: http, envelope: { status: 0, message, data: { code } } };
}

/**
 * Stubs fetch with a function of method and path (stubFetch of src/test answers by URL only, and
 * these pages read and write the same paths). Records every call with its JSON body.
 */
export function stubApi(answer: (call: ApiCall) => ApiAnswer | undefined): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api/, ''),
        query: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const result = answer(call) ?? {
        status: 404,
        envelope: { status: 0, message: 'not stubbed', data: { code: 'NOT_FOUND' } },
      };
      if ('hang' in result) {
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return new Response(JSON.stringify(result.envelope), {
        status: result.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}
