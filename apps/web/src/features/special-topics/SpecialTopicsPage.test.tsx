// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { SpecialTopic } from '@patlas/contracts';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { toRouteObject } from '../../app/route-objects';
import { createI18n } from '../../i18n/setup';
import { installDomShims } from '../../test/render-app';
import { failure, ok, stubApi, type ApiAnswer, type ApiCall } from '../../test/test-api';
import { specialTopicsFeature } from './feature';

const TOPIC: SpecialTopic = {
  id: 't1',
  nameZh: '锂电池',
  nameEn: 'Lithium batteries',
  expression: 'TIABC=(锂电池)',
  descriptionZh: '',
  descriptionEn: '',
  pictureUrl: null,
  enabled: true,
  sortOrder: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderAt(path: string, answer: (call: ApiCall) => ApiAnswer | undefined) {
  installDomShims();
  const calls = stubApi(answer);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const routes = specialTopicsFeature.routes.map(toRouteObject);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders i18n={createI18n('zh')} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { calls, router };
}

function buttonOf(text: string): HTMLElement {
  const element = [...document.querySelectorAll('button')].find(
    (node) => node.textContent?.replace(/\s/g, '') === text,
  );
  if (!element) throw new Error(`no button ${text}`);
  return element;
}

describe("operators' special topics", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the topics, shows the query language message under a refused expression, and saves it once corrected', async () => {
    const { calls } = renderAt('/sys/specialTopics', (call) => {
      if (call.method === 'GET' && call.path === '/product/sys/specialTopics') return ok([TOPIC]);
      if (call.method === 'POST' && call.path === '/product/sys/specialTopics') {
        const { expression } = call.body as { expression: string };
        return expression.endsWith(')')
          ? ok({ ...TOPIC, id: 't2', nameZh: '电池', expression })
          : failure('检索式有误：第 12 列缺少右括号', 'QUERY_UNBALANCED_PARENS');
      }
      return undefined;
    });
    expect(await screen.findByText('锂电池')).toBeTruthy();
    expect(screen.getByText('TIABC=(锂电池)')).toBeTruthy();
    fireEvent.click(buttonOf('新建专题'));
    const name = await screen.findByLabelText('中文名称');
    fireEvent.change(name, { target: { value: '电池' } });
    fireEvent.change(screen.getByLabelText('检索式'), { target: { value: 'TI=(电池 AND' } });
    fireEvent.click(buttonOf('保存'));
    expect(await screen.findByText('检索式有误：第 12 列缺少右括号')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/product/sys/specialTopics');
    expect(sent?.body).toMatchObject({ nameZh: '电池', expression: 'TI=(电池 AND' });
    // Corrected and saved at once, the moment the refusal shows: the click is not lost.
    fireEvent.change(screen.getByLabelText('检索式'), { target: { value: 'TI=(电池 AND 散热)' } });
    fireEvent.click(buttonOf('保存'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { expression: string }).expression)).toEqual([
      'TI=(电池 AND',
      'TI=(电池 AND 散热)',
    ]);
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-wrap')?.getAttribute('style') ?? '').toMatch(/display: none/),
    );
  });

  it('closes the dialog once the server saved the topic, listing it, while the list refresh has not answered', async () => {
    const saved: SpecialTopic = { ...TOPIC, id: 't2', nameZh: '电池散热', expression: 'TIABC=(电池 AND 散热)' };
    let lists = 0;
    const { calls } = renderAt('/sys/specialTopics', (call) => {
      if (call.method === 'GET' && call.path === '/product/sys/specialTopics') {
        lists += 1;
        // The first list answers; the refresh after the save hangs (a busy server).
        return lists === 1 ? ok([TOPIC]) : { hang: true };
      }
      if (call.method === 'POST' && call.path === '/product/sys/specialTopics') return ok(saved);
      return undefined;
    });
    expect(await screen.findByText('锂电池')).toBeTruthy();
    fireEvent.click(buttonOf('新建专题'));
    fireEvent.change(await screen.findByLabelText('中文名称'), { target: { value: '电池散热' } });
    fireEvent.change(screen.getByLabelText('检索式'), { target: { value: 'TIABC=(电池 AND 散热)' } });
    fireEvent.click(buttonOf('保存'));
    expect(await screen.findByText('TIABC=(电池 AND 散热)')).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-wrap')?.getAttribute('style') ?? '').toMatch(/display: none/),
    );
    expect(lists).toBe(2);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
