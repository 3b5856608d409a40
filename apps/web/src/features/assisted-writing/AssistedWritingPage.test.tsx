// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Rewrite, RewriteDayLimit, RewriteListItem } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { AssistedWritingPage } from './AssistedWritingPage';
import { failure, ok, stubApi, type ApiCall } from '../../test/test-api';

const ORIGINAL = '电池模组包括壳体(10)，所述电芯组用于输出电能。';
const RESULT = '电池模组包含壳体(10)，所述电芯组用来输出电能。';

function limitOf(used: number): RewriteDayLimit {
  return {
    unit: 'chars',
    limit: 100_000,
    used,
    left: 100_000 - used,
    timeZone: 'UTC',
    resetsAt: '2026-03-11T00:00:00.000Z',
    quota: { limit: null, used: used > 0 ? 1 : 0 },
  };
}

function rewriteOf(overrides: Partial<Rewrite> = {}): Rewrite {
  return {
    id: 'r1',
    kind: 'text',
    mode: 'rephrase',
    language: 'zh',
    title: ORIGINAL,
    original: ORIGINAL,
    result: RESULT,
    state: 'done',
    error: null,
    chars: ORIGINAL.length,
    resultChars: RESULT.length,
    progress: { done: 1, total: 1 },
    tookMs: 1200,
    createdAt: '2026-03-10T08:00:00.000Z',
    finishedAt: '2026-03-10T08:00:01.200Z',
    ...overrides,
  };
}

/** A server that rewrites as the stand-in provider does; `configured` false answers the health as not set up. */
function stubRewriteServer(options: { configured?: boolean; refuse?: boolean } = {}) {
  const stored: Rewrite[] = [];
  let used = 0;
  let statusCalls = 0;
  const calls = stubApi((call: ApiCall) => {
    if (call.path === '/health') {
      return ok({
        patents: 10,
        version: 'test',
        features: { translation: false, rewrite: options.configured ?? true },
      });
    }
    if (call.path === '/product/patent/rewrite/limit/day') return ok(limitOf(used));
    if (call.path === '/product/patent/rewrite/text' || call.path === '/product/patent/rewrite/all') {
      const body = call.body as { text: string; mode: Rewrite['mode'] };
      if (options.refuse) {
        return failure('今日辅助撰写额度不足：每日 100000 字，今日剩余 0 字', 'REWRITE_DAILY_LIMIT_REACHED', 429);
      }
      used += body.text.trim().length;
      const isDocument = call.path.endsWith('/all');
      const rewrite = rewriteOf({
        id: `r${stored.length + 1}`,
        kind: isDocument ? 'all' : 'text',
        mode: body.mode,
        original: body.text.trim(),
        title: body.text.trim().slice(0, 100),
        chars: body.text.trim().length,
        ...(isDocument
          ? { state: 'waiting', result: null, resultChars: null, progress: { done: 0, total: 3 }, tookMs: null }
          : { result: body.text.trim().replace('包括', '包含').replace('用于', '用来') }),
      });
      stored.unshift(rewrite);
      return ok({ rewrite, limit: limitOf(used) });
    }
    if (call.path === '/product/patent/rewrite/all/status') {
      const found = stored.find((r) => r.id === call.query.get('id'));
      if (!found) return failure('该改写记录不存在或已删除', 'REWRITE_NOT_FOUND', 404);
      // A document runs for two status calls, then is done.
      if (found.kind === 'all' && found.state !== 'done') {
        statusCalls += 1;
        Object.assign(
          found,
          statusCalls < 2
            ? { state: 'running', progress: { done: 1, total: 3 }, result: '第一段已改写。' }
            : { state: 'done', progress: { done: 3, total: 3 }, result: `${found.original}（已改写）`, tookMs: 3000 },
        );
      }
      return ok(found);
    }
    if (call.path === '/product/patent/rewrite/list') {
      const body = (call.body ?? {}) as { keyword?: string; mode?: string };
      const items: RewriteListItem[] = stored
        .filter((r) => !body.keyword || r.original.includes(body.keyword) || (r.result ?? '').includes(body.keyword))
        .filter((r) => !body.mode || r.mode === body.mode)
        .map((r) => ({ ...r, truncated: false }));
      return ok({ total: items.length, page: 1, pageSize: 20, items });
    }
    if (call.path === '/product/patent/rewrite/delete') {
      const ids = (call.body as { ids: string[] }).ids;
      for (const id of ids)
        stored.splice(
          stored.findIndex((r) => r.id === id),
          1,
        );
      return ok({ ids });
    }
    return undefined;
  });
  return { calls, stored };
}

