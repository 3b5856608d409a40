// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { ApplicationText, FormalReviewResponse } from '@patlas/contracts';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/providers';
import { createI18n } from '../i18n/setup';
import { installDomShims } from '../test/render-app';
import { failure, ok, stubApi } from '../test/test-api';
import { FormalReviewPanel } from './FormalReviewPanel';

const TEXT: ApplicationText = {
  title: '一种新型按键分发方法',
  abstract: '本发明公开了一种按键事件的分发方法。',
  claims: '1. 一种按键事件的分发方法，包括拦截按键事件。\n3. 根据权利要求3所述的方法。',
  description: '车机对按键事件进行拦截。',
};

const ANSWER: FormalReviewResponse = {
  findings: [
    {
      rule: 'title-wording',
      severity: 'warning',
      message: {
        zh: '发明名称不宜使用含糊或宣传性的词语（新型）',
        en: 'The title should not use vague or promotional words (新型)',
      },
      section: 'title',
      claim: null,
      start: 2,
      end: 4,
      excerpt: '新型',
    },
    {
      rule: 'claim-numbering',
      severity: 'error',
      message: { zh: '权利要求编号不连续：缺少第 2 项', en: 'Claim numbers are not consecutive: 2 missing' },
      section: 'claims',
      claim: 3,
      start: 26,
      end: 29,
      excerpt: '3. ',
    },
    {
      rule: 'claim-reference',
      severity: 'error',
      message: { zh: '权利要求 3 引用了自身', en: 'Claim 3 refers to itself' },
      section: 'claims',
      claim: 3,
      start: 31,
      end: 36,
      excerpt: '权利要求3',
    },
  ],
  claims: [
    { number: 1, start: 0, end: 25, dependsOn: [] },
    { number: 3, start: 26, end: 43, dependsOn: [3] },
  ],
  stats: { language: 'zh', titleLength: 10, abstractLength: 18, abstractUnit: 'chars', independentClaims: 1 },
  tookMs: 3,
};

function renderPanel(lang: 'zh' | 'en', onLocate = vi.fn(), text: ApplicationText = TEXT) {
  installDomShims();
  render(
    <AppProviders i18n={createI18n(lang)} queryClient={createQueryClient()}>
      <FormalReviewPanel text={text} onLocate={onLocate} debounceMs={0} />
    </AppProviders>,
  );
  return onLocate;
}

describe('formal review panel', { timeout: 60_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('groups the findings by rule, errors first, and locates a finding on click (zh)', async () => {
    const calls = stubApi((call) => (call.path === '/product/apply/pre/formal' ? ok(ANSWER) : undefined));
    const onLocate = renderPanel('zh');
    const panel = await screen.findByTestId('formal-review-panel');
    expect(await within(panel).findByText('1 个提示', { exact: false })).toBeTruthy();
    expect(calls[0]!.body).toEqual(TEXT);
    // Rule headers: the two error rules before the warning one.
    const headers = [...panel.querySelectorAll('.ant-collapse-header')].map((h) => h.textContent);
    expect(headers).toEqual(['权利要求编号1', '从属权利要求的引用1', '发明名称用语1']);
    const findings = within(panel).getAllByTestId('formal-finding');
    expect(findings[1]!.textContent).toContain('权利要求 3 引用了自身');
    expect(findings[1]!.textContent).toContain('权利要求书 · 权利要求 3 · 第 32–36 字');
    fireEvent.click(findings[1]!);
    expect(onLocate).toHaveBeenCalledWith('claims', 31, 36);
    fireEvent.keyDown(findings[2]!, { key: 'Enter' });
    expect(onLocate).toHaveBeenLastCalledWith('title', 2, 4);
  });

  it('checks again when the text changes, and says when nothing is found (en)', async () => {
    const calls = stubApi((call) => {
      if (call.path !== '/product/apply/pre/formal') return undefined;
      const body = call.body as ApplicationText;
      return ok(body.title === 'Cooking device' ? { ...ANSWER, findings: [] } : ANSWER);
    });
    installDomShims();
    function Editor() {
      const [text, setText] = useState(TEXT);
      return (
        <>
          <button type="button" onClick={() => setText({ ...TEXT, title: 'Cooking device' })}>
            fix
          </button>
          <FormalReviewPanel text={text} onLocate={() => {}} debounceMs={0} />
        </>
      );
    }
    render(
      <AppProviders i18n={createI18n('en')} queryClient={createQueryClient()}>
        <Editor />
      </AppProviders>,
    );
    const panel = await screen.findByTestId('formal-review-panel');
    expect(await within(panel).findByText('Claim 3 refers to itself')).toBeTruthy();
    expect(within(panel).getByText('Claims · claim 3 · characters 32–36', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByText('fix'));
    expect(await within(panel).findByText('No formal problems found')).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it("shows the server's refusal", async () => {
    stubApi(() =>
      failure(
        'The application text exceeds 200000 characters (200001 now); shorten it and check again',
        'FORMAL_TEXT_TOO_LONG',
      ),
    );
    renderPanel('en');
    const alert = await screen.findByTestId('formal-review-error');
    expect(alert.textContent).toContain('exceeds 200000 characters');
  });
});
