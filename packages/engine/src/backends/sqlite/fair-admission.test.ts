import { describe, expect, it } from 'vitest';
import { parseExpression, type QueryNode } from '@patlas/query';
import { FairAdmission, taskCost } from './fair-admission.js';

function parse(expression: string): QueryNode {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(expression);
  return parsed.ast;
}

/** Records the order tasks start in; `finish(name)` releases that task's worker. */
function recorder(admission: FairAdmission) {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  return {
    started,
    add(owner: string, name: string, cost = 1) {
      return admission.enqueue(owner, cost, (release) => {
        started.push(name);
        releases.set(name, release);
      });
    },
    finish(name: string) {
      const release = releases.get(name);
      if (!release) throw new Error(`${name} has not started`);
      release();
    },
  };
}

describe('fair admission to the search workers', () => {
  it('starts nothing before the workers are open, then fills the free workers', () => {
    const admission = new FairAdmission(2, 3);
    const r = recorder(admission);
    r.add('a', 'a1');
    r.add('b', 'b1');
    r.add('c', 'c1');
    expect(r.started).toEqual([]);
    expect(admission.pendingCount()).toBe(3);
    admission.open();
    expect(r.started).toEqual(['a1', 'b1']);
    expect(admission.pendingCount()).toBe(1);
    r.finish('a1');
    expect(r.started).toEqual(['a1', 'b1', 'c1']);
    expect(admission.pendingCount()).toBe(0);
  });

  it("gives another user's single search the next worker, not the tenth of a heavy user's", () => {
    const admission = new FairAdmission(2, 3);
    admission.open();
    const r = recorder(admission);
    // A heavy search costs the whole allowance: one of user a's runs at a time, one worker stays free.
    for (let i = 1; i <= 10; i++) r.add('a', `a${i}`, 10);
    expect(r.started).toEqual(['a1']);
    r.add('b', 'b1');
    expect(r.started).toEqual(['a1', 'b1']);
    r.finish('b1');
    // b's worker is free, but a is at their allowance: it waits for a's own.
    expect(r.started).toEqual(['a1', 'b1']);
    r.finish('a1');
    expect(r.started).toEqual(['a1', 'b1', 'a2']);
    expect(admission.pendingCount()).toBe(8);
  });

  it('serves waiting users round-robin, each within their allowance', () => {
    const admission = new FairAdmission(2, 2);
    const r = recorder(admission);
    for (let i = 1; i <= 3; i++) r.add('a', `a${i}`);
    for (let i = 1; i <= 3; i++) r.add('b', `b${i}`);
    r.add('c', 'c1');
    admission.open();
    expect(r.started).toEqual(['a1', 'b1']);
    r.finish('a1');
    expect(r.started.at(-1)).toBe('c1');
    r.finish('b1');
    expect(r.started.at(-1)).toBe('a2');
    r.finish('c1');
    expect(r.started.at(-1)).toBe('b2');
  });

  it('takes a cancelled task out of the queue, and a started one only through its release', () => {
    const admission = new FairAdmission(1, 3);
    admission.open();
    const r = recorder(admission);
    const first = r.add('a', 'a1');
    const second = r.add('b', 'b1');
    expect(first.started).toBe(true);
    expect(first.cancel()).toBe(false);
    expect(second.cancel()).toBe(true);
    expect(admission.pendingCount()).toBe(0);
    r.add('c', 'c1');
    r.finish('a1');
    expect(r.started).toEqual(['a1', 'c1']);
  });

  it('tells listeners how many tasks wait', () => {
    const admission = new FairAdmission(1, 3);
    const seen: number[] = [];
    const stop = admission.onPendingChange((pending) => seen.push(pending));
    const r = recorder(admission);
    r.add('a', 'a1');
    r.add('a', 'a2');
    admission.open();
    r.finish('a1');
    stop();
    r.finish('a2');
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('weighs analyses, text mining and expressions with many conditions more than a plain search', () => {
    const simple = parse('TI=电池');
    const proximity = Array.from({ length: 50 }, (_, i) => `TIAB=(电池${i} S 材料)`).join(' OR ');
    expect(taskCost('search', [{ ast: simple, page: 0 }])).toBe(1);
    expect(taskCost('count', [simple])).toBe(1);
    expect(taskCost('aggregate', [simple, {}])).toBe(2);
    expect(taskCost('wordCloud', [{ ast: simple }])).toBe(3);
    expect(taskCost('search', [{ ast: parse(proximity), page: 0 }])).toBe(1 + Math.floor(150 / 16));
    // A dozen words stay a plain search; a countEach's conditions count with its expression.
    expect(taskCost('count', [parse(Array.from({ length: 12 }, (_, i) => `TI=w${i}`).join(' OR '))])).toBe(1);
    expect(taskCost('countEach', [simple, Array.from({ length: 40 }, () => simple)])).toBe(2 + 2);
  });
});
