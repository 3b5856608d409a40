import { describe, expect, it } from 'vitest';
import {
  descriptionParts,
  effectCategories,
  extractProblemMeansEffect,
  PME_MAX_CHARS,
  splitSentences,
} from './problem-means-effect.js';

describe('extractProblemMeansEffect, Chinese', () => {
  it('reads the three from a description with 发明内容 and 有益效果', () => {
    const description = [
      '技术领域',
      '本发明涉及锂材料加工领域。',
      '背景技术',
      '回转窑焙烧过程中受热不均匀，锂的转化率低，存在收率不高的问题。',
      '发明内容',
      '本申请的目的在于提供一种使用流化床从锂云母中提锂的方法，以解决上述问题。',
      '为实现以上目的，本申请采用以下技术方案：',
      '一种使用流化床从锂云母中提锂的方法，将原料混合后送入流化床中焙烧得到熟料。',
      '与现有技术相比，本申请的有益效果包括：',
      '离子分解交换更加充分，具有操作简单、生产成本低等特点。',
      '具体实施方式',
      '实施例1，从而得到产品。',
    ].join('\n');
    const pme = extractProblemMeansEffect({ description });
    expect(pme.problem).toBe('本申请的目的在于提供一种使用流化床从锂云母中提锂的方法，以解决上述问题。');
    expect(pme.means).toBe('一种使用流化床从锂云母中提锂的方法，将原料混合后送入流化床中焙烧得到熟料。');
    expect(pme.effect).toBe('离子分解交换更加充分，具有操作简单、生产成本低等特点。');
    expect(pme.effectTerms).toEqual(['cost', 'convenience']);
  });

  it('reads an abstract alone: 本发明公开 as the means, 解决…问题 as the problem, the last 提高 as the effect', () => {
    const abstract =
      '本发明公开了一种主题推荐方法，包括接收智能终端发送的目标环境图片的颜色值。解决了现有主题设置需手动选择的问题。实现为用户提供更加准确、便捷的主题设置方式，提升了用户体验。';
    const pme = extractProblemMeansEffect({ abstract });
    expect(pme.means).toBe('本发明公开了一种主题推荐方法，包括接收智能终端发送的目标环境图片的颜色值。');
    expect(pme.problem).toBe('解决了现有主题设置需手动选择的问题。');
    expect(pme.effect).toBe('实现为用户提供更加准确、便捷的主题设置方式，提升了用户体验。');
    expect(pme.effectTerms).toEqual(['accuracy', 'convenience', 'experience']);
  });

  it('does not take 为解决上述技术问题，本发明提供… as the problem', () => {
    const description =
      '发明内容\n本发明所要解决的技术问题是现有提氨塔生产的氨水浓度不稳定。\n为解决上述技术问题，本发明采用的技术方案是：提供一种提纯氨水的装置，包括提氨塔。';
    const pme = extractProblemMeansEffect({ description });
    expect(pme.problem).toBe('本发明所要解决的技术问题是现有提氨塔生产的氨水浓度不稳定。');
    expect(pme.means).toBe('为解决上述技术问题，本发明采用的技术方案是：提供一种提纯氨水的装置，包括提氨塔。');
  });

  it('falls back to the first claim for the means', () => {
    const pme = extractProblemMeansEffect({
      abstract: '一种测试装置。',
      claims: '1.一种测试装置，其特征在于：包含渗透压力室和出流隔离器。2.根据权利要求1所述的装置。',
    });
    expect(pme.means).toBe('一种测试装置，其特征在于：包含渗透压力室和出流隔离器。');
    expect(pme.problem).toBeUndefined();
  });
});

describe('extractProblemMeansEffect, English', () => {
  it('reads object, provides and advantageously', () => {
    const pme = extractProblemMeansEffect({
      abstract:
        'A connector includes multiple pairs of signal contacts arranged in a housing. The arrangement reduces crosstalk between the pairs.',
      description: [
        'BACKGROUND OF THE INVENTION',
        'Conventional connectors need wide wiring areas on the substrate.',
        'SUMMARY OF THE INVENTION',
        'It is therefore an object of the present invention to provide a connector that facilitates the wiring design.',
        'Advantageously, the substrate wiring can be designed at lower cost.',
        'DETAILED DESCRIPTION',
        'The housing is moulded.',
      ].join('\n'),
    });
    expect(pme.problem).toBe(
      'It is therefore an object of the present invention to provide a connector that facilitates the wiring design.',
    );
    expect(pme.means).toBe('A connector includes multiple pairs of signal contacts arranged in a housing.');
    expect(pme.effect).toBe('Advantageously, the substrate wiring can be designed at lower cost.');
    expect(pme.effectTerms).toEqual(['cost']);
  });

  it('reads "to solve" in an abstract and the last improvement as the effect', () => {
    const pme = extractProblemMeansEffect({
      abstract:
        'To solve the problem of slow charging, the present invention provides a charger with two coils. The charger improves charging efficiency and safety.',
    });
    expect(pme.problem).toBe(
      'To solve the problem of slow charging, the present invention provides a charger with two coils.',
    );
    expect(pme.effect).toBe('The charger improves charging efficiency and safety.');
    expect(pme.effectTerms).toEqual(['efficiency', 'safety']);
    expect(pme.means).toBeUndefined();
  });

  it('finds nothing in a design record beyond its one sentence', () => {
    const pme = extractProblemMeansEffect({
      claims: 'The ornamental design for footwear upper, as shown and described.',
    });
    expect(pme).toEqual({
      means: 'The ornamental design for footwear upper, as shown and described.',
      effectTerms: [],
    });
  });
});

describe('helpers', () => {
  it('splits Chinese and English sentences and drops paragraph numbers', () => {
    expect(
      splitSentences(
        '[0001] 第一句话在这里。第二句话也在这里；第三句\nA first sentence is here. A second one follows.',
      ),
    ).toEqual(['第一句话在这里。', '第二句话也在这里；', 'A first sentence is here.', 'A second one follows.']);
  });

  it('cuts the description into background and summary', () => {
    const parts = descriptionParts(
      `背景技术\n${'旧方法很慢。'.repeat(40)}\n发明内容\n本发明提供新方法。\n具体实施方式\n实施例。`,
    );
    expect(parts.background.startsWith('背景技术')).toBe(true);
    expect(parts.summary).toBe('发明内容\n本发明提供新方法。\n');
  });

  it('clips a long sentence at a clause boundary', () => {
    const long = `本发明提供${'一种装置，'.repeat(100)}。`;
    const pme = extractProblemMeansEffect({ abstract: long });
    expect(pme.means!.length).toBeLessThanOrEqual(PME_MAX_CHARS + 1);
    expect(pme.means!.endsWith('…')).toBe(true);
  });

  it('normalises effects into the effect terms', () => {
    expect(effectCategories('降低了生产成本，提高了生产效率和安全性')).toEqual(['efficiency', 'cost', 'safety']);
    expect(effectCategories('reduces power consumption and improves reliability')).toEqual(['stability', 'energy']);
    expect(effectCategories('结构新颖')).toEqual([]);
  });
});
