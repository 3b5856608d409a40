// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { Language } from '@patlas/contracts';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/setup';
import { createProductStorage, type ProductStorage } from '../../storage/storage';
import { installDomShims } from '../../test/render-app';
import { ExpressionEditor } from './ExpressionEditor';
import { loadRecentExpressions, rememberExpression } from './recent-expressions';

function memoryStorage(): ProductStorage {
  const map = new Map<string, string>();
  const backend: Storage = {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
  return createProductStorage({ product: 'patlas', version: '1', backend: () => backend });
}

function Harness({ onSubmit, storage }: { onSubmit: (e: string) => void; storage: ProductStorage }) {
  const [value, setValue] = useState('');
  return <ExpressionEditor value={value} onChange={setValue} onSubmit={onSubmit} storage={storage} />;
}

function renderEditor(lang: Language = 'zh', storage = memoryStorage()) {
  installDomShims();
  const onSubmit = vi.fn();
  render(
    <AppProviders i18n={createI18n(lang)} queryClient={new QueryClient()}>
      <Harness onSubmit={onSubmit} storage={storage} />
    </AppProviders>,
  );
  const textarea = screen.getByRole('textbox', { name: lang === 'zh' ? '检索式' : 'Search expression' });
  return { textarea, onSubmit, storage };
}

const submitButton = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

describe('expression editor', () => {
  afterEach(cleanup);

  it('shows the localised message with its column, underlines the span and disables search', async () => {
    const { textarea, onSubmit } = renderEditor('zh');
    fireEvent.change(textarea, { target: { value: 'TI=(电池' } });
    const error = await screen.findByTestId('expression-error');
    expect(error.textContent).toBe('检索式有误：第 4 列的括号“(”不匹配');
    expect(textarea.getAttribute('aria-invalid')).toBe('true');
    const underlined = [...document.querySelectorAll('.expr-tok-error-span')].map((e) => e.textContent).join('');
    expect(underlined).toBe('(');
    expect(submitButton('检索').hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(textarea, { key: 'Enter', ctrlKey: true });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('colours fields, operators, parentheses, phrases and ranges over the typed text', () => {
    const { textarea } = renderEditor('zh');
    const text = 'TI=(电池 OR "solid state") AND AD=[2015 TO 2020] AND XX=1';
    fireEvent.change(textarea, { target: { value: text } });
    const mirror = screen.getByTestId('expression-mirror');
    // The mirror holds exactly the text (plus the trailing zero-width space), so colours line up.
    expect(mirror.textContent).toBe(`${text}\u200b`);
    const kindOf = (s: string) =>
      [...mirror.querySelectorAll('.expr-tok')]
        .find((e) => e.textContent === s)
        ?.className.match(/expr-tok-(\w+)/)?.[1];
    expect(kindOf('TI')).toBe('field');
    expect(kindOf('OR')).toBe('operator');
    expect(kindOf('(')).toBe('paren');
    expect(kindOf('"solid state"')).toBe('phrase');
    expect(kindOf('[')).toBe('range');
    expect(kindOf('XX')).toBe('error');
  });

  it('colours SEM=(…) as a field and its text as one piece, its words not operators (issue 48)', () => {
    const { textarea } = renderEditor('en');
    const text = 'SEM/500=(a diaphragm and a coil) AND PA=goertek';
    fireEvent.change(textarea, { target: { value: text } });
    const mirror = screen.getByTestId('expression-mirror');
    const kindOf = (s: string) =>
      [...mirror.querySelectorAll('.expr-tok')]
        .find((e) => e.textContent === s)
        ?.className.match(/expr-tok-(\w+)/)?.[1];
    expect(kindOf('SEM/500')).toBe('field');
    expect(kindOf('(a diaphragm and a coil)')).toBe('semantic');
    expect(kindOf('AND')).toBe('operator');
    expect(screen.queryByTestId('expression-error')).toBeNull();
  });

  it('says the message in English with the column of an unknown field', async () => {
    const { textarea } = renderEditor('en');
    fireEvent.change(textarea, { target: { value: 'TI=battery AND FOO=bat' } });
    expect((await screen.findByTestId('expression-error')).textContent).toBe(
      'Expression incorrect: unknown field "FOO" at column 16',
    );
  });

  it('searches a valid expression with Ctrl+Enter and remembers it for suggestions', async () => {
    const storage = memoryStorage();
    rememberExpression(storage, 'PA=(华为) AND TI=(电池)');
    const { textarea, onSubmit } = renderEditor('zh', storage);
    fireEvent.change(textarea, { target: { value: 'TI=(电池) ' } });
    await waitFor(() => expect(submitButton('检索').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('expression-error')).toBeNull();
    // The older expression containing the typed text is offered.
    expect(screen.getByRole('option').textContent).toContain('PA=(华为) AND TI=(电池)');
    fireEvent.keyDown(textarea, { key: 'Enter', metaKey: true });
    expect(onSubmit).toHaveBeenCalledWith('TI=(电池)');
    expect(loadRecentExpressions(storage)[0]).toBe('TI=(电池)');
  });

  it('inserts a suggestion chosen with the keyboard', async () => {
    const storage = memoryStorage();
    rememberExpression(storage, 'TI=(电池) AND PD>=2020');
    const { textarea } = renderEditor('zh', storage);
    act(() => textarea.focus());
    fireEvent.change(textarea, { target: { value: '电池' } });
    fireEvent.keyDown(textarea, { key: 'ArrowDown' });
    fireEvent.keyDown(textarea, { key: 'Enter' });
    expect((textarea as HTMLTextAreaElement).value).toBe('TI=(电池) AND PD>=2020');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('counts characters against the 50000 limit', () => {
    const { textarea } = renderEditor('zh');
    fireEvent.change(textarea, { target: { value: 'TI=电池' } });
    expect(screen.getByLabelText('字数').textContent).toBe('5 / 50,000');
  });
});
