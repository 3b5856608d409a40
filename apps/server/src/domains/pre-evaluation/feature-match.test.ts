import type { TechnicalFeature } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import { buildDuplicateCorpus, DEVICE_AUTH_ABSTRACT } from '../../../test/duplicate-corpus.js';
import { REAL_CLAIMS } from '../../../test/pre-evaluation-claims.js';
import { matchFeatures, passagesOf, termOccurrences, type CandidateDocument } from './feature-match.js';
import { splitFeatures } from './feature-split.js';

const documents: CandidateDocument[] = buildDuplicateCorpus().map((p) => ({
  publicationNumber: p.publicationNumber,
  sections: { title: p.title?.text, abstract: p.abstract?.text, claims: p.claims?.text },
}));

const feature = (text: string, index = 0): TechnicalFeature => ({
  index,
  label: `F${index + 1}`,
  text,
  start: 0,
  end: text.length,
  part: 'sentence',
});

describe('feature × document matching', () => {
  it('finds the analysed terms of a text where they are written', () => {
    const text = '向服务器上报包括Mac地址的第一数据信息, comprising a Servo sync mark';
    for (const t of termOccurrences(text)) expect(text.slice(t.start, t.end).toLowerCase()).toBe(t.form.toLowerCase());
    const keys = termOccurrences(text).map((t) => t.key);
    expect(keys).toContain('服务器');
    expect(keys).toContain('servo');
    // Boilerplate is no term.
    expect(keys).not.toContain('comprising');
  });

  it('cuts a section into sentences and long ones at commas', () => {
    const passages = passagesOf(DEVICE_AUTH_ABSTRACT, 120);
    expect(passages.length).toBeGreaterThan(3);
    for (const p of passages) expect(p.end - p.start).toBeLessThanOrEqual(120);
  });

  it('a feature taken from a real claim is disclosed by that patent and not by the others', async () => {
    // The first step of CN115001749A's claim 1, as an applicant would write it again.
    const f = feature(
      '在服务器认证通过的情况下，向所述服务器上报第一数据信息，所述第一数据信息包括终端设备的Mac地址和第一随机数',
    );
    const cells = await matchFeatures([f], documents);
    expect(cells).toHaveLength(documents.length);
    const own = cells.find((c) => c.publicationNumber === 'CN115001749A')!;
    expect(own.disclosed).toBe(true);
    expect(own.score).toBeGreaterThanOrEqual(0.6);
    expect(own.vectorScore).toBeNull();
    expect(own.matchedTerms).toEqual(expect.arrayContaining(['服务器', '随机数']));
    // The spans mark the matched terms in the passage and in the feature.
    expect(own.passageSpans.length).toBeGreaterThan(0);
    for (const s of own.passageSpans) expect(own.passage.slice(s.start, s.end)).toMatch(/\S/);
    expect(own.featureSpans.some((s) => f.text.slice(s.start, s.end).includes('服务器'))).toBe(true);
    expect(['abstract', 'claims']).toContain(own.section);
    for (const other of cells.filter((c) => c.publicationNumber !== 'CN115001749A')) {
      expect(other.disclosed).toBe(false);
      expect(other.score).toBeLessThan(0.35);
    }
  });

  it('answers an empty cell for a document sharing no term', async () => {
    const cells = await matchFeatures([feature('液冷板贴合电芯设置并调节冷却液流量')], documents.slice(0, 1));
    expect(cells[0]).toMatchObject({ score: 0, disclosed: false, passage: '', section: null, matchedTerms: [] });
  });

  it('blends the vector cosine in with the documented weights when vectors exist', async () => {
    // A fixed two-dimensional space: texts naming 急救 point one way, the others the other.
    const embed = async (texts: readonly string[]) =>
      texts.map((t) => (t.includes('急救') ? Float32Array.of(1, 0) : Float32Array.of(0, 1)));
    const features = splitFeatures(REAL_CLAIMS.CN115412894A, 'claims').slice(0, 2);
    const docs: CandidateDocument[] = [
      { publicationNumber: 'D1', sections: { abstract: '一种急救系统，急救请求设备用于发送急救信号。' } },
      { publicationNumber: 'D2', sections: { abstract: '请求设备用于发送信号。' } },
    ];
    const cells = await matchFeatures(features, docs, embed);
    const d1 = cells.find((c) => c.publicationNumber === 'D1' && c.feature === 1)!;
    const d2 = cells.find((c) => c.publicationNumber === 'D2' && c.feature === 1)!;
    expect(d1.vectorScore).toBe(1);
    expect(d1.score).toBeCloseTo(0.7 * d1.termScore + 0.3, 3);
    expect(d2.vectorScore).toBe(0);
    expect(d2.score).toBeCloseTo(0.7 * d2.termScore, 3);
  });
});
