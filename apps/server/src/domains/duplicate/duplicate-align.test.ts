import { describe, expect, it } from 'vitest';
import { alignText, shingleSentences } from './duplicate-align.js';

// Real abstracts of the demo corpus (cn-g06f-cpc, us-uspto-random10k), shortened.
const ZH_SOURCE =
  '本发明公开了一种基于深度学习的图像识别方法。该方法首先对输入图像进行预处理，得到归一化图像；' +
  '然后利用卷积神经网络提取图像特征。最后通过分类器输出识别结果，提高了识别的准确率。';
const EN_SOURCE =
  'A battery management system monitors the voltage of each cell in a battery pack. ' +
  'The controller balances the cells by discharging the cell with the highest voltage through a resistor. ' +
  'The system reports the state of charge to a vehicle control unit.';

const spanText = (text: string, spans: { start: number; end: number }[]) =>
  spans.map((s) => text.slice(s.start, s.end));

describe('shingleSentences', () => {
  it('cuts Chinese at 。 and ； and English at ". ", with offsets into the text', () => {
    const sentences = shingleSentences(ZH_SOURCE);
    expect(sentences.map((s) => ZH_SOURCE.slice(s.start, s.end))).toEqual([
      '本发明公开了一种基于深度学习的图像识别方法',
      '该方法首先对输入图像进行预处理，得到归一化图像',
      '然后利用卷积神经网络提取图像特征',
      '最后通过分类器输出识别结果，提高了识别的准确率',
    ]);
    // Three characters a shingle: a sentence of n characters has n - 2.
    expect(sentences[2]!.hashes).toHaveLength('然后利用卷积神经网络提取图像特征'.length - 2);
    const en = shingleSentences(EN_SOURCE);
    expect(en).toHaveLength(3);
    expect(EN_SOURCE.slice(en[0]!.start, en[0]!.end)).toBe(
      'A battery management system monitors the voltage of each cell in a battery pack',
    );
  });
});

describe('alignText', () => {
  it('finds each Chinese sentence in its source with the matching characters on both sides', () => {
    // The second sentence first, a word swapped (卷积神经网络 → 深度神经网络), the last sentence dropped.
    const input = '然后利用深度神经网络提取图像特征。本发明公开了一种基于深度学习的图像识别方法。';
    const other = '一种锂电池的正极材料及其制备方法。该正极材料包括磷酸铁锂和导电剂。';
    const result = alignText(input, [
      { publicationNumber: 'CN1', sections: { title: '一种锂电池正极材料', abstract: other } },
      { publicationNumber: 'CN2', sections: { title: '一种图像识别方法', abstract: ZH_SOURCE } },
    ]);
    expect(result.patents.map((p) => p.candidate)).toEqual([1]);
    const [patent] = result.patents;
    expect(patent!.matchedSentences).toBe(2);
    expect(patent!.bySection.abstract).toBeGreaterThan(0.7);
    expect(patent!.bySection.title).toBe(0);
    const first = patent!.evidence.find((e) => e.sentence === 0)!;
    // The swapped word breaks the shingles around it: 深度 stays unmatched on the input side.
    expect(spanText(input, first.inputSpans)).toEqual(['然后利用', '神经网络提取图像特征']);
    expect(first.passageText).toBe('然后利用卷积神经网络提取图像特征');
    expect(spanText(first.passageText, first.passageSpans)).toEqual(['然后利用', '神经网络提取图像特征']);
    expect(first.passageStart).toBe(ZH_SOURCE.indexOf('然后利用'));
    const second = patent!.evidence.find((e) => e.sentence === 1)!;
    expect(second.similarity).toBe(1);
    expect(spanText(input, second.inputSpans)).toEqual(['本发明公开了一种基于深度学习的图像识别方法']);
    expect(result.sentences.map((s) => s.best?.candidate)).toEqual([1, 1]);
    expect(result.similarity).toBeGreaterThan(0.7);
  });

  it('aligns English by stemmed word pairs and gives spans of whole words', () => {
    const input =
      'The controllers balance the cells by discharging the cell with the highest voltage through resistors. ' +
      'An unrelated sentence about solar panels on a roof.';
    const result = alignText(input, [{ publicationNumber: 'US1', sections: { abstract: EN_SOURCE } }]);
    const [patent] = result.patents;
    expect(patent!.matchedSentences).toBe(1);
    const [evidence] = patent!.evidence;
    expect(evidence!.sentence).toBe(0);
    // "controllers"/"controller" share their stem; "through resistors" is not a pair of the source ("through a resistor").
    expect(spanText(input, evidence!.inputSpans)).toEqual([
      'The controllers balance the cells by discharging the cell with the highest voltage through',
    ]);
    expect(spanText(evidence!.passageText, evidence!.passageSpans)).toEqual([
      'The controller balances the cells by discharging the cell with the highest voltage through',
    ]);
    expect(result.sentences[1]!.best).toBeNull();
    // Half the text's characters matched.
    expect(result.similarity).toBeGreaterThan(0.5);
    expect(result.similarity).toBeLessThan(0.75);
  });

  it('ranks the patent that holds more of the text first and splits a mixed text between its sources', () => {
    const input = `${ZH_SOURCE}另外，该正极材料包括磷酸铁锂和导电剂。`;
    const result = alignText(input, [
      {
        publicationNumber: 'CN1',
        sections: { claims: '1.一种正极材料，其特征在于，该正极材料包括磷酸铁锂和导电剂。' },
      },
      { publicationNumber: 'CN2', sections: { abstract: ZH_SOURCE } },
    ]);
    expect(result.patents.map((p) => p.candidate)).toEqual([1, 0]);
    expect(result.patents[1]!.bySection.claims).toBeGreaterThan(0);
    expect(result.bySection.claims).toBeGreaterThan(0);
    expect(result.bySection.abstract).toBeGreaterThan(result.bySection.claims);
  });

  it('shows a passage several sentences match once, and the same text in another section once (issue 43)', () => {
    // The claim is one long sentence; the text says it in three sentences, and the abstract repeats it.
    const claim =
      '一种图像识别方法，其特征在于对输入图像进行预处理得到归一化图像，利用卷积神经网络提取图像特征，通过分类器输出识别结果';
    const input = '对输入图像进行预处理得到归一化图像。利用卷积神经网络提取图像特征。通过分类器输出识别结果。';
    const result = alignText(input, [
      { publicationNumber: 'CN3', sections: { claims: `${claim}。`, abstract: `${claim}。本方法准确率高。` } },
    ]);
    const [patent] = result.patents;
    expect(patent!.matchedSentences).toBe(3);
    expect(patent!.evidence).toHaveLength(1);
    const [only] = patent!.evidence;
    expect(only!.sentences).toEqual([0, 1, 2]);
    expect(only!.sentence).toBe(0);
    expect(only!.passageText).toBe(claim);
    expect(spanText(only!.passageText, only!.passageSpans).join('')).toContain('利用卷积神经网络提取图像特征');
    expect(spanText(input, only!.inputSpans).join('')).toContain('通过分类器输出识别结果');
    expect(spanText(input, only!.inputSpans).join('')).toContain('对输入图像进行预处理');
  });

  it('matches nothing in an unrelated text', () => {
    const result = alignText('一种自行车的刹车装置，包括刹车片和刹车线。', [
      { publicationNumber: 'CN2', sections: { abstract: ZH_SOURCE } },
    ]);
    expect(result.patents).toEqual([]);
    expect(result.similarity).toBe(0);
  });
});
