import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PatentSchema, type Patent } from '@patlas/contracts';
import { cnCheckDigit, generateCorpus, loadCorpusStats } from './corpus.js';

const N = 2000;

function digest(seed: number, count = N): string {
  const h = createHash('sha256');
  for (const p of generateCorpus({ count, seed })) h.update(JSON.stringify(p) + '\n');
  return h.digest('hex');
}

const sample: Patent[] = [...generateCorpus({ count: N, seed: 7 })];

describe('generateCorpus', () => {
  it('is deterministic: same seed, same bytes; another seed, other bytes', () => {
    expect(digest(42)).toBe(digest(42));
    expect(digest(42)).not.toBe(digest(43));
  });

  it('yields exactly count records, each a valid Patent', () => {
    expect(sample).toHaveLength(N);
    for (const p of sample) {
      const r = PatentSchema.safeParse(p);
      if (!r.success) throw new Error(`${p.publicationNumber}: ${r.error.message}`);
    }
  });

  it('gives every record its own publication number, in the CN / US formats', () => {
    const numbers = sample.map((p) => p.publicationNumber);
    expect(new Set(numbers).size).toBe(N);
    for (const p of sample) {
      expect(p.publicationNumber).toMatch(
        p.country === 'CN' ? /^CN[123]\d{8}[ABUS]$/ : /^US(\d{7,8}(B1|B2)|D\d{6}S1|PP\d{5}P2|RE\d{5}E|20\d{2}\d{7}A1)$/,
      );
    }
  });

  it('puts field presence near the rates measured in the real sources', () => {
    const stats = loadCorpusStats();
    for (const lang of ['zh', 'en'] as const) {
      const recs = sample.filter((p) => (p.country === 'CN') === (lang === 'zh'));
      const rate = (f: (p: Patent) => unknown): number => recs.filter((p) => f(p) !== undefined).length / recs.length;
      const want = stats[lang].presence.sources;
      const tol = 4 * Math.sqrt(0.25 / recs.length); // four standard errors at worst-case variance
      expect(recs.length).toBeGreaterThan(300);
      expect(Math.abs(rate((p) => p.title) - (want.title ?? 0))).toBeLessThan(tol);
      expect(Math.abs(rate((p) => p.abstract) - (want.abstract ?? 0))).toBeLessThan(tol);
      expect(Math.abs(rate((p) => p.applicants) - (want.applicants ?? 0))).toBeLessThan(tol);
      expect(Math.abs(rate((p) => p.classifications?.cpc) - (want.cpc ?? 0))).toBeLessThan(tol);
      expect(Math.abs(rate((p) => p.publicationDate) - (want.publicationDate ?? 0))).toBeLessThan(tol);
    }
  });

  it('keeps dates in order and application numbers well formed', () => {
    const stats = loadCorpusStats();
    const office = [...generateCorpus({ count: 1000, seed: 3, profile: 'office', stats })];
    let checked = 0;
    for (const p of office) {
      if (p.applicationDate && p.publicationDate) {
        expect(p.applicationDate < p.publicationDate).toBe(true);
        checked++;
      }
      if (p.publicationDate && p.grantDate) expect(p.publicationDate <= p.grantDate).toBe(true);
      if (p.priorityDate && p.applicationDate) expect(p.priorityDate <= p.applicationDate).toBe(true);
      const m = p.applicationNumber ? /^CN(\d{12})\.([\dX])$/.exec(p.applicationNumber) : null;
      if (m) expect(cnCheckDigit(m[1] ?? '')).toBe(m[2]);
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('cites earlier generated records and pairs CN/US family members', () => {
    const recs = [...generateCorpus({ count: N, seed: 5, profile: 'office' })];
    const byNumber = new Map(recs.map((p, i) => [p.publicationNumber, i]));
    let internal = 0;
    recs.forEach((p, i) => {
      for (const c of p.citations ?? []) {
        const j = byNumber.get(c.number);
        if (j !== undefined) {
          expect(j).toBeLessThan(i);
          internal++;
        }
      }
    });
    expect(internal).toBeGreaterThan(100);
    const families = recs.filter((p) => p.family?.simple);
    expect(families.length).toBeGreaterThan(20);
    for (const p of families) {
      const members = p.family?.simple ?? [];
      const partner = members.find((n) => n !== p.publicationNumber);
      const other = partner === undefined ? undefined : recs[byNumber.get(partner) ?? -1];
      if (other) {
        expect(other.country).not.toBe(p.country);
        expect(other.family?.simpleFamilyId).toBe(p.family?.simpleFamilyId);
      }
    }
  });

  it('gives every full-profile record a title, abstract, claims and full bibliography, no description', () => {
    const recs = [...generateCorpus({ count: 1000, seed: 11, profile: 'full' })];
    const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
    for (const p of recs) {
      expect(PatentSchema.safeParse(p).success).toBe(true);
      expect(p.title?.text && p.abstract?.text && p.claims?.text).toBeTruthy();
      expect(p.description).toBeUndefined();
      expect(p.applicants?.length && p.inventors?.length && p.agents?.length && p.agency).toBeTruthy();
      expect(p.applicants?.every((a) => a.address)).toBe(true);
      expect(p.applicationDate && p.publicationDate && p.legalStatus && p.claimCount).toBeTruthy();
      expect(p.classifications?.ipc?.length && p.classifications.cpc?.length).toBeTruthy();
      if (p.country === 'CN')
        expect(p.applicants?.filter((a) => a.country === 'CN').every((a) => a.province)).toBe(true);
    }
    const zh = recs.filter((p) => p.country === 'CN');
    const en = recs.filter((p) => p.country !== 'CN');
    expect(zh.length).toBeGreaterThan(500);
    expect(en.length).toBeGreaterThan(200);
    // ~300 characters (zh) / ~120 words (en) of abstract, ~1,200 characters of claims.
    expect(mean(zh.map((p) => p.abstract?.text.length ?? 0))).toBeGreaterThan(270);
    expect(mean(zh.map((p) => p.abstract?.text.length ?? 0))).toBeLessThan(330);
    expect(mean(en.map((p) => p.abstract?.text.split(' ').length ?? 0))).toBeGreaterThan(105);
    expect(mean(en.map((p) => p.abstract?.text.split(' ').length ?? 0))).toBeLessThan(135);
    for (const group of [zh, en]) {
      expect(mean(group.map((p) => p.claims?.text.length ?? 0))).toBeGreaterThan(1100);
      expect(mean(group.map((p) => p.claims?.text.length ?? 0))).toBeLessThan(1400);
    }
  });

  it('checks CN application check digits with the CNIPA weights', () => {
    // 201910123456: 2·2+0·3+1·4+9·5+1·6+0·7+1·8+2·9+3·2+4·3+5·4+6·5 = 153, 153 mod 11 = 10 → X
    expect(cnCheckDigit('201910123456')).toBe('X');
    expect(cnCheckDigit('201810000001')).toBe(String((2 * 2 + 1 * 4 + 8 * 5 + 1 * 6 + 1 * 5) % 11));
  });
});
