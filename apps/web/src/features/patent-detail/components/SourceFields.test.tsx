// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Language } from '@patlas/contracts';
import { createI18n } from '../../../i18n/setup';
import { installDomShims } from '../../../test/render-app';
import { SourceFields } from './SourceFields';

const PATSNAP_EXTRAS = { 专利价值: '$ 3,400', 战略新兴产业分类: '数字文化创意活动', 申请年: '2020' };

function renderIn(lang: Language, extras: Record<string, string> | undefined) {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <SourceFields extras={extras} />
    </I18nextProvider>,
  );
}

describe('source fields section', () => {
  beforeAll(installDomShims);
  afterEach(cleanup);

  it("lists the source's own columns under their headers as written, titled in Chinese", () => {
    renderIn('zh', PATSNAP_EXTRAS);
    expect(screen.getByText('来源附加字段')).toBeTruthy();
    const labels = [...document.querySelectorAll('.patent-source-fields .ant-descriptions-item-label')].map(
      (cell) => cell.textContent,
    );
    expect(labels).toEqual(['专利价值', '战略新兴产业分类', '申请年']);
    expect(screen.getByText('$ 3,400')).toBeTruthy();
    expect(screen.getByText('数字文化创意活动')).toBeTruthy();
  });

  it('is titled in English for an English user, the headers staying as the source wrote them', () => {
    renderIn('en', PATSNAP_EXTRAS);
    expect(screen.getByText('Source fields')).toBeTruthy();
    expect(screen.getByText('战略新兴产业分类')).toBeTruthy();
  });

  it('shows nothing for a record without extras or with empty values only', () => {
    const { container } = renderIn('zh', undefined);
    expect(container.textContent).toBe('');
    cleanup();
    const again = renderIn('zh', { 专利价值: ' ' });
    expect(again.container.textContent).toBe('');
  });
});
