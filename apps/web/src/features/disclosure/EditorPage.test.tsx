// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ALL_PERMISSIONS, type DisclosureDetail, type DisclosureSaveRequest } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { DisclosureWritePage, PatentApplyPage } from './ListPage';
import { failure, ok, stubApi, type ApiAnswer } from '../../test/test-api';
import { blankContent, docOfText } from './content';

function detailOf(body: DisclosureSaveRequest, id: string, version: number): DisclosureDetail {
  const kind = body.kind ?? 'disclosure';
  return {
    id,
    kind,
    title: body.title || '未命名交底书',
    sections: {},
    content: body.content ?? blankContent(kind, 'zh'),
    version,
    createdAt: '2026-12-07T01:00:00.000Z',
    updatedAt: new Date(Date.UTC(2026, 11, 7, 1, version, 0)).toISOString(),
  };
}

/** A server that saves documents, failing or refusing saves while `mode` says so. */
function stubWritingServer() {
  const state = { mode: 'ok' as 'ok' | 'fail' | 'conflict', version: 0, saves: [] as DisclosureSaveRequest[] };
  const calls = stubApi((call): ApiAnswer | undefined => {
    if (call.path === '/product/disclosurePaper/save') {
      const body = call.body as DisclosureSaveRequest;
      state.saves.push(body);
      if (state.mode === 'fail') return failure('服务器内部错误，请稍后重试', 'INTERNAL', 500);
      if (state.mode === 'conflict') return failure('该文档已在别处保存为第 5 版', 'DISCLOSURE_VERSION_CONFLICT', 409);
      state.version += 1;
      return ok(detailOf(body, 'd1', state.version));
    }
    return undefined;
  });
  return { state, calls };
}

const status = () => screen.getByTestId('disclosure-save-status');

