import { EngineError } from '@patlas/engine';
import { describe, expect, it } from 'vitest';
import { currentRequest, runWithSignal } from './request-signal.js';
import { SharedResults } from './shared-results.js';

/** A computation the test finishes by hand, which records the signal it ran under. */
function controlled<T>() {
  let finish!: (value: T) => void;
  let fail!: (err: unknown) => void;
  const seen: { signal?: AbortSignal; calls: number } = { calls: 0 };
  const compute = () => {
    seen.calls++;
    seen.signal = currentRequest()?.signal;
    return new Promise<T>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { compute, seen, finish: (v: T) => finish(v), fail: (e: unknown) => fail(e) };
}

/** Calls `get` as a request whose client can go away. */
function asRequest<T>(results: SharedResults<T>, key: string, compute: () => Promise<T>) {
  const client = new AbortController();
  const answer = runWithSignal(client.signal, () => results.get(key, compute));
  return { answer, leave: () => client.abort() };
}

const options = (now = () => 0) => ({ size: 4, ttlMs: 1_000, now });

describe('SharedResults', () => {
  it('computes once for concurrent requests, under a signal that is none of theirs', async () => {
    const results = new SharedResults<string>(options());
    const work = controlled<string>();
    const first = asRequest(results, 'k', work.compute);
    const second = asRequest(results, 'k', work.compute);
    expect(work.seen.calls).toBe(1);
    work.finish('ranked');
    await expect(first.answer).resolves.toBe('ranked');
    await expect(second.answer).resolves.toBe('ranked');
    expect(work.seen.signal?.aborted).toBe(false);
    // Kept: a later request gets the same answer without computing.
    await expect(asRequest(results, 'k', work.compute).answer).resolves.toBe('ranked');
    expect(work.seen.calls).toBe(1);
  });

  it('keeps computing for the requests still waiting when the one that started it goes away', async () => {
    const results = new SharedResults<string>(options());
    const work = controlled<string>();
    const starter = asRequest(results, 'k', work.compute);
    const page = asRequest(results, 'k', work.compute);
    starter.leave();
    await expect(starter.answer).rejects.toMatchObject({ code: 'QUERY_CANCELLED' });
    expect(work.seen.signal?.aborted).toBe(false);
    work.finish('ranked');
    await expect(page.answer).resolves.toBe('ranked');
  });

  it('stops the computation once no request waits, and does not keep it', async () => {
    const results = new SharedResults<string>(options());
    const work = controlled<string>();
    const a = asRequest(results, 'k', work.compute);
    const b = asRequest(results, 'k', work.compute);
    a.leave();
    b.leave();
    await expect(a.answer).rejects.toBeInstanceOf(EngineError);
    await expect(b.answer).rejects.toMatchObject({ code: 'QUERY_CANCELLED' });
    expect(work.seen.signal?.aborted).toBe(true);
    // The search workers reject the stopped work; the next request computes anew.
    work.fail(new EngineError('QUERY_CANCELLED'));
    const again = controlled<string>();
    const next = asRequest(results, 'k', again.compute);
    expect(again.seen.calls).toBe(1);
    again.finish('fresh');
    await expect(next.answer).resolves.toBe('fresh');
  });

  it('does not keep a failure, and computes again after its time to live', async () => {
    let now = 0;
    const results = new SharedResults<string>(options(() => now));
    const broken = controlled<string>();
    const failed = asRequest(results, 'k', broken.compute);
    broken.fail(new Error('boom'));
    await expect(failed.answer).rejects.toThrow('boom');
    const first = controlled<string>();
    const one = asRequest(results, 'k', first.compute);
    first.finish('one');
    await expect(one.answer).resolves.toBe('one');
    now = 999;
    await expect(asRequest(results, 'k', first.compute).answer).resolves.toBe('one');
    now = 1_000;
    const second = controlled<string>();
    const two = asRequest(results, 'k', second.compute);
    second.finish('two');
    await expect(two.answer).resolves.toBe('two');
  });

  it('a caller outside any request (a job) waits without a signal of its own', async () => {
    const results = new SharedResults<number>(options());
    const work = controlled<number>();
    const job = results.get('k', work.compute);
    const request = asRequest(results, 'k', work.compute);
    request.leave();
    await expect(request.answer).rejects.toMatchObject({ code: 'QUERY_CANCELLED' });
    // The request that left was the only one counted; the job still gets its answer.
    work.finish(7);
    await expect(job).resolves.toBe(7);
  });

  it('keeps at most `size` entries, the oldest out first', async () => {
    const results = new SharedResults<string>(options());
    for (const key of ['a', 'b', 'c', 'd', 'e']) await results.get(key, async () => key);
    let calls = 0;
    await results.get('a', async () => `${++calls}`);
    expect(calls).toBe(1);
    await results.get('e', async () => `${++calls}`);
    expect(calls).toBe(1);
  });
});
