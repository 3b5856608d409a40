// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Group } from '@patlas/contracts';
import { renderPage } from '../../test/render-page';
import { GroupPage } from './GroupPage';
import { failure, ok, stubApi } from '../../test/test-api';

const OWNED: Group = {
  id: 'g1',
  name: '电池研究组',
  ownerId: 'u-test',
  ownerName: '测试用户',
  role: 'owner',
  createdAt: '2026-11-20T08:00:00.000Z',
  members: [
    {
      userId: 'u-test',
      email: 'demo@patlas.local',
      fullname: '测试用户',
      status: 'active',
      isOwner: true,
      since: '2026-11-20T08:00:00.000Z',
    },
    {
      userId: 'u-b',
      email: 'bob@test.local',
      fullname: '李四',
      status: 'invited',
      isOwner: false,
      since: '2026-11-21T08:00:00.000Z',
    },
  ],
};
const JOINED: Group = {
  id: 'g2',
  name: '电机组',
  ownerId: 'u-c',
  ownerName: '王五',
  role: 'member',
  createdAt: '2026-11-22T08:00:00.000Z',
  members: [
    {
      userId: 'u-c',
      email: 'carol@test.local',
      fullname: '王五',
      status: 'active',
      isOwner: true,
      since: '2026-11-22T08:00:00.000Z',
    },
    {
      userId: 'u-test',
      email: 'demo@patlas.local',
      fullname: '测试用户',
      status: 'active',
      isOwner: false,
      since: '2026-11-23T08:00:00.000Z',
    },
  ],
};

describe('groups page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the owned group with its invited member; invites by e-mail and shows the server refusal', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/group/query/groupInfo') return ok({ items: [OWNED, JOINED] });
      if (call.path === '/product/group/insert/groupMember') {
        const { emails } = call.body as { emails: string[] };
        return emails.includes('ghost@test.local')
          ? failure('邮箱不存在：ghost@test.local', 'EMAIL_NOT_REGISTERED')
          : ok({ invited: emails.length });
      }
      if (call.path === '/product/message/unreadMessage/count') return ok({ count: 0 });
      return undefined;
    });
    renderPage(<GroupPage />, '/user/group');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('bob@test.local')).toBeTruthy());
    expect(within(table).getByText('已邀请')).toBeTruthy();
    expect(within(table).getByRole('button', { name: '撤回邀请' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '邀请成员' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('combobox');
    fireEvent.change(box, { target: { value: 'ghost@test.local' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/group/insert/groupMember')?.body).toEqual({
        groupId: 'g1',
        emails: ['ghost@test.local'],
      }),
    );
    expect(await screen.findByText('邮箱不存在：ghost@test.local')).toBeTruthy();
  });

  it('refuses a sixth e-mail before asking the server', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/group/query/groupInfo') return ok({ items: [OWNED] });
      if (call.path === '/product/message/unreadMessage/count') return ok({ count: 0 });
      return undefined;
    });
    renderPage(<GroupPage />, '/user/group');
    await screen.findByRole('table', {}, { timeout: 60_000 });
    fireEvent.click(await screen.findByRole('button', { name: '邀请成员' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('combobox');
    fireEvent.change(box, { target: { value: 'a@x.cn,b@x.cn,c@x.cn,d@x.cn,e@x.cn,f@x.cn,' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|确\s*定/ }));
    expect(await within(dialog).findByText('每次最多邀请 5 个邮箱')).toBeTruthy();
    expect(calls.some((c) => c.path === '/product/group/insert/groupMember')).toBe(false);
  });

  it('renames the owned group from a dialog holding its current name', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/group/query/groupInfo') return ok({ items: [OWNED] });
      if (call.path === '/product/group/update/groupName') return ok({ ...OWNED, name: '固态电池组' });
      if (call.path === '/product/message/unreadMessage/count') return ok({ count: 0 });
      return undefined;
    });
    renderPage(<GroupPage />, '/user/group');
    await screen.findByRole('table', {}, { timeout: 60_000 });
    fireEvent.click(await screen.findByRole('button', { name: '重命名' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByRole('textbox');
    expect((input as HTMLInputElement).value).toBe('电池研究组');
    fireEvent.change(input, { target: { value: '固态电池组' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|确\s*定/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/group/update/groupName')?.body).toEqual({
        groupId: 'g1',
        name: '固态电池组',
      }),
    );
  });

  it('shows a joined group with Leave and no owner actions, in English; leaving calls dropOut', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/group/query/groupInfo') return ok({ items: [OWNED, JOINED] });
      if (call.path === '/product/group/dropOut/group') return ok({ done: true });
      if (call.path === '/product/message/unreadMessage/count') return ok({ count: 0 });
      return undefined;
    });
    renderPage(<GroupPage />, '/user/group?id=g2', 'en');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('carol@test.local')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Invite members' })).toBeNull();
    expect(screen.getByText('Owner: 王五')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Leave group' }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/group/dropOut/group')?.body).toEqual({ groupId: 'g2' }),
    );
  });
});
