import type { FeatureMatch, TechnicalFeature } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import { REAL_CLAIMS } from '../../../test/pre-evaluation-claims.js';
import { splitFeatures } from './feature-split.js';
import { coverageOf, judge } from './pre-evaluation-risk.js';

/** The six features of a real claim (CN115412894A, the WiFi Aware first-aid system). */
const FEATURES: TechnicalFeature[] = splitFeatures(REAL_CLAIMS.CN115412894A, 'claims');

/** A matrix where each document discloses the features listed (score 0.8), the rest 0.2. */
function matrix(disclosing: Record<string, number[]>): FeatureMatch[] {
  return Object.entries(disclosing).flatMap(([pn, indexes]) =>
    FEATURES.map((f) => ({
      feature: f.index,
      publicationNumber: pn,
      score: indexes.includes(f.index) ? 0.8 : 0.2,
      termScore: indexes.includes(f.index) ? 0.8 : 0.2,
      vectorScore: null,
      disclosed: indexes.includes(f.index),
      matchedTerms: [],
      section: 'abstract' as const,
      passageStart: 0,
      passageEnd: 0,
      passage: '',
      passageSpans: [],
      featureSpans: [],
    })),
  );
}

function judgeOf(disclosing: Record<string, number[]>) {
  const documents = Object.keys(disclosing).map((publicationNumber, i) => ({ publicationNumber, rank: i + 1 }));
  return judge(FEATURES, coverageOf(FEATURES, documents, matrix(disclosing)));
}

