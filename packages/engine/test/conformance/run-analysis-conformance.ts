import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueBandOf, type AnalysisDimension, type AnalysisSpec, type AnalysisTarget } from '@patlas/contracts';
import { extractProblemMeansEffect } from '../../src/text-mining/problem-means-effect.js';
import type { QueryNode } from '@patlas/query';
import {
  applyDrillDown,
  drillDown,
  type CountOptions,
  type IndexablePatent,
  type SearchEngine,
} from '../../src/index.js';
import { FIXTURE_CORPUS } from './fixture-corpus.js';

/**
 * Analysis conformance (issue 6): every aggregation checked against counts computed here in plain
 * JS over the records (never copied from engine output), and every chart element's drill-down
 * proven to select exactly its count through `count`. docs/analysis.md is the definition both
 * sides follow.
 *
 * The corpus is FIXTURE_CORPUS plus what it lacks for analysis, derived deterministically: current
 * assignees, expiry dates, applicant countries, short province names, rejected / withdrawn
 * statuses, and grant publications sharing the application number of an invention application.
 */
type Doc = IndexablePatent;
const span = { start: 0, end: 0 };
const rangeAll: QueryNode = { kind: 'Range', field: 'PD', from: '1990', includeFrom: true, includeTo: true, span };
const term = (field: string, value: string): QueryNode => ({ kind: 'Term', field, value, phrase: false, span });
const or = (...children: QueryNode[]): QueryNode => ({ kind: 'Or', children, span });

const SHORT_PROVINCE: Record<string, string> = { 广东省: '广东', 北京市: '北京' };

export const ANALYSIS_CORPUS: readonly Doc[] = (() => {
  const docs: Doc[] = FIXTURE_CORPUS.map((d, i) => {
    const out: Doc = { ...d };
    const mutable = out as { -readonly [K in keyof Doc]: Doc[K] };
    if (i % 5 === 0) mutable.currentAssignees = [{ name: `受让公司${i % 3}` }, { name: '共同受让人' }];
    if (i % 7 === 0) mutable.expiryDate = `${2030 + (i % 4)}-05-01`;
    if (d.country === 'CN' && i % 11 === 3) mutable.legalStatus = '驳回';
    if (d.country === 'CN' && i % 11 === 4) mutable.legalStatus = '视为撤回';
    if (d.applicants) {
      mutable.applicants = d.applicants.map((p) => ({
        ...p,
        ...(i % 4 === 0 ? { country: d.country } : {}),
        ...(i % 3 === 0 && p.province && SHORT_PROVINCE[p.province] ? { province: SHORT_PROVINCE[p.province] } : {}),
      }));
    }
    return out;
  });
  const inventionApps = docs.filter((d) => d.country === 'CN' && d.patentType === 'invention_application').slice(0, 4);
  inventionApps.forEach((a, k) => {
    docs.push({
      ...a,
      publicationNumber: a.publicationNumber.replace(/A$/, 'B'),
      kind: 'B',
      patentType: 'invention_grant',
      grantDate: a.publicationDate,
      legalStatus: k % 2 === 0 ? '有效' : '失效',
    });
  });
  return docs;
})();

// ---- the reference: what each dimension's values are for one record ----------------------------
const year = (iso: string | undefined): string[] => (iso ? [iso.slice(0, 4)] : []);
const names = (ps: Doc['applicants']): string[] => (ps ?? []).map((p) => p.name);
const classCode = (c: string): string => c.replace(/\s+/g, '').toUpperCase();
const ipcGroup = (c: string): string[] => {
  const head = classCode(c).split('/')[0] ?? '';
  return /^[A-Z]\d\d[A-Z]\d+$/.test(head) ? [head] : [];
};
const FULL_PROVINCE: Record<string, string> = { 广东: '广东省', 北京: '北京市' };
const STATUS_CLASS: Record<string, string> = {
  有效: 'valid',
  active: 'valid',
  失效: 'lapsed',
  expired: 'lapsed',
  审中: 'pending',
  pending: 'pending',
  驳回: 'rejected',
  视为撤回: 'withdrawn',
};
const statusClass = (d: Doc): string | undefined => (d.legalStatus ? STATUS_CLASS[d.legalStatus] : undefined);
const isGranted = (d: Doc): boolean =>
  ['invention_grant', 'utility_model', 'design'].includes(d.patentType ?? '') ||
  !!d.grantDate ||
  statusClass(d) === 'valid';
