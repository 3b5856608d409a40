import { describe, expect, it } from 'vitest';
import type { QueryNode, TermNode } from '@patlas/query';
import { createSqliteEngine } from './sqlite-engine.js';
import type { IndexablePatent } from './index-tokens.js';

const span = { start: 0, end: 0 };
const t = (field: string | null, value: string): TermNode => ({ kind: 'Term', field, value, phrase: false, span });
const and = (...children: QueryNode[]): QueryNode => ({ kind: 'And', children, span });

const WORDS = [
  '锂离子',
  '电池',
  '正极',
  '材料',
  '制备',
  '方法',
  '装置',
  '网络',
  '图像',
  '识别',
  '碳纤维',
  '复合',
  '充电',
  '基站',
  '信号',
  '控制',
];
const APPLICANTS = [
  '华为技术有限公司',
  '宁德时代新能源科技股份有限公司',
  '清华大学',
  '比亚迪股份有限公司',
  '腾讯科技（深圳）有限公司',
];

/** A deterministic synthetic corpus for timings (real-looking, not real). */
function generate(n: number): IndexablePatent[] {
  let seed = 42;
  const rnd = (k: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % k;
  };
  const phrase = (len: number): string => Array.from({ length: len }, () => WORDS[rnd(WORDS.length)]).join('');
  return Array.from({ length: n }, (_, i) => {
    const year = 2010 + rnd(14);
    return {
      publicationNumber: `CN${200000000 + i}A`,
      applicationNumber: `CN${year}1${String(i).padStart(7, '0')}`,
      country: i % 10 === 0 ? 'US' : 'CN',
      patentType: 'invention_application',
      title: { text: `一种${phrase(3)}` },
      abstract: { text: `本发明公开了一种${phrase(6)}，包括${phrase(5)}。所述${phrase(4)}用于${phrase(4)}。` },
      applicants: [{ name: APPLICANTS[rnd(APPLICANTS.length)] as string }],
      applicationDate: `${year}-0${1 + rnd(9)}-1${rnd(9)}`,
      publicationDate: `${year + 1}-0${1 + rnd(9)}-1${rnd(9)}`,
      classifications: { ipc: [['H01M4/525', 'G06F16/33', 'H04W72/04'][rnd(3)] as string] },
      legalStatus: ['有效', '失效', '审中'][rnd(3)] as string,
    };
  });
}

describe('sqlite engine at 20k generated documents (timing print)', () => {
  it('answers the main shapes and prints their cost', async () => {
    const docs = generate(20_000);
    const engine = createSqliteEngine({ file: ':memory:', rankLimit: 5_000 });
    const t0 = performance.now();
    for (let i = 0; i < docs.length; i += 2000) await engine.index(docs.slice(i, i + 2000));
    const indexMs = performance.now() - t0;
    const shapes: [string, QueryNode][] = [
      ['common term 电池', t(null, '电池')],
      ['one character 碳', t(null, '碳')],
      ['term AND applicant', and(t(null, '正极'), t('PA', '华为'))],
      [
        'term AND date range',
        and(t(null, '网络'), { kind: 'Range', field: 'AD', from: '2018', includeFrom: true, includeTo: true, span }),
      ],
      ['IPC prefix', t('IPC', 'H01M')],
    ];
    const lines = [`index 20k: ${indexMs.toFixed(0)} ms`];
    for (const [name, ast] of shapes) {
      const request = { ast, facets: ['applicant', 'year', 'legalStatus', 'ipcSubclass'] as const };
      await engine.search(request); // warm-up: timings below are warm
      const s = performance.now();
      const res = await engine.search(request);
      const firstPage = performance.now() - s;
      const deep = { ast, page: 100_000 / 200, pageSize: 20, sort: { field: 'AD' } } as const;
      await engine.search(deep);
      const d = performance.now();
      await engine.search(deep);
      lines.push(
        `${name}: total ${res.total}, first page + facets ${firstPage.toFixed(1)} ms, deep page sorted by AD ${(performance.now() - d).toFixed(1)} ms`,
      );
      expect(res.items.length).toBe(Math.min(20, res.total));
      const brute = docs.filter((doc) => {
        const text = `${doc.title?.text}\n${doc.abstract?.text}`;
        if (name.startsWith('common')) return text.includes('电池');
        if (name.startsWith('one')) return text.includes('碳');
        return true;
      }).length;
      if (name.startsWith('common') || name.startsWith('one')) expect(res.total).toBe(brute);
    }
    console.log(lines.join('\n'));
    await engine.close();
  }, 60_000);
});

