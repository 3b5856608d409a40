import { Button, type MenuProps } from 'antd';
import { Dropdown } from '../../components/ui/overlays';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../../session/login-target';
import { useLogout, useSession } from '../../session/useSession';
import { USER_MENU, canSeeMenuItem, type MenuItem } from '../menus';

/**
 * The header's user area: for a visitor, 登录; for a user, their name with the account pages they
 * may open, the operators' area for operators, and 退出登录. IP-login users are no personal
 * account (spec 1 §4), so they get 使用账号登录 instead of account pages.
 */
export function UserMenu() {
  const { t } = useTranslation(['auth', 'common']);
  const { session } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const here = new URL(`${location.pathname}${location.search}`, window.location.origin);

  if (!session) {
    return (
      <Button type="primary" ghost onClick={() => void navigate(loginPathFor(here))} className="patlas-login-button">
        {t('auth:user.login')}
      </Button>
    );
  }

  const menu = session.menu ?? [];
  const label = (key: string) => t(key as 'auth:user.login');
  const pages: MenuItem[] = session.loginType === 'ip' ? [] : USER_MENU.filter((item) => canSeeMenuItem(item, menu));
  const items: MenuProps['items'] = [
    ...pages.map((entry) => ({ key: entry.to, label: <Link to={entry.to}>{label(entry.labelKey)}</Link> })),
    ...(session.loginType === 'ip'
      ? [
          {
            key: 'accountLogin',
            label: t('auth:user.accountLogin'),
            onClick: () => void logout(),
          },
        ]
      : []),
    ...(pages.length > 0 || session.loginType === 'ip' ? [{ type: 'divider' as const }] : []),
    { key: 'logout', label: t('auth:user.logout'), danger: true, onClick: () => void logout() },
  ];
  const name =
    session.loginType === 'ip'
      ? `${t('auth:user.ipUser')}${session.tenantCode ? ` · ${session.tenantCode}` : ''}`
      : (session.nickName ?? session.email ?? '');

  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="patlas-user-button" aria-label={t('auth:user.menuLabel')}>
        <UserOutlined /> <span className="patlas-user-name">{name}</span> <DownOutlined />
      </Button>
    </Dropdown>
  );
}
