import { describe, expect, it } from 'vitest';
import type { Patent } from '@patlas/contracts';
import { repairMojibake, repairPatentTexts, repairText } from './text-repair.js';
import { validateRecord } from './cn-validate.js';
import { toImportItem } from './validate-record.js';

// Strings as the cn-patentics-incopat exports (../shared/data) write them.
/** Patentics 中科创达-中国申请库.xlsx, 背景技术. */
const PATENTICS_BACKGROUND =
  '　手势识别作为人机交互的重要组成部分，其研究发展影响着人机交互的自然性和灵活性。<br/>　随着手势识别应用的场景越来越多。<br/>　因此，如何提高手势识别的方法的兼容性和拓展性，成了手势识别中亟需解决的问题。';
/** incoPat ChatBot/2798.xlsx, 摘要 (英文) of IN201741032050A. */
const INCOPAT_ENGLISH =
  'The chat bot engine 101 can be further configured for generating questionariesâ€™ based on the job description 107';
/** Patentics 滴滴/全球4011.csv, 发明人. */
const REPLACEMENT = '王树栋 | 王智恒 | 薛韬略 | 张天明 | 李\uFFFD杰 | 孟辉';
/** incoPat 福特自动驾驶INCO.xlsx, 摘要 (中文): a private-use code point after the formula. */
const PRIVATE_USE = '４，６-经取代之吡唑并［１，５-ａ］吡\uE222';
/** Patentics 中科创达-中国申请库.xlsx, 实施例: a times sign between quotes is real text. */
const TIMES_IN_QUOTES = '点击该界面右侧栏目窗口右上的“×”字符可删除对应程序窗口';

describe('text repair', () => {
  it('turns literal <br/> into line breaks', () => {
    const repaired = repairText(PATENTICS_BACKGROUND);
    expect(repaired).not.toContain('<br');
    expect(repaired.split('\n')).toHaveLength(3);
    expect(repairText('a<br>b<BR />c')).toBe('a\nb\nc');
  });

  it('decodes UTF-8 read as Windows-1252 or Latin-1', () => {
    expect(repairMojibake(INCOPAT_ENGLISH)).toBe(
      'The chat bot engine 101 can be further configured for generating questionaries’ based on the job description 107',
    );
    // 车辆 encoded as UTF-8 and read as Latin-1; café the same.
    const latin1 = (s: string) => String.fromCharCode(...new TextEncoder().encode(s));
    expect(repairMojibake(latin1('车辆控制'))).toBe('车辆控制');
    expect(repairMojibake(latin1('café'))).toBe('café');
  });

  it('leaves real accented and symbol text alone', () => {
    expect(repairText(TIMES_IN_QUOTES)).toBe(TIMES_IN_QUOTES);
    expect(repairText('EXTRAÇÃO DE DADOS ESTRUTURADOS, JOÃO')).toBe('EXTRAÇÃO DE DADOS ESTRUTURADOS, JOÃO');
    expect(repairText('朱相锟 | 10°C ± 2 | Müller')).toBe('朱相锟 | 10°C ± 2 | Müller');
  });

  it('drops replacement and private-use characters', () => {
    expect(repairText(REPLACEMENT)).toBe('王树栋 | 王智恒 | 薛韬略 | 张天明 | 李杰 | 孟辉');
    expect(repairText(PRIVATE_USE)).toBe('４，６-经取代之吡唑并［１，５-ａ］吡');
    expect(repairText('a\u{F0000}b')).toBe('ab');
  });

  it('repairs title, abstract, claims, description and their translations, and returns a clean record as is', () => {
    const record: Patent = {
      publicationNumber: 'IN201741032050A',
      country: 'IN',
      title: { text: 'Chat bot<br/>system' },
      abstract: { lang: 'en', text: INCOPAT_ENGLISH, translations: { zh: '摘要\uFFFD' } },
      description: { lang: 'zh', text: PATENTICS_BACKGROUND },
      claims: { lang: 'zh', text: PRIVATE_USE },
    };
    const repaired = repairPatentTexts(record);
    expect(repaired.title?.text).toBe('Chat bot\nsystem');
    expect(repaired.abstract?.text).toContain('questionaries’ based');
    expect(repaired.abstract?.translations).toEqual({ zh: '摘要' });
    expect(repaired.description?.text).not.toContain('<br/>');
    expect(repaired.claims?.text).toBe('４，６-经取代之吡唑并［１，５-ａ］吡');
    const clean: Patent = { publicationNumber: 'CN1A', country: 'CN', title: { text: '车辆' } };
    expect(repairPatentTexts(clean)).toBe(clean);
  });
});

describe('every importer repairs', () => {
  const bad = {
    publicationNumber: 'CN113723286A',
    country: 'CN',
    description: { lang: 'zh', text: PATENTICS_BACKGROUND },
  };
  it('through validateRecord (the Chinese and vendor formats)', () => {
    const item = validateRecord(bad, 'f.xlsx', 2);
    expect(item.ok && item.record.description?.text).toContain('灵活性。\n');
  });
  it('through toImportItem (the US and EP formats)', () => {
    const item = toImportItem({ ...bad, abstract: { lang: 'en', text: INCOPAT_ENGLISH } }, 'f.xml', 1);
    expect(item.ok && item.record.abstract?.text).toContain('questionaries’');
    expect(item.ok && item.record.description?.text).not.toContain('<br/>');
  });
});