describe('the risk rules', () => {
  it('one document disclosing every feature is an X document: novelty and inventiveness high', () => {
    const j = judgeOf({ CN1A: [0, 1, 2], CN2A: [0, 1, 2, 3, 4, 5], CN3A: [3, 4, 5] });
    expect(j.novelty).toMatchObject({ level: 'high', documents: ['CN2A'], missing: [] });
    expect(j.novelty.reason.zh).toContain('X 类文献');
    expect(j.novelty.reason.en).toContain('CN2A alone discloses all 6 technical features');
    expect(j.inventiveness.level).toBe('high');
    expect(j.categories.get('CN2A')).toBe('X');
    // CN1A + CN3A also cover everything together: both are Y.
    expect(j.categories.get('CN1A')).toBe('Y');
    expect(j.categories.get('CN3A')).toBe('Y');
    expect(j.ranked[0]!.publicationNumber).toBe('CN2A');
  });

  it('two documents together disclosing every feature are a Y combination: novelty low, inventiveness high', () => {
    const j = judgeOf({ CN1A: [0, 1, 2], CN2A: [0, 1], CN3A: [2, 3, 4, 5] });
    expect(j.novelty.level).toBe('low');
    expect(j.inventiveness).toMatchObject({ level: 'high', documents: ['CN3A', 'CN1A'], missing: [] });
    expect(j.inventiveness.reason.en).toContain('together disclose all 6 technical features');
    expect(j.categories.get('CN2A')).toBe('Y'); // CN2A + CN3A cover all too
    expect(j.categories.get('CN1A')).toBe('Y');
  });

  it('all but one feature in one document: novelty medium, naming the missing feature', () => {
    const j = judgeOf({ CN1A: [0, 1, 2, 3, 4], CN2A: [0] });
    expect(j.novelty).toMatchObject({ level: 'medium', documents: ['CN1A'], missing: [5] });
    expect(j.novelty.reason.zh).toContain('未公开 F6');
    expect(j.inventiveness).toMatchObject({ level: 'medium', missing: [5] });
    expect(j.categories.get('CN1A')).toBe('A');
  });

  it('close art that still misses features: both low, the nearest documents named', () => {
    const j = judgeOf({ CN1A: [0, 1, 2], CN2A: [0, 1, 2], CN3A: [1, 2] });
    expect(j.novelty).toMatchObject({ level: 'low', documents: ['CN1A'] });
    expect(j.novelty.reason.en).toContain('discloses 3 of 6');
    expect(j.inventiveness).toMatchObject({ level: 'low', missing: [3, 4, 5] });
    expect([...j.categories.values()]).toEqual(['A', 'A', 'A']);
  });

  // Issue 43 item 8: a corpus lacking the field is not evidence of novelty.
  it('nothing close (no document touches half the features): too little evidence, not low', () => {
    const j = judgeOf({ CN1A: [0, 1], CN2A: [2], CN3A: [] });
    expect(j.novelty).toMatchObject({ level: 'insufficient', documents: ['CN1A'] });
    expect(j.novelty.reason.zh).toBe(
      '证据不足，无法判断：任何一篇文献最多只部分公开 2/6 个技术特征，检索到的文献不足以代表该领域',
    );
    expect(j.novelty.reason.en).toMatch(
      /^Too little evidence to judge: no document even partly discloses more than 2 of 6/,
    );
    expect(j.inventiveness).toMatchObject({ level: 'insufficient', missing: [3, 4, 5] });
  });

  it('no prior art at all: too little evidence, no documents', () => {
    const j = judge(FEATURES, []);
    expect(j.novelty).toMatchObject({ level: 'insufficient', documents: [] });
    expect(j.inventiveness).toMatchObject({ level: 'insufficient', documents: [] });
    expect(j.novelty.reason.en).toBe('Too little evidence to judge: no prior art was found');
  });

  it('fewer documents than the evidence needs: too little evidence', () => {
    const j = judgeOf({ CN1A: [0, 1, 2], CN2A: [0, 1, 2] });
    expect(j.novelty.level).toBe('insufficient');
    expect(j.novelty.reason.zh).toBe('证据不足，无法判断：只检索到 2 篇对比文献');
  });

  it('every document in the weak band (no closer than unrelated patents): too little evidence', () => {
    const disclosing = { CN1A: [0, 1, 2], CN2A: [0, 1, 2], CN3A: [1, 2] };
    const docs = (bands: ('high' | 'medium' | 'weak')[]) =>
      Object.keys(disclosing).map((publicationNumber, i) => ({
        publicationNumber,
        rank: i + 1,
        band: bands[i]!,
        similarity: bands[i] === 'weak' ? 0.6 - i / 10 : 0.8,
      }));
    const weak = judge(FEATURES, coverageOf(FEATURES, docs(['weak', 'weak', 'weak']), matrix(disclosing)));
    expect(weak.novelty.level).toBe('insufficient');
    expect(weak.inventiveness.level).toBe('insufficient');
    expect(weak.novelty.reason.en).toContain("the closest document's similarity (0.60) is no higher than unrelated");
    // One document beating unrelated patents is enough for a low verdict to stand.
    const one = judge(FEATURES, coverageOf(FEATURES, docs(['weak', 'medium', 'weak']), matrix(disclosing)));
    expect(one.novelty.level).toBe('low');
  });

  it('a high or medium verdict stands on thin evidence: it rests on what the documents disclose', () => {
    const j = judgeOf({ CN1A: [0, 1, 2, 3, 4, 5] });
    expect(j.novelty.level).toBe('high');
    expect(judgeOf({ CN1A: [0, 1, 2, 3, 4] }).novelty.level).toBe('medium');
  });

  it('ties go to the earlier document in the retrieval', () => {
    const j = judgeOf({ CN1A: [0, 1, 2, 3, 4, 5], CN2A: [0, 1, 2, 3, 4, 5] });
    expect(j.novelty.documents).toEqual(['CN1A', 'CN2A']);
    expect(j.inventiveness.documents).toEqual(['CN1A']);
  });

  it('calls a claim of one feature too coarse to judge, whatever the documents disclose (issue 49 item 3)', () => {
    const one = FEATURES.slice(0, 1);
    const cells = matrix({ CN1A: [0], CN2A: [0] }).filter((c) => c.feature === 0);
    const documents = ['CN1A', 'CN2A'].map((publicationNumber, i) => ({ publicationNumber, rank: i + 1 }));
    const j = judge(one, coverageOf(one, documents, cells));
    expect(j.novelty).toMatchObject({ level: 'coarse', documents: [], missing: [] });
    expect(j.inventiveness.level).toBe('coarse');
    expect(j.novelty.reason.zh).toContain('权利要求特征过少，无法判断');
    expect(j.novelty.reason.en).toContain('Too coarse to judge');
    // A word match on the only feature is no X document.
    expect([...j.categories.values()]).toEqual(['A', 'A']);
    expect(judge([], []).novelty.level).toBe('coarse');
    // Two features are enough to judge.
    expect(judgeOf({ CN1A: [0, 1] }).novelty.level).not.toBe('coarse');
  });
});
