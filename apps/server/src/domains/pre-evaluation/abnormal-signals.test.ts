import type { DuplicateEvidence } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import {
  ABNORMAL_THRESHOLDS,
  batchSignals,
  copiedPassages,
  copiedTextSignal,
  filingsToAlign,
  findBatches,
  jaccard,
  joinSections,
  placeOf,
  sameApplicantSignal,
  shinglesOf,
  type ApplicantFiling,
} from './abnormal-signals.js';

/** Real abstract (cn-patentics-incopat, CN115390929A, 南京中科创达软件科技有限公司). */
const KEY_ABSTRACT =
  '本发明公开了一种按键事件的分发方法、自由定义按键事件的方法及装置。所述方法包括：对底层上报的至少一个按键事件进行拦截；识别拦截的所述按键事件是否为预设的配置策略中的按键事件；在识别成功的情况下，根据所述配置策略，将拦截的所述按键事件分发至对应的按键事件监听者。';
/** Real abstract (cn-patentics-incopat, CN115412894A). */
const AID_ABSTRACT =
  '本发明涉及一种基于WiFi-Aware的急救系统、方法和应用。该急救系统包括：急救请求设备，用于发送急救信号；WiFi-Aware转发设备，用于接收急救信号，并将所述急救信号转发给急救中心设备；急救中心设备，用于根据接收到的急救信号，筛选得到救援车辆，并向救援车辆发送救援请求信号。';

const filing = (
  n: number,
  date: string,
  abstract = KEY_ABSTRACT,
  title = '按键事件的分发方法及装置',
): ApplicantFiling => ({
  publicationNumber: `CN11539${String(n).padStart(4, '0')}A`,
  title,
  abstract,
  applicants: ['南京中科创达软件科技有限公司'],
  applicationDate: date,
});

describe('shingles', () => {
  it('measures near-identical texts near 1 and different ones near 0', () => {
    const edited = KEY_ABSTRACT.replace('监听者', '接收者');
    expect(jaccard(shinglesOf(KEY_ABSTRACT), shinglesOf(edited))).toBeGreaterThan(0.9);
    expect(jaccard(shinglesOf(KEY_ABSTRACT), shinglesOf(AID_ABSTRACT))).toBeLessThan(0.1);
    expect(jaccard(new Set(), shinglesOf(KEY_ABSTRACT))).toBe(0);
  });
});

describe('same-applicant-duplicate', () => {
  it('aligns the filings whose title and abstract the text contains, most first', () => {
    const text = `按键事件的分发方法\n\n${KEY_ABSTRACT}`;
    const picked = filingsToAlign(text, [filing(1, '2022-01-01', AID_ABSTRACT, '急救系统'), filing(2, '2022-02-01')]);
    expect(picked).toEqual(['CN115390002A']);
  });

  it('signals from the threshold on, high from 0.8, with the evidence', () => {
    const patent = { publicationNumber: 'CN115390929A', title: 't', applicants: ['a'], applicationDate: '2022-07-13' };
    expect(sameApplicantSignal([{ patent, similarity: 0.49, matchedSentences: 2 }])).toBeNull();
    const medium = sameApplicantSignal([{ patent, similarity: 0.62, matchedSentences: 3 }]);
    expect(medium).toMatchObject({
      kind: 'same-applicant-duplicate',
      level: 'medium',
      threshold: ABNORMAL_THRESHOLDS.sameApplicantSimilarity,
      filings: [{ publicationNumber: 'CN115390929A', similarity: 0.62, matchedSentences: 3 }],
    });
    expect(medium!.message.zh).toContain('最高 62%');
    expect(sameApplicantSignal([{ patent, similarity: 0.93, matchedSentences: 5 }])!.level).toBe('high');
  });
});