const expiryYear = (d: Doc): string[] => {
  if (d.expiryDate) return year(d.expiryDate);
  if (statusClass(d) !== 'valid' || !d.applicationDate) return [];
  const term = d.patentType === 'utility_model' ? 10 : d.patentType === 'design' ? 15 : 20;
  const jan1 = d.applicationDate.slice(5) === '01-01' ? 1 : 0;
  return [String(Number(d.applicationDate.slice(0, 4)) + term - jan1)];
};

const REF: Record<AnalysisDimension, (d: Doc) => string[]> = {
  applicationYear: (d) => year(d.applicationDate),
  publicationYear: (d) => year(d.publicationDate),
  grantYear: (d) => year(d.grantDate),
  expiryYear,
  applicant: (d) => names(d.applicants),
  currentAssignee: (d) => names(d.currentAssignees?.length ? d.currentAssignees : d.assignees),
  inventor: (d) => names(d.inventors),
  agency: (d) => (d.agency ? [d.agency] : []),
  agent: (d) => d.agents ?? [],
  ipcSection: (d) => (d.classifications?.ipc ?? []).map((c) => classCode(c).slice(0, 1)),
  ipcClass: (d) => (d.classifications?.ipc ?? []).map((c) => classCode(c).slice(0, 3)),
  ipcSubclass: (d) => (d.classifications?.ipc ?? []).map((c) => classCode(c).slice(0, 4)),
  ipcGroup: (d) => (d.classifications?.ipc ?? []).flatMap(ipcGroup),
  cpcSubclass: (d) => (d.classifications?.cpc ?? []).map((c) => classCode(c).slice(0, 4)),
  cpcGroup: (d) => (d.classifications?.cpc ?? []).flatMap(ipcGroup),
  country: (d) => [d.country],
  applicantCountry: (d) => (d.applicants ?? []).flatMap((p) => (p.country ? [p.country] : [])),
  applicantProvince: (d) =>
    (d.applicants ?? []).flatMap((p) => (p.province ? [FULL_PROVINCE[p.province] ?? p.province] : [])),
  applicantCity: (d) => (d.applicants ?? []).flatMap((p) => (p.city ? [p.city] : [])),
  legalStatus: (d) => (d.legalStatus ? [d.legalStatus] : []),
  legalStatusClass: (d) => {
    const c = statusClass(d);
    return c ? [c] : [];
  },
  patentType: (d) => (d.patentType ? [d.patentType] : []),
  grantStatus: (d) => [isGranted(d) ? 'granted' : 'not_granted'],
  valueBand: (d) => {
    const band = valueBandOf(d.valueScore);
    return band ? [band] : [];
  },
  // The effect terms of the effect sentence (the extractor is unit-tested on its own).
  effect: (d) =>
    extractProblemMeansEffect({ abstract: d.abstract?.text, claims: d.claims?.text, description: d.description?.text })
      .effectTerms,
};
const DIMENSIONS = Object.keys(REF) as AnalysisDimension[];

