// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FeatureMatch, PreEvaluation, PreEvaluationDetail, PreEvaluationResult } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { PreAssessmentPage } from './PreAssessmentPage';
import { PreAssessmentSearchPage } from './PreAssessmentSearchPage';
import { failure, ok, stubApi, type ApiCall } from '../../test/test-api';

/** The first two features of CN115412894A's claim 1 (a real claim of the demo corpus). */
const FEATURES = [
  { index: 0, label: 'F1', text: '一种基于WiFi Aware的急救系统', start: 0, end: 19, part: 'preamble' as const },
  {
    index: 1,
    label: 'F2',
    text: '急救请求设备，用于发送急救信号',
    start: 30,
    end: 45,
    part: 'characterising' as const,
  },
];

function cell(feature: number, pn: string, score: number, passage = ''): FeatureMatch {
  return {
    feature,
    publicationNumber: pn,
    score,
    termScore: score,
    vectorScore: null,
    disclosed: score >= 0.6,
    matchedTerms: score > 0 ? ['急救'] : [],
    section: score > 0 ? 'abstract' : null,
    passageStart: 0,
    passageEnd: passage.length,
    passage,
    passageSpans: passage.includes('急救')
      ? [{ start: passage.indexOf('急救'), end: passage.indexOf('急救') + 2 }]
      : [],
    featureSpans: [
      { start: FEATURES[feature]!.text.indexOf('急救'), end: FEATURES[feature]!.text.indexOf('急救') + 2 },
    ],
  };
}

const RESULT: PreEvaluationResult = {
  features: FEATURES,
  documents: [
    {
      rank: 1,
      publicationNumber: 'CN110000001A',
      title: '急救请求与转发系统',
      applicants: [],
      publicationDate: '2020-03-10',
      applicationDate: null,
      relevance: 0.9,
      disclosed: 2,
      partial: 2,
      coverage: 0.8,
      category: 'X',
    },
    {
      rank: 2,
      publicationNumber: 'CN110000002A',
      title: '救援车辆调度系统',
      applicants: [],
      publicationDate: '2020-08-20',
      applicationDate: null,
      relevance: 0.5,
      disclosed: 0,
      partial: 1,
      coverage: 0.3,
      category: 'A',
    },
  ],
  matrixDocuments: ['CN110000001A', 'CN110000002A'],
  cells: [
    cell(0, 'CN110000001A', 0.8, '一种急救系统，包括急救请求设备。'),
    cell(1, 'CN110000001A', 0.9, '急救请求设备用于发送急救信号。'),
    cell(0, 'CN110000002A', 0.4, '救援车辆接收急救信号。'),
    cell(1, 'CN110000002A', 0),
  ],
  novelty: {
    level: 'high',
    documents: ['CN110000001A'],
    missing: [],
    reason: {
      zh: 'CN110000001A 单独公开了全部 2 个技术特征（X 类文献），新颖性风险高',
      en: 'CN110000001A alone discloses all 2 technical features',
    },
  },
  inventiveness: {
    level: 'high',
    documents: ['CN110000001A'],
    missing: [],
    reason: {
      zh: 'CN110000001A 单独公开了全部技术特征，创造性风险同样高',
      en: 'CN110000001A alone discloses every feature',
    },
  },
  stats: { searched: 2, excluded: [], model: null, ms: 1200, searchMs: 300 },
};

function evaluationOf(overrides: Partial<PreEvaluation> = {}): PreEvaluation {
  return {
    id: 'e1-0000-0000',
    title: '急救系统',
    kind: 'claims',
    origin: 'preAssessment',
    chars: 200,
    priorityDate: null,
    publicationNumber: null,
    state: 'done',
    stage: null,
    progress: 1,
    novelty: 'high',
    inventiveness: 'high',
    features: 2,
    documents: 2,
    error: null,
    createdAt: '2026-11-20T08:00:00.000Z',
    finishedAt: '2026-11-20T08:00:02.000Z',
    ...overrides,
  };
}

/** A server whose new evaluation runs for two detail calls, then is done. */
function stubServer() {
  let detailCalls = 0;
  return stubApi((call: ApiCall) => {
    if (call.path === '/product/apply/pre/search')
      return ok({ evaluation: evaluationOf({ state: 'waiting', progress: 0 }) });
    if (call.path === '/product/apply/pre/result/list')
      return ok({ total: 1, page: 1, pageSize: 20, items: [evaluationOf()] });
    if (call.path === '/product/apply/pre/result/delete') return ok({ ids: call.query.get('ids')?.split(',') });
    if (call.path === '/product/apply/pre/result/detail') {
      detailCalls += 1;
      const running = detailCalls <= 2;
      const detail: PreEvaluationDetail = {
        evaluation: running ? evaluationOf({ state: 'running', stage: 'matching', progress: 0.5 }) : evaluationOf(),
        text: '一种基于WiFi Aware的急救系统，其特征在于，包括：急救请求设备，用于发送急救信号。',
        application: null,
        applicant: null,
        result: running ? null : RESULT,
      };
      return ok(detail);
    }
    if (call.path === '/product/disclosurePaper/detail') {
      return call.query.get('id') === 'd1'
        ? ok({
            id: 'd1',
            kind: 'application',
            title: '急救系统申请',
            sections: { claims: '1. 一种急救系统，其特征在于，包括急救请求设备和急救中心设备。' },
          })
        : failure('文稿不存在', 'NOT_FOUND', 404);
    }
    return undefined;
  });
}

