import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApplicationText, FormalFinding, FormalRule, Patent } from '@patlas/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { patenticsXlsxFormat, usGrantXmlFormat } from '../../patent/index.js';
import { reviewApplication } from './formal-review.js';
import { claimReferences, parseClaims } from './parse-claims.js';
import { countZhUnits, foldWidth } from './review-kit.js';

const DEMO = fileURLToPath(new URL('../../../../../../data/demo/', import.meta.url));

/**
 * Real texts of the demo corpus (cn-patentics-incopat 中科创达-中国申请库.xlsx, CN115438209A): title,
 * abstract and first claim as published; the description is the start of its 实施例 there. The
 * dependent claims after it are ours, written as a CN attorney writes them.
 */
const TOPIC_TITLE = '一种主题推荐方法、装置、设备和系统';
const TOPIC_ABSTRACT =
  '本发明公开了一种主题推荐方法、装置、设备和系统。该主题推荐方法，应用于服务器端，包括：接收智能终端发送的目标环境图片的第一预设数量的环境聚类块的颜色值及各环境聚类块的权重；获取根据预设的颜色聚类算法确定的各预设主题图片的第一预设数量的主题聚类块的颜色值及各主题聚类块的权重；根据目标环境图片的各环境聚类块的颜色值和权重，以及每个预设主题图片的各主题聚类块的颜色值和权重，确定目标环境图片与每个预设主题图片的总体色差值；确定最小的总体色差值所对应的预设主题图片所匹配的主题为推荐主题，并返回智能终端。图片信息处理时避免了图片色彩信息丢失，实现为用户提供更加准确、便捷的主题设置方式，提升了用户体验。';
const TOPIC_CLAIM_1 =
  '一种主题推荐方法，应用于服务器端，其特征在于，包括：\n接收智能终端发送的目标环境图片的第一预设数量的环境聚类块的颜色值及各环境聚类块的权重；\n获取根据预设的颜色聚类算法确定的各预设主题图片的第一预设数量的主题聚类块的颜色值及各主题聚类块的权重；\n根据所述目标环境图片的各环境聚类块的颜色值和权重，以及每个所述预设主题图片的各主题聚类块的颜色值和权重，确定所述目标环境图片与每个所述预设主题图片的总体色差值；\n确定最小的总体色差值所对应的预设主题图片所匹配的主题为推荐主题，并返回所述智能终端。';
const TOPIC_DESCRIPTION =
  '技术领域\n本发明涉及图像处理技术领域，具体涉及一种主题推荐方法、装置、设备和系统。\n具体实施方式\n' +
  '本实施例的主题推荐方法应用于服务器端。服务器接收智能终端发送的目标环境图片的第一预设数量的环境聚类块的颜色值及各环境聚类块的权重，' +
  '智能终端采用颜色聚类算法（例如K均值聚类算法）对目标环境图片进行聚类。服务器获取根据预设的颜色聚类算法确定的各预设主题图片的主题聚类块的颜色值及权重，' +
  '根据颜色值和权重确定目标环境图片与每个预设主题图片的总体色差值，总体色差值为各聚类块之间色差值的加权和，色差值采用CIEDE2000公式计算。' +
  '确定最小的总体色差值所对应的预设主题图片所匹配的主题为推荐主题，并返回智能终端，智能终端（1）通过显示屏（2）显示推荐主题。';

function topicText(claims: string, overrides: Partial<ApplicationText> = {}): ApplicationText {
  return { title: TOPIC_TITLE, abstract: TOPIC_ABSTRACT, claims, description: TOPIC_DESCRIPTION, ...overrides };
}

const TOPIC_CLAIMS = [
  `1. ${TOPIC_CLAIM_1}`,
  '2. 根据权利要求1所述的主题推荐方法，其特征在于，所述第一预设数量为5。',
  '3. 根据权利要求1或2所述的主题推荐方法，其特征在于，所述总体色差值为各聚类块之间色差值的加权和。',
  '4. 根据权利要求3所述的主题推荐方法，其特征在于，所述色差值采用CIEDE2000公式计算。',
  '5. 如权利要求1、2或4中任一项所述的主题推荐方法，其特征在于，所述智能终端（1）通过显示屏（2）显示所述推荐主题。',
].join('\n');