describe('batch-filings', () => {
  it('groups near-identical filings within the window, the text among them', () => {
    const filings = [
      filing(1, '2022-03-01'),
      filing(2, '2022-03-10', KEY_ABSTRACT.replace('监听者', '接收者')),
      filing(3, '2022-03-25'),
      // Same content, a year later: outside any window of the others.
      filing(4, '2023-03-25'),
      // Same day, other content.
      filing(5, '2022-03-10', AID_ABSTRACT, '急救系统'),
    ];
    const batches = findBatches([
      {
        publicationNumber: null,
        title: '按键事件的分发方法及装置',
        abstract: KEY_ABSTRACT,
        applicationDate: '2022-04-15',
      },
      ...filings,
    ]);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((f) => f.publicationNumber)).toEqual(['CN115390001A', 'CN115390002A', 'CN115390003A', null]);
    const [signal] = batchSignals(batches);
    expect(signal).toMatchObject({
      kind: 'batch-filings',
      level: 'medium',
      from: '2022-03-01',
      to: '2022-04-15',
      includesText: true,
      windowDays: 30,
    });
    expect(signal!.message.en).toContain('4 applications');
  });

  it('leaves out pairs (一案双申), short abstracts and undated filings', () => {
    expect(findBatches([filing(1, '2022-03-01'), filing(2, '2022-03-01')])).toEqual([]);
    const short = [1, 2, 3].map((n) => filing(n, '2022-03-01', '一种按键分发方法。'));
    expect(findBatches(short)).toEqual([]);
    const undated = [1, 2, 3].map((n) => ({ ...filing(n, '2022-03-01'), applicationDate: null }));
    expect(findBatches(undated)).toEqual([]);
  });

  it('is high from six filings', () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => filing(n, `2022-03-0${n}`));
    expect(batchSignals(findBatches(six))[0]!.level).toBe('high');
  });
});

describe('copied-text', () => {
  const text = { title: '急救系统', abstract: AID_ABSTRACT, claims: '1. 一种急救系统。', description: '' };
  const joined = joinSections(text, 50_000);
  // Two sentences of the abstract (the alignment cuts at ；), as the duplicate check's evidence gives them.
  const first = '急救请求设备，用于发送急救信号；';
  const second = 'WiFi-Aware转发设备，用于接收急救信号，并将所述急救信号转发给急救中心设备；';
  const start = joined.text.indexOf(first);
  const sentence = (at: number, body: string, patentAt: number, similarity = 1): DuplicateEvidence => ({
    sentence: 0,
    inputSpans: [{ start: at, end: at + body.length }],
    section: 'abstract',
    passageStart: patentAt,
    passageEnd: patentAt + body.length,
    passageText: body,
    passageSpans: [{ start: 0, end: body.length }],
    similarity,
  });
  const patent = { publicationNumber: 'CN115412894A', title: '急救系统', applicants: ['b'], applicationDate: null };
  const both = (secondAt = 100 + first.length, similarity = 1) => [
    sentence(start, first, 100),
    sentence(start + first.length, second, secondAt, similarity),
  ];

  it('places the joined text back in its sections', () => {
    expect(joined.sections.map((s) => s.section)).toEqual(['title', 'abstract', 'claims']);
    expect(placeOf(joined, start, start + 6)).toEqual({
      section: 'abstract',
      start: AID_ABSTRACT.indexOf(first),
      end: AID_ABSTRACT.indexOf(first) + 6,
    });
  });

  it('joins consecutive verbatim sentences into one run of 50 characters or more', () => {
    const passages = copiedPassages(joined, [{ patent, evidence: both() }]);
    expect(passages).toHaveLength(1);
    expect(passages[0]).toMatchObject({
      section: 'abstract',
      start: AID_ABSTRACT.indexOf(first),
      end: AID_ABSTRACT.indexOf(first) + first.length + second.length,
      excerpt: first + second,
      patentExcerpt: first + second,
      patentSection: 'abstract',
      chars: first.length + second.length,
    });
    const signal = copiedTextSignal(joined, passages);
    // Two sentences of a 180-character text: over the 30% that makes the signal high.
    expect(signal).toMatchObject({ kind: 'copied-text', minChars: 50, level: 'high' });
    if (signal?.kind !== 'copied-text') throw new Error(String(signal?.kind));
    expect(signal.share).toBeGreaterThanOrEqual(ABNORMAL_THRESHOLDS.copiedHighShare);
    expect(signal.message.zh).toContain('1 段较长文字与 1 件现有专利逐字相同');
  });

  it('drops short runs, sentences far apart in the patent and loose matches', () => {
    expect(copiedPassages(joined, [{ patent, evidence: [sentence(start, first, 100)] }])).toEqual([]);
    expect(copiedPassages(joined, [{ patent, evidence: both(400) }])).toEqual([]);
    expect(copiedPassages(joined, [{ patent, evidence: both(undefined, 0.7) }])).toEqual([]);
    expect(copiedTextSignal(joined, [])).toBeNull();
  });

  it('cuts the joined text to the alignment limit and says so', () => {
    const cut = joinSections({ ...text, description: '说'.repeat(100) }, 60);
    expect(cut.text).toHaveLength(60);
    expect(cut.fullLength).toBeGreaterThan(60);
  });
});
