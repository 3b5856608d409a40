// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApplicantGroup } from '@patlas/contracts';
import { renderPage } from '../../test/render-page';
import { failure, ok, stubApi } from '../../test/test-api';
import { ApplicantGroupPage } from './ApplicantGroupPage';

const OWNED: ApplicantGroup = {
  id: 'a1',
  name: '电池龙头',
  members: [{ name: '宁德时代新能源科技股份有限公司', variants: ['CATL'] }],
  role: 'owner',
  ownerName: '测试用户',
  sharedWith: 1,
  createdAt: '2026-12-01T08:00:00.000Z',
  updatedAt: '2026-12-01T08:00:00.000Z',
};
const PENDING: ApplicantGroup = {
  id: 'a2',
  name: '光伏',
  members: [{ name: '隆基绿能科技股份有限公司', variants: [] }],
  role: 'shared',
  ownerName: '王五',
  shareStatus: 'pending',
  sharedWith: 0,
  createdAt: '2026-12-02T08:00:00.000Z',
  updatedAt: '2026-12-02T08:00:00.000Z',
};

const OK_BUTTON = /保\s*存/;

describe('applicant groups page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists own and shared groups with their expression, and accepts a shared one', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/applicantgroup/list') return ok({ items: [OWNED, PENDING] });
      if (call.path === '/product/applicantgroup/shareConfirm') return ok({ done: true });
      if (call.path === '/product/message/unreadMessage/count') return ok({ count: 0 });
      return undefined;
    });
    renderPage(<ApplicantGroupPage />, '/innovationSpace/paeGroup');
    const table = await screen.findByRole('table', {}, { timeout: 60_000 });
    await waitFor(() => expect(within(table).getByText('PA=@电池龙头')).toBeTruthy());
    expect(within(table).getByText('（其他写法：CATL）')).toBeTruthy();
    expect(within(table).getByText('王五 分享')).toBeTruthy();
    expect(within(table).getByText('待确认')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: '接受' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/applicantgroup/shareConfirm')?.body).toEqual({
        id: 'a2',
        accept: true,
      }),
    );
  });

  it('checks the name as spec 2 §5 says, uppercases it, and creates the group with its applicants', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/applicantgroup/list') return ok({ items: [] });
      if (call.path === '/product/applicantgroup/insert') {
        const body = call.body as { name: string };
        return body.name === 'CATL'
          ? failure('申请人组名称已存在', 'APPLICANT_GROUP_NAME_EXISTS')
          : ok({ ...OWNED, ...body });
      }
      if (call.path === '/product/applicantgroup/searchApplicant')
        return ok({ items: [{ name: '比亚迪股份有限公司', count: 12, variants: ['BYD CO LTD'] }] });
      if (call.path === '/product/message/unreadMessage/count') return ok({ count: 0 });
      return undefined;
    });
    renderPage(<ApplicantGroupPage />, '/innovationSpace/paeGroup');
    fireEvent.click(await screen.findByRole('button', { name: '新建申请人组' }, { timeout: 60_000 }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: '组名称' });
    fireEvent.change(name, { target: { value: '电池2' } });
    expect(await within(dialog).findByText('名称不能包含数字')).toBeTruthy();
    fireEvent.change(name, { target: { value: '电池 组' } });
    expect(await within(dialog).findByText('名称只能包含中文和大写字母')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'catl' } });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('CATL'));

    // The first applicant typed, the second from the standardised names with its spellings.
    fireEvent.change(within(dialog).getByRole('textbox', { name: '申请人 1' }), {
      target: { value: '宁德时代新能源科技股份有限公司' },
    });
    const finder = within(dialog).getByRole('searchbox', { name: '从标准化申请人中查找' });
    fireEvent.change(finder, { target: { value: '比亚迪' } });
    fireEvent.keyDown(finder, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(await within(dialog).findByRole('button', { name: '添加 比亚迪股份有限公司' }));
    await waitFor(() =>
      expect((within(dialog).getByRole('textbox', { name: '申请人 2' }) as HTMLInputElement).value).toBe(
        '比亚迪股份有限公司',
      ),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: OK_BUTTON }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/applicantgroup/insert')?.body).toEqual({
        name: 'CATL',
        members: [
          { name: '宁德时代新能源科技股份有限公司', variants: [] },
          { name: '比亚迪股份有限公司', variants: ['BYD CO LTD'] },
        ],
      }),
    );
    expect(await screen.findByText('申请人组名称已存在')).toBeTruthy();
  });
});