const rulesOf = (findings: FormalFinding[]) => findings.map((f) => f.rule);
const only = (text: ApplicationText, rule: FormalRule) =>
  reviewApplication(text).findings.filter((f) => f.rule === rule);

describe('claims parser', () => {
  it('reads every numbering form, full-width digits included', () => {
    for (const [claims, numbers] of [
      ['1. 一种A。\n2. 根据权利要求1所述的A。', [1, 2]],
      ['1、一种A。\n2、根据权利要求1所述的A。', [1, 2]],
      ['1) 一种A。\n2) 根据权利要求1所述的A。', [1, 2]],
      ['1）一种A。\n2）根据权利要求1所述的A。', [1, 2]],
      ['[1] 一种A。\n[2] 根据权利要求1所述的A。', [1, 2]],
      ['【1】一种A。\n【2】根据权利要求1所述的A。', [1, 2]],
      ['１．一种A。\n２．根据权利要求１所述的A。', [1, 2]],
      ['1. A battery comprising a cell.\n2. The battery of claim 1, wherein the cell is round.', [1, 2]],
      ['权利要求书\n1. 一种A。\n2. 根据权利要求1所述的A。', [1, 2]],
    ] as const) {
      const parsed = parseClaims(claims);
      expect(
        parsed.claims.map((c) => c.number),
        claims,
      ).toEqual(numbers);
      expect(parsed.preamble, claims).toBeNull();
      expect(parsed.claims[1]!.dependsOn).toEqual([1]);
    }
  });

  it('reads claims pasted as one paragraph', () => {
    const parsed = parseClaims('1. 一种电池，包括电芯。2. 根据权利要求1所述的电池，其特征在于，电芯为圆柱形。');
    expect(parsed.claims.map((c) => [c.number, c.dependsOn])).toEqual([
      [1, []],
      [2, [1]],
    ]);
    const en = parseClaims(
      '1. A battery comprising a cell. 2. The battery as set forth in claim 1. 3. The battery of claim 2.',
    );
    expect(en.claims.map((c) => c.number)).toEqual([1, 2, 3]);
  });

  it('keeps numbered steps inside their claim', () => {
    const claims =
      '1. 一种制备方法，其特征在于，包括以下步骤：\n1）将原料混合；\n2）加热至300℃；\n3）冷却。\n2. 根据权利要求1所述的制备方法，其特征在于，所述原料为铁盐。';
    const parsed = parseClaims(claims);
    expect(parsed.claims.map((c) => c.number)).toEqual([1, 2]);
    expect(claims.slice(parsed.claims[0]!.start, parsed.claims[0]!.end)).toContain('3）冷却。');
  });

  it('opens the next claim after one ending in ":" when it refers to a claim at once (a formula lost as an image)', () => {
    const parsed = parseClaims(
      '1. A compound of Formula I.\n2. The compound of claim 1 wherein R is:\n3. The compound of claim 1 wherein W is N.',
    );
    expect(parsed.claims.map((c) => c.number)).toEqual([1, 2, 3]);
  });

  it('takes a lone unnumbered claim as claim 1', () => {
    const parsed = parseClaims(TOPIC_CLAIM_1);
    expect(parsed.claims).toHaveLength(1);
    expect(parsed.claims[0]).toMatchObject({ number: 1, numbered: false, start: 0, end: TOPIC_CLAIM_1.length });
  });

  it('reads references: alternatives, ranges, lists, English forms', () => {
    const refs = (text: string) => claimReferences(foldWidth(text), 0, text.length).map((r) => [r.numbers, r.kind]);
    expect(refs('根据权利要求1或2所述的')).toEqual([[[1, 2], 'alternative']]);
    expect(refs('如权利要求1-3任一项所述的')).toEqual([[[1, 2, 3], 'alternative']]);
    expect(refs('根据权利要求2至4中任一项所述的')).toEqual([[[2, 3, 4], 'alternative']]);
    expect(refs('根据权利要求1、2或3所述的')).toEqual([[[1, 2, 3], 'alternative']]);
    expect(refs('根据权利要求1和2所述的')).toEqual([[[1, 2], 'cumulative']]);
    expect(refs('根据权利要求1所述的')).toEqual([[[1], 'single']]);
    expect(refs('according to claim 1 or 2')).toEqual([[[1, 2], 'alternative']]);
    expect(refs('as claimed in any one of claims 1 to 3')).toEqual([[[1, 2, 3], 'alternative']]);
    expect(refs('The method of claims 1 and 2')).toEqual([[[1, 2], 'cumulative']]);
    // US6838526B1 claim 4: "90-0% by weight" is a content, not claims 90 to 0.
    expect(refs('as claimed in any one of claims 1 and 2 to 3 and 90-0% by weight')).toEqual([
      [[1, 2, 3], 'alternative'],
    ]);
    expect(refs('权利要求书')).toEqual([]);
  });
});