describe('disclosure editor', { timeout: 120_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('autosaves after a pause, shows saved at hh:mm, keeps the text through a failed save and retries it', async () => {
    const { state } = stubWritingServer();
    const { router } = renderPage(<DisclosureWritePage />, '/innovationSpace/disclosurePaper/addWrite');
    const title = await screen.findByTestId('disclosure-title');
    expect(status().dataset.status).toBe('idle');
    // One editor per section, each with its heading and hint.
    for (const heading of [
      '技术领域',
      '背景技术',
      '要解决的技术问题',
      '技术方案',
      '有益效果',
      '附图说明',
      '具体实施方式',
    ])
      expect(screen.getByText(heading)).toBeTruthy();

    fireEvent.change(title, { target: { value: '硅碳负极' } });
    expect(status().dataset.status).toBe('dirty');
    await waitFor(() => expect(status().dataset.status).toBe('saved'), { timeout: 10_000 });
    expect(status().textContent?.trim()).toMatch(/^已保存 \d\d:\d\d$/);
    expect(state.saves).toHaveLength(1);
    expect(state.saves[0]).toMatchObject({ kind: 'disclosure', title: '硅碳负极' });
    expect(state.saves[0]).not.toHaveProperty('id');
    // The new document's id goes into the URL of the same page.
    await waitFor(() => expect(router.state.location.search).toBe('?id=d1'));

    state.mode = 'fail';
    fireEvent.change(title, { target: { value: '硅碳负极材料' } });
    await waitFor(() => expect(status().dataset.status).toBe('failed'), { timeout: 10_000 });
    expect(status().textContent).toContain('保存失败');
    // The text stays on the page.
    expect((title as HTMLInputElement).value).toBe('硅碳负极材料');

    // More typing while failed, then a retry once the server answers again: the latest text, on version 1.
    fireEvent.change(title, { target: { value: '硅碳负极材料及其制备' } });
    state.mode = 'ok';
    fireEvent.click(screen.getByTestId('disclosure-save-retry'));
    await waitFor(() => expect(status().dataset.status).toBe('saved'), { timeout: 10_000 });
    const last = state.saves.at(-1)!;
    expect(last).toMatchObject({ id: 'd1', version: 1, title: '硅碳负极材料及其制备' });
    expect(screen.getByTestId('disclosure-editor').dataset.version).toBe('2');
  });

  it('stops on a conflict and offers to reload or save the text as a new document', async () => {
    const { state } = stubWritingServer();
    renderPage(<DisclosureWritePage />, '/innovationSpace/disclosurePaper/addWrite');
    const title = await screen.findByTestId('disclosure-title');
    fireEvent.change(title, { target: { value: '第一版' } });
    await waitFor(() => expect(status().dataset.status).toBe('saved'), { timeout: 10_000 });

    state.mode = 'conflict';
    fireEvent.change(title, { target: { value: '另一个标签页也在改' } });
    await waitFor(() => expect(status().dataset.status).toBe('conflict'), { timeout: 10_000 });
    expect(screen.getByTestId('disclosure-conflict').textContent).toContain('该文档已在别处保存为第 5 版');
    const saves = state.saves.length;
    // No more autosaves until the user chooses.
    fireEvent.change(title, { target: { value: '继续输入' } });
    await waitFor(() => expect(status().dataset.status).toBe('conflict'));
    expect(state.saves).toHaveLength(saves);

    state.mode = 'ok';
    fireEvent.click(screen.getByText('将本页内容另存为新文档'));
    await waitFor(() => expect(status().dataset.status).toBe('saved'), { timeout: 10_000 });
    expect(state.saves.at(-1)).toMatchObject({ title: '继续输入', kind: 'disclosure' });
    expect(state.saves.at(-1)).not.toHaveProperty('id');
  });

  it('counts the application title (25) and abstract (300) live, and links to the pre-evaluation', async () => {
    const content = blankContent('application', 'zh');
    content.sections.title = docOfText('一种硅碳负极材料及其制备方法和应用于动力电池');
    content.sections.abstract = docOfText('摘'.repeat(301));
    stubApi((call) =>
      call.path === '/product/disclosurePaper/detail' && call.query.get('id') === 'a1'
        ? ok({
            id: 'a1',
            kind: 'application',
            title: '申请文件',
            sections: {},
            content,
            version: 3,
            createdAt: '2026-12-07T01:00:00.000Z',
            updatedAt: '2026-12-07T02:00:00.000Z',
          })
        : undefined,
    );
    renderPage(<PatentApplyPage />, '/innovationSpace/patentApply?id=a1');
    const abstractCount = await screen.findByTestId('disclosure-abstract-count');
    expect(abstractCount.textContent).toBe('301 / 300 字');
    expect(abstractCount.className).toContain('danger');
    const titleSection = screen.getByTestId('disclosure-section-title') as HTMLInputElement;
    expect(titleSection.value).toBe('一种硅碳负极材料及其制备方法和应用于动力电池');
    expect(document.body.textContent).toContain('22 / 25');
    fireEvent.change(titleSection, { target: { value: '一种硅碳负极材料及其制备方法和应用于动力电池的组件结构' } });
    expect(document.body.textContent).toContain('27 / 25');
    const link = screen.getByTestId('disclosure-pre-assess').closest('a');
    expect(link?.getAttribute('href')).toBe('/innovationSpace/preAssessment?documentId=a1');
    expect(screen.queryByTestId('disclosure-novelty')).toBeNull();
  });

  it('shows the novelty search only with its permission, and sends /disclosure to the list', async () => {
    stubApi((call) =>
      call.path === '/product/disclosurePaper/detail'
        ? ok(detailOf({ title: '交底书' }, 'd9', 1))
        : call.path === '/product/disclosurePaper/list'
          ? ok({ total: 0, page: 1, pageSize: 20, items: [] })
          : undefined,
    );
    const withPermission = renderApp('/disclosurePaper/editWrite?id=d9');
    const link = (await screen.findByTestId('disclosure-novelty')).closest('a');
    expect(link?.getAttribute('href')).toBe('/innovationSpace/disclosureNoveltySearch?disclosureId=d9');
    expect(withPermission.router.state.location.pathname).toBe('/innovationSpace/disclosurePaper/editWrite');
    cleanup();

    renderApp('/innovationSpace/disclosurePaper/editWrite?id=d9', 'zh', {
      session: { menu: ALL_PERMISSIONS.filter((p) => p !== '/disclosureNoveltySearch') },
    });
    await screen.findByTestId('disclosure-editor');
    expect(screen.queryByTestId('disclosure-novelty')).toBeNull();
    cleanup();

    const list = renderApp('/disclosure');
    await screen.findByTestId('disclosure-list-disclosure');
    expect(list.router.state.location.pathname).toBe('/innovationSpace/disclosure');
  });
});
