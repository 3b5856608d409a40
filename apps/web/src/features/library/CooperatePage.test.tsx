// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SharedLibrary } from '@patlas/contracts';
import { renderPage } from '../../test/render-page';
import { CooperatePage } from './CooperatePage';
import { failure, ok, stubApi, type ApiCall } from '../../test/test-api';
import { folder } from './library-fixtures';

const OWNER = { userId: 'u-test', email: 'me@test.local', fullname: '测试用户' };
const OTHER = { userId: 'u-2', email: 'li@test.local', fullname: '李工' };

const MINE: SharedLibrary = {
  library: folder('f1', null, '电池', { count: 3, totalCount: 5 }),
  folders: [
    folder('f1', null, '电池', { count: 3, totalCount: 5 }),
    folder('f2', 'f1', '正极', { level: 2, count: 2, totalCount: 2 }),
  ],
  role: 'owner',
  owner: OWNER,
  memberCount: 1,
  invitedCount: 1,
  joinedAt: null,
};
const THEIRS: SharedLibrary = {
  library: folder('g1', null, '电机专题', { count: 7, totalCount: 7, ownerId: 'u-2', rootId: 'g1' }),
  folders: [folder('g1', null, '电机专题', { count: 7, totalCount: 7, ownerId: 'u-2', rootId: 'g1' })],
  role: 'member',
  owner: OTHER,
  memberCount: 2,
  invitedCount: 0,
  joinedAt: '2026-11-22T08:00:00.000Z',
};
const ARCHIVED: SharedLibrary = {
  ...THEIRS,
  library: { ...THEIRS.library, id: 'g2', rootId: 'g2', name: '已归档专题', state: 'archived' },
  folders: [],
};

function bodiesOf(calls: readonly ApiCall[], path: string): Record<string, unknown>[] {
  return calls.filter((c) => c.path === path).map((c) => c.body as Record<string, unknown>);
}

describe('shared libraries page', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  function stubServer() {
    let libraries = [MINE, THEIRS, ARCHIVED];
    return stubApi((call) => {
      const body = call.body as Record<string, unknown>;
      if (call.path === '/product/archive/v2/list' && body.type === 'shared') return ok({ type: 'shared', libraries });
      if (call.path === '/product/archive/v2/share' && body.action === 'members') {
        return ok({
          action: 'members',
          members: [
            {
              ...OWNER,
              status: 'active',
              isOwner: true,
              since: '2026-11-20T08:00:00.000Z',
              joinedAt: '2026-11-20T08:00:00.000Z',
            },
            {
              ...OTHER,
              status: 'active',
              isOwner: false,
              since: '2026-11-21T08:00:00.000Z',
              joinedAt: '2026-11-21T09:00:00.000Z',
            },
          ],
        });
      }
      if (call.path === '/product/archive/v2/share' && body.action === 'invite') {
        const emails = body.emails as string[];
        if (emails.includes('nobody@test.local'))
          return failure('邮箱不存在：nobody@test.local', 'EMAIL_NOT_REGISTERED', 400);
        return ok({ action: 'invite', invited: emails.length, skipped: 0 });
      }
      if (call.path === '/product/archive/v2/share/quit') {
        libraries = libraries.filter((l) => l.library.id !== body.folderId);
        return ok({ done: true });
      }
      return undefined;
    });
  }

  it('lists shared libraries with roles and members; members of an archived one see the spec message', async () => {
    stubServer();
    renderPage(<CooperatePage />, '/innovationSpace/collectCooperate');
    const table = await screen.findByTestId('shared-libraries');
    await within(table).findByText('电池');
    const rows = within(table).getAllByRole('row');
    const text = rows.map((r) => r.textContent ?? '');
    expect(text.find((r) => r.includes('电池'))).toContain('创建者');
    expect(text.find((r) => r.includes('电池'))).toContain('1 位成员，1 位待接受');
    expect(text.find((r) => r.includes('电机专题'))).toContain('李工');
    expect(screen.getByTestId('shared-library-g1').getAttribute('href')).toContain('set=library');
    expect(screen.getByTestId('library-unavailable').textContent).toBe('该专利库已被删除或归档，无法查看');
    expect(screen.queryByTestId('shared-library-g2')).toBeNull();
  });

  it('shares by e-mail (server errors shown in the dialog) and lets a member leave', async () => {
    const calls = stubServer();
    renderPage(<CooperatePage />, '/innovationSpace/collectCooperate');
    const table = await screen.findByTestId('shared-libraries');
    await within(table).findByText('电池');
    fireEvent.click(within(table).getByRole('button', { name: /共享/ }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('接收人邮箱');
    fireEvent.change(input, { target: { value: 'li@test.local;nobody@test.local' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', { name: /发送邀请/ }));
    expect((await screen.findByTestId('share-library-error')).textContent).toContain('邮箱不存在：nobody@test.local');
    expect(bodiesOf(calls, '/product/archive/v2/share').at(-1)).toEqual({
      action: 'invite',
      folderId: 'f1',
      emails: ['li@test.local', 'nobody@test.local'],
    });

    fireEvent.click(screen.getByTestId('leave-library-g1'));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(bodiesOf(calls, '/product/archive/v2/share/quit')).toEqual([{ folderId: 'g1' }]));
    await waitFor(() => expect(screen.queryByTestId('shared-library-g1')).toBeNull());
  });
});