describe('formal rules on a correct Chinese application', () => {
  it('finds nothing in a real title, abstract and first claim with correct dependent claims', () => {
    const result = reviewApplication(topicText(TOPIC_CLAIMS));
    expect(result.findings).toEqual([]);
    expect(result.claims.map((c) => [c.number, c.dependsOn])).toEqual([
      [1, []],
      [2, [1]],
      [3, [1, 2]],
      [4, [3]],
      [5, [1, 2, 4]],
    ]);
    expect(result.stats).toMatchObject({ language: 'zh', independentClaims: 1, abstractUnit: 'chars' });
  });
});

describe('section-empty', () => {
  it('names each empty section', () => {
    const result = reviewApplication({ title: ' ', abstract: '', claims: TOPIC_CLAIMS, description: '' });
    expect(result.findings.filter((f) => f.rule === 'section-empty').map((f) => [f.section, f.severity])).toEqual([
      ['title', 'error'],
      ['abstract', 'error'],
      ['description', 'error'],
    ]);
    // Without a description the rules reading it stay silent rather than flag every term.
    expect(rulesOf(result.findings)).not.toContain('term-support');
  });
});

describe('title-length', () => {
  it('warns over 25 characters, refuses over 40, counts a Latin word as one', () => {
    const t26 = '一种基于深度学习的多模态遥感图像目标检测与识别的方法及其装置'; // 30
    const long = only(topicText(TOPIC_CLAIMS, { title: t26 }), 'title-length');
    expect(long).toHaveLength(1);
    expect(long[0]).toMatchObject({ severity: 'warning', section: 'title' });
    expect(long[0]!.message.zh).toContain('30 个字');
    const t41 = '一'.repeat(41);
    expect(only(topicText(TOPIC_CLAIMS, { title: t41 }), 'title-length')[0]!.severity).toBe('error');
    // Real title CN115412894A: 14 Han characters, 、 and "WiFi-Aware" as one word.
    expect(countZhUnits('一种基于WiFi-Aware的急救系统、方法和应用').count).toBe(16);
    expect(
      only(topicText(TOPIC_CLAIMS, { title: '一种基于WiFi-Aware的急救系统、方法和应用' }), 'title-length'),
    ).toEqual([]);
    expect(only(topicText(TOPIC_CLAIMS, { title: '一'.repeat(25) }), 'title-length')).toEqual([]);
  });

  it('English titles: 500 characters', () => {
    expect(only(topicText(TOPIC_CLAIMS, { title: 'Miter saw '.repeat(50) + 'x' }), 'title-length')).toHaveLength(1);
    expect(
      only(
        topicText(TOPIC_CLAIMS, {
          title: 'Miter saws having locking assemblies for optimal positioning of cutting blades',
        }),
        'title-length',
      ),
    ).toEqual([]);
  });
});