describe('relevance beyond rankLimit', () => {
  it('gives the same total, scores and order on the count-only path as on the general path', async () => {
    const docs = generate(3_000);
    const engine = createSqliteEngine({ file: ':memory:', rankLimit: 200 });
    await engine.index(docs);
    for (const ast of [t(null, '电池'), t('TI', '网络'), t(null, '碳')]) {
      for (const page of [1, 3]) {
        // Without facets a single term takes the count-only path; asking for a facet forces the general one.
        const fast = await engine.search({ ast, page, pageSize: 20 });
        const general = await engine.search({ ast, page, pageSize: 20, facets: ['year'] });
        expect(fast.total).toBeGreaterThan(200);
        expect(fast.total).toBe(general.total);
        expect(fast.total).toBe(await engine.count(ast));
        expect(fast.items.map((i) => [i.publicationNumber, i.score])).toEqual(
          general.items.map((i) => [i.publicationNumber, i.score]),
        );
        expect(fast.items[0]?.score).toBeGreaterThan(0);
      }
    }
    // Past the scored hits the page comes from the general path (unscored hits, newest first).
    const deep = await engine.search({ ast: t(null, '电池'), page: 40, pageSize: 20 });
    expect(deep.items.every((i) => i.score === 0)).toBe(true);
    await engine.close();
  });
});

describe('aggregate', () => {
  const all: QueryNode = { kind: 'Range', field: 'PD', from: '1990', includeFrom: true, includeTo: true, span };

  it('refuses an analysis over more than the maximum with ANALYSIS_TOO_MANY', async () => {
    const engine = createSqliteEngine({ file: ':memory:', maxAnalysisTotal: 50 });
    await engine.index(generate(60));
    const spec = { kind: 'terms', dimension: 'applicant', limit: 10 } as const;
    await expect(engine.aggregate(all, spec)).rejects.toMatchObject({
      code: 'ANALYSIS_TOO_MANY',
      params: { total: 60, max: 50 },
    });
    const narrowed = await engine.aggregate(all, spec, { filters: [{ field: 'applicant', values: ['清华大学'] }] });
    expect(narrowed.total).toBeLessThanOrEqual(50);
    await engine.close();
  });

  it('ranks applicants of a 5k-hit set (one applicant each: the buckets sum to the total)', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    await engine.index(generate(5_000));
    const started = performance.now();
    const res = await engine.aggregate(all, { kind: 'terms', dimension: 'applicant', limit: 50 });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.total).toBe(5_000);
    if (res.result.kind !== 'terms') throw new Error('terms expected');
    expect(res.result.buckets.reduce((s, b) => s + b.count, 0)).toBe(5_000);
    await engine.close();
  });
});

describe('a ranked set (within)', () => {
  it('restricts search, count, facets and analysis to the set; relevance is the set order', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    const docs = generate(300);
    await engine.index(docs);
    // A set in an order of its own (not ids, not dates), with an unknown number and a repeat.
    const set = [17, 250, 3, 121, 99, 8, 42, 200, 5, 150].map((i) => docs[i]!.publicationNumber);
    const within = [...set, 'CN999999999A', set[0]!];
    const everything: QueryNode = { kind: 'Term', field: 'CC', value: '*', phrase: false, span };

    const page = await engine.search({ ast: everything, within, pageSize: 100, facets: ['country'] });
    expect(page.total).toBe(set.length);
    expect(page.items.map((h) => h.publicationNumber)).toEqual(set);
    expect(page.facets.country?.reduce((sum, b) => sum + b.count, 0)).toBe(set.length);
    const second = await engine.search({ ast: everything, within, page: 2, pageSize: 4 });
    expect(second.items.map((h) => h.publicationNumber)).toEqual(set.slice(4, 8));

    // An expression within the set keeps the set's order, not its own relevance.
    const text = t('TIABC', '电池');
    const byNumber = new Map(docs.map((d) => [d.publicationNumber, d]));
    const matching = new Set(
      set.filter((pn) => `${byNumber.get(pn)?.title?.text}${byNumber.get(pn)?.abstract?.text}`.includes('电池')),
    );
    expect(matching.size).toBeGreaterThan(0);
    const inside = await engine.search({ ast: text, within, pageSize: 100 });
    expect(inside.items.map((h) => h.publicationNumber)).toEqual(set.filter((pn) => matching.has(pn)));
    expect(await engine.count(text, { within })).toBe(inside.total);

    // Other sorts order the set's patents by their own key.
    const byDate = await engine.search({ ast: everything, within, sort: { field: 'AD', order: 'asc' }, pageSize: 100 });
    expect(new Set(byDate.items.map((h) => h.publicationNumber))).toEqual(new Set(set));
    const dates = byDate.items.map((h) => h.applicationDate ?? '');
    expect(dates).toEqual([...dates].sort());

    const countries = await engine.aggregate(
      everything,
      { kind: 'terms', dimension: 'country', limit: 10 },
      { within },
    );
    expect(countries.total).toBe(set.length);
    await engine.close();
  });
});
