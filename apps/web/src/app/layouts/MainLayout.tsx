import { Layout, Menu, Spin, Tooltip } from 'antd';
import type { FlatNamespace } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { useServerFeatures } from '../../api/server-features';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { BackToTop } from '../../components/ui/BackToTop';
import { TabBar } from '../../components/TabBar/TabBar';
import { filterTabsByPermission, type AppTab } from '../../components/TabBar/tab-bar-model';
import { GuideReminders } from '../../features/account/GuideReminders';
import { MessageBell } from '../../features/message/MessageBell';
import { useSession } from '../../session/useSession';
import { appStorage } from '../../storage/app-storage';
import { HOME_PATH } from '../paths';
import { MAIN_MENU, canSeeMenuItem, labelNamespaces, selectedMenuKeys } from '../menus';
import { useTabBarState } from './useTabBarState';
import { UserMenu } from './UserMenu';
import './MainLayout.css';

const MENU_NAMESPACES: FlatNamespace[] = ['common', ...labelNamespaces(MAIN_MENU)];

/** Header navigation, the tab bar of opened pages, and the page (spec 1 §2). */
export function MainLayout() {
  const { t } = useTranslation(MENU_NAMESPACES);
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { session, interruption, lastMenu } = useSession();
  const tabBar = useTabBarState(appStorage);
  const serverFeatures = useServerFeatures();
  // Under the re-login dialog the token is gone but the page stays, with the menu it had.
  const menu = session?.menu ?? (interruption?.kind === 'relogin' ? lastMenu : undefined) ?? [];
  // Spec 1 §2: the kept tab list is "filtered by permission"; a visitor sees only open pages.
  const visibleTabs = filterTabsByPermission(tabBar.tabs, menu);

  const handleClose = (tab: AppTab) => {
    const next = tabBar.close(tab);
    if (next) void navigate(next.path);
  };

  const selectedMenu = selectedMenuKeys(MAIN_MENU, location.pathname);

  return (
    <Layout className="patlas-layout">
      <Layout.Header className="patlas-header">
        <Link to={HOME_PATH} className="patlas-brand">
          {t('productName')}
        </Link>
        <Menu
          mode="horizontal"
          theme="dark"
          aria-label={t('nav.mainMenu')}
          selectedKeys={selectedMenu}
          items={MAIN_MENU.filter((item) => canSeeMenuItem(item, menu)).map((item) => {
            // Keys of other namespaces are written 'ns:key', which t resolves at run time.
            const label = t(item.labelKey as 'nav.home');
            // A page whose optional service is not configured: greyed, the tooltip says what to set.
            if (item.serverFeature && !serverFeatures[item.serverFeature.name]) {
              return {
                key: item.to,
                disabled: true,
                label: (
                  <Tooltip title={t(item.serverFeature.hintKey as 'nav.home')}>
                    <span data-testid="menu-unavailable">{label}</span>
                  </Tooltip>
                ),
              };
            }
            return { key: item.to, label: <Link to={item.to}>{label}</Link> };
          })}
          className="patlas-menu"
        />
        <div className="patlas-header-right">
          {navigation.state === 'loading' && <Spin size="small" />}
          <LanguageSwitch />
          <MessageBell />
          <UserMenu />
        </div>
      </Layout.Header>
      <TabBar
        tabs={visibleTabs}
        activeKey={tabBar.activeKey}
        onSelect={(tab) => void navigate(tab.path)}
        onClose={handleClose}
        onCloseOthers={(tab) => tabBar.closeOthers(tab)}
        onCloseAll={() => {
          tabBar.closeAll();
          void navigate(HOME_PATH);
        }}
      />
      <Layout.Content className="patlas-content">
        {/* New-feature reminders greet signed-in users on the start page only, not over every result page. */}
        {session && session.loginType !== 'ip' && location.pathname.startsWith(HOME_PATH) && <GuideReminders />}
        <Outlet />
      </Layout.Content>
      <BackToTop />
    </Layout>
  );
}