describe('title-wording', () => {
  const wording = (title: string) => only(topicText(TOPIC_CLAIMS, { title }), 'title-wording');

  it('flags trademarks, vague and promotional words, with their place', () => {
    const mark = wording('一种Patlas®检索系统');
    expect(mark).toHaveLength(1);
    expect(mark[0]).toMatchObject({ severity: 'error', excerpt: '®', start: 8, end: 9 });
    expect(wording('一种海尔牌洗衣机')[0]).toMatchObject({ severity: 'error', excerpt: '海尔牌' });
    expect(wording('显示屏、键盘等的制造方法')[0]).toMatchObject({ severity: 'warning', excerpt: '等' });
    expect(wording('一种新型的高效节能灯').map((f) => f.excerpt)).toEqual(['新型', '高效']);
    expect(wording('改进的螺栓')[0]!.excerpt).toBe('改进');
    expect(wording('一种阀门及其他部件')[0]!.excerpt).toBe('及其他');
    expect(wording('一种方法')[0]!.message.en).toContain('generic');
    expect(wording('Improved battery (TM)').map((f) => f.excerpt)).toEqual(['Improved', '(TM)']);
    expect(wording('A novel cooking device').map((f) => f.excerpt)).toEqual(['novel']);
  });

  it('leaves technical terms alone', () => {
    for (const title of [
      '一种等离子体处理装置',
      '一种等温扩增方法',
      '一种新型冠状病毒检测试剂盒',
      '高效液相色谱法测定维生素的方法',
      '一种先进先出队列的实现方法',
      '一种车牌识别方法',
      '一种扑克牌洗牌机',
      '用于改进图像质量的方法',
      '一种铁基金属复合氧化物催化剂及其制备和应用',
      TOPIC_TITLE,
      'Method and apparatus for new radio beam management',
      'Method of manufacturing printed circuit board having landless via hole',
    ]) {
      expect(wording(title), title).toEqual([]);
    }
  });
});

describe('abstract-length', () => {
  it('refuses a Chinese abstract over 300 characters (punctuation counted, whitespace not), marking the excess', () => {
    const abstract = `${'铁'.repeat(299)}，\n${'钴'.repeat(5)}`;
    const found = only(topicText(TOPIC_CLAIMS, { abstract }), 'abstract-length');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', start: 301, excerpt: '钴'.repeat(5) });
    expect(found[0]!.message.zh).toContain('305 个字');
    expect(only(topicText(TOPIC_CLAIMS, { abstract: `${'铁'.repeat(299)}。 \n` }), 'abstract-length')).toEqual([]);
  });

  it('warns over 150 words in English', () => {
    const abstract = `${'word '.repeat(151)}`;
    expect(only(topicText(TOPIC_CLAIMS, { abstract }), 'abstract-length')[0]).toMatchObject({ severity: 'warning' });
    expect(only(topicText(TOPIC_CLAIMS, { abstract: 'word '.repeat(150) }), 'abstract-length')).toEqual([]);
  });
});

describe('claim-numbering', () => {
  const numbering = (claims: string) => only(topicText(claims), 'claim-numbering');

  it('finds gaps, duplicates, disorder, a first number other than 1 and text before claim 1', () => {
    expect(
      numbering(`1. ${TOPIC_CLAIM_1}\n3. 根据权利要求1所述的主题推荐方法，其特征在于，所述第一预设数量为5。`),
    ).toMatchObject([
      { claim: 3, severity: 'error', excerpt: '3. ', message: { en: 'Claim numbers are not consecutive: 2 missing' } },
    ]);
    const duplicate = numbering(
      `1. ${TOPIC_CLAIM_1}\n2. 根据权利要求1所述的方法，其特征在于，所述数量为5。\n2. 根据权利要求1所述的方法，其特征在于，所述数量为6。`,
    );
    expect(duplicate.map((f) => f.message.en)).toEqual(['Claim number 2 is used twice']);
    const disorder = numbering(
      `1. ${TOPIC_CLAIM_1}\n3. 根据权利要求1所述的方法，其特征在于，所述数量为5。\n2. 根据权利要求1所述的方法，其特征在于，所述数量为6。`,
    );
    expect(disorder.map((f) => f.message.en)).toEqual([
      'Claim numbers are not consecutive: 2 missing',
      'Claims are out of order: 2 comes after 3',
    ]);
    expect(numbering(`2. ${TOPIC_CLAIM_1}`)[0]!.message.en).toBe(
      'Claims are numbered from 1; the first is numbered 2.',
    );
    expect(numbering(`本发明要求保护：\n1. ${TOPIC_CLAIM_1}`)[0]).toMatchObject({
      start: 0,
      excerpt: '本发明要求保护：',
    });
  });

  it('is silent on consecutive claims, a heading and a lone unnumbered claim', () => {
    expect(numbering(TOPIC_CLAIMS)).toEqual([]);
    expect(numbering(`权利要求书\n${TOPIC_CLAIMS}`)).toEqual([]);
    expect(numbering(TOPIC_CLAIM_1)).toEqual([]);
  });
});

