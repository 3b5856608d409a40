// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AbnormalSignalsResponse, ApplicationText } from '@patlas/contracts';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/providers';
import { createI18n } from '../i18n/setup';
import { installDomShims } from '../test/render-app';
import { failure, ok, stubApi } from '../test/test-api';
import { AbnormalSignalsPanel } from './AbnormalSignalsPanel';

const TEXT: ApplicationText = {
  title: '按键事件的分发方法',
  abstract: '本发明公开了一种按键事件的分发方法。',
  claims: '1. 一种按键事件的分发方法。',
  description: '急救请求设备，用于发送急救信号；WiFi-Aware转发设备，用于接收急救信号。',
};

const ANSWER: AbnormalSignalsResponse = {
  applicant: '南京中科创达软件科技有限公司',
  filingDate: '2022-08-05',
  signals: [
    {
      kind: 'same-applicant-duplicate',
      level: 'medium',
      message: {
        zh: '与同一申请人的 1 件在先申请高度相似（最高 64%：CN115390929A）',
        en: 'Closely similar to 1 earlier filing',
      },
      threshold: 0.5,
      filings: [
        {
          publicationNumber: 'CN115390929A',
          title: '按键事件的分发方法、自由定义按键事件的方法及装置',
          applicants: ['南京中科创达软件科技有限公司'],
          applicationDate: '2022-07-13',
          similarity: 0.64,
          matchedSentences: 9,
        },
      ],
    },
    {
      kind: 'batch-filings',
      level: 'medium',
      message: {
        zh: '该申请人在 2022-07-13 至 2022-08-05 间提交了 3 件名称和摘要几乎相同的申请（含本申请）',
        en: 'batch',
      },
      windowDays: 30,
      threshold: 0.8,
      from: '2022-07-13',
      to: '2022-08-05',
      includesText: true,
      filings: [
        {
          publicationNumber: 'CN115390929A',
          title: '按键事件的分发方法',
          applicationDate: '2022-07-13',
          similarity: 0.95,
        },
        {
          publicationNumber: 'CN115390930A',
          title: '按键事件的分发方法',
          applicationDate: '2022-07-20',
          similarity: 0.95,
        },
        { publicationNumber: null, title: '按键事件的分发方法', applicationDate: '2022-08-05', similarity: 0.9 },
      ],
    },
    {
      kind: 'copied-text',
      level: 'high',
      message: {
        zh: '有 1 段较长文字与 1 件现有专利逐字相同（占全文 40%）',
        en: '1 long passage is word for word in 1 existing patent (40% of the text)',
      },
      minChars: 50,
      share: 0.4,
      passages: [
        {
          section: 'description',
          start: 0,
          end: 44,
          excerpt: '急救请求设备，用于发送急救信号；WiFi-Aware转发设备，用于接收急救信号。',
          patent: {
            publicationNumber: 'CN115412894A',
            title: '急救系统',
            applicants: ['西安中科创达软件有限公司'],
            applicationDate: '2022-03-31',
          },
          patentSection: 'abstract',
          patentExcerpt: '急救请求设备，用于发送急救信号；WiFi-Aware转发设备，用于接收急救信号',
          chars: 52,
          similarity: 1,
        },
      ],
    },
  ],
  checked: { applicantFilings: 3, alignedFilings: 3, corpusCandidates: 1, alignedChars: 630, truncated: false },
  tookMs: 120,
};

function renderPanel(lang: 'zh' | 'en', applicant: string, onLocate = vi.fn()) {
  installDomShims();
  render(
    <AppProviders i18n={createI18n(lang)} queryClient={createQueryClient()}>
      <AbnormalSignalsPanel text={TEXT} applicant={applicant} filingDate="2022-08-05" onLocate={onLocate} />
    </AppProviders>,
  );
  return onLocate;
}

describe('abnormal signals panel', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('runs the check on demand and shows each signal with its evidence (zh)', async () => {
    const calls = stubApi((call) => (call.path === '/product/apply/pre/abnormal' ? ok(ANSWER) : undefined));
    const onLocate = renderPanel('zh', '南京中科创达软件科技有限公司');
    const panel = await screen.findByTestId('abnormal-signals-panel');
    expect(calls).toHaveLength(0);
    fireEvent.click(within(panel).getByTestId('abnormal-signals-run'));
    const signals = await within(panel).findAllByTestId('abnormal-signal');
    expect(calls[0]!.body).toEqual({ ...TEXT, applicant: '南京中科创达软件科技有限公司', filingDate: '2022-08-05' });
    expect(signals.map((s) => s.querySelector('.ant-card-head-title')!.textContent)).toEqual([
      '中与同一申请人的在先申请重复',
      '中短期内批量提交相同内容',
      '高抄袭现有专利文字',
    ]);
    expect(within(signals[0]!).getByText('相似度 64%')).toBeTruthy();
    expect(within(signals[0]!).getByRole('link', { name: 'CN115390929A' }).getAttribute('href')).toBe(
      '/innovationSpace/searchDetail?pn=CN115390929A',
    );
    expect(within(signals[1]!).getByText('本申请')).toBeTruthy();
    expect(within(signals[1]!).getByText('30 天内、名称和摘要相似度不低于 80%')).toBeTruthy();
    const passage = within(signals[2]!).getByTestId('signal-evidence');
    expect(passage.textContent).toContain('CN115412894A 的摘要');
    fireEvent.click(passage);
    expect(onLocate).toHaveBeenCalledWith('description', 0, 44);
    expect(within(panel).getByTestId('abnormal-signals-checked').textContent).toBe(
      '已查看该申请人在库中的 3 件申请（全文比对 3 件）及 1 件相似专利',
    );
    expect(within(panel).getByRole('button', { name: '重新检查' })).toBeTruthy();
  });

  it('asks for the applicant first, says when nothing is found and shows a refusal (en)', async () => {
    let refuse = true;
    stubApi((call) => {
      if (call.path !== '/product/apply/pre/abnormal') return undefined;
      if (refuse) return failure('Enter the application text before checking', 'ABNORMAL_TEXT_EMPTY');
      return ok({ ...ANSWER, signals: [], checked: { ...ANSWER.checked, truncated: true, alignedChars: 50000 } });
    });
    renderPanel('en', '');
    const panel = await screen.findByTestId('abnormal-signals-panel');
    const run = within(panel).getByTestId('abnormal-signals-run');
    expect(run.hasAttribute('disabled')).toBe(true);
    expect(within(panel).getByText('Enter the applicant first')).toBeTruthy();
    cleanup();

    renderPanel('en', 'Acme');
    const again = await screen.findByTestId('abnormal-signals-panel');
    fireEvent.click(within(again).getByTestId('abnormal-signals-run'));
    expect((await within(again).findByTestId('abnormal-signals-error')).textContent).toContain(
      'Enter the application text',
    );
    refuse = false;
    fireEvent.click(within(again).getByTestId('abnormal-signals-run'));
    expect(await within(again).findByText('No abnormal-application signals found')).toBeTruthy();
    await waitFor(() =>
      expect(within(again).getByTestId('abnormal-signals-checked').textContent).toContain(
        'only its first 50000 characters were compared',
      ),
    );
  });
});
