import { describe, expect, it } from 'vitest';
import {
  citationCategory,
  citationNumber,
  claimBlocks,
  claimParagraphs,
  descriptionParagraphs,
  heldCitation,
  legalStatusTone,
  shownText,
} from './patent-view';

describe('patent view helpers', () => {
  it('writes a citation number with its country and kind once', () => {
    expect(citationNumber({ number: '3382682', country: 'US', kind: 'A' })).toBe('US3382682A');
    expect(citationNumber({ number: 'US3382682A', country: 'US', kind: 'A' })).toBe('US3382682A');
    expect(citationNumber({ number: '10-2001-0017165', country: 'KR', kind: 'A' })).toBe('KR10-2001-0017165A');
    expect(citationNumber({ number: 'CN1234567' })).toBe('CN1234567');
  });

  it('finds a held citation under the forms a server may use', () => {
    const held = { US6351955B1: 'US6351955B1' };
    expect(heldCitation(held, { number: '6351955', country: 'US', kind: 'B1' })).toBe('US6351955B1');
    expect(heldCitation(held, { number: '3382682', country: 'US', kind: 'A' })).toBeUndefined();
  });

  it('maps USPTO category wording and keeps unknown wording', () => {
    expect(citationCategory('cited by examiner')).toBe('examiner');
    expect(citationCategory('cited by other')).toBe('other');
    expect(citationCategory('X')).toBe('X');
    expect(citationCategory('  ')).toBeUndefined();
  });

  it('shows a translation only when it differs from the original', () => {
    expect(shownText({ lang: 'zh', text: '电池', translations: { en: 'Battery' } }, 'en')).toEqual({
      original: '电池',
      translation: 'Battery',
    });
    expect(shownText({ text: 'Battery', translations: { en: 'Battery' } }, 'en')).toEqual({ original: 'Battery' });
    expect(shownText(undefined, 'zh')).toEqual({});
  });

  it('splits claims run together and keeps their numbers', () => {
    expect(claimParagraphs('1.一种方法，包括处理。2.根据权利要求1所述的方法，其特征在于。')).toEqual([
      '1.一种方法，包括处理。',
      '2.根据权利要求1所述的方法，其特征在于。',
    ]);
    expect(claimParagraphs('1. A method.\n2. The method of claim 1.')).toEqual([
      '1. A method.',
      '2. The method of claim 1.',
    ]);
    expect(claimParagraphs('1. A device as in claim 1. The device.')).toEqual([
      '1. A device as in claim 1. The device.',
    ]);
  });

  it('colours legal status by meaning', () => {
    expect(legalStatusTone('有效')).toBe('success');
    expect(legalStatusTone('失效')).toBe('error');
    expect(legalStatusTone('inactive')).toBe('error');
    expect(legalStatusTone('审中')).toBe('processing');
    expect(legalStatusTone(undefined)).toBe('default');
  });

  it('splits a description at paragraph numbers run together and at <br/>', () => {
    // Patentics 实施例 and 背景技术 as exported (中科创达-中国申请库.xlsx).
    expect(
      descriptionParagraphs(
        '实施例\n[0053]\u3000实施例一 [0054]\u3000本发明实施例提供一种主题推荐方法 [0055]\u3000S101：接收',
      ),
    ).toEqual([
      '实施例',
      '[0053]\u3000实施例一',
      '[0054]\u3000本发明实施例提供一种主题推荐方法',
      '[0055]\u3000S101：接收',
    ]);
    expect(descriptionParagraphs('灵活性。<br/>\u3000随着场景越来越多。')).toEqual(['灵活性。', '随着场景越来越多。']);
  });

  it('numbers claims, keeps a US claim and its sub-items together and tags dependent claims', () => {
    const blocks = claimBlocks(
      '1. A method comprising:\na step; and\nanother step.\n2. The method of claim 1, wherein x.',
    );
    expect(blocks.map((b) => [b.number, b.numbered, b.dependsOn])).toEqual([
      [1, true, undefined],
      [2, true, 1],
    ]);
    expect(blocks[0]?.text).toBe('1. A method comprising:\na step; and\nanother step.');
    const zh = claimBlocks('1.一种方法，包括：步骤A。2.根据权利要求1所述的方法，其特征在于，步骤B。');
    expect(zh.map((b) => b.dependsOn)).toEqual([undefined, 1]);
    expect(claimBlocks('一种不解锁快速照相的方法，其特征在于包括步骤：S1、划分区域；S2、打开相机。')).toEqual([
      {
        number: 1,
        numbered: false,
        text: '一种不解锁快速照相的方法，其特征在于包括步骤：S1、划分区域；S2、打开相机。',
      },
    ]);
  });
});