describe('claim-reference and claim-1-independent', () => {
  it('refuses references to the claim itself, later claims and missing ones', () => {
    const claims = [
      `1. ${TOPIC_CLAIM_1}`,
      '2. 根据权利要求2所述的主题推荐方法，其特征在于，所述第一预设数量为5。',
      '3. 根据权利要求4所述的主题推荐方法，其特征在于，所述第一预设数量为6。',
      '4. The method according to claim 9.',
    ].join('\n');
    expect(only(topicText(claims), 'claim-reference').map((f) => [f.claim, f.message.en, f.excerpt])).toEqual([
      [2, 'Claim 2 refers to itself', '权利要求2'],
      [3, 'Claim 3 refers to a later claim 4; a dependent claim may refer only to earlier claims', '权利要求4'],
      [4, 'Claim 4 refers to a later claim 9; a dependent claim may refer only to earlier claims', 'claim 9'],
    ]);
    const gap = [`1. ${TOPIC_CLAIM_1}`, '3. 根据权利要求2所述的方法，其特征在于，所述数量为5。'].join('\n');
    expect(only(topicText(gap), 'claim-reference')[0]!.message.en).toBe(
      'Claim 3 refers to claim 2, which does not exist',
    );
  });

  it('requires claim 1 to be independent', () => {
    const claims = `1. 根据权利要求2所述的主题推荐方法，其特征在于，所述第一预设数量为5。\n2. ${TOPIC_CLAIM_1}`;
    expect(only(topicText(claims), 'claim-1-independent')).toMatchObject([{ claim: 1, excerpt: '权利要求2' }]);
    expect(only(topicText(TOPIC_CLAIMS), 'claim-1-independent')).toEqual([]);
  });
});

describe('claim-multiple-dependency', () => {
  it('refuses "and" between referred claims and a multiple dependent claim built on another', () => {
    const claims = [
      `1. ${TOPIC_CLAIM_1}`,
      '2. 根据权利要求1所述的方法，其特征在于，所述数量为5。',
      '3. 根据权利要求1和2所述的方法，其特征在于，所述数量为6。',
      '4. 根据权利要求1或2所述的方法，其特征在于，所述数量为7。',
      '5. 根据权利要求1-4任一项所述的方法，其特征在于，所述数量为8。',
    ].join('\n');
    const found = only(topicText(claims), 'claim-multiple-dependency');
    expect(found.map((f) => [f.claim, f.excerpt])).toEqual([
      [3, '权利要求1和2'],
      [5, '权利要求1-4任一项'],
    ]);
    expect(found[1]!.message.zh).toContain('权利要求 3、4 也是多项从属权利要求');
  });

  it('accepts alternatives built on single dependent claims', () => {
    expect(only(topicText(TOPIC_CLAIMS), 'claim-multiple-dependency')).toEqual([]);
  });
});

