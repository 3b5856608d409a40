import {
  ALL_PERMISSIONS,
  MAX_FORMAL_REVIEW_TEXT_LENGTH,
  type AbnormalSignalsResponse,
  type FormalReviewResponse,
  type Patent,
} from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCnPatent } from '../../../test/factories.js';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  productCalls,
  reachableDialects,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';

const APPLICANT = '南京中科创达软件科技有限公司';

/** Real records of cn-patentics-incopat (中科创达-中国申请库.xlsx): title, abstract, first claim as published. */
const KEY_TITLE = '按键事件的分发方法、自由定义按键事件的方法及装置';
const KEY_ABSTRACT =
  '本发明公开了一种按键事件的分发方法、自由定义按键事件的方法及装置。所述方法包括：对底层上报的至少一个按键事件进行拦截；识别拦截的所述按键事件是否为预设的配置策略中的按键事件；在识别成功的情况下，根据所述配置策略，将拦截的所述按键事件分发至对应的按键事件监听者。本发明可实现对各类按键事件例如长按按键事件、短按按键事件、组合按键事件的自由定义，并实现自由定义的按键事件的分发，针对不同的场景和车型时，只需要对设置的配置策略进行更改，而不需要对代码进行大量修改，节省了人力物力，提升了各类按键定制的自由度和效率。';
const KEY_CLAIM =
  '一种按键事件的分发方法，其特征在于，包括：对底层上报的至少一个按键事件进行拦截；识别拦截的所述按键事件是否为预设的配置策略中的按键事件；在识别成功的情况下，根据所述配置策略，将拦截的所述按键事件分发至对应的按键事件监听者。';
const AID_TITLE = '一种基于WiFi-Aware的急救系统、方法和应用';
const AID_ABSTRACT =
  '本发明涉及一种基于WiFi-Aware的急救系统、方法和应用。该急救系统包括：急救请求设备，用于发送急救信号；WiFi-Aware转发设备，用于接收急救信号，并将所述急救信号转发给急救中心设备；急救中心设备，用于根据接收到的急救信号，筛选得到救援车辆，并向救援车辆发送救援请求信号；以及，接收救援车辆返回的救援响应信号；救援车辆，用于根据救援请求信号，发出救援响应信号。通过WiFi-Aware机制实现将急救信号以WiFi-Aware网络消息快速裂变上报到急救中心，节省了救援时间，提升了紧急救援的效率。';

function corpus(): Patent[] {
  const applicant = [{ name: APPLICANT, type: 'company' as const }];
  const key = (n: string, date: string, abstract: string) =>
    buildCnPatent({
      publicationNumber: n,
      applicationNumber: undefined,
      title: { lang: 'zh', text: KEY_TITLE },
      abstract: { lang: 'zh', text: abstract },
      claims: { lang: 'zh', text: KEY_CLAIM },
      applicants: applicant,
      applicationDate: date,
    });
  return [
    // The published record, and two more filings of near-identical content within a month (the batch).
    key('CN115390929A', '2022-07-13', KEY_ABSTRACT),
    key('CN115390930A', '2022-07-20', KEY_ABSTRACT.replace('监听者', '接收者')),
    key('CN115390931A', '2022-07-28', KEY_ABSTRACT.replace('节省了人力物力', '节省了人力')),
    // Another applicant's patent whose abstract the text below copies a long passage from.
    buildCnPatent({
      publicationNumber: 'CN115412894A',
      applicationNumber: undefined,
      title: { lang: 'zh', text: AID_TITLE },
      abstract: { lang: 'zh', text: AID_ABSTRACT },
      applicants: [{ name: '西安中科创达软件有限公司', type: 'company' }],
      applicationDate: '2022-03-31',
    }),
    buildCnPatent(),
  ];
}

/** A new filing repeating CN115390929A, with a passage of CN115412894A's abstract in its description. */
const REPEATING = {
  title: KEY_TITLE,
  abstract: KEY_ABSTRACT,
  claims: `1. ${KEY_CLAIM}\n2. 根据权利要求1所述的按键事件的分发方法，其特征在于，所述配置策略存储于车机的配置文件中。`,
  description:
    '技术领域\n本发明涉及车载系统技术领域。\n具体实施方式\n' +
    '车机对底层上报的按键事件进行拦截，识别是否为配置策略中的按键事件，并分发至按键事件监听者；配置策略存储于车机的配置文件中。' +
    '在一种应用场景中，急救请求设备，用于发送急救信号；WiFi-Aware转发设备，用于接收急救信号，并将所述急救信号转发给急救中心设备；急救中心设备，用于根据接收到的急救信号，筛选得到救援车辆。',
};

