import { describe, expect, it } from 'vitest';
import { REAL_CLAIMS } from '../../../test/pre-evaluation-claims.js';
import { splitFeatures } from './feature-split.js';

/**
 * Claim 1 of real patents whose element list is an enumeration (issue 49 item 3: "a 包括 list
 * joined by 和 is one feature"). Chinese claims: KPPatent-ZH (github.com/tanggongbo/KPPatent-ZH,
 * MIT), records 12, 119 and 73 of ../shared/data/cn-kppatent-zh/test_data_TAC.part1-dev.json, claim 1
 * as published. English: the first claim of a 2013 US grant in the PatentsView fixtures
 * (ipg130416.small.xml, USPTO data, public domain).
 */
const LIST_CLAIMS = {
  /** 包括 A、B 和 C */
  gimbalBracket:
    '1.一种云台支架，其特征在于，包括主体件、第一连接件和第二连接件；所述第一连接件连接在所述主体件上，所述主体件和所述第一连接件用于固定移动终端；所述第二连接件可运动的连接在所述主体件上，所述第二连接件用于固定云台。',
  /** 包括 A、B、…以及 F */
  cleaningRobot:
    '1.一种马桶清洁的双机械臂移动机器人工作系统，其特征在于，包括上位机软件、电源模块、双机械臂装置、主处理器模块、导航系统模块以及视觉系统模块；所述主处理器模块分别与上位机软件、电源模块、双机械臂装置、导航系统模块以及视觉系统模块相连接；所述视觉系统模块与视觉摄像头相连接。',
  /** 包括 A 和 B (no 、): two parts, the second with its own qualifier */
  transferPaper:
    '1.一种功能性升华转移印花纸，其特征在于：包括转印原纸和设于转印原纸表面的油墨层，所述油墨层为转移底物，包括含量5-10wt%的线型高分子聚合物、含量为0.5-3wt%的分散染料和溶剂，所述分散染料分子量为250-400,颗粒直径为0.2-2微米。',
  /** a step list labelled a、b、c: no enumeration */
  fibreMethod:
    '1.一种防切割聚乙烯纤维的制备方法，其特征在于，包括如下步骤：a、超高分子量聚乙烯和二氧化硅混合得到混合原料；b、将混合原料加入双螺杆挤丝机中进行纺丝，形成原丝；c、将原丝进行萃取，干燥和超倍拉伸，得到防切割聚乙烯纤维。',
  /** comprising: A having B, C, and D; … */
  weightBox:
    '1. An apparatus for adding weight to a work vehicle, the apparatus comprising: a box-shaped receptacle having a bottom surface, a plurality of sides, and an opening configured to receive material; at least one arm projecting from the receptacle, wherein the at least one arm has an L-shaped cross-section, and where the at least one arm is configured to receive at least one weight; and at least one connecting point configured to attach the apparatus to a three-point hitch of the work vehicle.',
} as const;

const texts = (text: string) => splitFeatures(text, 'claims').map((f) => f.text);

describe('the feature splitter on enumerated element lists', () => {
  it('cuts 包括A、B和C into A, B and C', () => {
    const features = splitFeatures(LIST_CLAIMS.gimbalBracket, 'claims');
    expect(features.map((f) => f.text).slice(0, 4)).toEqual(['一种云台支架', '主体件', '第一连接件', '第二连接件']);
    expect(features.slice(1, 4).every((f) => f.part === 'characterising')).toBe(true);
    // The connections after the list stay whole.
    expect(features).toHaveLength(6);
    for (const f of features) expect(LIST_CLAIMS.gimbalBracket.slice(f.start, f.end)).toBe(f.text);
  });

  it('cuts 包括A、B、…以及F at every 、 and at 以及', () => {
    expect(texts(LIST_CLAIMS.cleaningRobot).slice(1, 7)).toEqual([
      '上位机软件',
      '电源模块',
      '双机械臂装置',
      '主处理器模块',
      '导航系统模块',
      '视觉系统模块',
    ]);
  });

  it('cuts a short 包括A和B without 、 at 和', () => {
    const features = texts(LIST_CLAIMS.transferPaper);
    expect(features[1]).toBe('转印原纸');
    expect(features[2]!.startsWith('设于转印原纸表面的油墨层')).toBe(true);
  });

  it('cuts a 包含 list (CN108982325A) into its eight parts', () => {
    const features = texts(REAL_CLAIMS.CN108982325A);
    expect(features.slice(1, 9)).toEqual([
      '渗透压力室(1)',
      '出流隔离器(2)',
      '入流隔离器(3)',
      'pH监测仪(4)',
      '电导率监测仪(5)',
      '围压#体积控制器(6)',
      '底压#体积控制器(7)',
      '顶压#体积控制器(8)',
    ]);
    // The connections are not lists: "连接在A和B之间" stays one feature.
    expect(features).toContain('入流隔离器(3)连接在渗透压力室(1)和顶压#体积控制器(8)之间');
  });

  it('leaves a labelled step list (a、b、) and the 和 inside a step alone', () => {
    const features = texts(LIST_CLAIMS.fibreMethod);
    expect(features.some((f) => f.includes('超高分子量聚乙烯和二氧化硅混合得到混合原料'))).toBe(true);
    expect(features).not.toContain('超高分子量聚乙烯');
  });

  it('cuts "comprising: a A having B, C, and D; …" at the commas before an article', () => {
    expect(texts(LIST_CLAIMS.weightBox).slice(0, 5)).toEqual([
      'An apparatus for adding weight to a work vehicle',
      'a box-shaped receptacle having a bottom surface',
      'a plurality of sides',
      'an opening configured to receive material',
      'at least one arm projecting from the receptacle',
    ]);
  });
});
