import { useEffect } from 'react';
import { Layout, Menu, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { TabBar } from '../../components/TabBar/TabBar';
import type { AppTab } from '../../components/TabBar/tab-bar-model';
import { PRODUCT_NAME } from '../../config';
import { appStorage } from '../../storage/app-storage';
import { HELP_DETECTION_PATH, HOME_PATH, SEARCH_RESULT_PATH } from '../paths';
import { currentHandle } from '../route-handle';
import { useTabBarState } from './useTabBarState';
import './MainLayout.css';

/** "检索" opens the quick-search tab of the start page (spec 1 §2 keeps search on /home). */
const SEARCH_MENU_PATH = `${HOME_PATH}?tabName=quick`;

/** Header navigation, the tab bar of opened pages, and the page (spec 1 §2). */
export function MainLayout() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const tabBar = useTabBarState(appStorage);
  const titleKey = currentHandle(matches)?.handle.titleKey;
  const routeTitle = titleKey ? t(titleKey) : undefined;

  useEffect(() => {
    document.title = routeTitle ? `${PRODUCT_NAME} - ${routeTitle}` : PRODUCT_NAME;
  }, [routeTitle]);

  const handleClose = (tab: AppTab) => {
    const next = tabBar.close(tab);
    if (next) navigate(next.path);
  };

  const selectedMenu = location.pathname.startsWith(SEARCH_RESULT_PATH)
    ? [SEARCH_MENU_PATH]
    : location.pathname.startsWith('/innovationSpace/help')
      ? [HELP_DETECTION_PATH]
      : location.pathname.startsWith(HOME_PATH)
        ? [HOME_PATH]
        : [];

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
          items={[
            { key: HOME_PATH, label: <Link to={HOME_PATH}>{t('nav.home')}</Link> },
            { key: SEARCH_MENU_PATH, label: <Link to={SEARCH_MENU_PATH}>{t('nav.search')}</Link> },
            { key: HELP_DETECTION_PATH, label: <Link to={HELP_DETECTION_PATH}>{t('nav.help')}</Link> },
          ]}
          className="patlas-menu"
        />
        <div className="patlas-header-right">
          {navigation.state === 'loading' && <Spin size="small" />}
          <LanguageSwitch />
        </div>
      </Layout.Header>
      <TabBar
        tabs={tabBar.tabs}
        activeKey={tabBar.activeKey}
        onSelect={(tab) => navigate(tab.path)}
        onClose={handleClose}
        onCloseOthers={(tab) => tabBar.closeOthers(tab)}
        onCloseAll={() => {
          tabBar.closeAll();
          navigate(HOME_PATH);
        }}
      />
      <Layout.Content className="patlas-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