describe('pre-evaluation pages', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses under 30 characters, starts an evaluation, follows its progress to the prior art', async () => {
    const calls = stubServer();
    // The evaluation continues on the search page, so both pages are mounted.
    const { router } = renderPage(<PreAssessmentPage />, '/innovationSpace/preAssessment', 'zh', {
      routes: [{ path: '/innovationSpace/preAssessmentSearch', element: <PreAssessmentSearchPage /> }],
    });
    const text = await screen.findByTestId('pre-text');
    fireEvent.change(text, { target: { value: '一种急救系统' } });
    expect(screen.getByTestId('pre-too-short').textContent).toBe('预评估内容至少需要 30 个字符（当前 6 个）');
    fireEvent.click(screen.getByTestId('pre-submit'));
    expect(calls.some((c) => c.path === '/product/apply/pre/search')).toBe(false);

    const claim = '一种基于WiFi Aware的急救系统，其特征在于，包括：急救请求设备，用于发送急救信号。';
    fireEvent.change(text, { target: { value: claim } });
    expect(text.className).not.toContain('status-error');
    fireEvent.change(screen.getByTestId('pre-title'), { target: { value: '急救系统' } });
    fireEvent.click(screen.getByTestId('pre-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/preAssessmentSearch'));
    const sent = calls.find((c) => c.path === '/product/apply/pre/search')!;
    expect(sent.body).toMatchObject({ text: claim, title: '急救系统', kind: 'auto', origin: 'preAssessment' });
    expect(await screen.findByTestId('pre-progress')).toBeTruthy();
    // Asked again until done, then the prior art and the risks.
    expect(await screen.findByTestId('prior-art', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.getByTestId('risk-novelty-reason').textContent).toContain('X 类文献');
    expect(screen.getByText('急救请求与转发系统')).toBeTruthy();
  });

  it('shows the matrix coloured by match; a click on a cell shows its evidence, kept in the URL (en)', async () => {
    stubApi((call) =>
      call.path === '/product/apply/pre/result/detail'
        ? ok({
            evaluation: evaluationOf(),
            text: '',
            application: null,
            applicant: null,
            result: RESULT,
          } satisfies PreEvaluationDetail)
        : undefined,
    );
    const { router } = renderApp('/estimateDetails?id=e1-0000-0000', 'en');
    const matrix = await screen.findByTestId('feature-matrix');
    expect(router.state.location.pathname).toBe('/innovationSpace/estimateDetails');
    expect(screen.getByTestId('risk-novelty-level').textContent).toBe('High');
    const disclosed = within(matrix).getByTestId('cell-1-CN110000001A');
    expect(disclosed.getAttribute('data-match')).toBe('disclosed');
    expect(within(matrix).getByTestId('cell-0-CN110000002A').getAttribute('data-match')).toBe('partial');
    expect(within(matrix).getByTestId('cell-1-CN110000002A').getAttribute('data-match')).toBe('none');
    fireEvent.click(disclosed);
    const evidence = await screen.findByTestId('cell-evidence');
    expect(router.state.location.search).toContain('f=1');
    expect(router.state.location.search).toContain('pn=CN110000001A');
    expect(within(evidence).getByTestId('evidence-passage').textContent).toBe('急救请求设备用于发送急救信号。');
    expect(
      within(evidence)
        .getAllByTestId('evidence-mark')
        .map((m) => m.textContent),
    ).toEqual(['急救', '急救']);
    expect(within(evidence).getByTestId('evidence-score').textContent).toBe('score 90% (terms 90%, semantic —)');
  });

  // Issue 49 item 3: a claim of one feature gets no verdict, the page says it is too coarse to judge.
  it('says "too coarse to judge" for a claim of one feature', async () => {
    const reason =
      '权利要求特征过少，无法判断：只拆分出 1 个技术特征（至少需要 2 个），请给出更完整的权利要求或技术方案';
    const coarse: PreEvaluationResult = {
      ...RESULT,
      features: RESULT.features.slice(0, 1),
      novelty: { level: 'coarse', documents: [], missing: [], reason: { zh: reason, en: 'Too coarse to judge' } },
      inventiveness: { level: 'coarse', documents: [], missing: [], reason: { zh: reason, en: 'Too coarse to judge' } },
    };
    stubApi((call) =>
      call.path === '/product/apply/pre/result/detail'
        ? ok({
            evaluation: evaluationOf({ novelty: 'coarse', inventiveness: 'coarse' }),
            text: '',
            application: null,
            applicant: null,
            result: coarse,
          } satisfies PreEvaluationDetail)
        : undefined,
    );
    renderApp('/preAssessmentSearch?id=e1-0000-0000');
    await screen.findByTestId('prior-art');
    expect(screen.getByTestId('risk-novelty-level').textContent).toBe('权利要求特征过少，无法判断');
    expect(screen.getByTestId('risk-inventiveness-level').textContent).toBe('权利要求特征过少，无法判断');
    expect(screen.getByTestId('risk-novelty-reason').textContent).toBe(reason);
  });

  // Issue 43 item 8: thin evidence is said, not shown as a low risk; documents show bands, not percentages.
  it('says "too little evidence to judge" and shows each document\'s band, the ranking score on hover only', async () => {
    const why = '任何一篇文献最多只部分公开 1/2 个技术特征，检索到的文献不足以代表该领域';
    const thin: PreEvaluationResult = {
      ...RESULT,
      documents: RESULT.documents.map((d, i) => ({ ...d, band: i === 0 ? 'medium' : 'weak' })),
      novelty: { ...RESULT.novelty, level: 'insufficient', reason: { zh: `证据不足，无法判断：${why}`, en: 'x' } },
      inventiveness: { ...RESULT.inventiveness, level: 'insufficient', reason: { zh: '证据不足，无法判断', en: 'x' } },
    };
    stubApi((call) =>
      call.path === '/product/apply/pre/result/detail'
        ? ok({
            evaluation: evaluationOf({ novelty: 'insufficient', inventiveness: 'insufficient' }),
            text: '',
            application: null,
            applicant: null,
            result: thin,
          } satisfies PreEvaluationDetail)
        : undefined,
    );
    renderApp('/preAssessmentSearch?id=e1-0000-0000');
    const table = await screen.findByTestId('prior-art');
    expect(screen.getByTestId('risk-novelty-level').textContent).toBe('证据不足，无法判断');
    expect(screen.getByTestId('risk-inventiveness-level').textContent).toBe('证据不足，无法判断');
    expect(screen.getByTestId('risk-novelty-reason').textContent).toContain(why);
    expect(
      within(table)
        .getAllByTestId('doc-band')
        .map((el) => el.textContent),
    ).toEqual(['相关', '弱相关']);
    // The fused ranking score (90% for the first document) is no longer a column's figure.
    expect(table.textContent).not.toContain('90%');
  });

  it('fills the form from a saved draft (?documentId=): its claims', async () => {
    stubServer();
    renderPage(<PreAssessmentPage />, '/innovationSpace/preAssessment?documentId=d1');
    await waitFor(() =>
      expect((screen.getByTestId('pre-text') as HTMLTextAreaElement).value).toBe(
        '1. 一种急救系统，其特征在于，包括急救请求设备和急救中心设备。',
      ),
    );
    expect((screen.getByTestId('pre-title') as HTMLInputElement).value).toBe('急救系统申请');
  });

  it('the novelty report: a changed category changes the conclusion and is kept in the URL', async () => {
    stubApi((call) =>
      call.path === '/product/apply/pre/result/detail'
        ? ok({
            evaluation: evaluationOf({ origin: 'noveltySearch' }),
            text: '',
            application: null,
            applicant: null,
            result: RESULT,
          } satisfies PreEvaluationDetail)
        : undefined,
    );
    const { router } = renderApp('/noveltyReport?id=e1-0000-0000&docs=CN110000001A,CN110000002A');
    const conclusion = await screen.findByTestId('report-conclusion');
    expect(conclusion.textContent).toContain('对比文献 CN110000001A 为 X 类文献');
    expect(router.state.location.pathname).toBe('/innovationSpace/disclosureNoveltySearch/noveltyReport');
    const select = screen.getByTestId('category-CN110000002A');
    fireEvent.mouseDown(within(select).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Y'));
    await waitFor(() =>
      expect(screen.getByTestId('report-conclusion').textContent).toContain('CN110000002A 为 Y 类文献'),
    );
    expect(router.state.location.search).toContain('cat=CN110000002A%3AY');
  });

  it('sends a visitor without /search/pre from /pre to the login page', async () => {
    stubServer();
    const { router } = renderApp('/innovationSpace/pre', 'zh', {
      session: { menu: ['/preAssessment'] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
