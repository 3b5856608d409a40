// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { failure, ok, stubApi, type ApiCall } from '../../test/test-api';

const page = (items: unknown[]) => ({ total: items.length, page: 1, pageSize: 5, items });

/** A server holding one item of each kind; the rewrite list fails to show that one tool's error stays in its card. */
function stubSpaceServer(options: { rewriteFails?: boolean; rewrite?: boolean } = {}) {
  return stubApi((call: ApiCall) => {
    const body = (call.body ?? {}) as { kind?: string };
    if (call.path === '/product/disclosurePaper/list') {
      return ok(
        page([
          {
            id: body.kind === 'application' ? 'a1' : 'd1',
            kind: body.kind,
            title: body.kind === 'application' ? '电池管理申请稿' : '电池热管理交底书',
            version: 3,
            chars: 1200,
            images: 2,
            updatedAt: '2026-11-20T08:00:00.000Z',
            createdAt: '2026-11-19T08:00:00.000Z',
          },
        ]),
      );
    }
    if (call.path === '/product/apply/pre/result/list') {
      return ok(
        page([
          {
            id: 'p1',
            title: '电池热管理预评估',
            kind: 'claims',
            origin: 'preAssessment',
            chars: 300,
            priorityDate: null,
            publicationNumber: null,
            state: 'done',
            stage: null,
            progress: 1,
            novelty: 'high',
            inventiveness: 'medium',
            features: 6,
            documents: 20,
            error: null,
            createdAt: '2026-11-21T08:00:00.000Z',
            finishedAt: '2026-11-21T08:01:00.000Z',
          },
        ]),
      );
    }
    if (call.path === '/product/patent/getRepeatList') {
      return ok(
        page([
          {
            id: 'c1',
            title: '查重一',
            source: 'text',
            filename: null,
            chars: 800,
            isShort: false,
            state: 'running',
            similarity: null,
            patents: 0,
            error: null,
            createdAt: '2026-11-22T08:00:00.000Z',
            finishedAt: null,
          },
        ]),
      );
    }
    if (call.path === '/product/patent/rewrite/list') {
      if (options.rewriteFails) return failure('改写服务出错', 'INTERNAL', 500);
      return ok(page([]));
    }
    if (call.path === '/product/file/my/file/list') {
      return ok(
        page([
          {
            fileId: 'f1',
            fileName: '实验数据.xlsx',
            type: 'xlsx',
            size: 2_400_000,
            md5: 'x',
            url: '/file/my/file/download/f1',
            createdAt: '2026-11-23T08:00:00.000Z',
            updatedAt: '2026-11-23T08:00:00.000Z',
          },
        ]),
      );
    }
    if (call.path === '/product/user/limit') return ok({ report: { limit: 10, used: 4 } });
    if (call.path === '/health') return ok({ features: { translation: false, rewrite: options.rewrite ?? true } });
    if (call.path === '/product/patent/rewrite/limit/day') {
      return ok({
        unit: 'chars',
        limit: 20000,
        used: 5000,
        left: 15000,
        timeZone: 'UTC',
        resetsAt: '2026-11-29T00:00:00.000Z',
        quota: { limit: null, used: 3 },
      });
    }
    return undefined;
  });
}

describe('innovation space', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('home: the tools, the quotas left and the newest work of each kind, one failing list kept to its card', async () => {
    stubSpaceServer({ rewriteFails: true });
    renderApp('/innovationSpaceHome');
    expect(await screen.findByText('电池热管理交底书')).toBeTruthy();
    const tools = screen.getByTestId('innovation-tools');
    for (const name of [
      '交底书撰写',
      '申请文件',
      '查新检索',
      '专利预评估',
      '专利查重',
      '辅助撰写',
      '我的文件',
      '工作台',
    ])
      expect(within(tools).getByText(name)).toBeTruthy();
    const quotas = screen.getByTestId('innovation-quotas');
    await waitFor(() => expect(within(quotas).getByText('今日可改写字数')).toBeTruthy());
    expect(within(quotas).getByText('报告生成')).toBeTruthy();
    expect(quotas.textContent).toContain('/ 10');
    expect(quotas.textContent).toContain('15,000');
    expect(within(screen.getByTestId('innovation-recent-preEvaluation')).getByText('电池热管理预评估')).toBeTruthy();
    expect(within(screen.getByTestId('innovation-recent-duplicate')).getByText('进行中')).toBeTruthy();
    expect(await within(screen.getByTestId('innovation-recent-rewrite')).findByText('改写服务出错')).toBeTruthy();
    expect(within(screen.getByTestId('innovation-recent-file')).getByText('实验数据.xlsx')).toBeTruthy();
    const link = screen.getByText('电池热管理交底书').closest('a');
    expect(link?.getAttribute('href')).toBe('/innovationSpace/disclosurePaper/editWrite?id=d1');
  });

  it('workbench: the tree lists each kind, a chosen item shows its details, the column view keeps it', async () => {
    stubSpaceServer({ rewrite: false });
    const { router } = renderApp('/workspace');
    const tree = await screen.findByTestId('workspace-tree');
    await waitFor(() => expect(within(tree).getByText('电池热管理预评估')).toBeTruthy());
    expect(within(tree).getByText('预评估 (1)')).toBeTruthy();
    // No language model configured: no rewrites to list.
    expect(within(tree).getByText('文件 (1)')).toBeTruthy();
    expect(within(tree).queryByText(/^改写/)).toBeNull();
    fireEvent.click(within(tree).getByText('电池热管理预评估'));
    const details = await screen.findByTestId('workspace-details');
    expect(within(details).getByText('新颖性风险')).toBeTruthy();
    expect(within(details).getByText('高')).toBeTruthy();
    expect(router.state.location.search).toContain('item=p1');

    fireEvent.click(screen.getByText('分栏'));
    const columns = await screen.findByTestId('workspace-columns');
    expect(within(columns).getByTestId('workspace-details').textContent).toContain('电池热管理预评估');
    fireEvent.click(within(columns).getByText('文件 (1)'));
    fireEvent.click(await within(columns).findByText('实验数据.xlsx'));
    await waitFor(() => expect(within(columns).getByTestId('workspace-details').textContent).toContain('2.3 MB'));
    fireEvent.click(within(columns).getByRole('button', { name: '打开' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/myFile'));
  });
});