type Merge = 0 | 1 | 2;
/** Counting units: each record, or its application number / simple family group. */
const unitsOf = (docs: readonly Doc[], merge: Merge): Doc[][] => {
  if (merge === 0) return docs.map((d) => [d]);
  const groups = new Map<string, Doc[]>();
  for (const d of docs) {
    const key = (merge === 1 ? d.applicationNumber : d.family?.simpleFamilyId) ?? `self:${d.publicationNumber}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups.values()];
};
/** Units with at least one record having the value (what a chart element counts). */
const refCounts = (docs: readonly Doc[], merge: Merge, values: (d: Doc) => string[]): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const unit of unitsOf(docs, merge)) for (const v of new Set(unit.flatMap(values))) out[v] = (out[v] ?? 0) + 1;
  return out;
};
const asRecord = (buckets: readonly { key: string; count: number }[]): Record<string, number> =>
  Object.fromEntries(buckets.filter((b) => b.count > 0).map((b) => [b.key, b.count]));

export function runAnalysisConformance(name: string, createEngine: () => Promise<SearchEngine> | SearchEngine): void {
  describe(`SearchEngine analysis conformance: ${name}`, () => {
    let engine: SearchEngine;
    beforeAll(async () => {
      engine = await createEngine();
      await engine.index(ANALYSIS_CORPUS);
    });
    afterAll(async () => {
      await engine.close();
    });
    const C = ANALYSIS_CORPUS;
    /** Result sets: every record, and text OR office with an applicant-panel filter. */
    const SETS: { name: string; ast: QueryNode; options: CountOptions; docs: readonly Doc[] }[] = [
      { name: 'all records', ast: rangeAll, options: {}, docs: C },
      {
        name: '网络 OR CC=US, filtered to two legal statuses',
        ast: or(term('TIABC', '网络'), term('CC', 'US')),
        options: { filters: [{ field: 'legalStatus', values: ['有效', 'active', '审中'] }] },
        docs: C.filter(
          (d) =>
            (`${d.title?.text ?? ''}${d.abstract?.text ?? ''}${d.claims?.text ?? ''}`.includes('网络') ||
              d.country === 'US') &&
            ['有效', 'active', '审中'].includes(d.legalStatus ?? ''),
        ),
      },
    ];
    const drillCount = async (set: (typeof SETS)[number], merge: Merge, target: AnalysisTarget): Promise<number> => {
      const q = applyDrillDown(set.ast, { ...set.options, merge }, drillDown(target));
      return engine.count(q.ast, q.options);
    };

    it('the derived corpus exercises every dimension', () => {
      for (const dim of DIMENSIONS)
        expect(
          C.some((d) => REF[dim](d).length > 0),
          dim,
        ).toBe(true);
      expect(SETS[1]?.docs.length).toBeGreaterThan(5);
    });

    describe.each([0, 1, 2] as const)('merge %i', (merge) => {
      it.each(SETS.map((s) => [s.name, s] as const))('rankings of every dimension: %s', async (_n, set) => {
        const total = await engine.count(set.ast, { ...set.options, merge });
        expect(total).toBe(unitsOf(set.docs, merge).length);
        for (const dimension of DIMENSIONS) {
          const res = await engine.aggregate(
            set.ast,
            { kind: 'terms', dimension, limit: 500 },
            { ...set.options, merge },
          );
          expect(res.total).toBe(total);
          if (res.result.kind !== 'terms') throw new Error('terms expected');
          expect(asRecord(res.result.buckets), dimension).toEqual(refCounts(set.docs, merge, REF[dimension]));
          expect(res.result.covered, dimension).toBe(
            unitsOf(set.docs, merge).filter((u) => u.some((d) => REF[dimension](d).length > 0)).length,
          );
          for (const b of res.result.buckets) {
            const target: AnalysisTarget = { kind: 'bucket', dimension, key: b.key };
            expect(await drillCount(set, merge, target), `${dimension}=${b.key}`).toBe(b.count);
          }
        }
      });
    });

    it('a ranking keeps the top `limit`, largest first, ties by key', async () => {
      const res = await engine.aggregate(rangeAll, { kind: 'terms', dimension: 'applicant', limit: 3 });
      if (res.result.kind !== 'terms') throw new Error('terms expected');
      const ref = Object.entries(refCounts(C, 0, REF.applicant))
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, 3)
        .map(([key, count]) => ({ key, count }));
      expect(res.result.buckets).toEqual(ref);
      expect(res.result.distinct).toBe(Object.keys(refCounts(C, 0, REF.applicant)).length);
      const chosen = await engine.aggregate(rangeAll, {
        kind: 'terms',
        dimension: 'ipcGroup',
        limit: 50,
        keys: ['H01M4', 'Z99Z9'],
      });
      if (chosen.result.kind !== 'terms') throw new Error('terms expected');
      expect(chosen.result.buckets).toEqual([
        { key: 'H01M4', label: 'H01M4/00', count: refCounts(C, 0, REF.ipcGroup).H01M4 },
        { key: 'Z99Z9', label: 'Z99Z9/00', count: 0 },
      ]);
    });

    it.each([0, 1, 2] as const)('aggregateEach answers what aggregate answers per spec (merge %i)', async (merge) => {
      const specs: AnalysisSpec[] = [
        { kind: 'terms', dimension: 'applicant', limit: 5 },
        { kind: 'trend', date: 'applicationYear' },
        { kind: 'terms', dimension: 'ipcSubclass', limit: 10 },
        { kind: 'expiry' },
      ];
      const each = await engine.aggregateEach(rangeAll, specs, { merge });
      const one = await Promise.all(specs.map((spec) => engine.aggregate(rangeAll, spec, { merge })));
      expect(each.results).toEqual(one.map((r) => r.result));
      expect(each.total).toBe(one[0]!.total);
      expect((await engine.aggregateEach(rangeAll, [], { merge })).total).toBe(one[0]!.total);
    });

    it.each([0, 2] as const)('trend by year, split by patent type (merge %i)', async (merge) => {
      for (const date of ['applicationYear', 'publicationYear'] as const) {
        const spec: AnalysisSpec = { kind: 'trend', date, split: { dimension: 'patentType', limit: 10 } };
        const res = await engine.aggregate(rangeAll, spec, { merge });
        if (res.result.kind !== 'trend') throw new Error('trend expected');
        const ref = refCounts(C, merge, REF[date]);
        const years = Object.keys(ref).map(Number);
        expect(res.result.points.map((p) => p.key)).toEqual(
          Array.from({ length: Math.max(...years) - Math.min(...years) + 1 }, (_, i) => String(Math.min(...years) + i)),
        );
        expect(asRecord(res.result.points)).toEqual(ref);
        const series = res.result.split?.series ?? [];
        expect(Object.fromEntries(series.map((s) => [s.key, s.count]))).toEqual(refCounts(C, merge, REF.patentType));
        for (const s of series) {
          const cells = refCounts(C, merge, (d) => (REF.patentType(d).includes(s.key) ? REF[date](d) : []));
          expect(asRecord(s.points), `${date} ${s.key}`).toEqual(cells);
          for (const p of s.points) {
            const target: AnalysisTarget = {
              kind: 'cell',
              dimension: 'patentType',
              key: s.key,
              objectDimension: date,
              objectKey: p.key,
            };
            expect(await drillCount(SETS[0]!, merge, target)).toBe(p.count);
          }
        }
        for (const p of res.result.points)
          expect(await drillCount(SETS[0]!, merge, { kind: 'bucket', dimension: date, key: p.key })).toBe(p.count);
      }
    });

    it.each([0, 2] as const)('matrix: 20 groups × 3 statistical objects (merge %i)', async (merge) => {
      const spec: AnalysisSpec = {
        kind: 'matrix',
        groups: { dimension: 'applicant', limit: 20 },
        objects: [
          { dimension: 'applicationYear', limit: 50 },
          { dimension: 'ipcSubclass', limit: 5 },
          { dimension: 'legalStatus', limit: 50 },
        ],
      };
      const res = await engine.aggregate(rangeAll, spec, { merge });
      if (res.result.kind !== 'matrix') throw new Error('matrix expected');
      const groups = res.result.groups;
      expect(groups.length).toBe(Math.min(20, Object.keys(refCounts(C, merge, REF.applicant)).length));
      expect(res.result.objects).toHaveLength(3);
      for (const [o, obj] of res.result.objects.entries()) {
        const dim = spec.objects[o]!.dimension;
        const inGroups = (d: Doc): boolean => REF.applicant(d).some((a) => groups.some((g) => g.key === a));
        const colRef = refCounts(C, merge, (d) => (inGroups(d) ? REF[dim](d) : []));
        for (const col of obj.columns) expect(col.count, `${dim} ${col.key}`).toBe(colRef[col.key] ?? 0);
        if (dim === 'ipcSubclass') {
          const top = Object.entries(colRef).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
          expect(obj.columns.map((c) => c.key)).toEqual(top.slice(0, 5).map(([k]) => k));
        }
        for (const [g, group] of groups.entries()) {
          const cellRef = refCounts(C, merge, (d) => (REF.applicant(d).includes(group.key) ? REF[dim](d) : []));
          for (const [c, col] of obj.columns.entries()) {
            const count = obj.cells[g]?.[c];
            expect(count, `${group.key} × ${col.key}`).toBe(cellRef[col.key] ?? 0);
            const target: AnalysisTarget = {
              kind: 'cell',
              dimension: 'applicant',
              key: group.key,
              objectDimension: dim,
              objectKey: col.key,
            };
            expect(await drillCount(SETS[0]!, merge, target)).toBe(count);
          }
        }
      }
    });

    it('technology lifecycle: applications and distinct applicants per year', async () => {
      const res = await engine.aggregate(rangeAll, { kind: 'lifecycle', date: 'applicationYear' });
      if (res.result.kind !== 'lifecycle') throw new Error('lifecycle expected');
      const apps = refCounts(C, 0, REF.applicationYear);
      for (const p of res.result.points) {
        expect(p.applications).toBe(apps[p.year] ?? 0);
        const applicants = new Set(C.filter((d) => REF.applicationYear(d).includes(p.year)).flatMap(REF.applicant));
        expect(p.applicants, p.year).toBe(applicants.size);
        const target: AnalysisTarget = { kind: 'bucket', dimension: 'applicationYear', key: p.year };
        expect(await drillCount(SETS[0]!, 0, target)).toBe(p.applications);
      }
      expect(res.result.points.reduce((s, p) => s + p.applications, 0)).toBe(C.filter((d) => d.applicationDate).length);
    });

    it('expiry by year: recorded ED, else the statutory term of patents in force', async () => {
      const res = await engine.aggregate(rangeAll, { kind: 'expiry' });
      if (res.result.kind !== 'expiry') throw new Error('expiry expected');
      expect(asRecord(res.result.points)).toEqual(refCounts(C, 0, expiryYear));
      expect(res.result.recorded).toBe(C.filter((d) => d.expiryDate).length);
      for (const p of res.result.points) {
        const target: AnalysisTarget = { kind: 'bucket', dimension: 'expiryYear', key: p.key };
        expect(await drillCount(SETS[0]!, 0, target)).toBe(p.count);
      }
    });

    it.each([0, 2] as const)('impact: cited-by bins, most-cited patents and applicants (merge %i)', async (merge) => {
      const res = await engine.aggregate(rangeAll, { kind: 'impact', limit: 5 }, { merge });
      if (res.result.kind !== 'impact') throw new Error('impact expected');
      const cited = (d: Doc): number => d.citedBy?.length ?? 0;
      const units = unitsOf(C, merge);
      expect(res.result.patents).toBe(units.length);
      expect(res.result.citedPatents).toBe(units.filter((u) => u.some((d) => cited(d) > 0)).length);
      expect(res.result.citations).toBe(units.reduce((s, u) => s + Math.max(...u.map(cited)), 0));
      for (const bin of res.result.bins) {
        const inBin = (d: Doc): boolean => cited(d) >= bin.from && (bin.to === undefined || cited(d) <= bin.to);
        expect(bin.count, bin.key).toBe(units.filter((u) => u.some(inBin)).length);
        const target: AnalysisTarget = {
          kind: 'citedBy',
          from: bin.from,
          ...(bin.to !== undefined ? { to: bin.to } : {}),
        };
        expect(await drillCount(SETS[0]!, merge, target)).toBe(bin.count);
      }
      const maxCited = Math.max(...C.map(cited));
      expect(res.result.topPatents[0]?.citedBy).toBe(maxCited);
      expect(res.result.topPatents.map((p) => p.citedBy)).toEqual(
        C.map(cited)
          .filter((n) => n > 0)
          .sort((a, b) => b - a)
          .slice(0, 5),
      );
      const refApplicants = new Map<string, { count: number; citedBy: number }>();
      for (const u of units) {
        for (const a of new Set(u.flatMap(REF.applicant))) {
          const best = Math.max(...u.filter((d) => REF.applicant(d).includes(a)).map(cited));
          const cur = refApplicants.get(a) ?? { count: 0, citedBy: 0 };
          refApplicants.set(a, { count: cur.count + 1, citedBy: cur.citedBy + best });
        }
      }
      for (const a of res.result.topApplicants) {
        expect({ count: a.count, citedBy: a.citedBy }).toEqual(refApplicants.get(a.key));
        const target: AnalysisTarget = { kind: 'bucket', dimension: 'applicant', key: a.key };
        expect(await drillCount(SETS[0]!, merge, target)).toBe(a.count);
      }
      const best = Math.max(...[...refApplicants.values()].map((v) => v.citedBy));
      expect(res.result.topApplicants[0]?.citedBy).toBe(best);
    });

    it('China invention three rates, counted per application', async () => {
      const res = await engine.aggregate(rangeAll, { kind: 'threeRates' }, { merge: 2 });
      if (res.result.kind !== 'threeRates') throw new Error('threeRates expected');
      const apps = unitsOf(
        C.filter(
          (d) => d.country === 'CN' && ['invention_application', 'invention_grant'].includes(d.patentType ?? ''),
        ),
        1,
      );
      const granted = apps.filter((u) => u.some(isGranted));
      const valid = apps.filter((u) => u.some((d) => isGranted(d) && statusClass(d) === 'valid'));
      const notGranted = apps.filter((u) => !u.some(isGranted));
      const rejected = notGranted.filter((u) => u.some((d) => statusClass(d) === 'rejected'));
      const withdrawn = notGranted.filter(
        (u) => !u.some((d) => statusClass(d) === 'rejected') && u.some((d) => statusClass(d) === 'withdrawn'),
      );
      const r = res.result;
      expect(r.applications).toBe(apps.length);
      expect(r.granted).toBe(granted.length);
      expect(r.valid).toBe(valid.length);
      expect(r.rejected).toBe(rejected.length);
      expect(r.withdrawn).toBe(withdrawn.length);
      expect(r.granted + r.rejected + r.withdrawn + r.lapsed + r.pending).toBe(r.applications);
      expect(r.concluded).toBe(r.granted + r.rejected + r.withdrawn + r.lapsed);
      expect(r.grantRate).toEqual({
        numerator: r.granted,
        denominator: r.concluded,
        rate: r.granted / r.concluded,
        coverage: r.concluded / r.applications,
      });
      expect(r.validityRate.rate).toBe(r.valid / r.granted);
      expect(r.rejected).toBeGreaterThan(0);
      expect(r.withdrawn).toBeGreaterThan(0);
      expect(
        apps.some((u) => u.length > 1),
        'an application with two publications',
      ).toBe(true);
      for (const figure of ['applications', 'granted', 'valid'] as const) {
        expect(await drillCount(SETS[0]!, 2, { kind: 'threeRates', figure }), figure).toBe(r[figure]);
      }
    });

    it('valid (efficient) China patents by type and application year', async () => {
      const res = await engine.aggregate(rangeAll, { kind: 'validPatents' });
      if (res.result.kind !== 'validPatents') throw new Error('validPatents expected');
      const inForce = C.filter(
        (d) => d.country === 'CN' && statusClass(d) === 'valid' && d.patentType !== 'invention_application',
      );
      expect(res.result.total).toBe(unitsOf(inForce, 1).length);
      expect(asRecord(res.result.byType)).toEqual(refCounts(inForce, 1, REF.patentType));
      expect(asRecord(res.result.byApplicationYear)).toEqual(refCounts(inForce, 1, REF.applicationYear));
      expect(await drillCount(SETS[0]!, 0, { kind: 'validPatents' })).toBe(res.result.total);
      for (const b of res.result.byType)
        expect(await drillCount(SETS[0]!, 0, { kind: 'validPatents', patentType: b.key })).toBe(b.count);
      for (const b of res.result.byApplicationYear)
        expect(await drillCount(SETS[0]!, 0, { kind: 'validPatents', applicationYear: b.key })).toBe(b.count);
    });
  });
}
