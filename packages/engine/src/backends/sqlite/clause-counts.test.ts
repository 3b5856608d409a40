import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAnd, makeOr, matchAllTerm, parseExpression, printExpression, type QueryNode } from '@patlas/query';
import type { ClauseSpec, SearchEngine } from '../../search-engine.js';
import { createPooledEngine, type PooledEngine } from './search-pool.js';
import { createSqliteEngine } from './sqlite-engine.js';
import type { IndexablePatent } from './index-tokens.js';

const WORDS = ['锂离子', '电池', '正极', '材料', '制备', '方法', '装置', '网络', '图像', '识别', '碳纤维', '复合'];

function generate(n: number): IndexablePatent[] {
  let seed = 7;
  const rnd = (k: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % k;
  };
  const phrase = (len: number): string => Array.from({ length: len }, () => WORDS[rnd(WORDS.length)]).join('');
  return Array.from({ length: n }, (_, i) => ({
    publicationNumber: `${i % 3 === 0 ? 'US' : 'CN'}${300000000 + i}A`,
    country: i % 3 === 0 ? 'US' : 'CN',
    patentType: 'invention_application',
    title: { text: `一种${phrase(2)}` },
    abstract: { text: `本发明公开了一种${phrase(4)}。` },
    applicants: [{ name: '清华大学' }],
    applicationDate: `${2010 + (i % 12)}-01-01`,
    publicationDate: '2021-01-01',
  }));
}

function parse(expression: string): QueryNode {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(expression);
  return parsed.ast;
}

/** The AST as clauses in pre-order (every And / Or / Not broken down). */
function clausesOf(node: QueryNode, parent = -1, out: { spec: ClauseSpec; node: QueryNode }[] = []) {
  const index = out.length;
  if (node.kind === 'And' || node.kind === 'Or') {
    out.push({ spec: { parent, op: node.kind === 'And' ? 'and' : 'or' }, node });
    for (const child of node.children) clausesOf(child, index, out);
  } else if (node.kind === 'Not') {
    out.push({ spec: { parent, op: 'not' }, node });
    clausesOf(node.child, index, out);
  } else out.push({ spec: { parent, op: 'leaf', ast: node }, node });
  return out;
}

/** The expression without `target` (an AND / OR left with one clause is that clause; a NOT goes with its clause). */
function without(node: QueryNode, target: QueryNode): QueryNode | undefined {
  if (node === target) return undefined;
  if (node.kind === 'And' || node.kind === 'Or') {
    const kept = node.children.flatMap((c) => {
      const left = without(c, target);
      return left ? [left] : [];
    });
    if (kept.length === 0) return undefined;
    if (kept.length === 1) return kept[0];
    return node.kind === 'And' ? makeAnd(kept) : makeOr(kept);
  }
  if (node.kind === 'Not') {
    const child = without(node.child, target);
    return child ? { ...node, child } : undefined;
  }
  return node;
}

/** A NOT at the top counts from every document, as the leading-NOT rule searches it. */
const searched = (ast: QueryNode) => (ast.kind === 'Not' ? makeAnd([matchAllTerm(), ast]) : ast);

describe('clauseCounts (issue 48)', () => {
  let dir: string;
  let base: SearchEngine;
  let pooled: PooledEngine;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'patlas-clause-counts-'));
    const file = path.join(dir, 'index.db');
    base = createSqliteEngine({ file });
    await base.index(generate(600));
    pooled = createPooledEngine(base, { file, workers: 1, searchTimeoutMs: 30_000, analysisTimeoutMs: 30_000 });
    await pooled.ready();
  }, 120_000);
  afterAll(async () => {
    await pooled.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '(TI=电池 OR TI=图像) AND AB=(材料 OR 方法) NOT AD>=2018',
    'NOT (TI=电池 OR AB=网络) AND TI=识别',
    'TI=(正极 AND 材料) OR (AB=碳纤维 NOT (AB=复合 OR AD<2013))',
    // Deep: a NOT inside an OR inside an AND, under another NOT, and a clause whose removal takes its parent.
    '(TI=电池 OR (AB=网络 AND NOT (TI=图像 OR AB=(材料 AND 方法)))) AND (AB=制备 OR TI=识别 OR NOT (AB=装置 AND NOT TI=复合)) NOT (AB=碳纤维 AND AD<2012)',
  ])(
    'counts %s as separate counts do, in the scope given, on a worker too',
    async (text) => {
      const whole = parse(text);
      const clauses = clausesOf(whole);
      for (const options of [{}, { scope: 'cn' as const }]) {
        const answer = await base.clauseCounts(
          clauses.map((c) => c.spec),
          options,
        );
        expect(answer.total).toBe(await base.count(searched(whole), options));
        for (const [i, { node }] of clauses.entries()) {
          expect(answer.clauses[i]!.own).toBe(await base.count(searched(node), options));
          const rest = without(whole, node);
          expect(answer.clauses[i]!.without).toBe(rest ? await base.count(searched(rest), options) : null);
        }
        expect(
          await pooled.clauseCounts(
            clauses.map((c) => c.spec),
            options,
          ),
        ).toEqual(answer);
      }
    },
    60_000,
  );

  it('gives the hits each clause brings and keeps out, not only zeros (a wrong path up to the root changes them)', async () => {
    const whole = parse(
      '(TI=电池 OR (AB=网络 AND NOT (TI=图像 OR AB=材料))) AND (AB=制备 OR TI=识别 OR NOT AB=装置) NOT AD<2012',
    );
    const clauses = clausesOf(whole);
    const answer = await base.clauseCounts(clauses.map((c) => c.spec));
    const loses = answer.clauses.filter((c) => c.without !== null && c.without < answer.total);
    const costs = answer.clauses.filter((c) => c.without !== null && c.without > answer.total);
    expect(loses.length).toBeGreaterThan(0);
    expect(costs.length).toBeGreaterThan(0);
    for (const [i, { node }] of clauses.entries()) {
      const rest = without(whole, node);
      expect(answer.clauses[i]!.without, printExpression(node)).toBe(rest ? await base.count(searched(rest)) : null);
    }
  });

  it('refuses clauses out of order', async () => {
    await expect(base.clauseCounts([{ parent: -1, op: 'and' }])).rejects.toThrow(/and with 0 children/);
    await expect(
      base.clauseCounts([
        { parent: -1, op: 'not' },
        { parent: 2, op: 'leaf', ast: parse('电池') },
      ]),
    ).rejects.toThrow(/not an earlier clause/);
  });
});
