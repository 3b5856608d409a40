// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserCustomConfig, UserInfo } from '@patlas/contracts';
import { renderPage } from '../../test/render-page';
import { SettingPage } from './SettingPage';
import { ok, stubApi } from '../../test/test-api';

const CONFIG: UserCustomConfig = {
  theme: 2,
  language: 'zh',
  semanticsSearchWeightInfo: '3,3,3,3',
  mergeType: 0,
  messageCount: 0,
  remind: {},
};

const INFO: UserInfo = {
  userId: 'u-test',
  fullname: '测试用户',
  email: 'demo@patlas.local',
  tenantId: 't1',
  tenantCode: 'default',
  canOperation: true,
  loginType: 'password',
  userCustomConfig: CONFIG,
  userCreationDays: 3,
  lastLoginTime: null,
};

function answerAccount(saved: { config: UserCustomConfig }) {
  return stubApi((call) => {
    if (call.path === '/product/userCustomConfig/getCustomConfig') return ok(saved.config);
    if (call.path === '/product/user/info') return ok({ ...INFO, userCustomConfig: saved.config });
    if (call.path === '/product/userCustomConfig/save') {
      saved.config = { ...saved.config, ...(call.body as Partial<UserCustomConfig>) };
      return ok(saved.config);
    }
    return undefined;
  });
}

function setWeight(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

async function button(text: string): Promise<HTMLElement> {
  const element = (await screen.findAllByText(text)).map((node) => node.closest('button')).find(Boolean);
  if (!element) throw new Error(`no button ${text}`);
  return element;
}

describe('settings page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses semantic weights that are all 0, and saves weights and language', async () => {
    const saved = { config: CONFIG };
    const calls = answerAccount(saved);
    const { i18n } = renderPage(<SettingPage />, '/innovationSpace/setting');
    await screen.findByLabelText('标题');
    for (const label of ['标题', '摘要', '权利要求', '说明书']) setWeight(label, '0');
    fireEvent.click(await button('保存'));
    expect(await screen.findByText('语义检索权重不能全部为0')).toBeTruthy();
    expect(calls.some((call) => call.path === '/product/userCustomConfig/save')).toBe(false);

    setWeight('权利要求', '5');
    // The language switch in the header (renderApp) says English too; this is the form's radio.
    const english = screen.getAllByLabelText('English').find((input) => input.closest('.ant-radio-wrapper'));
    fireEvent.click(english as HTMLElement);
    fireEvent.click(await button('保存'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    const save = calls.find((call) => call.path === '/product/userCustomConfig/save');
    // With every permission seeded, mergeSettings included: the merge default is sent too.
    expect(save?.body).toEqual({ language: 'en', theme: 2, semanticsSearchWeightInfo: '0,0,5,0', mergeType: 0 });
    expect(await screen.findByText('Semantic search weights')).toBeTruthy();
  });

  it('shows IP-login visitors the settings read-only, with the reason', async () => {
    answerAccount({ config: CONFIG });
    renderPage(<SettingPage />, '/innovationSpace/setting', 'zh', { session: { loginType: 'ip' } });
    expect(await screen.findByText(/您通过机构 IP 登录，个人设置不会保存到服务器/)).toBeTruthy();
    expect((screen.getByLabelText('标题') as HTMLInputElement).disabled).toBe(true);
  });
});
