// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage, stubFetch } from '../../test/render-page';
import { ExpressionEditor } from './ExpressionEditor';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ExpressionEditor value={value} onChange={setValue} onSubmit={() => {}} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const PASTED = 'TIABC=(充电桩 NOTF 汽车) AND AP-OR=(宁德时代)';

function serveTranslation() {
  return stubFetch((url) => {
    if (url.pathname === '/api/product/search/expression/foreign')
      return {
        status: 200,
        body: {
          status: 1,
          message: '',
          data: {
            system: 'incopat',
            expression: 'TIABC=(充电桩 NOT 汽车) AND PA=宁德时代',
            changes: [{ from: 'AP-OR=', to: 'PA=', message: 'Patlas 的申请人即文献公布的原始申请人' }],
            kept: ['TIABC='],
            unsupported: [
              { construct: 'NOTF', message: 'NOTF（不在同一字段中同现）在 Patlas 中没有对应算符；改为 NOT' },
            ],
          },
        },
      };
    return { status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } };
  });
}

function paste(text: string) {
  const box = screen.getByRole('textbox', { name: '检索式' });
  fireEvent.paste(box, { clipboardData: { getData: () => text } });
  fireEvent.change(box, { target: { value: text } });
}

describe('another system’s expression pasted into the editor', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the original beside the Patlas expression, the changes and what has no equivalent, and uses the translation', async () => {
    const calls = serveTranslation();
    renderPage(<Harness initial="" />, '/editor');
    paste(PASTED);
    const notice = await screen.findByTestId('foreign-syntax-notice', {}, { timeout: 10_000 });
    expect(notice.textContent).toContain('识别为 incoPat 检索式');
    expect(screen.getByTestId('foreign-original').textContent).toContain(PASTED);
    expect(screen.getByTestId('foreign-patlas').textContent).toContain('TIABC=(充电桩 NOT 汽车) AND PA=宁德时代');
    // The mapping said once, then its note.
    expect(screen.getByTestId('foreign-changes').textContent).toBe(
      'incoPat AP-OR= → Patlas PA= — Patlas 的申请人即文献公布的原始申请人',
    );
    expect(screen.getByTestId('foreign-unsupported').textContent).toContain('NOTF');
    const sent = calls.find((c) => c.url.pathname === '/api/product/search/expression/foreign');
    expect(sent?.body).toEqual({ text: PASTED });
    fireEvent.click(screen.getByRole('button', { name: '使用 Patlas 检索式' }));
    await waitFor(() =>
      expect(screen.getByTestId('value').textContent).toContain('TIABC=(充电桩 NOT 汽车) AND PA=宁德时代'),
    );
    expect(screen.queryByTestId('foreign-syntax-notice')).toBeNull();
  });

  it('keeps the text as pasted', async () => {
    serveTranslation();
    renderPage(<Harness initial="" />, '/editor');
    paste(PASTED);
    await screen.findByTestId('foreign-syntax-notice', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: '保留原样' }));
    await waitFor(() => expect(screen.queryByTestId('foreign-syntax-notice')).toBeNull());
    expect(screen.getByTestId('value').textContent).toContain(PASTED);
  });

  it('asks nothing of the server for a Patlas expression pasted', async () => {
    const calls = serveTranslation();
    renderPage(<Harness initial="" />, '/editor');
    paste('TI=(锂电池 W/5 正极) AND PA=华为');
    await waitFor(() => expect(screen.getByTestId('value').textContent).toContain('TI=(锂电池 W/5 正极)'));
    expect(calls.some((c) => c.url.pathname === '/api/product/search/expression/foreign')).toBe(false);
    expect(screen.queryByTestId('foreign-syntax-notice')).toBeNull();
  });
  it('reads the whole box as the system chosen in "translate from…"', async () => {
    const calls = serveTranslation();
    renderPage(<Harness initial={PASTED} />, '/editor');
    fireEvent.click(screen.getByRole('button', { name: /从其他系统转换/ }));
    fireEvent.click(await screen.findByText('incoPat'));
    await screen.findByTestId('foreign-syntax-notice', {}, { timeout: 10_000 });
    const sent = calls.find((c) => c.url.pathname === '/api/product/search/expression/foreign');
    expect(sent?.body).toEqual({ text: PASTED, system: 'incopat' });
    expect(screen.getByTestId('foreign-kept').textContent).toContain('TIABC=');
  });

  it('says to type an expression first when "translate from…" is chosen on an empty box', async () => {
    const calls = serveTranslation();
    renderPage(<Harness initial="  " />, '/editor');
    fireEvent.click(screen.getByRole('button', { name: /从其他系统转换/ }));
    fireEvent.click(await screen.findByText('incoPat'));
    await screen.findByText('请先在检索框中输入或粘贴要转换的检索式', {}, { timeout: 10_000 });
    expect(calls.some((c) => c.url.pathname === '/api/product/search/expression/foreign')).toBe(false);
    expect(screen.queryByTestId('foreign-syntax-notice')).toBeNull();
  });
});