describe('claim-ending and claim-one-sentence', () => {
  it('requires each claim to end with its only full stop', () => {
    const claims = [
      `1. ${TOPIC_CLAIM_1}`,
      '2. 根据权利要求1所述的方法，其特征在于，所述数量为5；',
      '3. 根据权利要求1所述的方法，其特征在于，所述数量为6。所述权重为1。',
      '4. The method of claim 1, wherein the number is seven. The weight is one.',
    ].join('\n');
    expect(only(topicText(claims), 'claim-ending').map((f) => [f.claim, f.excerpt])).toEqual([[2, '；']]);
    expect(only(topicText(claims), 'claim-one-sentence').map((f) => [f.claim, f.excerpt])).toEqual([
      [3, '。'],
      [4, '.'],
    ]);
  });

  it('is silent on abbreviations and decimals inside an English claim', () => {
    const claims =
      '1. A composition comprising 0.5 wt. % of salt, i.e. sodium chloride, as in FIG. 2 of U.S. Pat. No. 5,000,000.';
    expect(only(topicText(claims), 'claim-one-sentence')).toEqual([]);
    expect(only(topicText(claims), 'claim-ending')).toEqual([]);
  });
});

describe('claim-refers-to-description and claim-unclear-wording', () => {
  it('warns on "如图1所示", "as shown in FIG. 1" and 例如 / for example', () => {
    const claims = [
      `1. ${TOPIC_CLAIM_1}`,
      '2. 根据权利要求1所述的方法，其特征在于，所述聚类块如图2所示。',
      '3. 根据权利要求1所述的方法，其特征在于，所述颜色聚类算法例如为K均值聚类算法。',
      '4. The method of claim 1, wherein the blocks are arranged as shown in FIG. 3, for example in rows.',
    ].join('\n');
    expect(only(topicText(claims), 'claim-refers-to-description').map((f) => [f.claim, f.excerpt])).toEqual([
      [2, '如图2'],
      [4, 'as shown in FIG.'],
    ]);
    expect(only(topicText(claims), 'claim-unclear-wording').map((f) => [f.claim, f.excerpt])).toEqual([
      [3, '例如'],
      [4, 'for example'],
    ]);
  });
});

describe('reference-signs', () => {
  it('warns on a sign in the claims that the description lacks', () => {
    const claims = `1. ${TOPIC_CLAIM_1.replace('智能终端发送', '智能终端（1）发送').replace('返回所述智能终端', '返回所述智能终端(12)')}`;
    const found = only(topicText(claims), 'reference-signs');
    expect(found.map((f) => [f.excerpt, f.severity])).toEqual([['(12)', 'warning']]);
    expect(found[0]!.message.zh).toContain('附图标记（12）');
  });

  it('skips formulas, steps, figures and signs the description has', () => {
    const claims =
      '1. 一种化合物，其特征在于，具有式(1)所示结构，包括以下步骤：(1)混合；(2)加热，所述智能终端（1）与显示屏(2)连接，如化学式(3)。';
    expect(only(topicText(claims), 'reference-signs')).toEqual([]);
  });
});

describe('term-support', () => {
  it('warns on a claim term the description never uses', () => {
    const claims = `${TOPIC_CLAIMS}\n6. 根据权利要求1所述的主题推荐方法，其特征在于，所述推荐主题经区块链存证后返回。`;
    const found = only(topicText(claims), 'term-support');
    expect(found.map((f) => [f.claim, f.excerpt])).toEqual([
      [6, '区块'],
      [6, '存证'],
    ]);
    expect(found[0]!.message.zh).toContain('"区块"在说明书中没有出现');
  });

  it('finds a term made of parts the description has (颜色聚类 from 颜色…聚类)', () => {
    const claims = '1. 一种方法，其特征在于，对色差值进行颜色聚类计算。';
    expect(only(topicText(claims), 'term-support')).toEqual([]);
  });

  it('English: warns on an element the claims name twice and the description never does', () => {
    const text: ApplicationText = {
      title: 'Cooking device',
      abstract: 'A cooking device with a grill.',
      claims:
        '1. A cooking device comprising a grill and a flux capacitor.\n2. The cooking device of claim 1, wherein the flux capacitor is round.',
      description: 'The cooking device has a grill over a burner.',
    };
    expect(only(text, 'term-support').map((f) => f.excerpt)).toEqual(['flux capacitor']);
  });
});

