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

  it('nothing close: both low, the nearest documents named', () => {
    const j = judgeOf({ CN1A: [0, 1], CN2A: [2], CN3A: [] });
    expect(j.novelty).toMatchObject({ level: 'low', documents: ['CN1A'] });
    expect(j.novelty.reason.en).toContain('discloses 2 of 6');
    expect(j.inventiveness).toMatchObject({ level: 'low', missing: [3, 4, 5] });
    expect([...j.categories.values()]).toEqual(['A', 'A', 'A']);
  });

  it('no prior art at all: low, no documents', () => {
    const j = judge(FEATURES, []);
    expect(j.novelty).toMatchObject({ level: 'low', documents: [] });
    expect(j.inventiveness).toMatchObject({ level: 'low', documents: [] });
    expect(j.novelty.reason.en).toBe('No prior art was found');
  });

  it('ties go to the earlier document in the retrieval', () => {
    const j = judgeOf({ CN1A: [0, 1, 2, 3, 4, 5], CN2A: [0, 1, 2, 3, 4, 5] });
    expect(j.novelty.documents).toEqual(['CN1A', 'CN2A']);
    expect(j.inventiveness.documents).toEqual(['CN1A']);
  });
});
