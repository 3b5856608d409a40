// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, stubFetch } from '../../test/render-page';
import { ExpressionEditor } from './ExpressionEditor';
import { termOf, withKeywords } from './KeywordExtract';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ExpressionEditor value={value} onChange={setValue} onSubmit={() => {}} extractKeywords />
      <output data-testid="value">{value}</output>
    </>
  );
}

function serveWords() {
  return stubFetch((url) => {
    if (url.pathname === '/api/product/search/extract/word')
      return {
        status: 200,
        body: {
          status: 1,
          message: '',
          data: {
            words: [
              { word: '锂电池', weight: 0.9 },
              { word: '隔膜', weight: 0.7 },
              { word: 'solid state', weight: 0.4 },
            ],
          },
        },
      };
    return { status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } };
  });
}

describe('extract keywords in the expression editor', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('builds the clause of the chosen words', () => {
    expect(termOf('solid state')).toBe('"solid state"');
    expect(withKeywords('', 'TI', ['a', 'b'])).toBe('TI=(a OR b)');
    expect(withKeywords('PD>=2020', 'TIABC', ['电池'])).toBe('PD>=2020 AND TIABC=(电池)');
  });

  it('sends the pasted text, offers its words and adds the chosen ones to the expression', async () => {
    const calls = serveWords();
    renderPage(<Harness initial="PD>=2020" />, '/editor');
    fireEvent.click(screen.getByRole('button', { name: /提取关键词/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '待提取的文本' }), {
      target: { value: '一种锂电池隔膜及其制备方法' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '提取' }));
    const words = await within(dialog).findByTestId('extracted-words');
    expect(calls.find((c) => c.url.pathname === '/api/product/search/extract/word')?.body).toEqual({
      text: '一种锂电池隔膜及其制备方法',
      topK: 20,
    });
    // The first words are chosen; a click leaves one out.
    fireEvent.click(within(words).getByText('隔膜'));
    fireEvent.click(within(dialog).getByRole('button', { name: /加入检索式（2）/ }));
    await waitFor(() =>
      expect(screen.getByTestId('value').textContent).toBe('PD>=2020 AND TIABC=(锂电池 OR "solid state")'),
    );
  });
});