/** Every utility grant of the US demo sources with claims and description, read by the importer. */
async function usGrants(): Promise<Patent[]> {
  const dirs = [
    'us-grant-xml-patentsview',
    'us-xml-samples/xml2014',
    'us-xml-samples/xml2006',
    'us-xml-samples/xml2004',
  ];
  const records: Patent[] = [];
  for (const dir of dirs) {
    for (const name of readdirSync(join(DEMO, dir)).filter((n) => n.endsWith('.xml.gz'))) {
      for await (const item of usGrantXmlFormat.read(join(DEMO, dir, name))) {
        const r = item.ok ? item.record : undefined;
        // Utility grants: designs (USD…) have no abstract and claim "the ornamental design…".
        if (!r?.claims?.text || !r.description?.text || r.publicationNumber.startsWith('USD')) continue;
        records.push(r);
      }
    }
  }
  return records;
}

const textOf = (r: Patent): ApplicationText => ({
  title: r.title?.text ?? '',
  abstract: r.abstract?.text ?? '',
  claims: r.claims?.text ?? '',
  description: r.description?.text ?? '',
});

describe('real granted and published texts of data/demo', { timeout: 180_000 }, () => {
  let us: Patent[] = [];
  const cn: Patent[] = [];
  beforeAll(async () => {
    us = await usGrants();
    const file = join(DEMO, 'cn-patentics-incopat', '中科创达-中国申请库.xlsx');
    for await (const item of patenticsXlsxFormat.read(file)) {
      if (item.ok && item.record.claims?.text && item.record.description?.text) cn.push(item.record);
    }
  }, 180_000);

  /** Findings by rule and publication number. */
  function tally(records: Patent[]) {
    const byRule = new Map<FormalRule, string[]>();
    for (const r of records) {
      for (const f of reviewApplication(textOf(r)).findings) {
        byRule.set(f.rule, [...(byRule.get(f.rule) ?? []), `${r.publicationNumber}:${f.claim ?? ''}`]);
      }
    }
    return byRule;
  }

  it('US grants: the claims rules find only the real defects of the printed text', () => {
    expect(us.length).toBeGreaterThan(200);
    const byRule = tally(us);
    for (const rule of [
      'claim-numbering',
      'claim-1-independent',
      'claim-multiple-dependency',
      'claim-refers-to-description',
      'reference-signs',
      'title-length',
      'section-empty',
    ] as const) {
      expect(byRule.get(rule) ?? [], rule).toEqual([]);
    }
    // US6982689B2 as granted: "3. The light-emitting element drive apparatus according to claim 3, …".
    expect(byRule.get('claim-reference')).toEqual(['US6982689B2:3']);
    // US7642270B2 claim 4 as printed: "…two methyl substituents.\nZ is CO2alkyl…".
    expect(byRule.get('claim-one-sentence')).toEqual(['US7642270B2:4']);
    // Claims ending where a chemical structure was an image in the XML (US6982249B1 "(c)\n(d)").
    expect(new Set((byRule.get('claim-ending') ?? []).map((k) => k.split(':')[0]))).toEqual(
      new Set(['US6982249B1', 'US7640932B2', 'US7642270B2', 'US7863443B2']),
    );
    // Conservative: under one unsupported element per four grants (measured 45 in 207).
    expect((byRule.get('term-support') ?? []).length).toBeLessThan(us.length / 4);
  });

  it('CN publications: no structural finding in the first claims, titles and abstracts', () => {
    expect(cn.length).toBeGreaterThan(400);
    const byRule = tally(cn);
    for (const rule of [
      'claim-numbering',
      'claim-reference',
      'claim-1-independent',
      'claim-multiple-dependency',
      'claim-ending',
      'claim-refers-to-description',
      'claim-unclear-wording',
      'reference-signs',
      'title-wording',
      'section-empty',
    ] as const) {
      expect(byRule.get(rule) ?? [], rule).toEqual([]);
    }
    // Published as filed: a full stop inside claim 1 (CN105227365A "…至少一个终端。所述云服务器…").
    expect(byRule.get('claim-one-sentence')).toEqual(['CN105227365A:1', 'CN105208132A:1']);
  });
});