describe.each(await reachableDialects())('formal review API on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  const { call, okData, fails } = productCalls(
    () => t,
    () => owner,
  );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await indexPatents(t, corpus());
    owner = await authHeader(t);
    // An account without the pre-evaluation permission.
    stranger = await authHeader(
      t,
      ALL_PERMISSIONS.filter((p) => p !== '/preAssessment'),
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('POST /apply/pre/formal answers the findings with their places', async () => {
    const data = (await okData('/apply/pre/formal', {
      title: '一种新型按键分发方法',
      abstract: KEY_ABSTRACT,
      claims: `1. ${KEY_CLAIM}\n3. 根据权利要求3所述的按键事件的分发方法，其特征在于，所述配置策略如图2所示。`,
      description: REPEATING.description,
    })) as FormalReviewResponse;
    const rules = data.findings.map((f) => `${f.rule}@${f.section}:${f.claim ?? ''}`);
    expect(rules).toEqual([
      'title-wording@title:',
      'claim-numbering@claims:3',
      'claim-reference@claims:3',
      'claim-refers-to-description@claims:3',
    ]);
    const reference = data.findings.find((f) => f.rule === 'claim-reference')!;
    expect(reference).toMatchObject({
      severity: 'error',
      excerpt: '权利要求3',
      message: { en: 'Claim 3 refers to itself' },
    });
    expect(data.claims.map((c) => c.number)).toEqual([1, 3]);
    expect(data.stats).toMatchObject({ language: 'zh', independentClaims: 1 });
  });

  it('POST /apply/pre/formal finds nothing in a correct text and takes missing sections as empty', async () => {
    const clean = (await okData('/apply/pre/formal', REPEATING)) as FormalReviewResponse;
    expect(clean.findings).toEqual([]);
    const partial = (await okData('/apply/pre/formal', { claims: `1. ${KEY_CLAIM}` })) as FormalReviewResponse;
    expect(partial.findings.map((f) => f.section)).toEqual(['title', 'abstract', 'description']);
  });

  it('refuses a text over the limit, in zh and en', async () => {
    const description = '说'.repeat(MAX_FORMAL_REVIEW_TEXT_LENGTH);
    const zh = await fails('/apply/pre/formal', { ...REPEATING, description }, 'FORMAL_TEXT_TOO_LONG');
    expect(zh.message).toContain('超过 200000 个字符');
    const en = await fails('/apply/pre/formal', { ...REPEATING, description }, 'FORMAL_TEXT_TOO_LONG', owner, 'en');
    expect(en.message).toMatch(/^The application text exceeds 200000 characters \(\d+ now\)/);
    await fails('/apply/pre/abnormal', { ...REPEATING, description, applicant: APPLICANT }, 'FORMAL_TEXT_TOO_LONG');
  });

  it('refuses callers without the pre-evaluation permission and anonymous ones', async () => {
    await fails('/apply/pre/formal', REPEATING, 'FORBIDDEN', stranger);
    await fails('/apply/pre/abnormal', { ...REPEATING, applicant: APPLICANT }, 'FORBIDDEN', stranger);
    const anonymous = await call('/apply/pre/formal', REPEATING, null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('POST /apply/pre/abnormal: a repeated filing, its batch and a copied passage, each with evidence', async () => {
    const data = (await okData('/apply/pre/abnormal', {
      ...REPEATING,
      applicant: APPLICANT,
      filingDate: '2022-08-05',
    })) as AbnormalSignalsResponse;
    expect(data.checked).toMatchObject({ applicantFilings: 3, truncated: false });
    expect(data.signals.map((s) => s.kind)).toEqual(['same-applicant-duplicate', 'batch-filings', 'copied-text']);

    const duplicate = data.signals[0]!;
    if (duplicate.kind !== 'same-applicant-duplicate') throw new Error(duplicate.kind);
    // Title, abstract and claim 1 repeated; the description is new: 64% of the text (measured).
    expect(duplicate.level).toBe('medium');
    expect(duplicate.filings.map((f) => f.publicationNumber)).toEqual(['CN115390929A', 'CN115390930A', 'CN115390931A']);
    expect(duplicate.filings[0]!.similarity).toBeGreaterThan(0.6);
    expect(duplicate.filings[0]).toMatchObject({ applicationDate: '2022-07-13', applicants: [APPLICANT] });

    const batch = data.signals[1]!;
    if (batch.kind !== 'batch-filings') throw new Error(batch.kind);
    expect(batch).toMatchObject({ includesText: true, from: '2022-07-13', to: '2022-08-05' });
    expect(batch.filings.map((f) => f.publicationNumber)).toEqual([
      'CN115390929A',
      'CN115390930A',
      'CN115390931A',
      null,
    ]);

    const copied = data.signals[2]!;
    if (copied.kind !== 'copied-text') throw new Error(copied.kind);
    expect(copied.passages).toHaveLength(1);
    const passage = copied.passages[0]!;
    expect(passage).toMatchObject({ section: 'description', patent: { publicationNumber: 'CN115412894A' } });
    expect(REPEATING.description.slice(passage.start, passage.end)).toBe(passage.excerpt);
    expect(passage.excerpt).toContain('WiFi-Aware转发设备');
    expect(passage.chars).toBeGreaterThanOrEqual(50);
  });

  it('POST /apply/pre/abnormal: no signal for an original text of another applicant', async () => {
    const data = (await okData('/apply/pre/abnormal', {
      title: '一种锂电池极片的涂布装置',
      abstract:
        '本实用新型公开了一种锂电池极片的涂布装置，包括机架、放卷辊、涂布头和烘箱，涂布头与烘箱之间设有测厚仪。',
      claims: '1. 一种锂电池极片的涂布装置，其特征在于，包括机架（1）、放卷辊（2）和涂布头（3）。',
      description: '如图1所示，涂布装置包括机架1、放卷辊2和涂布头3，放卷辊2将极片送入涂布头3。',
      applicant: '某电池科技有限公司',
    })) as AbnormalSignalsResponse;
    expect(data.signals).toEqual([]);
    expect(data.checked.applicantFilings).toBe(0);
    expect(data.filingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('POST /apply/pre/abnormal asks for the applicant and a text, in zh and en', async () => {
    const zh = await fails('/apply/pre/abnormal', { ...REPEATING, applicant: '  ' }, 'ABNORMAL_APPLICANT_REQUIRED');
    expect(zh.message).toContain('请填写申请人名称');
    const en = await fails('/apply/pre/abnormal', { applicant: APPLICANT }, 'ABNORMAL_TEXT_EMPTY', owner, 'en');
    expect(en.message).toContain('Enter the application text');
    await fails(
      '/apply/pre/abnormal',
      { ...REPEATING, applicant: APPLICANT, filingDate: '2022-13-45' },
      'VALIDATION_FAILED',
    );
  });
});