describe('assisted writing pages', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('explains what to configure without LLM_URL, offers no rewrite button and greys the menu entry', async () => {
    const { calls } = stubRewriteServer({ configured: false });
    renderApp('/innovationSpace/assistedWriting');
    const notice = await screen.findByTestId('rewrite-not-configured');
    expect(notice.textContent).toContain('辅助撰写尚未配置');
    expect(notice.textContent).toContain('LLM_URL');
    expect(notice.textContent).toContain('LLM_API_KEY');
    expect(notice.textContent).toContain('LLM_MODEL');
    expect(screen.queryByTestId('rewrite-submit')).toBeNull();
    const entry = await screen.findByTestId('menu-unavailable');
    expect(entry.textContent).toBe('辅助撰写');
    expect(entry.closest('a')).toBeNull();
    expect(entry.closest('[aria-disabled="true"]')).not.toBeNull();
    // The page asks the server nothing it would refuse.
    expect(calls.some((c) => c.path.startsWith('/product/patent/rewrite'))).toBe(false);
  });

  it('rewrites a passage, marks the changes, shows the characters left and keeps it in the recent list', async () => {
    const { calls } = stubRewriteServer();
    const { router } = renderApp('/innovationSpace/assistedWriting');
    expect((await screen.findByTestId('rewrite-limit-left')).textContent).toBe('今日剩余 100,000 / 100,000 字');
    const entry = screen.getAllByRole('link', { name: '辅助撰写' })[0];
    expect(entry).toBeTruthy();

    fireEvent.change(screen.getByTestId('rewrite-original'), { target: { value: ORIGINAL } });
    expect(screen.getByTestId('rewrite-count').textContent).toBe(`${ORIGINAL.length} / 2000 字`);
    fireEvent.click(screen.getByText('权利要求化'));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=claim'));
    // The page reads the mode from the URL: submit once it shows the new one.
    expect(await screen.findByText('写成权利要求的语言，独立权利要求在前')).toBeTruthy();
    fireEvent.click(screen.getByTestId('rewrite-submit'));

    const result = await screen.findByTestId('rewrite-result');
    expect(result.textContent).toBe(`电池模组包括含壳体(10)，所述电芯组用于来输出电能。`);
    expect(screen.getAllByTestId('rewrite-added').map((e) => e.textContent)).toEqual(['含', '来']);
    expect(screen.getAllByTestId('rewrite-removed').map((e) => e.textContent)).toEqual(['括', '于']);
    const request = calls.find((c) => c.path === '/product/patent/rewrite/text')!;
    expect(request.body).toEqual({ text: ORIGINAL, mode: 'claim' });
    await waitFor(() => expect(router.state.location.search).toBe('?mode=claim&id=r1'));
    expect(screen.getByTestId('rewrite-limit-left').textContent).toBe(
      `今日剩余 ${(100_000 - ORIGINAL.length).toLocaleString('en-US')} / 100,000 字`,
    );
    // Result only: the marks go.
    fireEvent.click(screen.getByText('仅结果'));
    expect(screen.getByTestId('rewrite-result').textContent).toBe(RESULT);
    await waitFor(() => expect(within(screen.getByTestId('rewrite-recent')).getByText('已完成')).toBeTruthy());
  });

  it('rewrites a long text as a document and follows its progress until done', async () => {
    const { calls } = stubRewriteServer();
    renderPage(<AssistedWritingPage />, '/innovationSpace/assistedWriting?mode=expand', 'en');
    const long = '所述散热板设置在壳体底部并用于导出热量。'.repeat(120);
    fireEvent.change(await screen.findByTestId('rewrite-original'), { target: { value: long } });
    expect(screen.getByTestId('rewrite-count').textContent).toBe(
      `${long.length} characters · over 2000, rewritten as a document in parts`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Rewrite as a document' }));
    await screen.findByTestId('rewrite-progress');
    await waitFor(() => expect(screen.getByTestId('rewrite-state').textContent).toBe('Done'), { timeout: 20_000 });
    expect(calls.find((c) => c.path === '/product/patent/rewrite/all')!.body).toEqual({ text: long, mode: 'expand' });
    expect(screen.getByText('Result only')).toBeTruthy();
    fireEvent.click(screen.getByText('Result only'));
    expect(screen.getByTestId('rewrite-result').textContent).toBe(`${long}（已改写）`);
  });

  it('shows the server’s refusal (the day’s characters used up)', async () => {
    stubRewriteServer({ refuse: true });
    renderPage(<AssistedWritingPage />, '/innovationSpace/assistedWriting');
    fireEvent.change(await screen.findByTestId('rewrite-original'), { target: { value: ORIGINAL } });
    fireEvent.click(screen.getByTestId('rewrite-submit'));
    expect(await screen.findByText('今日辅助撰写额度不足：每日 100000 字，今日剩余 0 字')).toBeTruthy();
    expect(screen.queryByTestId('rewrite-result')).toBeNull();
  });

  it('searches the history from the URL, opens a rewrite in the editor and deletes one', async () => {
    const { calls, stored } = stubRewriteServer();
    stored.push(
      rewriteOf({ id: 'a', title: '散热结构', original: '所述散热板用于导出热量。', mode: 'shorten' }),
      rewriteOf({ id: 'b', title: '电池模组' }),
    );
    const { router } = renderApp('/assistedWritingSearch?q=散热');
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/assistedWritingSearch'));
    const table = await screen.findByTestId('rewrite-history');
    await waitFor(() => expect(within(table).getByText('散热结构')).toBeTruthy());
    expect(within(table).queryByText('电池模组')).toBeNull();
    expect(calls.find((c) => c.path === '/product/patent/rewrite/list')!.body).toMatchObject({ keyword: '散热' });

    fireEvent.click(within(table).getAllByText('删除')[0]!);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(within(table).queryByText('散热结构')).toBeNull());
    expect(calls.some((c) => c.path === '/product/patent/rewrite/delete')).toBe(true);

    // Opening a rewrite brings its original into the editor.
    router.navigate('/innovationSpace/assistedWritingSearch');
    await waitFor(() => expect(within(screen.getByTestId('rewrite-history')).getByText('电池模组')).toBeTruthy());
    fireEvent.click(within(screen.getByTestId('rewrite-history')).getByText('打开'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=b'));
    await waitFor(() => expect((screen.getByTestId('rewrite-original') as HTMLTextAreaElement).value).toBe(ORIGINAL));
  });
});
